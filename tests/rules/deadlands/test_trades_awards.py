"""Trading chips and earning more (fate-chips.txt, "Trading Chips Between Players",
"Earning More Fate Chips", "The Marshal's Chips")."""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, InvalidArgs, RuleViolation

from .driver import QUIET, Game


def offer(g: Game, **args: object) -> str:
    (event,) = g.as_("p1", "trade.propose", to="p2", **args)
    return str(event.data["trade"])


def test_giving_a_blue_chip_costs_three_points_to_the_pot() -> None:
    """ "Pay the Fate Pot an equal value in chips (based on Bounty Point worth)\" — the example:
    "You must put 3 "points" worth of chips into the Fate Pot—this could be three whites, a
    red and a white, or another blue.\""""
    g = Game(settings=QUIET)
    g.award("p1", blue=1, red=1, white=1)
    trade = offer(
        g,
        colour="blue",
        payment={"red": 1, "white": 1},
        fiction="tears off part of his shirt to make a tourniquet",
    )
    assert g.hand("p1") == {}  # held until the Marshal decides
    g.gm("trade.approve", trade=trade)
    assert g.hand("p2") == {"blue": 1}
    assert g.count("pot", "red") == 25 and g.count("pot", "white") == 50


def test_payment_must_cover_the_value() -> None:
    """ "Pay the Fate Pot an equal value in chips\" — less is not enough."""
    g = Game(settings=QUIET)
    g.award("p1", blue=1, white=2)
    with pytest.raises(RuleViolation, match="at least"):
        offer(g, colour="blue", payment={"white": 2}, fiction="covering fire")


def test_no_change() -> None:
    """ "No Change: If you put in more value than required, tough luck—you don't get
    "change" from the Fate Pot.\""""
    g = Game(settings=QUIET)
    g.award("p1", white=1, blue=1)
    trade = offer(g, colour="white", payment={"blue": 1}, fiction="a word of warning")
    g.gm("trade.approve", trade=trade)
    assert g.hand("p1") == {} and g.hand("p2") == {"white": 1}


def test_a_trade_needs_fiction_and_the_marshal_may_deny_it() -> None:
    """ "You must justify the chip transfer with something your character actually does in
    the game ... If your character can't realistically help, the Marshal can deny the
    transfer.\""""
    g = Game(settings=QUIET)
    g.award("p1", white=2)
    with pytest.raises(InvalidArgs, match="fiction"):
        offer(g, colour="white", payment={"white": 1}, fiction=" ")
    trade = offer(g, colour="white", payment={"white": 1}, fiction="shouts across the canyon")
    with pytest.raises(Forbidden):
        g.as_("p2", "trade.approve", trade=trade)
    g.gm("trade.deny", trade=trade)
    assert g.hand("p1") == {"white": 2} and g.hand("p2") == {}


def test_hindrance_and_goal_awards_come_from_the_pot() -> None:
    """ "White chip: When a Hindrance is inconvenient or amusing / Red chip: When a Hindrance
    makes life miserable ... / Blue chip: When you play in-character even though it might
    cost your character their life\""""
    g = Game(settings=QUIET)
    for colour in ("white", "red", "blue"):
        g.gm("chips.award", player="p1", colour=colour, reason="lyin' eyes")
    assert g.hand("p1") == {"white": 1, "red": 1, "blue": 1}
    assert g.count("pot", "blue") == 9
    with pytest.raises(Forbidden):
        g.as_("p1", "chips.award", player="p1", colour="blue")


def test_legend_chip_to_the_pot_for_a_major_adventure() -> None:
    """ "Legend chip: Awarded to the Fate Pot when the posse completes a major adventure\""""
    g = Game(settings=QUIET)
    g.gm("legend.award", reason="the Deadwood job")
    assert g.count("pot", "legend") == 1


def test_tale_tellers_legend_chip_is_personal_and_tradeable() -> None:
    """ "Characters with the tale-teller ability can earn personal Legend chips (not added to
    the Fate Pot) ... These special Legend chips belong to that player alone, though they
    can be traded away if desired.\""""
    g = Game(settings=QUIET)
    g.gm("legend.award", to="p1", reason="reduced the Fear Level of Gomorra")
    assert g.hand("p1") == {"legend": 1} and g.count("pot", "legend") == 0
    g.award("p1", blue=1, red=1)
    trade = offer(g, colour="legend", payment={"blue": 1, "red": 1}, fiction="passes it on")
    g.gm("trade.approve", trade=trade)
    assert g.hand("p2") == {"legend": 1}


def test_red_joker_draws_a_chip_from_the_pot() -> None:
    """ "When you draw a Red Joker during combat, you immediately get to draw a random chip
    from the Fate Pot as a bonus.\" (which may be a Legend chip: "Drawing one from the Fate
    Pot when you draw a Red Joker in combat")"""
    g = Game(settings={**QUIET, "pot_white": 0, "pot_red": 0, "pot_blue": 0})
    g.gm("legend.award")
    g.gm("joker.red", player="p2")
    assert g.hand("p2") == {"legend": 1}


def test_the_marshal_gains_chips_from_black_jokers_and_red_chips() -> None:
    """ "The Marshal has their own pool of 3 chips drawn each session, plus any chips gained
    from players spending red chips or drawing Black Jokers.\""""
    g = Game(settings={"session_draw": 0})
    g.award("p1", red=1)
    g.gm("joker.black")
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[3]])
    g.as_("p1", "chips.spend", colour="red")
    assert g.total("gm") == 5
    colour = next(c for c, n in g.state["tokens"]["gm"].items() if n)
    g.gm("marshal.spend", colour=colour, purpose="the bandit chief dodges")
    assert g.total("gm") == 4


def test_the_marshals_chips_return_at_session_end() -> None:
    """The Marshal draws a fresh pool "each session": last session's go back to the pot."""
    g = Game()
    g.gm("session.end")
    assert g.total("gm") == 0
