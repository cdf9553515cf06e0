"""Surprise, Terror and Fear are enforced by the host, for as long as the text says,
not only recorded (spacelands-combat.txt, "Surprise", "Fear and Terror", "Terrified",
"Unnerved", "Movement"); issue #26."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import InvalidArgs, RuleViolation
from tests.rules.combat.driver import Fight
from tests.rules.combat.test_countdown import dealt


def _sleeved(f: Fight, pid: str, card: str) -> None:
    """Call steps until ``card`` is up, then put it up ``pid``'s sleeve."""
    while f.combat("step") != card[:-1]:
        f.gm("combat.next")
    f.as_(pid, "combat.sleeve", card=card)


def _next_round(f: Fight, **draws: Any) -> None:
    """End the round, let the named seats draw (faces), and start the countdown."""
    f.gm("combat.round")
    for pid, faces in draws.items():
        f.as_(pid, "combat.draw", faces=faces)
    f.gm("combat.next")


def test_surprised_cannot_act_even_with_a_card_up_the_sleeve() -> None:
    """ "If you don't make the roll, you don't get any cards, and your character can't
    act that round. He can act normally in the next round as long as he makes an Easy
    (3) guts check." — the card up the sleeve included."""
    f = dealt({"p1": ["KS", "4H"], "p2": ["QH", "3C"]})
    _sleeved(f, "p1", "KS")
    f.gm("combat.round")
    f.gm("combat.surprise", who="p1", expecting=False, faces=[[5]])
    f.as_("p2", "combat.draw", faces=[[4]])
    f.gm("combat.next")
    for type_, args in (
        ("combat.act", {"card": "KS"}),
        ("combat.defend", {}),
        ("combat.move", {"meters": 1}),
        ("combat.will", {"target": "p2", "test": "bluff", "card": "KS"}),
    ):
        before = f.state
        with pytest.raises(RuleViolation, match=r"Ann is surprised: .*no action this round"):
            f.as_("p1", type_, **args)
        assert f.state is before
    assert f.view("p1")["me"]["playable"] == []
    assert "surprised" in (f.view("p1")["me"]["nudge"] or "")
    f.gm("combat.round")  # the next round: an Easy (3) Guts check first
    f.as_("p2", "combat.draw", faces=[[4]])
    f.gm("combat.next")
    with pytest.raises(RuleViolation, match=r"Easy \(3\) Guts check"):
        f.as_("p1", "combat.act", card="KS")
    f.gm("combat.round")
    f.gm("combat.surprise", who="p1", faces=[[6, 1]])  # made: acts normally
    f.as_("p1", "combat.draw", faces=[[4]])
    f.as_("p2", "combat.draw", faces=[[4]])
    f.gm("combat.next")
    f.as_("p1", "combat.act", card="KS")


def test_terror_bust_catatonic_no_actions_then_terrified_must_run() -> None:
    """ "If a Hero goes bust on a Terror test, he draws no cards in the next draw phase,
    takes no actions (including active defenses) and just cowers in place. The hero is
    catatonic. During the following draw phase he becomes terrified." / "A terrified
    Hero breaks and runs. During the next draw phase, the Hero draws a single card, and
    when it comes up, must run full movement away from the Terror causing event.\""""
    f = dealt({"p1": ["AS", "4H"], "p2": ["QH", "3C"]})
    f.sheet("p1", "traits.deftness.die", 8)
    _sleeved(f, "p1", "AS")
    f.gm("combat.fear", who="p1", tn=5, terror=True, faces=[[1]])  # round 1
    words = r"Ann is catatonic and cowers in place: no actions, not even an active defense"
    for type_, args in (
        ("combat.act", {"card": "AS"}),
        ("combat.defend", {"skill": "dodge"}),
        ("combat.move", {"meters": 1}),
    ):
        with pytest.raises(RuleViolation, match=words):
            f.as_("p1", type_, **args)
    _next_round(f, p2=[[4]])  # round 2: the next draw phase, no cards; still cowering
    with pytest.raises(RuleViolation, match=words):
        f.as_("p1", "combat.act", card="AS")
    with pytest.raises(RuleViolation, match=words):
        f.as_("p1", "combat.defend")
    assert "catatonic" in (f.view("p1")["me"]["nudge"] or "")
    f.gm("combat.round")  # round 3: the following draw phase: terrified
    f.set_draw("players", ["KD", "2C", "3D"])
    drew = f.as_("p1", "combat.draw", faces=[[6, 6, 2]])
    assert next(e for e in drew if e.type == "combat.drew").data["count"] == 1
    f.as_("p2", "combat.draw", faces=[[4]])
    f.gm("combat.next")
    while f.combat("step") != "K":
        f.gm("combat.next")
    assert "terrified" in (f.view("p1")["me"]["nudge"] or "")
    assert f.view("p1")["me"]["playable"] == []
    with pytest.raises(RuleViolation, match="Ann is terrified: the only action is to run"):
        f.as_("p1", "combat.act", card="KD")
    with pytest.raises(RuleViolation, match="Ann is terrified: the only action is to run"):
        f.as_("p1", "combat.act", card="AS")  # the sleeve card too
    with pytest.raises(RuleViolation, match=r"must run full movement away: 8 m"):
        f.as_("p1", "combat.move", meters=4)
    with pytest.raises(RuleViolation, match="run full movement away first"):
        f.as_("p1", "combat.pass", card="KD")
    assert f.as_("p1", "combat.move", meters=8)[0].data["running"]
    f.as_("p1", "combat.pass", card="KD")  # ran: the card may go
    _next_round(f, p1=[[4]], p2=[[4]])  # round 4: himself again
    f.as_("p1", "combat.act", card="AS")


