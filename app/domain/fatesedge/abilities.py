"""What talents, kits and gear do at the table (7.1.3, 8.1–8.4, C.2–C.7), as data.

Each ability names when it applies (shown to the player), how often (``per``: every
``roll``, once per ``scene`` / ``session`` / ``arc`` / ``campaign``), and its effect:

- ``dice``: extra dice on the roll it is chosen for (negative: a drawback).
- ``cancel_cp``: erase Complication Points from the roll just made (0 = all of them);
  ``ally`` abilities act on another player's roll; ``backlash`` CP come back on the user.
- ``halve_cp``: erase half the roll's CP, rounded down (Iron Stomach, toxic sources).
- ``cp_to_boon``: one automatic success on the roll, and one of its CP erased for a
  Boon (Echo-Walker).
- ``reroll_failed``: re-roll every die that isn't a success; ``reroll_one_failed``:
  one of them; ``reroll_ones``: one 1 (all 1s at Full Supply for the Elven Cloak).
- ``shield``: give an ally ``amount`` dice for their next defense (grants.py).
- ``rally``: turn one CP of your roll into +1 die on every ally's next action.
- ``supply``: a successful Lore roll empties a Supply segment (supply_gear.py).
- ``heal``: roll Spirit + Craft; a success removes 1 Fatigue from the ally named.
- ``note``: a narrative power whose use is counted and logged.
Abilities whose trigger is purely fictional (indoors, a charging foe) are offered to
the player and the GM judges the fiction, as with any declared action.
"""

from __future__ import annotations

from typing import NamedTuple


class Ability(NamedTuple):
    name: str
    per: str
    effect: str
    amount: int
    when: str
    ally: bool = False
    backlash: int = 0
    needs_failure: bool = False
    needs_intricate: bool = False
    extra_cp: int = 0
    needs_casting: bool = False
    lost_at_supply: int = 0  # the Supply level (filled) at which it stops working


def _a(name: str, per: str, effect: str, amount: int, when: str, **kw: object) -> Ability:
    return Ability(name, per, effect, amount, when, **kw)  # type: ignore[arg-type]


