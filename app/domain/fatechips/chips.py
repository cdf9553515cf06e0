"""Where chips are and who holds them: hands, the pot, the GM's hand, the limit.

Containers (``state["tokens"]``): ``pot``, ``hand:<pid>``, ``gm`` (the Marshal's or
Master's hand), ``removed`` (Legend chips spent on a reroll: gone forever), ``cashed``
(chips converted to Bounty Points when a table sets them to leave the game),
``escrow:<trade>`` (a proposed trade's chips, held until the GM decides) and
``supply`` (outside the game: Legend chips enter from there).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..changes import Add, Move, Put, token_count
from ..context import Context
from ..errors import Forbidden, InvalidArgs, RuleViolation
from ..events import GM_ONLY, UNDO_OWNER, UNDO_PERMANENT, Draft
from ..tokens import GM_HAND, POT, describe, draw_blind, hand
from .events.chips import BOUNTY_CONVERTED, CHIPS_DRAWN, CHIPS_GM_DREW, CHIPS_GM_DREW_SECRET
from .state import ChipsTable, rules_of, settings_of
from .system import ChipSystem

REMOVED = "removed"
CASHED = "cashed"
MARSHAL = "gm"  # the owner id of the GM's own rolls and chips


def escrow(trade_id: str) -> str:
    """The container holding one proposed trade's chips."""
    return f"escrow:{trade_id}"


def container(owner: str) -> str:
    """The container of an owner: a player id, or ``gm`` for the Marshal/Master."""
    return GM_HAND if owner == MARSHAL else hand(owner)


def counts(state: ChipsTable, system: ChipSystem, where: str) -> dict[str, int]:
    """Chips of each colour in a container (every colour, zeros included)."""
    held = state.get("tokens", {}).get(where) or {}  # token_count(), read once per container
    return {c: int(held.get(c, 0)) for c in system.colours}


def total(state: ChipsTable, system: ChipSystem, where: str) -> int:
    """How many chips a container holds."""
    return sum(counts(state, system, where).values())


def limit(state: ChipsTable) -> int:
    """The hand limit (0 means none)."""
    return int(settings_of(state).get("hand_limit", 0))


def excess(state: ChipsTable, system: ChipSystem, pid: str) -> int:
    """How many chips over the limit a player holds (they must convert them)."""
    cap = limit(state)
    return max(0, total(state, system, hand(pid)) - cap) if cap else 0


def require_settled(ctx: Context, system: ChipSystem, owner: str) -> None:
    """Refuse chip actions while a player is over the limit and hasn't chosen."""
    if owner != MARSHAL and excess(ctx.state, system, owner):
        cap = limit(ctx.state)
        raise RuleViolation(
            f"{ctx.name_of(owner)} holds more than {cap} chips: choose which to convert "
            "into Bounty Points first."
        )


def require_chip(ctx: Context, system: ChipSystem, owner: str, colour: str, n: int = 1) -> None:
    """Refuse unless ``owner`` holds ``n`` chips of ``colour``."""
    if colour not in system.colours:
        raise InvalidArgs(f"There are no {colour} chips in {system.title}.")
    if token_count(ctx.state, container(owner), colour) < n:
        who = "The GM" if owner == MARSHAL else ctx.name_of(owner)
        raise RuleViolation(
            f"{who} has no {colour} chip to spend."
            if n == 1
            else f"{who} doesn't have {n} {colour} chips."
        )


def owner_of(ctx: Context, named: object, key: str = "player") -> str:
    """Whose chips, from a typed argument ``key`` that says ``named``: a player acts
    for themselves; the GM names a seat or 'marshal'."""
    if ctx.actor.is_gm and named in ("marshal", "master", MARSHAL):
        return MARSHAL
    return ctx.target(named, key)


def require_session(ctx: Context, what: str) -> None:
    """Refuse unless a session is running."""
    if not ctx.state.get("session", {}).get("active"):
        raise RuleViolation(f"You can only {what} during a session.")


def require_between_sessions(ctx: Context, what: str) -> None:
    """Refuse while a session is running."""
    if ctx.state.get("session", {}).get("active"):
        raise RuleViolation(f"You can only {what} between sessions, not during play.")


def require_owner_or_gm(ctx: Context, owner: str) -> None:
    """Only the owner (or the GM) may act on these chips."""
    if not ctx.actor.is_gm and ctx.actor.player_id != owner:
        raise Forbidden("You can only act for your own character.")


def draw_for_player(ctx: Context, pid: str, n: int, why: str) -> list[str]:
    """A player draws ``n`` chips blind from the pot; chips lie face up in front of them."""
    moves = draw_blind(ctx.rng, ctx.state, POT, hand(pid), n)
    kinds = [m.kind for m in moves]
    short = "" if len(moves) == n else f" (the pot ran dry after {len(moves)})"
    ctx.emit(
        Draft(
            CHIPS_DRAWN,
            f"{ctx.name_of(pid)} {why} and draws {describe(kinds)}{short}.",
            data={"player": pid, "chips": kinds, "wanted": n},
            changes=tuple(moves),
        )
    )
    return kinds


