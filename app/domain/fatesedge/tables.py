"""Small rules tables: starting complications, skills, session awards, backlash."""

from __future__ import annotations

# 5.3 Starting Complications Table (d10).
STARTING_COMPLICATIONS: dict[int, tuple[str, str]] = {
    1: ("Debt Mark", "You owe coin or favor to a guild, syndicate, or noble family."),
    2: ("Broken Heirloom", "One signature item begins play already Compromised."),
    3: ("Enemy at Large", "Someone you wronged (or their heir) is alive and plotting."),
    4: ("Dark Patron", "A spirit, godling, or demon offers help, but always demands a price."),
    5: ("Notoriety", "You are famous (or infamous) for something unsavory."),
    6: ("Haunted", "Nightmares, visions, or a literal ghost trouble your sleep."),
    7: ("Cursed Token", "The GM may spend 1 CP per session to invoke its curse."),
    8: ("Fractured Loyalty", "Two groups with conflicting demands won't tolerate neutrality."),
    9: ("Lost Ally", "A former follower, familiar, or friend is missing."),
    10: ("Blood Feud", "Your kin, clan, or culture is sworn against another."),
}

# 6.2 core skills and the appendix C.8 skills (linked attribute, prerequisite).
CORE_SKILLS = (
    "athletics", "brawl", "melee", "ranged", "stealth", "survival", "craft",
    "lore", "arcana", "insight", "diplomacy", "deception", "command", "performance",
)  # fmt: skip
SKILL_LINKS: dict[str, str] = {
    "melee": "body", "athletics": "body", "brawl": "body", "ranged": "wits",
    "endurance": "spirit", "command": "presence", "stealth": "wits",
    "skulduggery": "wits", "deception": "presence", "subterfuge": "presence",
    "lore": "wits", "craft": "wits", "research": "wits", "arcana": "spirit",
    "diplomacy": "presence", "insight": "wits", "performance": "presence",
    "sway": "presence", "ritual": "spirit", "occult": "spirit", "meditation": "spirit",
    "tactics": "wits", "survival": "wits", "navigation": "wits",
    "animal handling": "spirit", "scouting": "wits", "observation": "wits",
}  # fmt: skip
# "Certain skills require Attribute minimums to unlock" (C.8: Arcana, Ritual need Spirit 3+).
SKILL_PREREQS: dict[str, tuple[str, int]] = {"arcana": ("spirit", 3), "ritual": ("spirit", 3)}

# 4.1 Session Awards and 4.7 End-of-Session Checklist: (id, label, lo, hi).
SESSION_AWARDS: tuple[tuple[str, str, int, int], ...] = (
    ("attendance", "Table Attendance", 2, 2),
    ("objective", "Major Objective Reached", 2, 4),
    ("discovery", "Discovery or Lore Unlocked", 1, 2),
    ("hard_choice", "Hard Choice Embraced", 1, 2),
    ("complications", "Complication Spotlight", 1, 3),
    ("bonds", "Bond/Flag Driven Play", 1, 2),
    ("curveball", "GM Curveball Award", 0, 3),
)
# The usual amount of each award when the GM doesn't name one: the low end, except
# the Curveball (0–3), where an award at all means at least 1.
USUAL_AWARD: dict[str, int] = {key: max(1, low) for key, _, low, _ in SESSION_AWARDS}
CHECKLIST = (
    "Did we reach a Major Objective? (+2–4 XP)",
    "Who embraced Complications? (+1–3 XP)",
    "Did Bonds or Flags drive scenes? (+1–2 XP)",
    "Any discoveries or lore revealed? (+1–2 XP)",
    "Attendance and GM Curveball awarded? (+2 +0–3 XP)",
    "Any XP spending declared? Note downtime or begin Haste clocks.",
)

# 17.1 Backlash Severity Table: (lowest CP total, tier, guidance).
BACKLASH: tuple[tuple[int, int, str], ...] = (
    (1, 1, "Minor nuisance: cosmetic damage, a brief distraction, harmless magical echo."),
    (2, 2, "Noticeable setback: ally inconvenienced, unintended target struck."),
    (4, 3, "Serious complication: spreading effect, structural harm, foe alerted."),
    (6, 4, "Major consequence: battlefield hazard, lasting injury, hostile environment."),
    (8, 5, "Catastrophic backlash: the spell escapes intent; a new long-term threat."),
)
# 14 Ritual Backlash Table.
RITUAL_TIERS = {
    1: "Minor: fainting fits, minor burns, hair turns white, illusions ripple.",
    2: "Moderate: a random assistant suffers Fatigue; elemental effects lash outward.",
    3: "Severe: the ritual area is scarred; a participant is marked; a spirit slips loose.",
    4: "Major: a participant becomes a vessel; the effect echoes; a rival takes notice.",
    5: "Catastrophic: weather shifts for weeks; a planar breach; a godlike being demands.",
}


def backlash_tier(cp: int) -> tuple[int, str]:
    """The severity tier and guidance for a total of Complication Points."""
    found = (0, "No backlash.")
    for lo, tier, text in BACKLASH:
        if cp >= lo:
            found = (tier, text)
    return found


# C.2 Standard Kits: "Characters begin with one free kit."
KITS: dict[str, tuple[str, str]] = {
    "travelers-pack": ("Traveler's Pack", "Baseline supplies; without it, Fatigue comes sooner."),
    "scouts-rig": ("Scout's Rig", "+1 die to a Survival/Stealth roll per session."),
    "scholars-satchel": ("Scholar's Satchel", "+1 die to a Lore/Arcana roll per session."),
    "burglars-tools": ("Burglar's Tools", "+1 die vs. mundane locks or traps."),
    "healers-bag": ("Healer's Bag", "Once per session: remove 1 Fatigue from an ally."),
}
