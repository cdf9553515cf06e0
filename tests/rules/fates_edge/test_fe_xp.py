"""Starting XP, awards, spending, downtime and Haste, tiers, respec."""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, RuleViolation

from .helpers import Game


def ready(g: Game, pid: str = "p1") -> None:
    g.p(pid, "character.finish")


def test_starting_pool() -> None:
    """'Characters begin with a baseline of 30 XP.'"""
    assert Game().xp("p1") == 30


def test_obligation_deficit() -> None:
    """'You may begin with a deficit of up to 2 XP … This deficit must be paid off with
    your first earned XP before further advancement.'"""
    g = Game()
    g.p("p1", "character.deficit", xp=2)
    assert g.xp("p1") == 32
    with pytest.raises(RuleViolation):
        g.p("p1", "character.deficit", xp=1)
    ready(g)
    with pytest.raises(RuleViolation):
        g.p("p1", "xp.buy", what="skill", name="lore")
    g.gm("xp.award", player="p1", xp=3)
    assert g.xp("p1") == 33 and g.pc("p1")["deficit"] == 0
    g.p("p1", "xp.buy", what="skill", name="lore")
    g.check()


def test_complication_trades() -> None:
    """'You may accept up to 2 Complications during Session 0, each granting +1 XP' —
    rolled on the d10 Starting Complications table."""
    g = Game()
    first = g.p("p1", "character.trade")[-1].data
    assert 1 <= first["roll"] <= 10
    g.gm("character.trade", player="p1", pick=7)
    assert g.pc("p1")["trades"][1]["name"] == "Cursed Token"
    assert g.xp("p1") == 32
    with pytest.raises(RuleViolation):
        g.p("p1", "character.trade")


def test_only_gm_picks_a_complication() -> None:
    """'Complications are drawn from the Deck of Consequences (or selected by the GM).'"""
    with pytest.raises(Forbidden):
        Game().p("p1", "character.trade", pick=3)


def test_session_checklist_awards_and_pace() -> None:
    """'Table Attendance: +2 XP; Major Objective Reached: +2–4 XP' and 'Standard: 6–10 XP
    per session (default pace).'"""
    g = Game()
    text = g.gm("xp.session", awards={"p1": {"attendance": 2, "objective": 4}})[-1].text
    assert g.xp("p1") == 36 and "outside" not in text
    text = g.gm("xp.session", awards={"p2": {"attendance": 2}})[-1].text
    assert "outside the 6–10 XP pace" in text
    with pytest.raises(Exception, match="between 2 and 4"):
        g.gm("xp.session", awards={"p1": {"objective": 5}})


def test_milestone() -> None:
    """'+8–12 XP to all players; +2 XP bonus to one player for a signature moment.'"""
    g = Game()
    g.gm("xp.milestone", xp=10, signature="p2")
    assert (g.xp("p1"), g.xp("p2")) == (40, 42)


def test_attribute_cost() -> None:
    """'Attributes: Cost = new rating × 3.' Example: Body 2 → 3 costs 9 XP."""
    g = Game()
    g.p("p1", "xp.buy", what="attribute", name="body")
    assert g.xp("p1") == 21 and g.pc("p1")["attributes"]["body"] == 3


def test_skill_cost() -> None:
    """'Skills: Cost = new level × 2.' 'Melee 0→3: 2 + 4 + 6 = 12 XP.'"""
    g = Game()
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="melee")
    assert g.xp("p1") == 18


def test_skill_cost_appendix_setting() -> None:
    """C.8.1: 'Skills cost 2 + 2 × (new rating) XP' and 'No skill may exceed its linked
    Attribute'."""
    g = Game(skill_costs="appendix")
    g.p("p1", "xp.buy", what="skill", name="melee")
    g.p("p1", "xp.buy", what="skill", name="melee")
    assert g.xp("p1") == 30 - 4 - 6
    with pytest.raises(RuleViolation):
        g.p("p1", "xp.buy", what="skill", name="melee")


def test_follower_cost_square_and_table() -> None:
    """'A follower with Specialty Cap C costs C² XP' vs 'Cap 3 8 XP' (a setting)."""
    g = Game()
    g.p("p1", "xp.buy", what="follower", cap=3, name="Agent", lane="spying")
    assert g.xp("p1") == 21
    t = Game(follower_costs="table")
    t.p("p1", "xp.buy", what="follower", cap=3, name="Agent", lane="spying")
    assert t.xp("p1") == 22


def test_asset_cost_and_face_requirement() -> None:
    """'Minor 4 XP, Standard 8, Major 12' and 'Civic/Title: Presence 3+ or Command 2+.'"""
    g = Game()
    with pytest.raises(RuleViolation, match="Face Requirement"):
        g.p("p1", "xp.buy", what="asset", tier="standard", type="civic", name="Title")
    g.p("p1", "xp.buy", what="skill", name="command")
    g.p("p1", "xp.buy", what="skill", name="command")
    g.p("p1", "xp.buy", what="asset", tier="standard", type="civic", name="Title")
    assert g.xp("p1") == 30 - 6 - 8


def test_downtime_after_creation() -> None:
    """'Attributes: … Downtime = new rating in days.'"""
    g = Game()
    ready(g)
    g.p("p1", "xp.buy", what="attribute", name="body")
    assert g.pc("p1")["attributes"]["body"] == 2
    g.gm("downtime.pass", days=2)
    assert g.pc("p1")["attributes"]["body"] == 2
    g.gm("downtime.pass", days=1)
    assert g.pc("p1")["attributes"]["body"] == 3
    g.check()


