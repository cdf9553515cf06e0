"""The hand limit, cashing in, and spending Bounty Points (fate-chips.txt, "The Limit",
"Cashing In for Bounty Points", "Using Bounty Points")."""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, RuleViolation

from .driver import QUIET, Game


def bounty(g: Game, pid: str = "p1") -> dict[str, int]:
    return dict(g.rules("bounty", pid) or {})


def test_more_than_ten_must_convert_the_excess() -> None:
    """ "You can't ever have more than 10 chips total. If you somehow end up with more than 10,
    you must immediately convert the excess into Bounty Points\" — the player chooses which,
    and nothing else happens with their chips until they do."""
    g = Game(settings=QUIET)
    g.award("p1", white=8, red=2)
    g.award("p1", blue=1)
    assert sum(g.hand("p1").values()) == 11
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[4]])
    with pytest.raises(RuleViolation, match="convert"):
        g.as_("p1", "chips.spend", colour="white")
    with pytest.raises(RuleViolation, match="exactly 1"):
        g.as_("p1", "chips.convert_excess", chips={"white": 2})
    g.as_("p1", "chips.convert_excess", chips={"red": 1})
    assert sum(g.hand("p1").values()) == 10 and bounty(g)["earned"] == 2
    g.as_("p1", "chips.spend", colour="white")


def test_excess_of_one_colour_converts_at_once() -> None:
    """ "you must immediately convert the excess\" — with only one colour there is no choice."""
    g = Game(settings=QUIET)
    g.award("p1", white=12)
    assert g.hand("p1") == {"white": 10} and bounty(g)["earned"] == 2


def test_session_cannot_end_with_a_hand_over_the_limit() -> None:
    """The excess must be converted before the hand is written down."""
    g = Game(settings=QUIET)
    g.award("p1", white=10, red=1)
    with pytest.raises(RuleViolation, match="over the chip limit"):
        g.gm("session.end")


@pytest.mark.parametrize(
    ("colour", "points"), [("white", 1), ("red", 2), ("blue", 3), ("legend", 5)]
)
def test_cash_in_values(colour: str, points: int) -> None:
    """ "| White | 1 BP | Red | 2 BP | Blue | 3 BP | Legend | 5 BP |\""""
    g = Game(settings=QUIET)
    g.award("p1", **{colour: 1})
    g.gm("session.end")
    g.as_("p1", "chips.cash", chips={colour: 1})
    assert bounty(g) == {"earned": points}
    assert g.rules("recorded", "p1") is None


def test_cash_in_only_at_the_end_or_between_sessions() -> None:
    """ "At the end of a session (or between sessions), you can convert your Fate Chips into
    Bounty Points\""""
    g = Game(settings=QUIET)
    g.award("p1", white=2)
    with pytest.raises(RuleViolation, match="between sessions"):
        g.as_("p1", "chips.cash", chips={"white": 1})
    g.gm("session.end")
    g.as_("p1", "chips.cash", chips={"white": 1})
    g.gm("session.start")
    assert g.hand("p1") == {"white": 1}


def test_bounty_points_are_permanent() -> None:
    """ "Once you convert a chip to Bounty Points, those points are yours forever. They can't
    be taken away and can't be converted back into chips.\""""
    g = Game(settings=QUIET)
    g.award("p1", blue=1)
    g.gm("session.end")
    g.as_("p1", "chips.cash", chips={"blue": 1})
    g.gm("session.start")
    g.gm("session.end")
    assert bounty(g) == {"earned": 3}
    assert g.hand("p1") == {} and "chips.uncash" not in g.table.command_specs()


def test_a_player_cannot_undo_cashing_in_only_the_gm_can() -> None:
    """ "Once you convert a chip to Bounty Points, those points are yours forever. They can't
    be taken away and can't be converted back into chips." — permanent means a player's
    undo is refused (naming what is permanent); the GM may correct a mistake, and the
    GM's undo line says what it reverses."""
    g = Game(settings=QUIET)
    g.award("p1", blue=1)
    g.gm("session.end")
    (event,) = g.as_("p1", "chips.cash", chips={"blue": 1})
    with pytest.raises(Forbidden, match="is permanent: only the GM can undo it"):
        g.as_("p1", "undo", command_id=event.command_id)
    assert bounty(g) == {"earned": 3}
    (undo,) = g.gm("undo", command_id=event.command_id)
    assert undo.text == "The GM undid 'Ann cashes in a blue chip for 3 Bounty Points'."
    assert g.rules("recorded", "p1") == {"blue": 1} and g.replays()


def test_converting_the_excess_is_permanent_too() -> None:
    """ "If you somehow end up with more than 10, you must immediately convert the excess
    into Bounty Points" — converted chips are Bounty Points "forever": no player undo."""
    g = Game(settings=QUIET)
    g.award("p1", white=6, red=5)
    (event,) = g.as_("p1", "chips.convert_excess", chips={"white": 1})
    with pytest.raises(Forbidden, match="permanent"):
        g.as_("p1", "undo", command_id=event.command_id)


def points(g: Game, n: int) -> None:
    g.gm("sheet.update", player="p1", path="bounty.earned", value=n)


