"""Nobody acts who can't (spacelands-combat.txt, "Wound Modifiers", stun checks, Wind,
"Wounds"): the host refuses what each state forbids, in the rule's words, and the
phone stops prompting."""

from __future__ import annotations

import pytest

from app.domain.errors import RuleViolation

from .driver import Fight
from .test_countdown import dealt


def _wind_to(f: Fight, pid: str, value: int) -> None:
    f.sheet(pid, "wind.current", value)


def test_stunned_may_only_recover() -> None:
    """ "If you fail it, your character's stunned and can't do anything besides limp a
    few meters and cry like a baby until he makes a recovery check." — active defence,
    aiming, preparing and interrupting wait until he does."""
    f = dealt({"p1": ["AS", "4H"], "p2": ["AH", "3C"]})
    f.gm("combat.condition", who="p1", stunned=True)
    for type_, args in (
        ("combat.act", {"card": "AS"}),
        ("combat.defend", {}),
        ("combat.aim", {"card": "AS", "steps": 2}),
        ("combat.prepare", {"speed": 2}),
        ("combat.interrupt", {"against": "p2", "faces": [[3]], "against_faces": [[2]]}),
    ):
        with pytest.raises(RuleViolation, match="stunned and can't do anything"):
            f.as_("p1", type_, **args)
    me = f.view("p1")["me"]
    assert me["nudge"].startswith("You're stunned") and "recovery check" in me["nudge"]
    f.as_("p1", "combat.recover", card="AS", faces=[[6, 2]])  # one action: the recovery
    assert not f.view("p1")["me"]["body"]["stunned"]


def test_winded_cannot_act_on_cards_already_held() -> None:
    """ "Winded characters get no Cards add can't perform actions unless the Master feels
    like letting them whisper or crawl a short way at the end of the round." — going
    Winded mid-round takes effect at once, on the cards already in hand."""
    f = dealt({"p1": ["AS", "4H"]})
    _wind_to(f, "p1", 0)
    with pytest.raises(RuleViolation, match="Winded characters get no cards"):
        f.as_("p1", "combat.act", card="AS")
    with pytest.raises(RuleViolation, match="Winded"):
        f.as_("p1", "combat.sleeve", card="AS")
    with pytest.raises(RuleViolation, match="Winded"):
        f.as_("p1", "combat.defend")
    me = f.view("p1")["me"]
    assert me["acting_now"] is False and me["playable"] == []
    assert "Your" not in (me["nudge"] or "") and "Winded" in me["nudge"]
    f.as_("p1", "combat.pass", card="AS")  # letting a card go is no action


def test_unconscious_cannot_act() -> None:
    """ "Your character goes unconscious immediately if you go bust on any stun check."
    — out cold, no action, at once."""
    f = dealt({"p1": ["AS", "4H"]})
    f.gm("combat.condition", who="p1", unconscious=True)
    with pytest.raises(RuleViolation, match="unconscious"):
        f.as_("p1", "combat.act", card="AS")
    assert f.view("p1")["me"]["acting_now"] is False


def test_maimed_guts_is_dead_and_draws_nothing() -> None:
    """ "If a character's wounds reach the maimed mark in his guts or head, he's
    critically injured. This generally means dead\""""
    f = dealt({"p1": ["AS", "4H"]})
    f.sheet("p1", "wounds.guts", 5)
    with pytest.raises(RuleViolation, match="critically injured"):
        f.as_("p1", "combat.act", card="AS")
    f.gm("combat.next")
    f.gm("combat.round")
    with pytest.raises(RuleViolation, match="critically injured"):
        f.as_("p1", "combat.draw", faces=[[4]])


def test_gm_is_refused_for_an_npc_too() -> None:
    """The same rules hold the Master's side: a stunned NPC doesn't act either."""
    f = dealt({"p1": ["4H", "3H"]}, npc=["AS", "3D"])
    f.gm("combat.condition", who="n1", stunned=True)
    with pytest.raises(RuleViolation, match="stunned"):
        f.gm("combat.act", who="n1", card="AS")


def test_wound_penalty_on_every_trait_roll() -> None:
    """ "Wound penalties are never subtracted from "effect" totals such as damage or
    psionics, but they do apply to everything else." — any Trait or Aptitude roll of
    a wounded hero carries it; damage rolls don't."""
    f = Fight()
    f.gm("wounds.assign", player="p1", wounds={"left_arm": 3})
    events = f.as_("p1", "roll.trait", trait="knowledge", faces=[[5]], tn=5)
    assert events[0].data["roll"]["modifier"] == -3
    assert events[0].data["roll"]["wound_penalty"] == -3
    assert not events[0].data["outcome"]["success"]
    events = f.as_("p1", "roll.trait", kind="firearm", dice=2, sides=6, faces=[[5], [4]])
    assert events[0].data["roll"]["modifier"] == 0
