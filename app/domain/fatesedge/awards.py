"""Earning XP and Boons: session awards and the checklist, milestones, Failure's Gift,
backstory bonds, and converting Boons to XP between sessions."""

from __future__ import annotations

from ..changes import SUPPLY, Change, Move, token_count
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from .awards_args import (
    BondAcceptArgs,
    BondArgs,
    BondProposeArgs,
    BoonAwardArgs,
    ConvertArgs,
    MilestoneArgs,
    SessionArgs,
    XpAwardArgs,
)
from .costs import PACING
from .economy import award_xp, gain_boons, spend_boons
from .events.awards import (
    BOND_AGREED,
    BOND_PROPOSED,
    BOND_REMOVED,
    BOON_AWARDED,
    BOON_BONDS,
    BOON_CONVERTED,
    BOON_OVERFLOW_RESET,
    XP_AWARDED,
    XP_MILESTONE_EVENT,
    XP_SESSION_EVENT,
)
from .rules_types import Bond
from .state import (
    BOON,
    boons,
    emit,
    fe_rules,
    name_of,
    new_id,
    overflow,
    pc_path,
    put,
    require_between_sessions,
    rules_path,
    sheet,
)
from .tables import SESSION_AWARDS, USUAL_AWARD

MAX_BOND_BOONS = 4  # "Each player may earn up to 4 Boons this way"


def _players(ctx: Context, target: str) -> list[str]:
    if target == "all":
        return list(ctx.seats())
    ctx.seat(target)
    sheet(ctx, target)
    return [target]


def award(ctx: Context, args: XpAwardArgs) -> None:
    """The GM awards XP to one player or everyone (deficits are paid off first)."""
    ctx.require_gm("award XP")
    n, reason = args.xp, args.reason
    for pid in _players(ctx, args.player):
        changes, note = award_xp(ctx, pid, n)
        emit(
            ctx,
            XP_AWARDED,
            f"{name_of(ctx, pid)} earns {n} XP{': ' + reason if reason else ''}{note}.",
            changes,
            data={"player": pid, "xp": n, "reason": reason},
        )


def _award_items(items: dict[str, int | bool | None] | list[str]) -> dict[str, int | bool | None]:
    """A player's checklist items: ``{item: XP}``, where ``true`` (or a bare list of
    item names) means the usual amount."""
    if isinstance(items, list):
        return dict.fromkeys(items, True)
    return dict(items)


def session_awards(ctx: Context, args: SessionArgs) -> None:
    """The end-of-session checklist: {"p1": {"attendance": true, "objective": 3}, ...}.

    'Table Attendance: +2 XP' and the other items default to their usual amount
    (the low end of each range; 1 for the GM Curveball) when given as ``true``."""
    ctx.require_gm("award session XP")
    table = args.awards
    if not table:
        raise InvalidArgs("'awards' maps each player to their checklist items.")
    lo, hi = PACING[str(ctx.settings.get("pacing", "standard"))]
    rows = {key: (label, low, high) for key, label, low, high in SESSION_AWARDS}
    for pid, raw in table.items():
        items = _award_items(raw)
        _players(ctx, str(pid))
        total = 0
        parts = []
        amounts: dict[str, int] = {}
        for key, value in items.items():
            if key not in rows:
                raise InvalidArgs(f"'{key}' is not on the end-of-session checklist.")
            label, low, high = rows[key]
            if value is True or value is None:
                n = USUAL_AWARD[key]
            elif isinstance(value, bool):
                raise InvalidArgs(f"'{key}' must be a whole number.")
            elif not low <= value <= high:
                raise InvalidArgs(f"'{key}' must be between {low} and {high}.")
            else:
                n = value
            amounts[key] = n
            total += n
            parts.append(f"{label} +{n}")
        if not total:
            continue
        changes, note = award_xp(ctx, str(pid), total)
        pace = "" if lo <= total <= hi else f" (outside the {lo}–{hi} XP pace)"
        emit(
            ctx,
            XP_SESSION_EVENT,
            f"{name_of(ctx, str(pid))} earns {total} XP: {', '.join(parts)}{pace}{note}.",
            changes,
            data={"player": pid, "xp": total, "items": amounts},
        )


def milestone(ctx: Context, args: MilestoneArgs) -> None:
    """'+8–12 XP to all players; +2 XP bonus to one player for a signature moment.'"""
    ctx.require_gm("award a milestone")
    n, star = args.xp, args.signature
    for pid in _players(ctx, "all"):
        bonus = 2 if pid == star else 0
        changes, note = award_xp(ctx, pid, n + bonus)
        extra = " (+2 for the arc's signature moment)" if bonus else ""
        emit(
            ctx,
            XP_MILESTONE_EVENT,
            f"Milestone: {name_of(ctx, pid)} earns {n + bonus} XP{extra}{note}.",
            changes,
            data={"player": pid, "xp": n + bonus},
        )


def boon_award(ctx: Context, args: BoonAwardArgs) -> None:
    """Failure's Gift: a failure with narrative teeth earns a Boon (or a bond called upon)."""
    ctx.require_gm("award a Boon")
    pid = args.player
    ctx.seat(pid)
    reason, note = args.reason, args.complication
    if reason == "failure" and not note:
        raise InvalidArgs(
            "A Boon is only awarded when failure has narrative teeth: name the complication."
        )
    changes, extra = gain_boons(ctx, pid, 1)
    offer = fe_rules(ctx).get("boon_offer")
    if isinstance(offer, dict) and offer.get("player") == pid and reason == "failure":
        changes.append(put(ctx, rules_path("boon_offer"), None))
    why = f"failure's gift — {note}" if reason == "failure" else "a backstory bond called upon"
    emit(
        ctx,
        BOON_AWARDED,
        f"{name_of(ctx, pid)} earns a Boon ({why}){extra}.",
        changes,
        data={"player": pid, "reason": reason, "complication": note},
    )


