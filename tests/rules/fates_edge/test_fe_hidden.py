"""Hidden information stays hidden: no event a player receives carries the GM's bank,
the decks' order or a hidden clock, whatever the reveal flag."""

from __future__ import annotations

from typing import Any

from app.domain.actors import player

from .helpers import Game

GM_ONLY_KEYS = ("bank", "order", "cp_bank")


def keys_in(value: Any) -> set[str]:
    """Every dict key anywhere inside ``value``."""
    if isinstance(value, dict):
        found = set(value)
        for inner in value.values():
            found |= keys_in(inner)
        return found
    if isinstance(value, list):
        return set().union(*(keys_in(v) for v in value)) if value else set()
    return set()


def assert_players_see_no_gm_numbers(g: Game, pids: tuple[str, ...] = ("p1", "p2")) -> None:
    """The check shared with the property test: over every event each player may see."""
    for pid in pids:
        for event in g.table.events_after(0, player(pid)):
            leaked = keys_in(event.data) & set(GM_ONLY_KEYS)
            assert not leaked, (event.type, leaked)
            if event.type == "clock.ticked":
                clock = g.rules.get("clocks", {}).get(event.data["clock"])
                assert clock is None or clock.get("visible", True)


def test_a_revealed_spend_shows_the_spend_not_the_bank() -> None:
    """'Spend CP immediately or bank (declare what the table can see).' A spend the GM
    shows the table tells what was spent; how many CP are still banked stays the GM's."""
    g = Game(reveal_cp_spends=True)
    g.give_cp(5)
    event = g.gm("cp.spend", option="attention", reveal=True)[-1]
    assert event.visible_to == "all" and event.data["cp"] == 2
    assert "bank" not in event.data and "3" not in event.text
    assert_players_see_no_gm_numbers(g)


def test_gm_only_events_never_reach_players() -> None:
    """Hidden clocks, consequence draws and the deck shuffles are GM-only by default."""
    g = Game()
    g.give_cp(3)
    g.gm("clock.create", name="Doom", size=8, visible=False)
    cid = next(iter(g.rules["clocks"]))
    g.gm("clock.tick", clock=cid, cp=1)
    g.gm("deck.draw", cp=1)
    g.gm("cp.spend", option="twist", cp=1)
    types = {e.type for e in g.table.events_after(0, player("p1"))}
    assert not types & {"fe.clock.created", "fe.clock.ticked", "fe.deck.consequence",
                        "fe.cp.spent", "fe.cp.granted", "fe.decks.shuffled"}  # fmt: skip
    assert "cp_bank" not in g.table.view(player("p1"))["rules"]
    assert_players_see_no_gm_numbers(g)


def test_a_paid_effect_shows_the_effect_and_keeps_the_cp_to_the_gm() -> None:
    """'Spend CP immediately or bank (declare what the table can see)': a visible clock
    ticked with 2 CP shows everyone the segment; the 2 CP are the GM's to know unless
    the GM reveals the spend."""
    g = Game()
    g.give_cp(5)
    g.gm("clock.create", name="Patrol", size=6)
    cid = next(iter(g.rules["clocks"]))
    events = g.gm("clock.tick", clock=cid, cp=2)
    public = next(e for e in events if e.type == "fe.clock.ticked")
    note = next(e for e in events if e.type == "fe.cp.spent")
    assert public.visible_to == "all" and "CP" not in public.text and "cp" not in public.data
    assert note.visible_to == "gm" and "2 CP" in note.text and g.bank() == 3
    shown = g.gm("fatigue.change", player="p1", cp=1, reveal=True)[-1]
    assert "the GM spends 1 CP" in shown.text
    assert_players_see_no_gm_numbers(g)
    for event in g.table.events_after(0, player("p1")):
        assert event.type != "fe.cp.spent"


def test_shield_rally_hauberk_and_pack_events_carry_no_gm_numbers() -> None:
    """The new gear and rally events (C.2, C.3, 8.2) say what happened at the table:
    the CP a rally erases from a roll, the dice a shield gives, a Hauberk's die. None of
    them, nor any player's view, carries the GM's bank (17 CP, unrevealed), and a
    player's given dice show only on that player's own sheet."""
    g = Game(starting_xp=100, players=3)
    g.p("p1", "xp.buy", what="attribute", name="presence")
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="leadership")
    g.p("p1", "xp.buy", what="follower", cap=3, name="Sergeant", lane="soldiers")
    for name in ("presence", "presence", "body", "body", "body"):
        g.p("p1", "xp.buy", what="attribute", name=name)
    g.gm("xp.buy", player="p1", what="talent", name="Oath-Bound Captain", cost=5)
    g.gm("xp.buy", player="p2", what="gear", tier="standard", name="Knight's Heater Shield")
    g.gm("xp.buy", player="p3", what="gear", tier="standard", name="Aeler-forged Hauberk")
    g.p("p3", "character.kit", kit="travelers-pack")
    g.give_cp(10)
    g.give_cp(5)
    g.p("p1", "roll.enter", attribute="wits", faces=[1, 1])  # the bank: 17
    g.p("p1", "ability.use", ability="Oath-Bound Captain")  # 16
    g.gm("cp.grant", cp=1, reason="back to 17")
    shield = next(iter(g.pc("p2")["gear"]))
    g.p("p2", "ability.use", ability=shield, target="p3")
    g.gm("supply.tick", ticks=3)
    g.gm("fatigue.change", player="all", levels=1)
    assert g.bank() == 17
    assert_players_see_no_gm_numbers(g, ("p1", "p2", "p3"))
    for pid in ("p1", "p2", "p3"):
        seen = [e for e in g.table.events_after(0, player(pid)) if e.visible_to != "gm"]
        assert not any("17" in e.text or "17" in str(e.data) for e in seen)
        view = g.table.view(player(pid))["rules"]
        assert "cp_bank" not in view and "granted" not in view
        given = sorted(str(a["name"]) for a in view["you"]["abilities"] if " from " in a["name"])
        rally = [] if pid == "p1" else ["Oath-Bound Captain from P1"]
        shield_dice = ["Knight's Heater Shield from P2"] if pid == "p3" else []
        assert given == sorted(rally + shield_dice)
    g.check()
