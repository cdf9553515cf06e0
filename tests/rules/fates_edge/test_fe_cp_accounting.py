"""CP and Boons always add up: every 1 lands in the pool the text sends it to, casting
numbers follow the final dice, and a spend that acts on nothing is refused."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs

from .helpers import Game


def caster(starting_xp: int = 60, players: int = 3, seed: int = 7) -> Game:
    g = Game(players=players, starting_xp=starting_xp, seed=seed)
    g.p("p1", "xp.buy", what="attribute", name="spirit")
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="arcana")
    g.p("p1", "xp.buy", what="skill", name="fire")
    g.gm("session.start")
    g.gm("boon.award", player="p1", complication="the ward cracks")
    g.gm("boon.award", player="p1", complication="the candle gutters")
    return g


# ---- a Boon re-roll of a host-rolled die is rolled by the host ----------------------


def test_boon_reroll_of_host_die_is_rolled_by_the_host() -> None:
    """'Re-roll Opportunity: … spend 1 Boon to re-roll a single die (success or
    failure) after rolling.' The host rolled the pool, so the host rolls the new face;
    typing a face is only for physical dice, and a refused re-roll costs nothing."""
    g = caster()
    g.p("p1", "roll.pool", attribute="wits", skill="arcana")
    before = (g.boons("p1"), g.bank(), g.rules["last_roll"])
    with pytest.raises(InvalidArgs, match="host re-rolls"):
        g.p("p1", "boon.reroll", die=0, face=10)
    assert (g.boons("p1"), g.bank(), g.rules["last_roll"]) == before
    data = g.p("p1", "boon.reroll", die=0)[-1].data
    assert data["dice"][0]["why"][-1] == "boon" and g.boons("p1") == before[0] - 1
    g.check()


# ---- the CP of a re-rolled die stays in the pool it came from -----------------------


def _ritual_with_a_one() -> tuple[Game, int]:
    """A ritual whose caster's channel roll shows a 1 (seeds tried in order)."""
    for seed in range(1, 200):
        g = caster(seed=seed)
        g.p("p1", "ritual.start", effect="collapse the bridge", helpers={"p2": "craft"})
        g.p("p1", "ritual.channel")
        faces = [d["face"] for d in g.rules["last_roll"]["dice"]]
        if 1 in faces:
            return g, faces.index(1)
    raise AssertionError("no seed gave a 1")


def test_boon_reroll_of_a_ritual_die_moves_cp_in_the_ritual_pool() -> None:
    """'Each 1 contributes a Complication Point (CP) to the shared ritual pool.' A 1
    re-rolled with a Boon leaves that pool (not the GM's bank), and a new 1 joins it;
    the ritual's Potential follows the new face."""
    g, index = _ritual_with_a_one()
    pool, bank = g.tokens("ritual", "cp"), g.bank()
    potential = g.rules["ritual"]["potential"]
    data = g.p("p1", "boon.reroll", die=index)[-1].data
    new = data["new"]
    assert g.bank() == bank
    assert g.tokens("ritual", "cp") == pool - 1 + (1 if new == 1 else 0)
    assert g.rules["ritual"]["potential"] == potential + (1 if new >= 6 else 0)
    assert data["potential"] == g.rules["ritual"]["potential"]
    g.check()


def test_boon_reroll_during_a_ritual_weave_updates_the_weave() -> None:
    """The weave's successes follow a Boon re-roll of the caster's weave die."""
    g, _ = _ritual_with_a_one()
    g.p("p1", "ritual.weave", art="fire", assist_dice=2)
    woven = g.rules["ritual"]["weave"]
    die = g.rules["last_roll"]["dice"][0]
    data = g.p("p1", "boon.reroll", die=0)[-1].data
    change = (data["new"] >= 6) - (die["face"] >= 6)
    assert g.rules["ritual"]["weave"] == woven + change == data["weave"]
    g.check()


