"""The three currencies as token moves: XP, Boons (with the cap) and the GM's CP bank."""

from __future__ import annotations

from ..changes import SUPPLY, Add, Change, Move, token_count
from ..context import Context
from ..errors import RuleViolation
from ..tokens import GM_HAND, hand
from .sheet_types import Character
from .state import BOON, CP, XP, boons, cp_bank, name_of, overflow, pc_path, put, sheet, spent, xp


def award_xp(ctx: Context, pid: str, n: int) -> tuple[list[Change], str]:
    """Give ``n`` XP; an Obligation Deficit is paid off first ("with your first earned XP")."""
    deficit = int(sheet(ctx, pid).get("deficit", 0))
    pay = min(deficit, n)
    changes: list[Change] = []
    note = ""
    if pay:
        changes.append(Add(pc_path(pid, "deficit"), -pay))
        note = f" ({pay} paid off the Obligation Deficit)"
    if n - pay:
        changes.append(Move(XP, SUPPLY, hand(pid), n - pay))
    return changes, note


def spend_xp(ctx: Context, pid: str, n: int, *, on_skills: bool = False) -> list[Change]:
    """Pay ``n`` XP from the unspent pool into the spent ledger (tiers count it).

    Respec credit (XP freed by a light respec) may only be spent on Skills.
    """
    pc = sheet(ctx, pid)
    if pc.get("status") == "ready" and int(pc.get("deficit", 0)) > 0:
        raise RuleViolation(
            "Your Obligation Deficit must be paid off with your first earned XP "
            "before further advancement."
        )
    have = xp(ctx.state, pid)
    credit = int(pc.get("respec_credit", 0))
    usable = have if on_skills else have - credit
    if n > usable:
        extra = "" if on_skills or not credit else f" ({credit} XP of respec is for Skills only)"
        raise RuleViolation(f"That costs {n} XP; {name_of(ctx, pid)} has {usable} to spend{extra}.")
    changes: list[Change] = [Move(XP, hand(pid), spent(pid), n)] if n else []
    if on_skills and credit:
        changes.append(put(ctx, pc_path(pid, "respec_credit"), credit - min(credit, n)))
    return changes


def refund_xp(ctx: Context, pid: str, n: int) -> list[Change]:
    """Give back spent XP (respec): from the spent ledger to the unspent pool."""
    return [Move(XP, spent(pid), hand(pid), n)] if n else []


def gain_boons(ctx: Context, pid: str, n: int) -> tuple[list[Change], str]:
    """Give ``n`` Boons, honouring the cap; overflow converts 2 Boons → 1 XP.

    At most ``boon_overflow_xp`` XP per session come from overflow; Boons beyond that
    are lost. An odd overflow Boon waits for its pair until the session ends.
    """
    cap = int(ctx.settings.get("boon_cap", 5))
    limit = int(ctx.settings.get("boon_overflow_xp", 2))
    have = boons(ctx.state, pid)
    to_hand = max(0, min(n, cap - have))
    extra = n - to_hand
    pending = token_count(ctx.state, overflow(pid), BOON)
    converted = int(sheet(ctx, pid).get("overflow_xp", 0))
    lost = made = 0
    for _ in range(extra):
        if converted + made >= limit:
            lost += 1
            continue
        pending += 1
        if pending == 2:
            pending = 0
            made += 1
    changes: list[Change] = []
    if to_hand:
        changes.append(Move(BOON, SUPPLY, hand(pid), to_hand))
    delta = pending - token_count(ctx.state, overflow(pid), BOON)
    if delta > 0:
        changes.append(Move(BOON, SUPPLY, overflow(pid), delta))
    elif delta < 0:
        changes.append(Move(BOON, overflow(pid), SUPPLY, -delta))
    notes = []
    if made:
        xp_changes, deficit_note = award_xp(ctx, pid, made)
        changes += xp_changes
        changes.append(Add(pc_path(pid, "overflow_xp"), made))
        notes.append(f"{2 * made} over the cap became {made} XP{deficit_note}")
    if pending and extra:
        notes.append("1 over the cap waits for a pair")
    if lost:
        notes.append(f"{lost} lost (overflow already gave {limit} XP this session)")
    return changes, f" ({'; '.join(notes)})" if notes else ""


def spend_boons(ctx: Context, pid: str, n: int = 1) -> list[Change]:
    if boons(ctx.state, pid) < n:
        raise RuleViolation(f"{name_of(ctx, pid)} has no Boon to spend.")
    return [Move(BOON, hand(pid), SUPPLY, n)]


def pay_cp(ctx: Context, n: int) -> list[Change]:
    """The GM spends ``n`` banked Complication Points."""
    if n <= 0:
        return []
    bank = cp_bank(ctx.state)
    if n > bank:
        raise RuleViolation(f"The GM has {bank} Complication Points banked, not {n}.")
    return [Move(CP, GM_HAND, SUPPLY, n)]


def fatigue_changes(ctx: Context, pid: str, new: int) -> list[Change]:
    """Set a character's Fatigue (0–4); gaining Fatigue arms the 'next roll' re-roll."""
    pc: Character = sheet(ctx, pid)
    old = int(pc.get("fatigue", 0))
    new = max(0, min(4, new))
    if new == old:
        return []
    changes: list[Change] = [put(ctx, pc_path(pid, "fatigue"), new)]
    fresh = new > old
    if bool(pc.get("fatigue_fresh", False)) != fresh:
        changes.append(put(ctx, pc_path(pid, "fatigue_fresh"), fresh))
    return changes
