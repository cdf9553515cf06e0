"""Wind: losing it to wounds and bleeding, and getting it back.

Every wound level costs 1d6 Wind (open-ended); a hit that causes no wound still costs
at least 1d6. At 0 Wind or lower a character is Winded (no cards). Serious wounds bleed
1 Wind per round, critical 2, maimed 3; at minus the starting Wind a bleeding character
has bled to death (derived from the numbers, so a chip that recovers Wind undoes it).
"""

from __future__ import annotations

from ..changes import Put
from ..context import Context
from ..events import GM_ONLY, UNDO_GM, Draft
from ..fatechips import dice
from ..fatechips.state import ChipsTable
from . import body
from .events.wind import COMBAT_BLED
from .state import combatants, is_seat, name_of

WIND_DIE = 6


def loss(state: ChipsTable, cid: str, amount: int) -> Put:
    current, _ = body.wind(state, cid)
    return Put(body.wind_path(state, cid), current, current - amount)


def roll(ctx: Context, count: int, faces: object = None) -> list[list[int]]:
    """``count`` open-ended d6 of Wind, from the host or entered by hand."""
    if count <= 0:
        return []
    if faces is None:
        return [dice.roll_die(ctx.rng, WIND_DIE) for _ in range(count)]
    return dice.parse_faces(faces, WIND_DIE, count)


def visible(state: ChipsTable, cid: str) -> str:
    """NPC numbers are the GM's; a seat's are on the table."""
    return "all" if is_seat(state, cid) else GM_ONLY


def bleed_all(ctx: Context) -> None:
    """End of round: everyone bleeding loses their Wind for the round."""
    for cid in combatants(ctx.state):
        rate = body.bleeding(ctx.state, cid)
        if not rate:
            continue
        current, top = body.wind(ctx.state, cid)
        new = current - rate
        note = ""
        if new <= -top:
            note = " and has bled to death (unless a chip recovers Wind)"
        elif new <= 0:
            note = " and is Winded"
        ctx.emit(
            Draft(
                COMBAT_BLED,
                f"{name_of(ctx.state, cid)} bleeds {rate} Wind ({new}/{top}){note}.",
                data={"who": cid, "amount": rate, "wind": new, "bled_out": new <= -top},
                changes=(loss(ctx.state, cid, rate),),
                visible_to=visible(ctx.state, cid),
                undo=UNDO_GM,
            )
        )
