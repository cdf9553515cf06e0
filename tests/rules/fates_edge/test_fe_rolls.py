"""Rolling pools at the table: pool building, CP to the GM, physical dice, Boons."""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, InvalidArgs, RuleViolation
from app.domain.events import UNDO_GM

from .helpers import GM, Game, player


@pytest.fixture
def game() -> Game:
    g = Game()
    g.p("p1", "xp.buy", what="attribute", name="body")  # Body 3
    g.p("p1", "xp.buy", what="skill", name="melee")
    g.p("p1", "xp.buy", what="skill", name="melee")  # Melee 2
    g.p("p2", "xp.buy", what="skill", name="melee")
    g.p("p2", "xp.buy", what="skill", name="melee")
    g.p("p2", "xp.buy", what="skill", name="melee")  # Melee 3
    return g


def roll(g: Game, faces: list[int], **args: object) -> dict[str, object]:
    base = {"attribute": "body", "skill": "melee", "faces": faces}
    return g.p("p1", "roll.enter", **{**base, **args})[-1].data


def test_pool_is_attribute_plus_skill(game: Game) -> None:
    """'Build a dice pool equal to Attribute + Skill and roll that many d10s.'"""
    data = game.p("p1", "roll.pool", attribute="body", skill="melee")[-1].data
    assert data["pool"] == 5 and len(data["dice"]) == 5


def test_ones_become_gm_complication_points(game: Game) -> None:
    """'When players roll, each 1 generates a CP for the GM.'"""
    roll(game, [1, 1, 6, 7, 3])
    assert game.bank() == 2
    game.check()


def test_physical_dice_need_the_right_count(game: Game) -> None:
    """Entering physical dice follows the same rules: one face per die of the pool."""
    with pytest.raises(InvalidArgs):
        roll(game, [6, 6])


def test_physical_ladder_rerolls_are_entered(game: Game) -> None:
    """'Detailed Action: … re-roll one die showing 1' — with physical dice, the player
    enters the re-roll's face too."""
    with pytest.raises(InvalidArgs):
        roll(game, [1, 1, 6, 7, 3], ladder="detailed")
    data = roll(game, [1, 1, 6, 7, 3], ladder="detailed", rerolls=[9])
    assert data["successes"] == 3 and data["cp"] == 1


def test_rolls_only_gm_undoes(game: Game) -> None:
    """Rolls are UNDO_GM: a player can't reroll by undoing."""
    events = game.p("p1", "roll.pool", attribute="body", skill="melee")
    assert events[-1].undo == UNDO_GM
    with pytest.raises(Forbidden):
        game.p("p1", "undo", command_id=events[-1].command_id)
    game.gm("undo", command_id=events[-1].command_id)
    game.check()


def test_helper_capped_by_skill_and_three(game: Game) -> None:
    """'Assists: One helper per action; up to +3 dice; helper's contribution is capped by
    their relevant Skill rating.'"""
    data = roll(game, [6] * 8, helper="p2")
    assert data["pool"] == 3 + 2 + 3


def test_follower_adds_min_cap_and_skill(game: Game) -> None:
    """'The follower adds help dice equal to min(C, your relevant Skill), capped at +3.'"""
    game.p("p1", "xp.buy", what="follower", cap=3, name="Bo", lane="bodyguard")
    fid = next(iter(game.pc("p1")["followers"]))
    data = roll(game, [6] * 7, follower=fid)
    assert data["pool"] == 3 + 2 + 2


def test_one_assistant_per_action(game: Game) -> None:
    """'Only one follower may assist a given action' / 'one assistant total'."""
    game.p("p1", "xp.buy", what="follower", cap=1, name="Bo", lane="bodyguard")
    fid = next(iter(game.pc("p1")["followers"]))
    with pytest.raises(RuleViolation):
        roll(game, [6] * 8, follower=fid, helper="p2")
    with pytest.raises(RuleViolation):
        roll(game, [6] * 8, follower=fid, follower2=fid)


def test_neglected_follower_minus_one(game: Game) -> None:
    """'Neglected: -1 die when used (assist or leverage).'"""
    game.p("p1", "xp.buy", what="follower", cap=3, name="Bo", lane="bodyguard")
    fid = next(iter(game.pc("p1")["followers"]))
    game.gm("resource.degrade", player="p1", kind="follower", id=fid)
    assert roll(game, [6] * 6, follower=fid)["pool"] == 3 + 2 + 1


