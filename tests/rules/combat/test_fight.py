"""Starting and ending fights, who may do what, NPCs and settings."""

from __future__ import annotations

import pytest

from app.domain.actors import HOST, player
from app.domain.errors import Forbidden, InvalidArgs, RuleViolation
from app.domain.table import Table

from .driver import Fight


def test_combat_needs_a_session() -> None:
    """ "When a firefight or a brawl erupts, the Master breaks the game down into
    "rounds"" — during play, by the GM."""
    f = Fight(start=False)
    with pytest.raises(RuleViolation, match="session"):
        f.gm("combat.start")
    g = Fight()
    with pytest.raises(Forbidden):
        g.as_("p1", "combat.start")
    g.gm("combat.start")
    with pytest.raises(RuleViolation, match="already"):
        g.gm("combat.start")


def test_end_clears_the_fight() -> None:
    """The fight ends: its cards and sleeves go with it."""
    f = Fight()
    f.gm("combat.start")
    f.as_("p1", "combat.draw", faces=[[4]])
    f.gm("combat.end")
    assert f.combat() is None
    with pytest.raises(RuleViolation, match="no fight"):
        f.as_("p1", "combat.draw")
    assert f.view("p1")["active"] is False


def test_gm_only_commands() -> None:
    """The Master applies damage, runs the countdown and manages NPCs."""
    f = Fight()
    f.gm("combat.start")
    for kind in ("combat.damage", "combat.next", "combat.round", "npc.add", "heal.hour"):
        with pytest.raises(Forbidden):
            f.as_("p1", kind)


def test_npcs_draw_from_the_gms_deck_and_hide_their_dice() -> None:
    """ "Since the Master has his own Action Deck" — NPCs draw from it; their stats are
    the GM's."""
    f = Fight()
    n = f.npc("Bug", quickness="3d8")
    f.gm("combat.start")
    f.gm("combat.draw", who=n, faces=[[4], [2], [3]])
    assert f.fighter(n)["side"] == "gm"
    assert len(f.combat("decks", "gm", "draw")) == 52
    public = [e for e in f.table.events if player("p1").may_see(e.visible_to)]
    assert not any("3d8" in e.text or "[4, 2, 3]" in e.text for e in public)
    assert any(e.text == "Bug draws 2 cards." for e in public)


def test_mid_fight_arrivals_and_departures() -> None:
    """A seat or NPC joining mid-fight draws next round; one leaving returns its cards."""
    f = Fight()
    f.gm("combat.start")
    n = f.npc("Late bug")
    assert f.fighter(n)["status"] == "waiting"
    f.gm("combat.draw", who=n, dice=1, sides=6, faces=[[4]])
    f.gm("npc.remove", who=n)
    assert f.combat("fighters", n) is None
    assert f.accounted()
    f.run(HOST, "seat.join", {"name": "Cy"})
    assert f.fighter("p3")["status"] == "waiting"


def test_next_with_undrawn_combatants() -> None:
    """Whoever hasn't drawn when the countdown starts has no cards this round."""
    f = Fight()
    f.gm("combat.start")
    f.set_draw("players", ["9S", "8S"])
    f.as_("p1", "combat.draw", faces=[[4]])
    f.gm("combat.next")
    assert f.combat("step") == "9"
    with pytest.raises(RuleViolation):
        f.as_("p2", "combat.draw")


def test_combat_settings_are_checked() -> None:
    """Settings take only the documented words."""
    with pytest.raises(InvalidArgs):
        Table.create("t", "x", "deadlands", {"wind_dice": "dice"}, 1, 0.0)
    with pytest.raises(InvalidArgs):
        Table.create("t", "x", "spacelands", {"shuffle_every_round": "yes"}, 1, 0.0)


def test_stun_check_with_chips() -> None:
    """A stun check is a Vigor roll chips can improve (``from_roll``); made from the
    Roll tab it carries the wound penalty by itself ("Don't forget to apply the penalty
    for the worst wound your hero's taken so far as well") and is accepted."""
    f = Fight()
    f.award("p1", white=1)
    f.gm("combat.damage", who="p1", location_face=3, dice=2, sides=6, faces=[[6, 1], [5]])
    f.as_("p1", "wounds.accept")
    f.as_("p1", "roll.trait", trait="vigor", faces=[[3]])
    f.as_("p1", "chips.spend", colour="white", faces=[6, 5])
    events = f.as_("p1", "combat.stun", from_roll=True)
    assert events[0].data["modifier"] == -2
    assert events[0].data["total"] == 9 and events[0].data["success"]


def test_gm_draws_for_every_npc() -> None:
    """NPCs "drawing from the GM's deck", all at once for the GM's screen."""
    f = Fight()
    a, b = f.npc("A", quickness="1d6"), f.npc("B", quickness="2d6")
    f.gm("combat.start")
    f.gm("combat.draw_npcs")
    assert f.fighter(a)["status"] != "waiting" and f.fighter(b)["status"] != "waiting"
    with pytest.raises(RuleViolation):
        f.gm("combat.draw_npcs")
    assert f.accounted()
