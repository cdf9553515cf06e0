"""Sheets, Wild Card NPCs, who sees what, and the options the view offers per cap."""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, InvalidArgs

from .driver import GM, P1, P2, Driver, table


def test_sheet_fields_and_who_may_edit_them() -> None:
    """Editable by the player between sessions and by the GM at any time."""
    d = Driver().join("Ann", "Bob")
    d.do(
        P1,
        "sheet.update",
        character="Kid Colt",
        attributes={"agility": "d10", "Vigor": "d12+1"},
        skills={"Shooting": "d8", "Riding": "d6"},
        edges="Quick Draw, No Mercy",
        hindrances="Wanted",
        no_mercy=True,
        rank="Seasoned",
    )
    sheet = d.sheet("p1")
    assert sheet["attributes"]["Agility"] == "d10" and sheet["attributes"]["Vigor"] == "d12+1"
    assert sheet["skills"] == {"Shooting": "d8", "Riding": "d6"}
    d.do(P1, "sheet.update", skills={"riding": None, "shooting": "d10"})
    assert d.sheet("p1")["skills"] == {"Shooting": "d10"}
    assert isinstance(d.fails(P1, "sheet.update", draw_modifier=2), Forbidden)
    assert isinstance(d.fails(P1, "sheet.update", player="p2", rank="Heroic"), Forbidden)
    d.fails(P1, "sheet.update", rank="Boss")
    d.fails(P1, "sheet.update", wounds=4)
    d.fails(P1, "sheet.update", attributes={"Luck": "d6"})
    d.fails(P1, "sheet.update", colour="red")
    d.start()
    assert isinstance(d.fails(P1, "sheet.update", rank="Veteran"), Forbidden)
    d.do(GM, "sheet.update", player="p1", wounds=2, incapacitated=False, shaken=True)
    assert (d.sheet("p1")["wounds"], d.sheet("p1")["shaken"]) == (2, True)


def test_wounds_past_three_incapacitate() -> None:
    d = table("Ann")
    d.do(GM, "damage.take", player="p1", wounds=2)
    d.do(GM, "damage.take", player="p1", wounds=2)
    assert (d.sheet("p1")["wounds"], d.sheet("p1")["incapacitated"]) == (3, True)


def test_a_manual_health_edit_closes_the_soak_window() -> None:
    d = table("Ann")
    d.give("p1", white=1)
    d.do(GM, "damage.take", player="p1", wounds=1)
    d.do(GM, "sheet.update", player="p1", wounds=0)
    assert "no hit" in d.fails(P1, "cap.spend", use="soak").message


def test_players_see_pot_hands_and_own_sheet_only() -> None:
    """Every player sees the pot counts, every hand, their own sheet; not the GM's caps."""
    d = Driver().join("Ann", "Bob")
    d.do(GM, "npc.add", name="Black Jack")
    d.start()
    rules = d.table.view(P1)["rules"]
    assert set(rules["hands"]) == {"p1", "p2"}
    assert sum(rules["pot"].values()) == 85 - 6 - 2 - 2
    assert rules["you"]["id"] == "p1" and "sheet" in rules["you"]
    assert "gm" not in rules
    assert "Black Jack" not in str(rules)
    gm = d.table.view(GM)["rules"]["gm"]
    assert sum(gm["caps"].values()) == 2
    [npc] = gm["wild_cards"]
    assert npc["name"] == "Black Jack" and sum(npc["caps"].values()) == 2
    assert set(gm["players"]) == {"p1", "p2"}


def test_wild_card_npcs_are_the_gms_secret() -> None:
    d = table("Ann")
    d.do(GM, "npc.add", name="Black Jack")
    assert isinstance(d.fails(P1, "roll.trait", npc="npc1", trait="Vigor"), Forbidden)
    events = d.do(GM, "roll.trait", npc="npc1", trait="Vigor")
    assert [e.visible_to for e in events] == ["gm", "all"]
    assert "Black Jack" not in events[1].text
    assert all("Black Jack" not in e.text for e in d.table.events_after(0, P1))
    d.fails(GM, "npc.add", name="black jack")
    d.do(GM, "npc.remove", npc="npc1")
    assert d.pool("gm:npc1") == {"white": 0, "red": 0, "blue": 0}
    assert d.conserved()


def test_view_offers_each_colour_with_reasons() -> None:
    """The view says what each cap colour can do right now, with reasons when not."""
    d = table("Ann")
    d.give("p1", red=1)
    options = d.table.view(P1)["rules"]["you"]["options"]
    assert options["white"]["count"] == 0
    assert {u["reason"] for u in options["white"]["uses"]} == {"No white cap."}
    red = {u["use"]: u for u in options["red"]["uses"]}
    assert set(red) == {"greatness", "reroll_damage", "reroll", "unshake", "soak"}
    assert not red["reroll"]["allowed"] and "roll first" in red["reroll"]["reason"]
    assert "during your turn" in red["greatness"]["reason"]
    d.do(P1, "turn.start")
    d.do(P1, "roll.damage", dice=["d6"], faces=[[2]])
    red = {u["use"]: u for u in d.table.view(P1)["rules"]["you"]["options"]["red"]["uses"]}
    assert red["greatness"]["allowed"] and red["reroll_damage"]["allowed"]
    assert "No Mercy" in red["reroll"]["reason"]