ABILITIES: dict[str, Ability] = {
    a.name.casefold(): a
    for a in (
        # Talents (7.1.3, Table 8.1, 8.4, 8.2)
        _a("Battle Instincts", "scene", "reroll_failed", 0, "a failed defense roll",
           needs_failure=True),
        _a("Silver Tongue", "roll", "dice", 1, "persuading or deceiving through speech"),
        _a("Stone-Sense", "roll", "dice", 1, "Craft/Engineering rolls underground"),
        _a("Iron Stomach", "roll", "halve_cp", 0, "CP from toxins or spoiled food (halved)"),
        _a("Blood Frenzy", "roll", "dice", 1, "melee rolls when reduced to half health"),
        _a("Versatile", "session", "note", 0, "swap one Skill die for another you lack"),
        _a("Guild Ties", "session", "note", 0, "call in favors from your guild or order"),
        _a("Lorekeeper", "session", "note", 0, "recall obscure history without rolling"),
        _a("Spirit Shield", "session", "cancel_cp", 1, "block 1 Complication for an ally",
           ally=True),
        _a("Spirit-Shield", "session", "cancel_cp", 3,
           "erase up to 3 Complications from an ally's roll; take 1 Backlash yourself",
           ally=True, backlash=1),
        _a("Banner-Bearer", "scene", "cancel_cp", 2,
           "once per battle, erase 2 Complications for the group"),
        _a("Echo-Walker", "arc", "cp_to_boon", 1,
           "one automatic success on a roll, and a Complication of it turned into a boon"),
        _a("Backlash Soothing", "session", "cancel_cp", 2,
           "reduce a magical Backlash by 2 points in natural terrain", needs_casting=True),
        _a("Weave Anchor", "roll", "cancel_cp", 1, "−1 Backlash when casting Intricate spells",
           needs_casting=True, needs_intricate=True),
        _a("Shadowbinder", "session", "note", 0, "negate visibility or tracking entirely"),
        _a("Wild Speaker", "session", "note", 0, "command local wildlife as allies"),
        _a("Warglord", "campaign", "note", 0, "unify tribes under one banner"),
        _a("Duelist's Insight", "scene", "reroll_failed", 0,
           "once per duel, with a flourish tied to your rival's weakness"),
        _a("Shadow Broker", "arc", "note", 0, "you already had an agent there"),
        _a("Master of Coin", "session", "note", 0, "erase a Diamonds-suit Complication"),
        _a("Echo-Killer", "scene", "note", 0, "negate an incoming magical effect"),
        _a("Oath-Bound Captain", "roll", "rally", 1,
           "leading a unit: turn 1 Complication of your roll into +1 die on every ally's "
           "next action"),
        _a("Commanding Presence", "roll", "reroll_one_failed", 0,
           "an ally obeying your orders re-rolls one failed die", ally=True),
        # Kits (C.2)
        _a("Scout's Rig", "session", "dice", 1, "a Survival/Stealth roll",
           lost_at_supply=3),
        _a("Scholar's Satchel", "session", "dice", 1, "a Lore/Arcana roll (needs light)"),
        _a("Burglar's Tools", "roll", "dice", 1, "Skulduggery/Stealth vs. mundane locks"),
        _a("Healer's Bag", "session", "heal", 1,
           "Spirit+Craft roll to remove 1 Fatigue from an ally or stabilize the dying",
           ally=True),
        _a("Healer's Pouch", "session", "note", 0, "reduce harm by 1 tier (limited uses)"),
        # Weapons, armor and rare gear (C.3, C.4, C.7)
        _a("Viterran Longspear", "scene", "dice", 1, "against a charging mounted foe"),
        _a("Knight's Heater Shield", "roll", "shield", 2,
           "forgo your attack: an ally gets +2 dice to their next defense", ally=True),
        _a("Duelist's Rapier", "roll", "reroll_one_failed", 0, "an Intricate attack",
           needs_intricate=True),
        _a("Rothari War-Kit", "session", "cancel_cp", 1, "a stealth/ambush roll"),
        _a("Whisper-thin Elven Cloak", "roll", "reroll_ones", 1,
           "Stealth in natural terrain (all 1s at Full Supply)"),
        _a("Oshiiran Abacus", "roll", "supply", 1,
           "trip-planning: a successful Lore roll adds 1 Supply segment"),
        _a("Lence Dueling Gauntlet", "roll", "dice", 2, "Presence when issuing challenges"),
        _a("Silent Bell", "arc", "cancel_cp", 0,
           "erase all CP from a roll; the debt returns later as a larger problem"),
        _a("Dagger", "roll", "dice", 1, "surprise attacks"),
        _a("Great Axe", "roll", "dice", -1, "used indoors"),
        _a("Longbow", "roll", "dice", -1, "cramped spaces"),
        _a("Throwing Knives", "roll", "dice", 1, "close range"),
        _a("Hand Cannon", "roll", "dice", 0, "creates 1 CP on use", extra_cp=1),
        _a("Leather Jerkin", "roll", "dice", 1, "vs. glancing blows"),
        _a("Chain Shirt", "roll", "dice", -1, "stealth"),
        _a("Plate Harness", "roll", "dice", 2, "resisting harm"),
        _a("Shield (Buckler)", "roll", "dice", 1, "parries"),
        _a("Shield (Tower)", "roll", "dice", 2, "vs. ranged"),
        _a("Navigator's Tools", "roll", "dice", 1, "travel/sea checks"),
    )
}  # fmt: skip

# Items with a second effect of their own (a drawback beside the edge), keyed
# '<gear id>:<suffix>' on the sheet.
SECOND: dict[str, tuple[str, Ability]] = {
    "plate harness": ("stealth", Ability("Plate Harness", "roll", "dice", -2, "stealth")),
}

PERIODS = ("scene", "session", "arc", "campaign")


def ability_of(name: str) -> Ability | None:
    """The ability a talent or item of this name has (case-insensitive)."""
    return ABILITIES.get(name.strip().casefold())
