"""The close manoeuvre (spacelands-combat.txt, "Defensive Bonus"): "Instead of doing
damage, an attacker can designate a Close maneuver. The TN is a standard attack roll,
modified as above. The attacker must be wielding a weapon that is shorter than the
defender, or be unarmed. If successful ... The Defensive Bonus of the longer weapon now
becomes a penalty, and they may no longer add their strength to any damage dealt. To
regain their previous position, the wielder of the longer weapon must generate some
distance. This is done exactly as the Close maneuver, with the Defensive Bonus penalty
still applying."

Who is inside whose reach lives on the closer's place in the fight:
``fighters.<closer>.closed = {<longer wielder>: <its Defensive Bonus>}``. It is public
(everyone at the table sees who has stepped in on whom) and ends with the fight.

The worked example fixes the numbers: the constable's truncheon (DB 1) against Ronan's
brawling 3 and the constable's fighting 2: closing is TN 8 (5+2+1); once inside, Ronan
attacks at 7 (the DB is gone) and the constable at 9 (5+3, plus the DB as a penalty,
counted on the TN as the example does), with no Strength in his damage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..changes import Change
from ..errors import InvalidArgs, RuleViolation
from ..fatechips.state import ChipsTable
from .state import fighter, fput, name_of

if TYPE_CHECKING:
    from .attack_args import AttackArgs

ATTACK = "attack"
CLOSE = "close"
WITHDRAW = "withdraw"
MANEUVERS = (ATTACK, CLOSE, WITHDRAW)


def reach(state: ChipsTable, closer: str, longer: str) -> int | None:
    """The Defensive Bonus of ``longer``'s weapon if ``closer`` is inside its reach."""
    record = fighter(state, closer)
    found = (record.get("closed") if record else None) or {}
    value = found.get(longer)
    return None if value is None else int(value)


def melee_bonus(state: ChipsTable, attacker: str, target: str, given: int) -> tuple[int, str]:
    """The Defensive Bonus an attack on ``target`` counts, and why: the given one; none
    when the attacker is inside the target's reach; the longer weapon's DB as a penalty
    when the target is inside the attacker's reach."""
    if reach(state, attacker, target) is not None:
        return 0, "inside the reach: no Defensive Bonus"
    crowded = reach(state, target, attacker)
    if crowded is not None:
        return crowded, f"Defensive Bonus {crowded} as a penalty (closed)"
    return given, f"Defensive Bonus {given}" if given else ""


def strength_allowed(state: ChipsTable, attacker: str, target: str) -> bool:
    """ "they may no longer add their strength to any damage dealt": the wielder of the
    longer weapon, against whoever is inside its reach."""
    return reach(state, target, attacker) is None


def check(state: ChipsTable, cid: str, target: str, args: AttackArgs, maneuver: str) -> None:
    """Refuse a close or withdraw the text doesn't allow (before anything is played)."""
    who, them = name_of(state, cid), name_of(state, target)
    if args.mode != "melee":
        raise InvalidArgs("The close manoeuvre is a melee action: use mode 'melee'.")
    if args.called is not None or args.rate_of_fire > 1:
        raise InvalidArgs("A close manoeuvre does no damage: no called shot, one attack.")
    if fighter(state, cid) is None or fighter(state, target) is None:
        raise RuleViolation("Closing and withdrawing happen in a fight: both must be in it.")
    if maneuver == WITHDRAW:
        if reach(state, target, cid) is None:
            raise RuleViolation(
                f"{them} isn't inside {who}'s reach: only the wielder of the longer weapon "
                "generates distance from someone who closed in."
            )
        return
    if reach(state, cid, target) is not None:
        raise RuleViolation(f"{who} is already inside {them}'s reach.")
    if reach(state, target, cid) is not None:
        raise RuleViolation(
            f"{them} is inside {who}'s reach: the wielder of the longer weapon withdraws "
            "(generates distance) instead."
        )
    longer = args.defensive_bonus or 0
    if longer == 0:
        raise RuleViolation(
            "The close manoeuvre gets inside a longer weapon: give the Defensive Bonus of "
            f"{them}'s weapon (it has none to get past)."
        )
    own = args.weapon_bonus
    if not args.unarmed and own >= longer:
        raise RuleViolation(
            "The attacker must be wielding a weapon that is shorter than the defender, or "
            "be unarmed."
        )


def outcome(
    state: ChipsTable, cid: str, target: str, args: AttackArgs, maneuver: str, success: bool
) -> tuple[str, list[Change]]:
    """The log's words and the changes of a close or withdraw that hit or missed."""
    who, them = name_of(state, cid), name_of(state, target)
    if maneuver == CLOSE:
        if not success:
            return f" — {who} fails to get inside {them}'s reach", []
        bonus = args.defensive_bonus or 0
        mine = fighter(state, cid)
        closed = dict((mine.get("closed") if mine else None) or {})
        closed[target] = bonus
        text = (
            f" — {who} is inside {them}'s reach: {them}'s Defensive Bonus {bonus} is now a "
            "penalty and no Strength in their damage"
        )
        return text, [fput(state, cid, "closed", closed)]
    if not success:
        return f" — {who} can't get clear of {them}", []
    theirs = fighter(state, target)
    closed = dict((theirs.get("closed") if theirs else None) or {})
    closed.pop(cid, None)
    return f" — {who} generates distance: {them} is out of reach again", [
        fput(state, target, "closed", closed or None)
    ]