def test_fear_bust_terrified_only_runs_until_its_draw_is_done() -> None:
    """ "Going bust on a Fear test results in the Hero being terrified." / "A terrified
    Hero breaks and runs. During the next draw phase, the Hero draws a single card, and
    when it comes up, must run full movement away from the Terror causing event.\""""
    f = dealt({"p1": ["KS", "4H"], "p2": ["KH", "3C"]})
    f.sheet("p1", "traits.deftness.die", 8)
    f.sheet("p1", "aptitudes.overawe", {"level": 2})
    f.gm("combat.fear", who="p1", tn=5, faces=[[1]])  # round 1, the King is up
    with pytest.raises(RuleViolation, match="Ann is terrified"):
        f.as_("p1", "combat.will", target="p2", test="overawe", card="KS")
    with pytest.raises(RuleViolation, match="Ann is terrified"):
        f.as_("p1", "combat.sleeve", card="KS")
    f.as_("p1", "combat.move", meters=8)
    _next_round(f, p1=[[6, 6, 2]], p2=[[4]])
    assert len(f.fighter("p1")["hand"]) == 1  # a single card
    with pytest.raises(RuleViolation, match="Ann is terrified"):
        f.as_("p1", "combat.defend")
    f.gm("combat.round")  # the terror has run its course
    f.as_("p1", "combat.draw", faces=[[4]])
    assert len(f.fighter("p1")["hand"]) == 2


def test_unnerved_passive_defence_lowers_the_tn_against_him() -> None:
    """ "The target suffers -4 to his next action. This includes any "passive" defense
    Aptitudes like fighting or resisting further tests of wills." — the TN of a blow at
    an unnerved target is Fair (5) plus his fighting less 4; then it is spent."""
    f = Fight()
    f.sheet("p2", "aptitudes.fighting: brawling", {"level": 4})
    f.as_("p1", "combat.will", target="p2", test="overawe", faces=[[5]], against_faces=[[4]])
    assert f.view("p2")["me"]["body"]["unnerved"]

    def blow() -> Any:
        events = f.as_(
            "p1", "combat.attack", target="p2", mode="melee", damage="2d6", dice=1, sides=6
        )
        return next(e for e in events if e.type == "combat.attacked")

    first = blow()
    assert first.data["tn"] == 5 and "unnerved −4" in first.text
    assert not f.view("p2")["me"]["body"]["unnerved"]
    assert blow().data["tn"] == 9


def test_running_penalty_reaches_every_other_action() -> None:
    """ "Running incurs a -4 penalty to a character or creature's other actions." — a
    test of will and an active defence, not only attacks; the next round, none."""
    f = dealt({"p1": ["AS", "KD"], "p2": ["QH", "3C"]})
    f.sheet("p1", "traits.deftness.die", 8)
    for apt in ("overawe", "dodge"):
        f.sheet("p1", f"aptitudes.{apt}", {"level": 1})
    f.as_("p1", "combat.move", meters=8)  # runs
    will = f.as_(
        "p1",
        "combat.will",
        target="p2",
        test="overawe",
        card="AS",
        faces=[[6, 2]],
        against_faces=[[2]],
    )
    assert next(e for e in will if e.type == "combat.will").data["roll"]["modifier"] == -4
    defence = f.as_("p1", "combat.defend", skill="dodge", faces=[[5]])
    assert next(e for e in defence if e.type == "combat.defence").data["roll"]["modifier"] == -4
    f.gm("combat.round")  # a new round: no longer running
    f.set_draw("players", ["AS", "KD"])
    f.as_("p1", "combat.draw", faces=[[4]])
    f.as_("p2", "combat.draw", faces=[[4]])
    f.gm("combat.next")
    will = f.as_(
        "p1",
        "combat.will",
        target="p2",
        test="overawe",
        card="AS",
        faces=[[5]],
        against_faces=[[2]],
    )
    assert next(e for e in will if e.type == "combat.will").data["roll"]["modifier"] == 0


def test_a_black_joker_in_a_terror_test_is_as_bad_as_a_bust() -> None:
    """ "Going bust or drawing a black joker is extra bad. If a Hero goes bust on a Terror
    test, he draws no cards in the next draw phase, takes no actions (including active
    defenses) and just cowers in place. ... Same goes for drawing the black joker.\""""
    f = dealt({"p1": ["AS", "4H"], "p2": ["QH", "3C"]})
    f.sheet("p1", "aptitudes.guts", {"level": 1})
    with pytest.raises(InvalidArgs, match="Only a Terror test counts a Black Joker"):
        f.gm("combat.fear", who="p1", tn=5, black_joker=True, faces=[[6, 6, 2]])
    fear = f.gm("combat.fear", who="p1", tn=5, terror=True, black_joker=True, faces=[[6, 6, 2]])
    assert fear[0].data["success"] and fear[0].data["effect"] == "catatonic"
    with pytest.raises(RuleViolation, match="Ann is catatonic"):
        f.as_("p1", "combat.act", card="AS")


def test_the_penalties_reach_a_roll_made_with_chips_too() -> None:
    """ "The target suffers -4 to his next action." — also when the action is made with
    the hero's own roll (``from_roll``, chips spent on it): the host adds the −4."""
    f = Fight()
    f.as_("p1", "combat.will", target="p2", test="overawe", faces=[[5]], against_faces=[[4]])
    f.as_("p2", "roll.trait", trait="smarts", faces=[[6, 3]])
    events = f.as_(
        "p2", "combat.will", target="p1", test="bluff", from_roll=True, against_faces=[[1]]
    )
    will = next(e for e in events if e.type == "combat.will")
    assert will.data["roll"]["modifier"] == -4 and will.data["roll"]["total"] == 5
