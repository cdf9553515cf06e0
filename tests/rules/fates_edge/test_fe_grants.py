"""Dice one character gives another for a later roll: the Knight's Heater Shield (C.3)
and the Oath-Bound Captain's rallying boon (8.2)."""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, InvalidArgs, RuleViolation
from app.domain.jsonvalue import JsonDict

from .helpers import Game, player


def _abilities(g: Game, pid: str) -> dict[str, dict[str, object]]:
    you = g.table.view(player(pid))["rules"]["you"]
    return {str(a["name"]): a for a in you["abilities"]}


def _shield(g: Game) -> str:
    g.gm("xp.buy", player="p1", what="gear", tier="standard", name="Knight's Heater Shield")
    gear: JsonDict = g.pc("p1")["gear"]
    return next(k for k, v in gear.items() if v["name"] == "Knight's Heater Shield")


def test_heater_shield_gives_an_ally_two_dice_on_their_next_defense() -> None:
    """Knight's Heater Shield: 'May forgo attack to give ally +2 dice to next defense.'
    The bearer names the ally; the ally chooses the dice on the roll that is their
    defense, once; not the bearer, not twice before it is used."""
    g = Game(starting_xp=40)
    gid = _shield(g)
    with pytest.raises(InvalidArgs, match="covers an ally"):
        g.p("p1", "ability.use", ability=gid)
    with pytest.raises(InvalidArgs, match="covers an ally"):
        g.p("p1", "ability.use", ability=gid, target="p1")
    used = g.p("p1", "ability.use", ability=gid, target="p2")[-1]
    assert "forgoes an attack to cover P2" in used.text and used.data["dice"] == 2
    with pytest.raises(RuleViolation, match="already has your Knight's Heater Shield"):
        g.p("p1", "ability.use", ability=gid, target="p2")
    given = _abilities(g, "p2")["Knight's Heater Shield from P1"]
    assert given["amount"] == 2 and given["left"] == 1 and given["effect"] == "dice"
    assert "Knight's Heater Shield from P1" not in _abilities(g, "p1")
    plain = g.p("p2", "roll.pool", attribute="body")[-1].data
    assert plain["pool"] == 2  # not taken unless chosen: it is for a defense
    roll = g.p("p2", "roll.pool", attribute="body", use=[given["key"]])[-1].data
    assert roll["pool"] == 2 + 2
    assert "Knight's Heater Shield from P1" not in _abilities(g, "p2")
    with pytest.raises(RuleViolation, match="no longer waiting"):
        g.p("p2", "roll.pool", attribute="body", use=[given["key"]])
    g.check()


def test_shield_cover_lapses_at_scene_end_and_a_compromised_shield_gives_one_less() -> None:
    """Cover is for the next defense of this scene; 'A Compromised item gives -1 die on
    relevant rolls'."""
    g = Game(starting_xp=40)
    gid = _shield(g)
    g.p("p1", "ability.use", ability=gid, target="p2")
    g.gm("scene.end")
    assert "Knight's Heater Shield from P1" not in _abilities(g, "p2")
    g.gm("resource.degrade", player="p1", kind="gear", id=gid, steps=1)
    assert g.p("p1", "ability.use", ability=gid, target="p2")[-1].data["dice"] == 1
    g.gm("resource.degrade", player="p1", kind="gear", id=gid, steps=1)  # broken
    with pytest.raises(InvalidArgs):
        g.p("p1", "ability.use", ability=gid, target="p2")
    g.check()


def _captain_build(g: Game, *, follower: bool = True, veteran: bool = True) -> None:
    g.p("p1", "xp.buy", what="attribute", name="presence")  # Presence 3: 9
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="leadership")  # Leadership 3: 12
    if follower:
        g.p("p1", "xp.buy", what="follower", cap=3, name="Sergeant", lane="soldiers")  # 9
    else:
        for _ in range(3):
            g.p("p1", "xp.buy", what="skill", name="lore")  # 12 in its place
    g.p("p1", "xp.buy", what="attribute", name="presence")  # 12
    g.p("p1", "xp.buy", what="attribute", name="presence")  # 15: 57 spent, Tier II
    if veteran:
        for _ in range(3):
            g.p("p1", "xp.buy", what="attribute", name="body")  # 9 + 12 + 15: 93, Tier III


def test_oath_bound_captain_requirements_and_gm_price() -> None:
    """Oath-Bound Captain (8.2, 'Tier III (91–150 XP)'): 'Req: Presence 3, Leadership 3,
    one On-Screen Follower.' The text gives no XP price, so the GM sets it."""
    g = Game(starting_xp=100)
    _captain_build(g, veteran=False)
    with pytest.raises(RuleViolation, match="Tier III"):
        g.gm("xp.buy", player="p1", what="talent", name="Oath-Bound Captain", cost=5)
    g = Game(starting_xp=100)
    _captain_build(g, follower=False)
    with pytest.raises(RuleViolation, match="On-Screen Follower"):
        g.gm("xp.buy", player="p1", what="talent", name="Oath-Bound Captain", cost=5)
    g = Game(starting_xp=100)
    _captain_build(g)
    with pytest.raises(Forbidden):
        g.p("p1", "xp.buy", what="talent", name="Oath-Bound Captain")
    g.gm("xp.buy", player="p1", what="talent", name="Oath-Bound Captain", cost=5)
    assert g.pc("p1")["talents"]["Oath-Bound Captain"] == 5
    g.check()