def draw_for_gm(ctx: Context, system: ChipSystem, n: int, why: str) -> None:
    """The GM draws blind: the table hears how many, only the GM sees which."""
    moves = draw_blind(ctx.rng, ctx.state, POT, GM_HAND, n)
    if not moves:
        ctx.emit(
            Draft(
                CHIPS_GM_DREW,
                f"{why}: the pot is empty, so {system.gm()} draws nothing.",
                data={"count": 0},
            )
        )
        return
    count = "a chip" if len(moves) == 1 else f"{len(moves)} chips"
    ctx.emit(
        Draft(CHIPS_GM_DREW, f"{why}: {system.gm()} draws {count}.", data={"count": len(moves)})
    )
    kinds = [m.kind for m in moves]
    ctx.emit(
        Draft(
            CHIPS_GM_DREW_SECRET,
            f"You drew {describe(kinds)}.",
            data={"chips": kinds},
            changes=tuple(moves),
            visible_to=GM_ONLY,
        )
    )


def bounty_changes(pid: str, points: int, what: str, state: ChipsTable) -> list[Add | Put]:
    """Changes that credit (or debit) Bounty Points and write a ledger line."""
    field = "earned" if points >= 0 else "spent"
    n = int(rules_of(state).get("ledger_n", {}).get(pid, 0))
    found = state.get("session")
    session = int(found["number"]) if found is not None else 0
    entry = {"points": points, "what": what, "session": session}
    return [
        Add(("rules", "bounty", pid, field), abs(points)),
        Add(("rules", "ledger_n", pid), 1),
        Put(("rules", "ledger", pid, str(n)), None, entry),
    ]


def points(n: int) -> str:
    """'1 Bounty Point', '3 Bounty Points'."""
    return f"{n} Bounty Point{'s' * (n != 1)}"


def unspent(state: ChipsTable, pid: str) -> int:
    """Bounty Points a player can still spend (pending requests hold theirs)."""
    rules = rules_of(state)
    bounty = rules.get("bounty", {}).get(pid) or {}
    held = sum(int(r["cost"]) for r in (rules.get("requests") or {}).values() if r["player"] == pid)
    return int(bounty.get("earned", 0)) - int(bounty.get("spent", 0)) - held


def cashed_target(state: ChipsTable) -> str:
    """Where converted chips go: back into the pot (default) or out of the game."""
    return POT if settings_of(state).get("cashed_chips", "pot") == "pot" else CASHED


def settle_limit(ctx: Context, system: ChipSystem, pid: str) -> None:
    """Convert the excess at once when there is no choice to make (one colour only).

    Otherwise the player is left over the limit, which blocks their chip actions until
    they choose with ``chips.convert_excess``.
    """
    over = excess(ctx.state, system, pid)
    held = {c: n for c, n in counts(ctx.state, system, hand(pid)).items() if n}
    if not over or len(held) != 1:
        return
    colour = next(iter(held))
    convert(ctx, system, pid, {colour: over}, "over the limit")


def bounty_undo(system: ChipSystem) -> str:
    """Who may undo chips turned into Bounty Points: "Once you convert a chip to Bounty
    Points, those points are yours forever. They can't be taken away and can't be
    converted back into chips." — only the GM, correcting a mistake (Deadlands)."""
    return UNDO_PERMANENT if system.permanent_bounty else UNDO_OWNER


def convert(ctx: Context, system: ChipSystem, pid: str, chips: dict[str, int], why: str) -> None:
    """Turn chips from a hand into Bounty Points (1/2/3/5 per colour)."""
    value = sum(system.bounty[c] * n for c, n in chips.items())
    target = cashed_target(ctx.state)
    moves = [Move(c, hand(pid), target, n) for c, n in sorted(chips.items()) if n]
    listed = describe([c for c, n in sorted(chips.items()) for _ in range(n)])
    ctx.emit(
        Draft(
            BOUNTY_CONVERTED,
            f"{ctx.name_of(pid)} converts {listed} into {points(value)} ({why}).",
            data={"player": pid, "chips": chips, "points": value, "why": why},
            changes=(*moves, *bounty_changes(pid, value, f"{listed} ({why})", ctx.state)),
            undo=bounty_undo(system),
        )
    )


def read_chip_counts(system: ChipSystem, value: Mapping[str, int], name: str) -> dict[str, int]:
    """A {colour: count} argument ``name`` (its shape checked by the model) with this
    game's colours; counts 0..99, at least one chip."""
    if not value:
        raise InvalidArgs(f"'{name}' must map chip colours to counts, e.g. {{\"white\": 2}}.")
    out: dict[str, int] = {}
    for colour, n in value.items():
        if colour not in system.colours:
            raise InvalidArgs(f"There are no {colour} chips in {system.title}.")
        if not 0 <= n <= 99:
            raise InvalidArgs(f"'{name}' counts must be whole numbers from 0 to 99.")
        if n:
            out[colour] = n
    if not out:
        raise InvalidArgs(f"'{name}' names no chips.")
    return out
