"""The chip economy around sessions: the pot, session draws, recorded hands, cashing in.

At session end each hand is recorded (``rules.recorded.<pid>``) and returned to the
pot; at the next start every player first pulls their recorded chips back out of the
pot, then everyone draws, then the GM. Between sessions the recorded chips can be
cashed in for Bounty Points.
"""

from __future__ import annotations

from typing import Annotated

from ..arguments import Args, SeatId, described, optional
from ..changes import Move, Put, get_path, token_count
from ..command_types import CommandType
from ..context import Context
from ..errors import RuleViolation
from ..events import Draft
from ..tokens import GM_HAND, POT, describe, hand, move_all
from .chips import (
    MARSHAL,
    bounty_changes,
    bounty_undo,
    cashed_target,
    convert,
    counts,
    draw_for_gm,
    draw_for_player,
    escrow,
    excess,
    owner_of,
    points,
    read_chip_counts,
    require_between_sessions,
    settle_limit,
    total,
)
from .events.session import (
    BOUNTY_CASHED,
    CHIPS_GM_RETURNED,
    CHIPS_RECORDED,
    CHIPS_RECOVERED,
    CHIPS_RETURNED,
    POT_FILLED,
    SHEET_CREATED,
)
from .fields import ChipCounts, counts_say
from .sheet import new_sheet
from .state import rules_of, settings_of
from .system import ChipSystem


def fill_pot(ctx: Context, system: ChipSystem) -> None:
    """Table created: the pot's starting chips come in from outside the game."""
    make_up = {c: int(ctx.settings.get(f"pot_{c}", 0)) for c in system.colours}
    moves = [Move(c, "supply", POT, n) for c, n in make_up.items() if n > 0]
    listed = ", ".join(f"{n} {c}" for c, n in make_up.items() if n > 0)
    ctx.emit(
        Draft(
            POT_FILLED,
            f"The Fate Pot holds {listed or 'nothing'}.",
            data={"chips": make_up},
            changes=tuple(moves),
        )
    )


def add_seat(ctx: Context, system: ChipSystem, pid: str) -> None:
    """A new seat gets a blank sheet (and its session draw if play is under way)."""
    ctx.emit(
        Draft(
            SHEET_CREATED,
            f"{ctx.name_of(pid)} gets a character sheet.",
            data={"player": pid},
            changes=(
                Put(("rules", "sheets", pid), None, new_sheet(system, settings_of(ctx.state))),
            ),
        )
    )
    if ctx.state["session"]["active"] and settings_of(ctx.state).get("draw_on_late_join", True):
        _session_draw(ctx, system, pid)


def remove_seat(ctx: Context, system: ChipSystem, pid: str) -> None:
    """A seat leaves: its chips go back to the pot and its open business is cleared."""
    changes: list[Move | Put] = [*move_all(ctx.state, hand(pid), POT)]
    for trade_id, record in sorted((rules_of(ctx.state).get("trades") or {}).items()):
        if pid in (record["from"], record["to"]):  # its chips go back into the pot
            changes += move_all(ctx.state, escrow(trade_id), POT)
            changes.append(Put(("rules", "trades", trade_id), record, None))
    for key in ("recorded", "window", "rolls"):
        old = get_path(ctx.rules, (key, pid))
        if old is not None:
            changes.append(Put(("rules", key, pid), old, None))
    if changes:
        ctx.emit(
            Draft(
                CHIPS_RETURNED,
                f"{ctx.name_of(pid)}'s chips go back into the pot.",
                data={"player": pid},
                changes=tuple(changes),
            )
        )


def _session_draw(ctx: Context, system: ChipSystem, pid: str) -> None:
    n = int(settings_of(ctx.state).get("session_draw", 3))
    if settings_of(ctx.state).get("draw_mode", "fixed") == "top_up":
        n = max(0, n - total(ctx.state, system, hand(pid)))
    if n:
        draw_for_player(ctx, pid, n, "starts the session")
        settle_limit(ctx, system, pid)


def start(ctx: Context, system: ChipSystem) -> None:
    """Recorded chips come back first, then every player draws, then the GM."""
    seats = sorted(ctx.seats(), key=lambda p: int(p[1:]) if p[1:].isdigit() else 0)
    for pid in seats:
        recorded = rules_of(ctx.state).get("recorded", {}).get(pid)
        if recorded:
            _pull_recorded(ctx, system, pid, recorded)
    for pid in seats:
        _session_draw(ctx, system, pid)
    draw_for_gm(ctx, system, int(settings_of(ctx.state).get("gm_draw", 3)), "Session start")


def _pull_recorded(ctx: Context, system: ChipSystem, pid: str, recorded: dict[str, int]) -> None:
    moves, missing = [], []
    for colour, n in sorted(recorded.items()):
        there = token_count(ctx.state, POT, colour)
        got = min(int(n), there)
        if got:
            moves.append(Move(colour, POT, hand(pid), got))
        missing += [colour] * (int(n) - got)
    kinds = [m.kind for m in moves for _ in range(m.n)]
    text = f"{ctx.name_of(pid)} takes back {describe(kinds)} from last session"
    if missing:
        text += f"; the pot is short of {describe(missing)}, so those are lost"
    ctx.emit(
        Draft(
            CHIPS_RECOVERED,
            text + ".",
            data={"player": pid, "chips": kinds, "missing": missing},
            changes=(*moves, Put(("rules", "recorded", pid), recorded, None)),
        )
    )
    settle_limit(ctx, system, pid)


