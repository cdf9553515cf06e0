"""Commands every table has, whatever its rule system: seats, sessions, notes, undo."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import StringConstraints

from .actors import Role
from .arguments import Args, NoArgs, SeatId, described, optional
from .changes import Add, Change, Put, apply_change, get_path, invert
from .command_types import CommandType, catalogue
from .commands import CommandSpec
from .context import Context
from .errors import Forbidden, InvalidArgs, RuleViolation, UndoRefused
from .events import EVERYONE, UNDO_GM, UNDO_NEVER, UNDO_PERMANENT, Draft, Event
from .jsonvalue import JsonDict, clone
from .rng import Rng
from .state_types import SessionState, TableState
from .table_events import (
    NOTE_EVENT,
    SEAT_ADDED,
    SEAT_REMOVED,
    SEAT_RENAMED,
    SESSION_ENDED,
    SESSION_STARTED,
    TABLE_CREATED,
    UNDO_DETAIL,
    UNDO_EVENT,
)

if TYPE_CHECKING:
    from .ruleset import Ruleset

NAME_MAX = 40
NOTE_MAX = 500

#: A seat's name as players see it.
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=NAME_MAX)]


class JoinArgs(Args):
    """``seat.join`` and ``seat.add``."""

    name: Name = described("the player's name")


class RenameArgs(Args):
    """``seat.rename``."""

    player: SeatId | None = optional("seat id (GM only)")
    name: Name = described("new name")


class RemoveArgs(Args):
    """``seat.remove``."""

    player: Annotated[str, StringConstraints(min_length=1, max_length=20)] = described("seat id")


class NoteArgs(Args):
    """``note``."""

    text: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=1, max_length=NOTE_MAX)
    ] = described("the note")


class UndoArgs(Args):
    """``undo``: name the command, or any event version of it."""

    command_id: (
        Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
        | None
    ) = optional("the command to undo")
    version: int | None = optional("or any event version of it", ge=1)


def create_table(ctx: Context, name: str, ruleset: Ruleset, settings: JsonDict, seed: int) -> None:
    """Decide the first event of a table, then let the rule system set up."""
    checked = ruleset.check_settings(settings)
    initial: TableState = {
        "name": name,
        "ruleset": ruleset.name,
        "settings": checked,
        "rng": {"seed": seed, "cursor": 0},
        "session": {"number": 0, "active": False},
        "seats": {},
        "next_seat": 1,
        "undone": {},
    }
    ctx.emit(
        Draft(
            TABLE_CREATED,
            f"Table '{name}' created for {ruleset.title}.",
            data={"name": name, "ruleset": ruleset.name, "settings": checked},
            changes=tuple(Put((k,), None, v) for k, v in initial.items()),
            undo=UNDO_NEVER,
        )
    )
    # The context was made before the seed existed; setup (shuffling decks...) must
    # draw from this table's own seed.
    ctx.rng = Rng(seed, 0)
    ruleset.setup(ctx)


def _check_name(ctx: Context, name: str, *, except_player: str | None = None) -> None:
    for pid, seat in ctx.seats().items():
        if pid != except_player and seat["name"].casefold() == name.casefold():
            raise RuleViolation(f"There's already a seat called {seat['name']} at this table.")


def _add_seat(ctx: Context, name: str, text: str) -> None:
    _check_name(ctx, name)
    pid = f"p{int(ctx.state.get('next_seat', 1))}"
    ctx.emit(
        Draft(
            SEAT_ADDED,
            text.format(name=name),
            data={"player_id": pid, "name": name},
            changes=(
                Put(("seats", pid), None, {"name": name, "active": True}),
                Add(("next_seat",), 1),
            ),
            undo=UNDO_NEVER,
        )
    )
    ctx.ruleset.seat_added(ctx, pid)


def join(ctx: Context, args: JoinArgs) -> None:
    """A player joins with the join code (issued by the host on POST /api/join)."""
    _add_seat(ctx, args.name, "{name} joined the table.")


def add_seat(ctx: Context, args: JoinArgs) -> None:
    """The GM adds a seat for someone (they claim it through a link the GM issues)."""
    _add_seat(ctx, args.name, "The GM added a seat for {name}.")


def rename_seat(ctx: Context, args: RenameArgs) -> None:
    pid = ctx.target(args.player)
    name = args.name
    _check_name(ctx, name, except_player=pid)
    old = ctx.name_of(pid)
    ctx.emit(
        Draft(
            SEAT_RENAMED,
            f"{old} is now called {name}.",
            data={"player_id": pid, "name": name},
            changes=(Put(("seats", pid, "name"), old, name),),
        )
    )


def remove_seat(ctx: Context, args: RemoveArgs) -> None:
    pid = args.player
    ctx.seat(pid)
    ctx.ruleset.seat_removed(ctx, pid)
    ctx.emit(
        Draft(
            SEAT_REMOVED,
            f"The GM removed {ctx.name_of(pid)}'s seat.",
            data={"player_id": pid},
            changes=(Put(("seats", pid, "active"), True, False),),
        )
    )


def start_session(ctx: Context, args: NoArgs) -> None:
    session: SessionState = ctx.state["session"]
    if session["active"]:
        raise RuleViolation("A session is already running. End it before starting another.")
    number = int(session["number"]) + 1
    ctx.emit(
        Draft(
            SESSION_STARTED,
            f"Session {number} started.",
            data={"number": number},
            changes=(Put(("session",), clone(session), {"number": number, "active": True}),),
        )
    )
    ctx.ruleset.session_started(ctx)


def end_session(ctx: Context, args: NoArgs) -> None:
    session: SessionState = ctx.state["session"]
    if not session["active"]:
        raise RuleViolation("No session is running.")
    ctx.ruleset.session_ended(ctx)
    ctx.emit(
        Draft(
            SESSION_ENDED,
            f"Session {session['number']} ended.",
            data={"number": session["number"]},
            changes=(Put(("session", "active"), True, False),),
        )
    )


def note(ctx: Context, args: NoteArgs) -> None:
    """A free-text line in the log (fiction, a ruling, a reminder)."""
    body = args.text
    who = "GM" if ctx.actor.is_gm else ctx.name_of(ctx.actor.label)
    ctx.emit(Draft(NOTE_EVENT, f"{who}: {body}", data={"text": body}))


# ---- undo ---------------------------------------------------------------------------


def _target_command(ctx: Context, args: UndoArgs) -> str:
    if args.command_id is not None:
        return args.command_id
    if args.version is None:
        raise InvalidArgs("'version' is required (or the 'command_id' of the action).")
    if args.version > len(ctx.log):
        raise InvalidArgs(f"'version' must be between 1 and {max(1, len(ctx.log))}.")
    return ctx.log[args.version - 1].command_id


def _latest_own_command(ctx: Context, player_id: str) -> str | None:
    undone: dict[str, int] = ctx.state.get("undone", {})
    for event in reversed(ctx.log):
        if (
            event.actor == player_id
            and event.type != UNDO_EVENT.name
            and event.command_id not in undone
        ):
            return event.command_id
    return None


def _check_rights(ctx: Context, events: list[Event]) -> None:
    if any(e.undo == UNDO_NEVER for e in events):
        raise UndoRefused(f"'{events[0].text}' can't be undone.")
    if ctx.actor.is_gm:
        return
    pid = ctx.actor.label
    if events[0].actor != pid:
        raise Forbidden("You can only undo your own actions; ask the GM.")
    if any(e.undo == UNDO_PERMANENT for e in events):
        raise Forbidden(f"{_quoted(events)} is permanent: only the GM can undo it.")
    if any(e.undo == UNDO_GM for e in events):
        raise Forbidden(f"Only the GM can undo {_quoted(events)}: the dice have spoken.")
    if _latest_own_command(ctx, pid) != events[0].command_id:
        raise UndoRefused("You can only undo your most recent action.")


def undo(ctx: Context, args: UndoArgs) -> None:
    """Undo one earlier command with a compensating event (the log is never edited)."""
    command_id = _target_command(ctx, args)
    events = [e for e in ctx.log if e.command_id == command_id]
    if not any(ctx.actor.may_see(e.visible_to) for e in events):
        # An action the sender never saw answers like one that never happened.
        raise InvalidArgs("There is no such action in the log.")
    if command_id in ctx.state.get("undone", {}):
        raise UndoRefused("That action has already been undone.")
    _check_rights(ctx, events)
    public = [e for e in events if e.visible_to == EVERYONE]
    # Everyone reads the undo: an action only some could see is named as private (it
    # was not always the GM's: a Wheel player's quick start is seen by them and the GM).
    describe = _reversed_text(public) if public else "a private action"
    scratch = clone(ctx.state)
    inverse: list[Change] = []
    for event in reversed(events):
        for change in reversed(event.changes):
            back = invert(change, scratch, describe)
            apply_change(scratch, back)
            inverse.append(back)
    if get_path(ctx.state, ("undone", command_id)) is not None:
        raise UndoRefused("That action has already been undone.")
    who = "The GM" if ctx.actor.is_gm else ctx.name_of(ctx.actor.label)
    inverse.append(Put(("undone", command_id), None, events[0].version))
    ctx.emit(
        Draft(
            UNDO_EVENT,
            f"{who} undid {describe}.",
            data={"command_id": command_id, "versions": [e.version for e in events]},
            changes=tuple(inverse),
            undo=UNDO_NEVER,
        )
    )
    secret = [e for e in events if e.visible_to != EVERYONE]
    if secret:
        # What the undo also reverses that not everyone saw: told to those who did.
        for audience in dict.fromkeys(e.visible_to for e in secret):
            lines = [e for e in secret if e.visible_to == audience]
            ctx.emit(
                Draft(
                    UNDO_DETAIL,
                    f"{who}'s undo also reverses {_reversed_text(lines)}.",
                    data={"command_id": command_id},
                    visible_to=audience,
                    undo=UNDO_NEVER,
                )
            )


def _quoted(events: list[Event]) -> str:
    """The first line of an action as the log shows it, quoted."""
    public = [e for e in events if e.visible_to == EVERYONE] or events
    return f"'{public[0].text.rstrip('.')}'"


def _reversed_text(events: list[Event], most: int = 4) -> str:
    """Every line of what an undo reverses, quoted ('A'; 'B'; and 2 more lines)."""
    lines = [f"'{e.text.rstrip('.')}'" for e in events[:most]]
    rest = len(events) - most
    if rest > 0:
        lines.append(f"and {rest} more line{'s' * (rest > 1)}")
    return "; ".join(lines)


GM: frozenset[Role] = frozenset({"gm"})

SEAT_JOIN = CommandType("seat.join", JoinArgs)
SEAT_ADD = CommandType("seat.add", JoinArgs)
SEAT_RENAME = CommandType("seat.rename", RenameArgs)
SEAT_REMOVE = CommandType("seat.remove", RemoveArgs)
SESSION_START = CommandType("session.start", NoArgs)
SESSION_END = CommandType("session.end", NoArgs)
NOTE = CommandType("note", NoteArgs)
UNDO = CommandType("undo", UndoArgs)

COMMANDS: dict[str, CommandSpec] = catalogue(
    SEAT_JOIN.spec("Join the table (sent by the host for POST /api/join).", join, frozenset()),
    SEAT_ADD.spec("Add a seat for a player.", add_seat, GM),
    SEAT_RENAME.spec("Rename a seat.", rename_seat),
    SEAT_REMOVE.spec("Remove a seat.", remove_seat, GM),
    SESSION_START.spec("Start a session.", start_session, GM),
    SESSION_END.spec("End the session.", end_session, GM),
    NOTE.spec("Write a note in the log.", note),
    UNDO.spec("Undo an earlier action.", undo),
)
