"""Gear that changes how Fatigue lands (C.2, C.3): the Traveler's Pack and the
Aeler-forged Hauberk.

- Traveler's Pack: 'Baseline supplies. Without it, a PC suffers Fatigue one step
  sooner than the party.' The party's Supply Fatigue comes at Dangerously Low (3
  filled, 15.2); a PC without a pack suffers it one Supply step sooner, at Low Supply
  (2 filled), and not again at 3 (it is the same Fatigue, earlier). Setting
  ``travelers_pack``: ``tracked`` (as written) or ``handwaved`` (C.2: 'mundane versions
  are assumed to be coin-purchased or handwaved': everyone has baseline supplies).
- Aeler-forged Hauberk: 'When gaining Fatigue, roll a die; on 6+, avoid it.' The host
  rolls one d10 each time its wearer would gain Fatigue; 6+ avoids that gain. It is the
  wearer's roll, so their Fatigue forces a re-roll of its success (D.3).
- Unkwa Ward-Post (C.5): 'Wards camp from natural Supply loss.' A Supply tick the GM
  marks ``natural`` is refused while a character carries an unbroken Ward-Post ('Failed
  Spirit roll attracts hungry things' is the GM's).
Broken gear does nothing (a Compromised pack still holds supplies).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..changes import Change
from ..context import Context
from .economy import fatigue_changes
from .fatigue_rolls import faces_text, fatigued_dice
from .sheet_types import Character
from .state import sheet

PACK = "Traveler's Pack"
HAUBERK = "Aeler-forged Hauberk"
WARD_POST = "Unkwa Ward-Post"
PARTY_STEP = 3  # Dangerously Low: 'Each character gains Fatigue.'
AVOID = 6


def has_item(pc: Character, name: str) -> bool:
    """Whether the character carries an unbroken item of this name."""
    want = name.casefold()
    return any(
        str(g.get("name", "")).casefold() == want and g.get("condition") != "broken"
        for g in pc.get("gear", {}).values()
    )


def ward_post(ctx: Context) -> str:
    """The name of a character whose Ward-Post guards the camp, or ''."""
    for pid in ctx.seats():
        pc = sheet(ctx, pid)
        if has_item(pc, WARD_POST):
            return str(pc["name"])
    return ""


def supply_step(ctx: Context, pid: str) -> int:
    """The Supply level at which this character suffers the Supply clock's Fatigue."""
    if ctx.settings.get("travelers_pack", "tracked") == "handwaved":
        return PARTY_STEP
    return PARTY_STEP if has_item(sheet(ctx, pid), PACK) else PARTY_STEP - 1


def change_fatigue(
    ctx: Context, pids: Iterable[str], n: int
) -> tuple[list[Change], str, dict[str, int]]:
    """Fatigue ``n`` levels for each character: the changes, a log note for the Hauberk
    rolls (starting with a space, or empty) and the faces it rolled by player."""
    changes: list[Change] = []
    notes: list[str] = []
    faces: dict[str, int] = {}
    for pid in pids:
        pc = sheet(ctx, pid)
        old = int(pc.get("fatigue", 0))
        if n > 0 and old < 4 and has_item(pc, HAUBERK):
            # The wearer's roll: their Fatigue forces a re-roll of its success too.
            (die,), paid = fatigued_dice(ctx, pid, 1)
            faces[pid] = face = die.face
            shown = faces_text([die])
            if face >= AVOID:
                notes.append(f"{pc['name']}'s {HAUBERK} rolls {shown}: Fatigue avoided")
                changes += paid
                continue
            # (a gain arms the 'next roll' re-roll again: nothing to pay)
            notes.append(f"{pc['name']}'s {HAUBERK} rolls {shown}: no help")
        changes += fatigue_changes(ctx, pid, old + n)
    return changes, "".join(f" {note}." for note in notes), faces


def supply_fatigue(ctx: Context, old: int, new: int) -> tuple[list[Change], str, dict[str, int]]:
    """The Supply clock moved from ``old`` to ``new``: who suffers its Fatigue now (the
    party at Dangerously Low, a PC without a Traveler's Pack one step sooner). The log
    text starts with '. ' and has no final stop."""
    hit = [pid for pid in ctx.seats() if old < supply_step(ctx, pid) <= new]
    if not hit:
        return [], "", {}
    changes, note, faces = change_fatigue(ctx, hit, 1)
    early = [str(sheet(ctx, pid)["name"]) for pid in hit if supply_step(ctx, pid) < PARTY_STEP]
    if len(hit) == len(ctx.seats()) and not early:
        text = ". Each character gains Fatigue"
    else:
        names = ", ".join(str(sheet(ctx, pid)["name"]) for pid in hit)
        text = f". {names} gain{'s' if len(hit) == 1 else ''} Fatigue"
        if early:
            text += f" ({', '.join(early)}: no Traveler's Pack, one step sooner)"
    return changes, text + ("." + note.rstrip(".") if note else ""), faces