def test_mentor_halves_downtime() -> None:
    """'Training from a PC or NPC with Skill ≥ 3 or Attribute ≥ new rating halves
    downtime.'"""
    g = Game()
    ready(g)
    g.p("p1", "xp.buy", what="attribute", name="body", mentored=True)
    g.gm("downtime.pass", days=2)
    assert g.pc("p1")["attributes"]["body"] == 3


def test_montage_twice_per_arc() -> None:
    """'A vivid training montage may convert 1 day of downtime into on-screen play (twice
    per arc).'"""
    g = Game()
    ready(g)
    g.p("p1", "xp.buy", what="attribute", name="body")
    tid = next(iter(g.rules["trainings"]))
    g.p("p1", "training.montage", training=tid)
    g.p("p1", "training.montage", training=tid)
    with pytest.raises(RuleViolation):
        g.p("p1", "training.montage", training=tid)


def test_rush_starts_haste_clock() -> None:
    """'A player may skip downtime, but the GM creates a Haste clock of four segments. If
    the clock fills, the new ability or asset carries flaws.'"""
    g = Game()
    ready(g)
    g.p("p1", "xp.buy", what="attribute", name="body", rush=True)
    assert g.pc("p1")["attributes"]["body"] == 3
    ((cid, clock),) = g.rules["clocks"].items()
    assert clock["size"] == 4
    g.gm("clock.tick", clock=cid, ticks=4)
    assert next(iter(g.rules["rushed"].values()))["flawed"] is True
    g.check()


def test_tiers_of_reputation() -> None:
    """'Tier I – Rookie (0–40 XP) … Tier II – Seasoned (41–90).'"""
    from app.domain.fatesedge.costs import tier_of

    assert tier_of(40)["name"] == "Rookie" and tier_of(41)["name"] == "Seasoned"
    assert tier_of(221)["tier"] == "V"


def test_prestige_locked_in_tier_one() -> None:
    """'Tier I – Rookie (0–40 XP): Local reputation; prestige locked.'"""
    g = Game(starting_xp=100)
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="melee")
    g.p("p1", "xp.buy", what="attribute", name="body")
    with pytest.raises(RuleViolation, match="locked"):
        g.p("p1", "xp.buy", what="talent", name="Duelist's Insight")
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="lore")
    g.p("p1", "xp.buy", what="attribute", name="wits")  # 42 XP spent: Tier II
    g.p("p1", "xp.buy", what="talent", name="Duelist's Insight")


def test_talent_requirements() -> None:
    """'Silver Tongue … Presence 2+' and 'Commanding Presence … Presence 3+'."""
    g = Game()
    g.p("p1", "xp.buy", what="talent", name="Silver Tongue")
    with pytest.raises(RuleViolation):
        g.p("p1", "xp.buy", what="talent", name="Commanding Presence")


def test_light_respec() -> None:
    """'Light respec: Once per arc, redistribute up to 6 XP worth of Skills.'"""
    g = Game()
    for _ in range(2):
        g.p("p1", "xp.buy", what="skill", name="melee")
    g.p("p1", "xp.buy", what="attribute", name="body")
    g.p("p1", "xp.respec", skill="melee", steps=2)
    assert g.xp("p1") == 21 and g.pc("p1")["respec_credit"] == 6
    g.p("p1", "xp.buy", what="attribute", name="wits")  # 12 left, 6 of them respec
    with pytest.raises(RuleViolation, match="Skills only"):
        g.p("p1", "xp.buy", what="attribute", name="presence")
    g.p("p1", "xp.buy", what="skill", name="stealth")
    with pytest.raises(RuleViolation):
        g.p("p1", "xp.respec", skill="stealth")
    g.check()


def test_major_pivot_half_refund() -> None:
    """'Major pivot: With narrative justification, reclaim one Talent or Prestige at 50%
    refund.'"""
    g = Game()
    g.p("p1", "xp.buy", what="talent", name="Stone-Sense")
    g.gm("xp.pivot", player="p1", talent="Stone-Sense")
    assert g.xp("p1") == 27


def test_rolled_complication_only_gm_undoes() -> None:
    """'Players may either draw randomly or roll 1d10 on this table' — a rolled
    complication is a roll: only the GM may undo it."""
    g = Game()
    event = g.p("p1", "character.trade")[-1]
    with pytest.raises(Forbidden):
        g.p("p1", "undo", command_id=event.command_id)


def test_undone_purchase_does_not_reuse_ids() -> None:
    """Undo is a new event: ids of followers bought later never collide."""
    g = Game()
    first = g.p("p1", "xp.buy", what="follower", cap=1, name="A", lane="x")[-1]
    g.p("p1", "xp.buy", what="follower", cap=1, name="B", lane="x")
    g.gm("undo", command_id=first.command_id)
    g.p("p1", "xp.buy", what="follower", cap=1, name="C", lane="x")
    names = sorted(f["name"] for f in g.pc("p1")["followers"].values())
    assert names == ["B", "C"] and g.xp("p1") == 28
    g.check()


def test_one_free_kit() -> None:
    """'Characters begin with one free kit.'"""
    g = Game()
    g.p("p1", "character.kit", kit="scouts-rig")
    (kit,) = g.pc("p1")["gear"].values()
    assert kit["name"] == "Scout's Rig" and g.xp("p1") == 30
    with pytest.raises(RuleViolation):
        g.p("p1", "character.kit", kit="healers-bag")
