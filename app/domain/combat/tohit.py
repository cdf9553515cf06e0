"""What an attack needs to hit: the TN and the modifiers to the roll, as the chapter
computes them (spacelands-combat.txt, "Shooting", "Special Maneuvers", "Aiming", "Two
Weapons", "Throwing Things", "Melee Weapons", "Defensive Bonus", "Cover", "Darkness").

Pure arithmetic: no state, no dice. Each modifier is a ``(reason, value)`` pair so the
log and the phone can show where the number came from.
"""

from __future__ import annotations

FAIR = 5
THROW_INCREMENT = 5  # "The Range Increment for all thrown weapons is +1/5"
AE_DICE = 4  # "Anyone firing an AE weapon adds 4d6 bonus dice"
AE_STEP = 10  # "Subtract one bonus die every 10 meters after the first"
DARK_FROM = 10  # "partial lighting apply to targets greater than 10 meters away"
AIM_TIMES = 2  # "A weapon may receive the Aim bonus twice"
MAX_SIZE_MOD = 6

# "Size Penalty: Guts -2; Legs, arms -4; Heads, hands, feet -6; Eyeball, heart -10",
# and the body part each called target is on (its wounds go there).
CALLED = {
    "guts": (-2, "lower_torso"),
    "gizzards": (-2, "gizzards"),
    "left_leg": (-4, "left_leg"),
    "right_leg": (-4, "right_leg"),
    "left_arm": (-4, "left_arm"),
    "right_arm": (-4, "right_arm"),
    "head": (-6, "head"),
    "left_hand": (-6, "left_arm"),
    "right_hand": (-6, "right_arm"),
    "left_foot": (-6, "left_leg"),
    "right_foot": (-6, "right_leg"),
    "eyeball": (-10, "head"),
    "heart": (-10, "gizzards"),
}

Modifier = tuple[str, int]


def range_tn(distance: int, increment: int) -> int:
    """ "Fair (5) plus the range modifier ... the number of meters between the shooter
    and the target ... divide it by the weapon's Range Increment, rounding down\""""
    return FAIR + distance // increment


def ae_dice(distance: int) -> int:
    """AE bonus dice: 4 at 1–10 m, 3 at 11–20 m... none beyond 40 m."""
    return max(0, AE_DICE - max(0, distance - 1) // AE_STEP)


AIM_SAYS = "'aim' is the weapon's Aim value x/y, e.g. \"3/2\"."


def parse_aim(raw: str) -> tuple[int, int]:
    """A weapon's Aim value ``x/y`` as (x, y); ValueError with the rule's words."""
    parts = raw.split("/")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(AIM_SAYS)
    return int(parts[0]), int(parts[1])


def aim_modifier(aim_value: int, unaimed_penalty: int, steps: int) -> Modifier:
    """An aim of ``steps`` actions with a weapon aimed ``x/y``: below ``x`` the shot is
    unaimed (−y); each step after the first ``x`` adds ``x``, at most twice."""
    if steps < aim_value:
        return ("unaimed", -unaimed_penalty)
    extra = min(AIM_TIMES, steps - aim_value)
    return ("aimed", aim_value * extra)


def size_modifier(size: int) -> Modifier:
    """ "half the size of a man, subtract ... 1 ... to a maximum of -6 ... twice as big
    ... +1 ... up to a maximum of +6" (given as the step, −6..+6)."""
    return ("target size", max(-MAX_SIZE_MOD, min(MAX_SIZE_MOD, size)))


def shooting_modifiers(
    *,
    running: bool,
    mounted: bool,
    target_moving: bool,
    size: int,
    concealed: bool,
    darkness: int,
    distance: int,
) -> list[Modifier]:
    """The Shooting table's situations (the wound penalty is added by the roll)."""
    out: list[Modifier] = []
    if running:
        out.append(("firer is running", -4))
    if mounted:
        out.append(("firer is mounted", -2))
    if target_moving:
        out.append(("target is moving (relative Pace over 20)", -4))
    if size:
        out.append(size_modifier(size))
    if concealed:
        out.append(("target completely concealed", -4))
    if darkness and distance > DARK_FROM:
        out.append(("darkness", -darkness))
    return out


def hands_modifiers(*, two_weapons: bool, off_hand: bool, one_handed_rifle: bool) -> list[Modifier]:
    """ "A Hero using weapons in each hand suffers -2 to each attack. Any action taken
    with an off hand is made at an additional -4" / "Subtract 2 from any one-handed
    rifle attack.\""""
    out: list[Modifier] = []
    if two_weapons:
        out.append(("two weapons", -2))
    if off_hand:
        out.append(("off hand", -4))
    if one_handed_rifle:
        out.append(("one-handed rifle", -2))
    return out


def melee_tn(defender_fighting: int, defensive_bonus: int, size_difference: int) -> int:
    """ "The Target Number of the attack is Fair (5) plus the opponent's fighting
    Aptitude" + the Defensive Bonus, which a bigger defender raises by the difference."""
    return FAIR + defender_fighting + defensive_bonus + max(0, size_difference)
