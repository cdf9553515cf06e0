"""What each screen sees, and rolls made with chips (the issue's hidden-information and
host-roll requirements)."""

from __future__ import annotations

import pytest

from app.domain.actors import GM, player
from app.domain.errors import DomainError, RuleViolation

from .driver import Fight


def drawn() -> tuple[Fight, str]:
    f = Fight("deadlands")
    n = f.npc("Bandit", quickness="2d6", vigor="2d8")
    f.gm("combat.start")
    f.set_draw("players", ["KS", "4H", "QD", "5C"])
    f.as_("p1", "combat.draw", faces=[[4]])
    f.as_("p2", "combat.draw", faces=[[4]])
    f.set_draw("gm", ["AS", "3D"])
    f.gm("combat.draw", who=n, faces=[[4], [2]])
    return f, n


def test_players_see_only_their_own_cards() -> None:
    """Cards are face down until called: a phone shows its own hand and sleeve."""
    f, n = drawn()
    mine = f.view("p1")
    assert mine["me"]["hand"] == ["KS", "4H"]
    assert "hand" not in mine["combatants"]["p2"] and mine["combatants"]["p2"]["cards"] == 2
    assert "hand" not in mine["combatants"][n]
    assert f.view()["combatants"][n]["hand"] == ["AS", "3D"]


def test_gm_cards_and_npc_stats_stay_hidden_in_events() -> None:
    """The GM's cards before they're played and NPC stats only in GM-visible events."""
    f, n = drawn()
    for event in f.table.events:
        text = event.text + repr(event.data)
        if event.visible_to == "all":
            assert "AS" not in repr(event.data.get("hand", "")) and "A♠" not in text
            assert event.type != "npc.added"
    visible = [e for e in f.table.events if player("p2").may_see(e.visible_to)]
    assert not any("K♠" in e.text for e in visible)
    assert f.view("p1")["combatants"][n].get("body") is None
    assert "npcs" not in f.view("p1") and "decks" not in f.view("p1")


def test_gm_view_has_decks_countdown_and_acting() -> None:
    """The GM drives the countdown and sees who acts."""
    f, n = drawn()
    f.gm("combat.next")
    gm = f.view()
    assert gm["step"] == "A" and gm["acting"][0]["who"] == n
    assert gm["decks"]["players"]["accounted"] == 54 == gm["decks"]["gm"]["accounted"]
    assert gm["decks"]["players"]["draw"] == 50
    f.gm("combat.next")
    me = f.view("p1")["me"]
    assert me["acting_now"] and me["playable"] == ["KS"] and "K♠" in me["nudge"]
    assert f.view("p1")["acting"][0]["card"] == "KS"  # a called card is face up


def test_quickness_from_a_roll_with_chips() -> None:
    """Chips may be spent on the Quickness roll: ``from_roll`` reads the finished roll
    (with the wound penalty in its modifier) once."""
    f = Fight("spacelands")
    f.award("p1", white=1)
    f.gm("combat.start")
    f.as_("p1", "roll.trait", trait="quickness", tn=3, faces=[[2]])
    f.as_("p1", "chips.spend", colour="white", faces=[6, 6, 2])
    events = f.as_("p1", "combat.draw", from_roll=True)
    assert events[0].data["total"] == 14 and events[0].data["count"] == 4
    f.gm("combat.round")
    with pytest.raises(RuleViolation, match="first"):
        f.as_("p1", "combat.draw", from_roll=True)


def test_roll_without_the_wound_penalty_is_refused() -> None:
    """ "If your hero is injured, subtract the penalty from your Quickness total.\" — a
    roll made before the wound lacks it and is refused; one made now carries it."""
    f = Fight("spacelands")
    f.gm("combat.start")
    f.as_("p1", "roll.trait", trait="quickness", faces=[[5]])
    f.gm("wounds.assign", player="p1", wounds={"head": 1})
    with pytest.raises(RuleViolation, match="penalty"):
        f.as_("p1", "combat.draw", from_roll=True)
    f.as_("p1", "roll.trait", trait="quickness", faces=[[5]])
    events = f.as_("p1", "combat.draw", from_roll=True)
    assert events[0].data["modifier"] == -1 and events[0].data["total"] == 4


def test_host_rolls_every_die_in_the_event() -> None:
    """All rolls on the host, every die and ace in the event data, undoable by the GM
    only."""
    f = Fight()
    f.gm("combat.start")
    event = f.as_("p1", "combat.draw")[0]
    assert event.data["mode"] == "host" and event.data["dice"]
    assert event.undo == "gm"
    with pytest.raises(DomainError):
        f.as_("p1", "undo", command_id=event.command_id)
    f.gm("undo", command_id=event.command_id)
    assert f.fighter("p1")["status"] == "waiting"
    assert f.accounted() and f.replays()
    assert f.table.view(GM)
