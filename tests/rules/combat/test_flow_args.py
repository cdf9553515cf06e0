"""The fight's flow commands (draw, countdown, damage, NPCs, healing) read typed
arguments: a malformed one is refused before any rule runs, in the words the rule
uses, and what a client leaves out (or sends as null) changes nothing."""

from __future__ import annotations

import re

import pytest

from app.domain.errors import InvalidArgs

from .driver import Fight


def test_a_card_is_named_the_way_the_deck_names_it() -> None:
    """A card is "AS", "10H", "RJ"...: lower case is read as the deck's name; no other
    word is a card, and the answer says how to name one."""
    f = Fight()
    f.gm("combat.start")
    f.set_draw("players", ["KS", "4H"])
    f.as_("p1", "combat.draw", faces=[[4]])
    f.gm("combat.next")
    with pytest.raises(InvalidArgs, match=re.escape("'card' names a card, e.g. \"QS\"")):
        f.as_("p1", "combat.act", card="the king")
    f.as_("p1", "combat.act", card="ks", action="  shoots  ")
    assert f.events[-1].data["card"] == "KS"
    assert f.events[-1].data["action"] == "shoots"


def test_keeping_a_card_that_is_no_card_names_it() -> None:
    """Keep two of the cards drawn: a word that is no card is named back."""
    f = Fight()
    f.gm("combat.start")
    with pytest.raises(InvalidArgs, match=re.escape("'ZZ' is not a card.")):
        f.as_("p1", "combat.keep", cards=["AS", "zz"])


def test_dice_entered_by_hand_say_what_they_should_look_like() -> None:
    """Dice rolled at the table are entered as ace chains; anything else is answered
    with an example (it used to say only how many dice a roll may have)."""
    f = Fight()
    f.gm("combat.start")
    with pytest.raises(InvalidArgs, match=r"'faces' lists the dice .* \[\[6, 6, 2\], \[3\]\]"):
        f.as_("p1", "combat.draw", faces="six and two")


def test_npc_commands_name_npcs_by_id() -> None:
    """npc.update and npc.remove take an NPC id; a malformed one gets the same answer
    as an unknown one."""
    f = Fight()
    for who in (5, "n9"):
        with pytest.raises(InvalidArgs, match=r"'who' is an NPC id \(n1, n2\.\.\.\)\."):
            f.gm("npc.remove", who=who)


def test_a_condition_left_null_is_left_as_it_is() -> None:
    """combat.condition changes what it's given: null (or nothing) leaves a condition
    alone (it used to be refused as not true or false)."""
    f = Fight()
    f.gm("combat.condition", who="p1", stunned=True)
    f.gm("combat.condition", who="p1", stunned=None, size=8)
    data = f.events[-1].data
    assert data == {"who": "p1", "size": 8}
    with pytest.raises(InvalidArgs, match=re.escape("'stunned' must be true or false.")):
        f.gm("combat.condition", who="p1", stunned="yes")


def test_the_patient_is_named_in_the_rule_s_words() -> None:
    """Anyone may be treated: the patient is a seat or NPC id, whatever was sent."""
    f = Fight()
    with pytest.raises(InvalidArgs, match=re.escape("'patient' is the seat or NPC being treated.")):
        f.as_("p2", "heal.wind", patient=7)


def test_an_npc_s_change_says_what_changed() -> None:
    """The GM's log line for ``npc.update`` names each change, not only "updated"
    (play test, session 13: "Gunner updated." after new dice)."""
    f = Fight()
    f.gm("npc.add", name="Gunner", shooting="4d10")
    f.gm("npc.update", who="n1", shooting="6d12", guts="3d8", size=7)
    assert f.events[-1].text == "Gunner updated: guts 3d8, shooting 6d12, Size 7."