def test_oath_bound_captain_turns_one_cp_per_roll_into_a_die_for_every_ally() -> None:
    """'When leading a unit, you may convert one Complication per roll into a rallying
    boon: grant +1 die to all allies on their next action.' The CP leaves the roll and
    the GM's bank; each ally's next roll gets +1 die by itself, once."""
    g = Game(starting_xp=100, players=3)
    _captain_build(g)
    g.gm("xp.buy", player="p1", what="talent", name="Oath-Bound Captain", cost=5)
    g.p("p1", "roll.enter", attribute="wits", faces=[1, 1])
    g.p("p2", "roll.enter", attribute="wits", faces=[1, 6])
    with pytest.raises(RuleViolation, match="your own roll"):
        g.p("p1", "ability.use", ability="Oath-Bound Captain")
    g.p("p1", "roll.enter", attribute="wits", faces=[1, 1])
    bank = g.bank()
    used = g.p("p1", "ability.use", ability="Oath-Bound Captain")[-1]
    assert g.bank() == bank - 1 and g.rules["last_roll"]["cp"] == 1
    assert used.data["allies"] == ["p2", "p3"]
    with pytest.raises(RuleViolation, match="one Complication per roll"):
        g.p("p1", "ability.use", ability="Oath-Bound Captain")
    assert _abilities(g, "p3")["Oath-Bound Captain from P1"]["effect"] == "given_next"
    rallied = g.p("p2", "roll.pool", attribute="body")[-1].data
    assert rallied["pool"] == 2 + 1
    assert any("Oath-Bound Captain from P1" in p["label"] for p in rallied["parts"])
    assert g.p("p2", "roll.pool", attribute="body")[-1].data["pool"] == 2
    g.p("p1", "roll.enter", attribute="wits", faces=[6, 6])
    with pytest.raises(RuleViolation, match="no Complication"):
        g.p("p1", "ability.use", ability="Oath-Bound Captain")
    g.check()


def _buy(g: Game, *names: str) -> None:
    for name in names:
        what = "attribute" if name in ("body", "wits", "spirit", "presence") else "skill"
        g.p("p1", "xp.buy", what=what, name=name)


def test_eight_two_abilities_unlock_at_their_tier_with_their_requirements() -> None:
    """8.2 'Prestige Ability Examples by Tier': 'Tier III (91–150 XP) … Echo-Killer
    *Req: Wits 4, Arcana 3*'; 'Tier IV (151–220 XP) … Shadow Broker *Req: Presence 4,
    Subterfuge 3, Off-Screen Asset (Network)*'. The text prices neither: the GM does."""
    g = Game(starting_xp=100)
    _buy(g, "wits", "wits", "arcana", "arcana", "arcana", "body", "body")  # 54: Tier II
    with pytest.raises(RuleViolation, match="Tier III ability"):
        g.gm("xp.buy", player="p1", what="talent", name="Echo-Killer", cost=6)
    _buy(g, "spirit", "spirit", "spirit")  # 90: still Tier II
    with pytest.raises(RuleViolation, match="Tier III ability"):
        g.gm("xp.buy", player="p1", what="talent", name="Echo-Killer", cost=6)
    _buy(g, "lore")  # 92: Tier III
    g.gm("xp.buy", player="p1", what="talent", name="Echo-Killer", cost=6)
    g = Game(starting_xp=100)
    for _ in range(2):
        g.gm("xp.award", player="p1", xp=50, reason="a long road")
    _buy(g, "presence", "presence", "subterfuge", "subterfuge", "subterfuge")
    _buy(g, "body", "body", "body", "wits", "wits", "wits", "spirit", "spirit", "spirit")
    _buy(g, "lore", "lore", "lore")  # 153 XP spent: Tier IV
    with pytest.raises(RuleViolation, match="requires one Off-Screen Asset"):
        g.gm("xp.buy", player="p1", what="talent", name="Shadow Broker", cost=8)
    g.check()


def test_hearth_banner_offers_allies_a_die_on_every_roll() -> None:
    """Hearth-Banner: 'Allies defending your home or banner gain +1 die to all rolls
    within its borders.' Every ally's phone offers the die, on every roll; not to the
    banner's owner."""
    g = Game(starting_xp=100)
    _buy(g, "leadership", "leadership", "body", "body", "wits", "spirit")  # 45: Tier II
    g.p("p1", "xp.buy", what="talent", name="Hearth-Banner")
    banner = _abilities(g, "p2")["Hearth-Banner of P1"]
    assert banner["amount"] == 1 and banner["left"] is None
    assert "Hearth-Banner of P1" not in _abilities(g, "p1")
    for _ in range(2):
        roll = g.p("p2", "roll.pool", attribute="body", use=[banner["key"]])[-1].data
        assert roll["pool"] == 2 + 1
    with pytest.raises(RuleViolation, match="No ally's banner"):
        g.p("p1", "roll.pool", attribute="body", use=[banner["key"]])
    g.check()