def test_compromised_gear_minus_one(game: Game) -> None:
    """'A Compromised item gives -1 die on relevant rolls.'"""
    game.p("p1", "xp.buy", what="gear", tier="basic", name="Rope")
    gid = next(iter(game.pc("p1")["gear"]))
    game.gm("gear.damage", player="p1", gear=gid)
    assert roll(game, [6] * 4, gear=gid)["pool"] == 4


def test_neglected_asset_minus_one(game: Game) -> None:
    """'Neglected: The asset functions, but any roll leveraging it suffers -1 die.'"""
    game.p("p1", "xp.buy", what="attribute", name="spirit")
    game.p("p1", "xp.buy", what="asset", tier="minor", type="workshop", name="Forge")
    aid = next(iter(game.pc("p1")["assets"]))
    game.gm("resource.degrade", player="p1", kind="asset", id=aid)
    assert roll(game, [6] * 4, asset=aid)["pool"] == 4


def test_outcome_shown_with_result(game: Game) -> None:
    """The outcome matrix is shown with the result of a roll made against a DV."""
    data = roll(game, [10, 8, 5, 4, 1], dv=2)
    assert data["outcome_name"] == "Success & Cost"
    assert data["difficulty"] == "Pressured"


def test_fatigue_four_is_out_of_the_scene(game: Game) -> None:
    """'4 Fatigue: Collapse/KO/Spiritual break. You fall out of the scene.'"""
    game.gm("fatigue.change", player="p1", levels=4)
    with pytest.raises(RuleViolation):
        game.p("p1", "roll.pool", attribute="body", skill="melee")


def test_fatigue_one_only_next_roll(game: Game) -> None:
    """'1 Fatigue: Minor drain. On your next roll, re-roll one success.'"""
    game.gm("fatigue.change", player="p1", levels=1)
    first = roll(game, [7, 2, 2, 2, 2], rerolls=[3])
    assert first["successes"] == 0 and first["fatigue_rerolls"] == 1
    second = roll(game, [7, 2, 2, 2, 2])
    assert second["successes"] == 1


def test_boon_rerolls_one_die(game: Game) -> None:
    """'A player may spend 1 Boon to re-roll a single die (success or failure) after
    rolling.'"""
    game.gm("boon.award", player="p1", complication="slipped on the stair")
    roll(game, [1, 2, 2, 2, 2])
    assert game.bank() == 1
    data = game.p("p1", "boon.reroll", die=0, face=9)[-1].data
    assert data["successes"] == 1 and data["cp"] == 0
    assert game.bank() == 0 and game.boons("p1") == 0
    game.check()


def test_boon_reroll_must_be_immediate(game: Game) -> None:
    """'This must be declared immediately.' Only on your own, latest roll."""
    game.gm("boon.award", player="p2", complication="lost the map")
    roll(game, [1, 2, 2, 2, 2])
    with pytest.raises(RuleViolation):
        game.p("p2", "boon.reroll", die=0)


def test_devils_bargain_on_a_miss(game: Game) -> None:
    """'Consider offering a Devil's Bargain: succeed at DV-1 if you accept a named
    complication.'"""
    roll(game, [2, 2, 2, 2, 2], dv=2)
    game.gm("roll.bargain", complication="the guard remembers your face")
    assert game.rules["last_roll"]["outcome"] == "bargain"
    roll(game, [7, 7, 2, 2, 2], dv=2)
    with pytest.raises(RuleViolation):
        game.gm("roll.bargain", complication="x")


def test_players_act_for_themselves(game: Game) -> None:
    """A player rolls only their own character."""
    with pytest.raises(Forbidden):
        game.run(player("p2"), "roll.pool", player="p1", attribute="body")
    game.run(GM, "roll.pool", player="p2", attribute="body", skill="melee")


def test_boon_reroll_of_physical_roll_needs_face(game: Game) -> None:
    """With physical dice the re-rolled die is rolled by hand: its face is entered."""
    game.gm("boon.award", player="p1", complication="dropped the torch")
    roll(game, [1, 2, 2, 2, 2])
    with pytest.raises(InvalidArgs):
        game.p("p1", "boon.reroll", die=0)


def test_contest_opposition_pool(game: Game) -> None:
    """'Opposed tests can be run as contests (both sides roll; higher total successes
    wins).' The GM rolls the opposition's pool; it makes no CP."""
    event = game.gm("roll.npc", pool=4, label="Captain")[-1]
    assert len(event.data["faces"]) == 4 and game.bank() == 0
