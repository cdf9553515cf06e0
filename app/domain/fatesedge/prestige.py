"""Prestige Skills (C.9): specialised arts with Attribute and Skill minimums, bought
with XP once enough XP has been spent, never at character creation.

'Mid-Tier Prestige Skills (unlockable at XP 40–60)' cost 6 XP; 'High-Tier (unlockable
at XP 60+)' cost 10 XP. The thresholds are read as XP spent on the character (the same
count as the tiers of reputation): 40 for mid-tier, 60 for high-tier. 'All are
intentionally once per session/arc': mid-tier powers are once per session, high-tier
ones once per arc (their effects are the GM's to narrate; their uses are counted).
"""

from __future__ import annotations

from typing import NamedTuple

from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from .abilities import Ability
from .sheet_types import Character
from .state import xp_spent


class PrestigeSkill(NamedTuple):
    cost: int
    unlock: int
    needs: tuple[tuple[str, int], ...]
    role: str


MID, HIGH = (6, 40), (10, 60)


def _m(role: str, *needs: tuple[str, int]) -> PrestigeSkill:
    return PrestigeSkill(*MID, needs, role)


def _h(role: str, *needs: tuple[str, int]) -> PrestigeSkill:
    return PrestigeSkill(*HIGH, needs, role)


PRESTIGE_SKILLS: dict[str, PrestigeSkill] = {
    "Stone-Sense": _m("Dwarves attune to stone; detect voids.", ("spirit", 3), ("lore", 2)),
    "Backlash Soothing": _m("Wood Elves dissipate magical backlash.", ("spirit", 3),
                            ("occult", 2)),
    "Battle Chant": _m("Ubral and Viterran war-singers.", ("presence", 3), ("performance", 2)),
    "Guild Ledgercraft": _m("Oshiiran merchants; manage trade networks.", ("wits", 3),
                            ("craft", 2), ("research", 2)),
    "Trial Duelist": _m("Vhasian aristocrats; declare formal duels.", ("body", 3), ("melee", 3)),
    "Blood-Ties Oath": _m("Fhara tribes; forge binding oaths.", ("spirit", 3), ("diplomacy", 2)),
    "Storm-Caller": _m("Seafolk navigators; manipulate weather.", ("wits", 3), ("survival", 2)),
    "Rune-Keeper": _m("Ashaani scribes; inscribe wards.", ("wits", 3), ("craft", 2),
                      ("occult", 2)),
    "Beast-Tongue": _m("Ykrul shamans; communicate with beasts.", ("spirit", 3),
                       ("survival", 2)),
    "Echo-Courtier": _m("Thepyrgos elves; manipulate memory.", ("presence", 3),
                        ("subterfuge", 2)),
    "Echo-Walker": _h("High Elves; step into echoes.", ("spirit", 4), ("ritual", 3), ("lore", 3)),
    "Warglord": _h("Ykrul war chiefs; command.", ("body", 4), ("command", 3), ("tactics", 3)),
    "Sandseer": _h("Fhara prophets.", ("spirit", 4), ("survival", 3), ("insight", 3)),
    "Star-Reader": _h("Sihai or Ashaani astrologers.", ("wits", 4), ("navigation", 3),
                      ("lore", 3)),
    "Everflame Keeper": _h("Ecktoria's priests.", ("spirit", 4), ("diplomacy", 3),
                           ("occult", 3)),
    "Resonant Architect": _h("Dwarves; awaken stonework.", ("spirit", 4), ("craft", 3),
                             ("lore", 3)),
    "Whisper-Lord": _h("Sekogo or Oshiiran spymasters.", ("presence", 4), ("subterfuge", 3),
                       ("insight", 3)),
    "River-Sovereign": _h("Dhaharan mystics.", ("spirit", 4), ("diplomacy", 3),
                          ("survival", 3)),
    "Mask-Bearer": _h("Nihon or Ayohkhan traditions.", ("presence", 4), ("performance", 3),
                      ("subterfuge", 3)),
    "Shadow-Binder": _h("Cultist paths; bind shadow.", ("wits", 4), ("occult", 3),
                        ("subterfuge", 3)),
}  # fmt: skip


def prestige_ability(name: str) -> Ability | None:
    """The counted once-per-session (mid) or once-per-arc (high) use of a skill."""
    skill = PRESTIGE_SKILLS.get(name)
    if skill is None:
        return None
    per = "session" if skill.cost == MID[0] else "arc"
    return Ability(name, per, "note", 0, skill.role)


def check_prestige(ctx: Context, pid: str, pc: Character, name: str) -> PrestigeSkill:
    """Refuse a Prestige Skill the character can't take yet, in words they understand."""
    skill = PRESTIGE_SKILLS.get(name)
    if skill is None:
        raise InvalidArgs(f"'{name}' is not a Prestige Skill.")
    if pc.get("status") != "ready":
        raise RuleViolation("Prestige Skills cannot be purchased at character creation.")
    if name in pc.get("prestige", {}):
        raise RuleViolation(f"{pc['name']} already has {name}.")
    spent = xp_spent(ctx.state, pid)
    if spent < skill.unlock:
        raise RuleViolation(
            f"{name} unlocks at {skill.unlock} XP spent; {pc['name']} has spent {spent}."
        )
    for key, need in skill.needs:
        have = pc["attributes"].get(key, pc["skills"].get(key, 0))
        if int(have) < need:
            raise RuleViolation(f"{name} requires {key.title()} {need}.")
    return skill
