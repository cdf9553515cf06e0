"""Hits, Wounds and Soak.

``damage.take`` records a hit: the character is Shaken and takes its Wounds at once,
and the hit stays open (``rules.hits.<id>``) so a white cap can Soak it: "make a Vigor
check, reduce damage by one Wound per success and raise. If you negate all the Wounds,
you're also not Shaken, even if you were before you got hit." The sheet's health as it
was before the hit is kept with it, so soaking recomputes the Wounds from that.
"""

from __future__ import annotations

from ..changes import Add, Change, Put, get_path
from ..context import Context
from ..events import Draft
from ..jsonvalue import clone
from .arguments import DamageArgs
from .characters import HITS, SHEETS, CapsTable, Character, resolve
from .events.health import DAMAGE_TAKEN
from .sheet import HEALTH_FIELDS, MAX_WOUNDS
from .view_types import Health, Hit, Roll, Sheet
from .visibility import emit_for

HIT_SEQ = ("rules", "hit_seq")
MAX_HIT_WOUNDS = 10


def health_after(before: Health, wounds: int, soaked: int) -> Health:
    """Shaken / Wounds / Incapacitated after a hit of ``wounds`` with ``soaked`` negated.

    Wounds past the third leave the character Incapacitated (the count stays at 3).
    """
    net = wounds - soaked
    if wounds and not net:
        return {**before, "shaken": False}
    total = int(before["wounds"]) + net
    return {
        "shaken": True,
        "wounds": min(MAX_WOUNDS, total),
        "incapacitated": bool(before["incapacitated"]) or total > MAX_WOUNDS,
    }


def health_changes(who: Character, sheet: Sheet, new: Health) -> list[Change]:
    """Puts for the health fields of ``sheet`` that ``new`` changes."""
    return [Put(who.path(SHEETS, f), sheet[f], new[f]) for f in HEALTH_FIELDS if sheet[f] != new[f]]


def take_damage(ctx: Context, args: DamageArgs) -> None:
    """A hit lands: Shaken, plus ``wounds`` Wounds (0 = Shaken only)."""
    who = resolve(ctx, args)
    wounds = args.wounds
    sheet = who.sheet(ctx.state)
    before: Health = {
        "shaken": sheet["shaken"],
        "wounds": sheet["wounds"],
        "incapacitated": sheet["incapacitated"],
    }
    number = int(get_path(ctx.state, HIT_SEQ, 0)) + 1
    hit: Hit = {"no": number, "wounds": wounds, "soaked": 0, "soak_rolled": False, "before": before}
    after = health_after(before, wounds, 0)
    old_hit = who.hit(ctx.state)
    changes: list[Change] = [Add(HIT_SEQ, 1), Put(who.path(HITS), clone(old_hit), hit)]
    changes += health_changes(who, sheet, after)
    what = f"takes {_wounds(wounds)}" if wounds else "is Shaken"
    status = (
        " and is Incapacitated" if after["incapacitated"] and not before["incapacitated"] else ""
    )
    emit_for(
        ctx,
        who,
        Draft(
            DAMAGE_TAKEN,
            f"{who.name} {what}{status}.",
            data={"character": who.id, "wounds": wounds, "health": after},
            changes=tuple(changes),
        ),
    )


def soak_changes(state: CapsTable, who: Character, roll: Roll) -> tuple[list[Change], str]:
    """Apply a soak roll's successes to the hit it soaks: changes and a log phrase.

    Called after the soak roll and after each reroll or Extra Effort on it; the soak
    only ever improves (rerolls keep the better result).
    """
    hit = who.hit(state)
    if roll["kind"] != "soak" or hit is None or hit["no"] != roll["hit"]:
        return [], ""
    soaked = max(int(hit["soaked"]), min(int(hit["wounds"]), int(roll["successes"])))
    changes: list[Change] = []
    if not hit["soak_rolled"]:
        changes.append(Put(who.path(HITS, "soak_rolled"), False, True))
    if soaked == hit["soaked"]:
        return changes, f"soaks {_wounds(soaked)}" if soaked else "soaks nothing"
    changes.append(Put(who.path(HITS, "soaked"), hit["soaked"], soaked))
    sheet = who.sheet(state)
    target = health_after(hit["before"], int(hit["wounds"]), soaked)
    if soaked < hit["wounds"]:
        # Still wounded: a Shaken the player has since recovered from stays recovered.
        target["shaken"] = sheet["shaken"]
    changes += health_changes(who, sheet, target)
    left = int(hit["wounds"]) - soaked
    rest = f", {_wounds(left)} left" if left else ": all Wounds negated, not Shaken"
    return changes, f"soaks {_wounds(soaked)}{rest}"


def _wounds(n: int) -> str:
    return "a Wound" if n == 1 else f"{n} Wounds"