def test_boon_reroll_during_a_casting_updates_potential_and_cp() -> None:
    """'Channel — … Each success becomes fuel for shaping the spell. Each 1 adds
    Complication Points immediately.' A Boon re-roll of the Channel's 1 takes its CP
    back and the casting's Potential and CP follow the final dice."""
    g = caster()
    g.p("p1", "cast.channel", faces=[7, 9, 1, 2, 3])
    assert g.bank() == 1 and g.rules["casting"]["p1"]["cp"] == 1
    data = g.p("p1", "boon.reroll", die=2, face=8)[-1].data
    assert g.bank() == 0 and data["potential"] == 3
    assert g.rules["casting"]["p1"]["potential"] == 3 and g.rules["casting"]["p1"]["cp"] == 0
    weave = g.p("p1", "cast.weave", art="fire", faces=[1, 1, 6])[-1].data
    assert weave["casting"]["cp"] == 2 and weave["backlash_tier"] == 2
    g.check()


def test_backlash_tier_follows_the_final_weave_dice() -> None:
    """'Backlash … scale with the number of points spent' (17.1: 1 CP Minor, 2–3
    Noticeable): a Boon re-roll that removes a weave 1 lowers the casting's CP and tier."""
    g = caster()
    g.p("p1", "cast.channel", faces=[7, 9, 6, 2, 3])
    g.p("p1", "cast.weave", art="fire", faces=[1, 1, 6])
    assert g.rules["casting"]["p1"]["cp"] == 2
    data = g.p("p1", "boon.reroll", die=0, face=7)[-1].data
    assert data["casting_cp"] == 1 and data["backlash_tier"] == 1
    assert g.rules["casting"]["p1"]["cp"] == 1 and g.rules["casting"]["p1"]["weave"] == 2
    assert g.bank() == 1
    g.check()


# ---- a Neglected follower costs a die at every Cap ----------------------------------


def _neglected(cap: int) -> Game:
    g = Game(starting_xp=80)
    g.p("p1", "xp.buy", what="attribute", name="wits")
    for _ in range(4):
        g.p("p1", "xp.buy", what="skill", name="stealth")  # Stealth 4
    g.p("p1", "xp.buy", what="follower", cap=cap, name="Scout", lane="stealth")
    fid = next(iter(g.pc("p1")["followers"]))
    g.gm("resource.degrade", player="p1", kind="follower", id=fid)
    return g


@pytest.mark.parametrize(("cap", "dice"), [(1, 0), (2, 1), (3, 2), (4, 2), (5, 2)])
def test_neglected_follower_costs_a_die_at_every_cap(cap: int, dice: int) -> None:
    """'Neglected: -1 die when used (assist or leverage).' The +3 assist cap applies
    first, then the −1: a Neglected Cap 4 or 5 follower adds 2 dice, not 3 (else the
    penalty would cost nothing at high Caps)."""
    g = _neglected(cap)
    fid = next(iter(g.pc("p1")["followers"]))
    data = g.p("p1", "roll.pool", attribute="wits", skill="stealth", follower=fid)[-1].data
    assert data["pool"] == 3 + 4 + dice


# ---- a CP spend that names no target is refused -------------------------------------


@pytest.mark.parametrize("option", ["fatigue", "threat", "faction", "compromise", "gear-breaks"])
def test_cp_spend_without_a_target_is_refused(option: str) -> None:
    """'2 CP … traveler gains Fatigue 1'; '2 CP … advance a Threat clock by 1'; '1 CP …
    a tool or item becomes Compromised'. A spend whose option acts on something must
    name it: refused, and no CP leave the bank."""
    g = Game()
    g.give_cp(5)
    with pytest.raises(InvalidArgs):
        g.gm("cp.spend", option=option)
    assert g.bank() == 5


def test_cp_spend_on_an_item_off_the_sheets_names_it_in_the_note() -> None:
    """'Your old rope is Compromised' (D.9): an item on no sheet is named in the note."""
    g = Game()
    g.give_cp(2)
    g.gm("cp.spend", option="compromise", note="the old rope")
    assert g.bank() == 1
