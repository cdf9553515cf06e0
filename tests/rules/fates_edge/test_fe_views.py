"""What each viewer sees."""

from __future__ import annotations

from .helpers import GM, Game, player


def test_player_sees_own_sheet_and_party_boons() -> None:
    """A player sees their own sheet in full and everyone's names and Boons."""
    g = Game()
    g.p("p2", "xp.buy", what="skill", name="lore")
    g.gm("boon.award", player="p2", complication="fell in the river")
    view = g.table.view(player("p1"))["rules"]
    assert view["you"]["xp"]["unspent"] == 30
    assert "characters" not in view
    assert {p["player"]: p["boons"] for p in view["party"]} == {"p1": 0, "p2": 1}
    assert "lore" not in str(view["party"])


def test_gm_sees_everything() -> None:
    """The GM sees the CP bank, hidden clocks, deck state and every sheet."""
    g = Game()
    g.give_cp(2)
    g.gm("clock.create", name="Doom", size=8, visible=False)
    view = g.table.view(GM)["rules"]
    assert view["cp_bank"] == 2
    assert len(view["clocks"]) == 1
    assert len(view["decks"]["consequence"]["order"]) == 52
    assert set(view["characters"]) == {"p1", "p2"}
    assert view["menu"]["universal"][0]["cost"] == 1


def test_boon_actions_in_view() -> None:
    """The view says what a Boon can do right now (re-roll, activate, convert)."""
    g = Game()
    g.gm("boon.award", player="p1", complication="x")
    g.gm("boon.award", player="p1", complication="y")
    g.p("p1", "roll.pool", attribute="body")
    actions = g.table.view(player("p1"))["rules"]["you"]["boon_actions"]
    assert actions["reroll"]["possible"] and actions["convert"]["possible"]
    g.gm("session.start")
    actions = g.table.view(player("p1"))["rules"]["you"]["boon_actions"]
    assert not actions["convert"]["possible"]


def test_cp_bank_visible_by_setting() -> None:
    """'Players see what the GM chooses to show' — the bank can be shown by setting."""
    g = Game(show_cp_bank=True)
    g.give_cp(1)
    assert g.table.view(player("p1"))["rules"]["cp_bank"] == 1


def test_tier_in_view() -> None:
    """'XP spent creates soft tiers that shape world response.'"""
    g = Game()
    g.p("p1", "xp.buy", what="attribute", name="body")
    you = g.table.view(player("p1"))["rules"]["you"]
    assert you["tier"]["name"] == "Rookie" and you["xp"]["spent"] == 9


def test_view_shows_fatigue_effect_and_affordable_spends() -> None:
    """The view says what Fatigue does to the next roll and which CP spends the bank
    can pay for."""
    g = Game()
    g.gm("fatigue.change", player="p1", levels=1)
    assert g.table.view(player("p1"))["rules"]["you"]["fatigue_effect"]["forced_rerolls"] == 1
    g.give_cp(2)
    menu = g.table.view(GM)["rules"]["menu"]["universal"]
    assert {r["id"]: r["affordable"] for r in menu}["attention"] is True
    assert {r["id"]: r["affordable"] for r in menu}["reinforcements"] is False