def end(ctx: Context, system: ChipSystem) -> None:
    """Every hand is written on its sheet and goes back into the pot."""
    for pid in ctx.seats():
        if excess(ctx.state, system, pid):
            raise RuleViolation(
                f"{ctx.name_of(pid)} is over the chip limit and must choose which chips to "
                "convert into Bounty Points before the session ends."
            )
    if rules_of(ctx.state).get("trades"):
        raise RuleViolation("Approve or deny the pending chip trades before ending the session.")
    for pid in ctx.seats():
        held = {c: n for c, n in counts(ctx.state, system, hand(pid)).items() if n}
        changes: list[Move | Put] = [Move(c, hand(pid), POT, n) for c, n in sorted(held.items())]
        for key in ("window", "rolls"):
            old = get_path(ctx.rules, (key, pid))
            if old is not None:
                changes.append(Put(("rules", key, pid), old, None))
        old_rec = get_path(ctx.rules, ("recorded", pid))
        changes.append(Put(("rules", "recorded", pid), old_rec, held or None))
        kinds = [c for c, n in sorted(held.items()) for _ in range(n)]
        ctx.emit(
            Draft(
                CHIPS_RECORDED,
                f"{ctx.name_of(pid)} writes down {describe(kinds)} for next session.",
                data={"player": pid, "chips": held},
                changes=tuple(changes),
            )
        )
    gm_roll = rules_of(ctx.state).get("rolls", {}).get(MARSHAL)
    gm_changes: list[Move | Put] = []
    if gm_roll is not None:
        gm_changes.append(Put(("rules", "rolls", MARSHAL), gm_roll, None))
    if not settings_of(ctx.state).get("gm_keeps_chips", False):
        gm_changes += move_all(ctx.state, GM_HAND, POT)
    if gm_changes:
        ctx.emit(
            Draft(
                CHIPS_GM_RETURNED,
                f"{system.gm(capital=True)}'s chips go back into the pot.",
                changes=tuple(gm_changes),
            )
        )


class ChipsArgs(Args):
    """``chips.convert_excess`` and ``chips.cash``: which chips."""

    player: SeatId | None = optional("seat id (GM only)")
    chips: Annotated[ChipCounts, counts_say("chips")] = described(
        '{colour: count}, e.g. {"white": 2}'
    )


CHIPS_CONVERT_EXCESS = CommandType("chips.convert_excess", ChipsArgs)
CHIPS_CASH = CommandType("chips.cash", ChipsArgs)


def convert_excess(ctx: Context, system: ChipSystem, args: ChipsArgs) -> None:
    """``chips.convert_excess``: over the limit, choose which chips become Bounty Points."""
    pid = ctx.target(args.player)
    over = excess(ctx.state, system, pid)
    if not over:
        raise RuleViolation("You're not over the chip limit.")
    chips = read_chip_counts(system, args.chips, "chips")
    if sum(chips.values()) != over:
        raise RuleViolation(f"Choose exactly {over} chip{'s' * (over > 1)} to convert.")
    held = counts(ctx.state, system, hand(pid))
    for colour, n in chips.items():
        if held[colour] < n:
            raise RuleViolation(f"You don't have {n} {colour} chip{'s' * (n > 1)}.")
    convert(ctx, system, pid, chips, "over the limit")


def cash_in(ctx: Context, system: ChipSystem, args: ChipsArgs) -> None:
    """``chips.cash``: between sessions, turn recorded chips into Bounty Points for good."""
    require_between_sessions(ctx, "cash chips in")
    pid = owner_of(ctx, args.player)
    if pid == MARSHAL:
        raise RuleViolation("Only players cash chips in.")
    chips = read_chip_counts(system, args.chips, "chips")
    recorded = dict(rules_of(ctx.state).get("recorded", {}).get(pid) or {})
    for colour, n in chips.items():
        if int(recorded.get(colour, 0)) < n:
            raise RuleViolation(f"{ctx.name_of(pid)} didn't end the session with {n} {colour}.")
    left = {c: int(recorded.get(c, 0)) - chips.get(c, 0) for c in recorded}
    left = {c: n for c, n in left.items() if n}
    value = sum(system.bounty[c] * n for c, n in chips.items())
    listed = describe([c for c, n in sorted(chips.items()) for _ in range(n)])
    changes: list[Move | Put] = [Put(("rules", "recorded", pid), recorded or None, left or None)]
    target = cashed_target(ctx.state)
    if target != POT:  # the recorded chips wait in the pot; take them out of the game
        for c, n in sorted(chips.items()):
            there = min(n, token_count(ctx.state, POT, c))
            if there:
                changes.append(Move(c, POT, target, there))
    ctx.emit(
        Draft(
            BOUNTY_CASHED,
            f"{ctx.name_of(pid)} cashes in {listed} for {points(value)}.",
            data={"player": pid, "chips": chips, "points": value},
            changes=(*changes, *bounty_changes(pid, value, f"cashed in {listed}", ctx.state)),
            undo=bounty_undo(system),
        )
    )