def test_joining_mid_session_draws_caps() -> None:
    d = table("Ann")
    gm_before = sum(d.pool("gm").values())
    d.do(GM, "seat.add", name="Bob")
    assert sum(d.hand("p2").values()) == 3
    assert sum(d.pool("gm").values()) == gm_before + 1
    d.do(GM, "seat.remove", player="p2")
    assert sum(d.hand("p2").values()) == 0
    assert d.conserved() and d.replays()


def test_a_late_joiner_makes_a_blank_character_once_during_play() -> None:
    """Issue #28: a player who sits down mid-session draws their caps at once and may
    make their blank character then (a ready-made starter is one update); a character
    already made is still changed between sessions only, and health stays the GM's."""
    d = table("Ann")
    d.do(GM, "seat.add", name="Bob")
    assert sum(d.hand("p2").values()) == 3  # the text: "Each session, you start with three"
    bob = P2
    assert isinstance(d.fails(bob, "sheet.update", shaken=True), Forbidden)
    d.do(bob, "sheet.update", attributes={"Agility": "d8"}, skills={"Shooting": "d6"})
    assert d.sheet("p2")["attributes"]["Agility"] == "d8"
    refused = d.fails(bob, "sheet.update", skills={"Shooting": "d10"})
    assert isinstance(refused, Forbidden) and "between sessions" in refused.message
    assert d.conserved() and d.replays()


def test_award_needs_a_session_and_caps_in_the_pot() -> None:
    d = Driver(pot_blue=4).join("Ann")
    d.fails(GM, "cap.award", player="p1")
    d.start()
    assert "doesn't hold" in d.fails(GM, "cap.award", player="p1", colour="blue", n=5).message
    small = Driver(pot_white=1, pot_red=0, pot_blue=0).join("Ann")
    small.start()
    assert small.fails(GM, "cap.award", player="p1").message.startswith("The pot holds only")


def test_pot_make_up_is_a_table_setting() -> None:
    d = Driver(pot_white=20, pot_red=10, pot_blue=5)
    assert d.pool("pot") == {"white": 20, "red": 10, "blue": 5}
    with pytest.raises(InvalidArgs):
        Driver(pot_blue=-1)


def test_gm_spends_for_players_and_chooses_the_npc_pool() -> None:
    d = table("Ann")
    d.give("p1", white=1)
    d.do(GM, "damage.take", player="p1", wounds=0)
    d.do(GM, "cap.spend", player="p1", use="unshake")
    assert d.hand("p1")["white"] == 0
    d.do(GM, "npc.add", name="Black Jack")
    d.do(GM, "roll.trait", npc="npc1", trait="Vigor", trait_faces=[2], wild_faces=[1])
    gm_caps = sum(d.pool("gm").values())
    d.do(GM, "cap.spend", npc="npc1", use="reroll", pool="gm", trait_faces=[2], wild_faces=[1])
    assert sum(d.pool("gm").values()) == gm_caps - 1
    assert sum(d.pool("gm:npc1").values()) == 2
    d.give("p1", white=1)
    d.do(P1, "roll.trait", trait="Agility", trait_faces=[2], wild_faces=[1])
    error = d.fails(GM, "cap.spend", player="p1", use="reroll", pool="gm")
    assert isinstance(error, InvalidArgs)


def test_undo_a_spend_returns_the_cap_but_a_roll_is_the_gms_to_undo() -> None:
    d = table("Ann")
    d.give("p1", white=2)
    d.do(GM, "damage.take", player="p1", wounds=0)
    d.do(P1, "cap.spend", use="unshake")
    d.do(P1, "undo", command_id=f"c{d.n}")
    assert d.hand("p1")["white"] == 2 and d.sheet("p1")["shaken"]
    d.do(P1, "roll.trait", trait="Agility", trait_faces=[2], wild_faces=[1])
    [spent] = d.do(P1, "cap.spend", use="reroll")  # host dice
    assert spent.undo == "gm"
    assert isinstance(d.fails(P1, "undo", command_id=f"c{d.n}"), Forbidden)
    assert d.replays() and d.conserved()


def test_settings_are_checked() -> None:
    for bad in ({"pot_red": 501}, {"target_number": 0}, {"novice_rank_value": 9}, {"pot": 3}):
        with pytest.raises(InvalidArgs):
            Driver(**bad)