def convert(ctx: Context, args: ConvertArgs) -> None:
    """'Between sessions, a player may convert 2 Boons = 1 XP.'"""
    pid = ctx.target(args.player)
    require_between_sessions(ctx, "Converting Boons to XP")
    pairs = args.xp
    if boons(ctx.state, pid) < 2 * pairs:
        raise RuleViolation(f"{2 * pairs} Boons make {pairs} XP; you have {boons(ctx.state, pid)}.")
    xp_changes, note = award_xp(ctx, pid, pairs)
    emit(
        ctx,
        BOON_CONVERTED,
        f"{name_of(ctx, pid)} converts {2 * pairs} Boons into {pairs} XP{note}.",
        spend_boons(ctx, pid, 2 * pairs) + xp_changes,
        data={"player": pid, "xp": pairs},
    )


# ---- backstory bonds ----------------------------------------------------------------


def propose_bond(ctx: Context, args: BondProposeArgs) -> None:
    """Propose a mutual backstory tie; it needs the other player's consent."""
    pid = ctx.target(args.player)
    other = args.with_
    ctx.seat(other)
    if other == pid:
        raise InvalidArgs("A bond ties two different characters.")
    require_between_sessions(ctx, "Adding a backstory bond")
    tie = args.tie
    bid, seq = new_id(ctx, "b")
    bond = {"a": pid, "b": other, "tie": tie, "agreed": False}
    emit(
        ctx,
        BOND_PROPOSED,
        f"{name_of(ctx, pid)} proposes a bond with {name_of(ctx, other)}: {tie}",
        [seq, put(ctx, rules_path("bonds", bid), bond)],
        data={"bond": bid, **bond},
    )


def _bond(ctx: Context, args: BondArgs) -> tuple[str, Bond]:
    bid = args.bond
    bond = fe_rules(ctx).get("bonds", {}).get(bid)
    if bond is None:
        raise InvalidArgs("There is no such bond.")
    return bid, bond


def accept_bond(ctx: Context, args: BondAcceptArgs) -> None:
    """'Consent Required: Both players must agree to the bond.' Its Boons come at the
    start of each session (at most 4 per player from bonds)."""
    pid = ctx.target(args.player)
    bid, bond = _bond(ctx, args)
    if bond["b"] != pid:
        raise RuleViolation("Only the other player of the bond can agree to it.")
    if bond["agreed"]:
        raise RuleViolation("That bond is already agreed.")
    require_between_sessions(ctx, "Adding a backstory bond")
    emit(
        ctx,
        BOND_AGREED,
        f"{name_of(ctx, bond['a'])} and {name_of(ctx, pid)} share a bond: {bond['tie']} "
        "(a Boon each at the start of the next session).",
        [put(ctx, rules_path("bonds", bid, "agreed"), True)],
        data={"bond": bid},
    )


def remove_bond(ctx: Context, args: BondArgs) -> None:
    """Bonds 'can also be added or removed between sessions'."""
    pid = ctx.actor.player_id
    bid, bond = _bond(ctx, args)
    if not ctx.actor.is_gm and pid not in (bond["a"], bond["b"]):
        raise RuleViolation("Only the two players of a bond (or the GM) can remove it.")
    require_between_sessions(ctx, "Removing a backstory bond")
    emit(
        ctx,
        BOND_REMOVED,
        f"The bond between {name_of(ctx, bond['a'])} and {name_of(ctx, bond['b'])} is set aside.",
        [put(ctx, rules_path("bonds", bid), None)],
        data={"bond": bid},
    )


def session_started(ctx: Context) -> None:
    """Between sessions: bond Boons for the next session; overflow counters reset."""
    every = bool(ctx.settings.get("bond_boons_every_session", True))
    for pid in ctx.seats():
        pc = sheet(ctx, pid)
        changes: list[Change] = []
        if int(pc.get("overflow_xp", 0)):
            changes.append(put(ctx, pc_path(pid, "overflow_xp"), 0))
        waiting = token_count(ctx.state, overflow(pid), BOON)
        if waiting:  # an unpaired overflow Boon doesn't outlive its session
            changes.append(Move(BOON, overflow(pid), SUPPLY, waiting))
        bonds = [
            (bid, b)
            for bid, b in sorted(fe_rules(ctx).get("bonds", {}).items())
            if b["agreed"] and pid in (b["a"], b["b"]) and (every or not b.get(f"paid:{pid}"))
        ][:MAX_BOND_BOONS]
        if changes:
            emit(ctx, BOON_OVERFLOW_RESET, f"{pc['name']}'s overflow resets.", changes)
        if bonds:
            gained, note = gain_boons(ctx, pid, len(bonds))
            marks = [
                put(ctx, rules_path("bonds", bid, f"paid:{pid}"), True)
                for bid, b in bonds
                if not b.get(f"paid:{pid}")
            ]
            emit(
                ctx,
                BOON_BONDS,
                f"{pc['name']} gains {len(bonds)} Boon{'s' if len(bonds) > 1 else ''} "
                f"from backstory bonds{note}.",
                [*gained, *marks],
                data={"player": pid, "boons": len(bonds)},
            )
