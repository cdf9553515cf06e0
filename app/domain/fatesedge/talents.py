"""Talents and Prestige Abilities with their XP costs and requirements (8.1, 8.4, C.9).

Where a talent is priced twice, Table 8.1 wins; cultural requirements ("Dwarf only")
are the GM's call and shown as notes, attribute/skill minimums are enforced.
"""

from __future__ import annotations

from typing import NamedTuple


class Talent(NamedTuple):
    cost: int  # 0: the text gives no price, the GM sets it (``cost``)
    needs: tuple[tuple[str, int], ...]
    prestige: bool
    note: str
    tier: int = 2  # the lowest tier of reputation it unlocks in (prestige only)
    followers: int = 0  # On-Screen Followers required
    assets: int = 0  # Off-Screen Assets required


def _t(
    cost: int, *needs: tuple[str, int], prestige: bool = False, note: str = "", tier: int = 2,
    followers: int = 0, assets: int = 0,
) -> Talent:  # fmt: skip
    return Talent(cost, needs, prestige, note, tier, followers, assets)


TALENTS: dict[str, Talent] = {
    # Table 8.1, early and mid-tier.
    "Battle Instincts": _t(4, note="Once per scene, re-roll a failed defense roll."),
    "Silver Tongue": _t(3, ("presence", 2), note="+1 die on Persuasion/Deception rolls."),
    "Stone-Sense": _t(5, note="Dwarf only. +1 die on underground Craft/Engineering rolls."),
    "Iron Stomach": _t(3, ("body", 2), note="Resist mundane poisons; halve toxin CP."),
    "Backlash Soothing": _t(6, ("spirit", 2), note="Wood Elf only. Reduce a Backlash by 2."),
    "Blood Memory": _t(7, ("body", 3), note="Ykrul only. A temporary Skill die after battle."),
    "Commanding Presence": _t(8, ("presence", 3), note="Followers +1 morale."),
    "Familiar Bond": _t(9, ("spirit", 3), note="Gain a Cap 3 familiar (an On-Screen follower)."),
    # Prestige (Table 8.1 and 8.2): locked in Tier I.
    "Echo-Walker": _t(20, ("wits", 5), ("arcana", 4), prestige=True, note="High Elf only."),
    "Warglord": _t(18, ("body", 5), ("leadership", 3), prestige=True, note="Ykrul only."),
    "Spirit-Shield": _t(15, ("spirit", 4), ("resolve", 3), prestige=True, note="Dwarf only."),
    "Shadowbinder": _t(16, ("wits", 4), ("stealth", 3), prestige=True, note="Tulkani/Dark Elf."),
    "Duelist's Insight": _t(12, ("body", 3), ("melee", 3), prestige=True),
    "Hearth-Banner": _t(12, ("presence", 2), ("leadership", 2), prestige=True),
    # 8.2 by tier, no price in the text: the GM sets it. (Spirit-Shield and Echo-Walker
    # are priced in 8.4 and Table 8.1 with no tier: they keep the Tier II gate.)
    "Echo-Killer": _t(
        0,
        ("wits", 4),
        ("arcana", 3),
        prestige=True,
        tier=3,
        note="Affinity (Elven). Once per scene, negate a magical effect.",
    ),
    "Shadow Broker": _t(
        0,
        ("presence", 4),
        ("subterfuge", 3),
        prestige=True,
        tier=4,
        assets=1,
        note="Off-Screen Asset (Network). Once per arc.",
    ),
    "Master of Coin": _t(
        0,
        ("presence", 5),
        ("commerce", 4),
        prestige=True,
        tier=5,
        assets=3,
        note="Once per session, erase a Diamonds Complication.",
    ),
    "Oath-Bound Captain": _t(
        0,
        ("presence", 3),
        ("leadership", 3),
        prestige=True,
        tier=3,
        followers=1,
        note="Convert one Complication per roll into +1 die for all allies' next action.",
    ),
    # Cultural talents (8.4) not already above.
    "Versatile": _t(3, note="Humans. Once per session, swap one Skill die for another."),
    "Guild Ties": _t(7, ("presence", 2), note="Humans. Requires guild membership."),
    "Banner-Bearer": _t(15, ("presence", 4), ("leadership", 3), prestige=True),
    "Spirit Shield": _t(8, ("spirit", 3), note="Dwarves. Block 1 Complication for an ally."),
    "Forge-Patriarch": _t(18, ("body", 4), ("craft", 4), prestige=True),
    "Ranger's Step": _t(9, ("wits", 3), ("stealth", 2), note="Wood Elves."),
    "Wild Speaker": _t(18, ("spirit", 5), ("nature", 4), prestige=True),
    "Lorekeeper": _t(4, note="High Elf only."),
    "Weave Anchor": _t(8, ("wits", 3), ("arcana", 3), note="−1 Backlash on Intricate spells."),
    "Blood Frenzy": _t(4, ("body", 2), note="Ykrul."),
    # Leadership talents (C.9): they change how many followers may assist.
    "Coordinated Assault": _t(8, ("presence", 3), ("command", 2)),
    "Master Coordinator": _t(15, ("presence", 4), ("command", 3), prestige=True),
}

COORDINATED = "Coordinated Assault"
MASTER_COORDINATOR = "Master Coordinator"
FAMILIAR = "Familiar Bond"