@pytest.mark.parametrize(
    ("row", "what", "name", "setup", "cost"),
    [
        ("New Aptitude at level 1 | 1 BP", "aptitude", "scrutinize", None, 1),
        (
            "Raise existing Aptitude by 1 level (to 5) | 2x new level (so level 3→4 costs 8 BP)",
            "aptitude",
            "shootin'",
            ("aptitudes.shootin'.level", 3),
            8,
        ),
        (
            "Raise Aptitude beyond level 5 (expert) | Double the normal cost (level 6 costs 12 BP)",
            "aptitude",
            "shootin'",
            ("aptitudes.shootin'.level", 5),
            12,
        ),
        (
            "Raise Trait Level by 1 | 2x new level (4d6→5d6 costs 10 BP)",
            "coordination",
            "strength",
            ("traits.strength.coordination", 4),
            10,
        ),
        (
            "Raise Trait die type (d6→d8, etc.) | 3x new die type (d4→d6 costs 18 BP)",
            "die",
            "strength",
            ("traits.strength.die", 4),
            18,
        ),
    ],
)
def test_advancement_costs(
    row: str, what: str, name: str, setup: tuple[str, int] | None, cost: int
) -> None:
    """The costs table row quoted in ``row``."""
    g = Game(settings=QUIET, start=False)
    points(g, 30)
    g.gm("sheet.update", player="p1", path=["aptitudes", "shootin'"], value={"level": 1})
    if setup:
        g.gm("sheet.update", player="p1", path=setup[0], value=setup[1])
    g.as_("p1", "advance.buy", what=what, name=name)
    assert g.rules("bounty", "p1", "spent") == cost


def test_expert_aptitudes_can_cost_double() -> None:
    """ "Double the normal cost\" read literally is a table setting (level 6: 24 BP)."""
    g = Game(settings={**QUIET, "expert_aptitude_cost": "double"}, start=False)
    points(g, 30)
    g.gm("sheet.update", player="p1", path=["aptitudes", "shootin'"], value={"level": 5})
    g.as_("p1", "advance.buy", what="aptitude", name="shootin'")
    assert g.rules("bounty", "p1", "spent") == 24


def test_buying_off_a_hindrance_needs_the_marshal() -> None:
    """ "| Buy off a Hindrance | 2x original value (and Marshal approval) |\""""
    g = Game(settings=QUIET, start=False)
    points(g, 10)
    g.gm("sheet.update", player="p1", path="hindrances", value="greedy\nyearning")
    (event,) = g.as_("p1", "advance.buy", what="hindrance", name="Greedy", value=2)
    assert g.rules("bounty", "p1", "spent") is None
    g.gm("advance.decide", request=event.data["request"])
    assert g.rules("bounty", "p1", "spent") == 4
    assert g.rules("sheets", "p1", "hindrances") == "yearning"


def test_new_edge_needs_a_justification_and_can_be_denied() -> None:
    """ "| Gain a new Edge | 3x Edge cost (requires roleplay justification) |\""""
    g = Game(settings=QUIET, start=False)
    points(g, 10)
    with pytest.raises(Exception, match="justification"):
        g.as_("p1", "advance.buy", what="edge", name="keen", value=3)
    (event,) = g.as_(
        "p1",
        "advance.buy",
        what="edge",
        name="keen",
        value=3,
        story="months of tracking in the Maze",
    )
    with pytest.raises(RuleViolation, match="costs 9"):
        g.as_("p1", "advance.buy", what="edge", name="brave", value=3, story="x")
    g.gm("advance.decide", request=event.data["request"], approve=False)
    assert g.rules("bounty", "p1", "spent") is None and g.rules("sheets", "p1", "edges") == ""


def test_improvements_only_between_sessions() -> None:
    """ "Timing: You can only make improvements before or after a game session, not during
    play.\""""
    g = Game(settings=QUIET)
    points(g, 10)
    with pytest.raises(RuleViolation, match="between sessions"):
        g.as_("p1", "advance.buy", what="aptitude", name="scrutinize")


def test_nothing_raised_twice_per_session() -> None:
    """ "You also can't raise any single Trait, Aptitude, or Coordination more than once per
    session—even if you have the points.\""""
    g = Game(settings=QUIET, start=False)
    points(g, 200)
    g.as_("p1", "advance.buy", what="die", name="vigor")
    g.as_("p1", "advance.buy", what="coordination", name="vigor")
    g.as_("p1", "advance.buy", what="aptitude", name="guts")
    for what, name in (("die", "vigor"), ("coordination", "vigor"), ("aptitude", "guts")):
        with pytest.raises(RuleViolation, match="already been raised"):
            g.as_("p1", "advance.buy", what=what, name=name)
    g.gm("session.start")
    g.gm("session.end")
    g.as_("p1", "advance.buy", what="die", name="vigor")
    assert g.rules("sheets", "p1", "traits", "vigor", "die") == 10


def test_not_enough_points() -> None:
    """Bounty Points are spent, never borrowed."""
    g = Game(settings=QUIET, start=False)
    points(g, 17)
    with pytest.raises(RuleViolation, match="costs 24"):
        g.as_("p1", "advance.buy", what="die", name="vigor")
