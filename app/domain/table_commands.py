"""Commands every table has, whatever its rule system: seats, sessions, notes, undo."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import args as a
from .actors import Role
from .changes import Add, Change, Put, apply_change, get_path, invert
from .commands import CommandSpec
from .context import Context
from .errors import Forbidden, InvalidArgs, RuleViolation, UndoRefused
from .events import EVERYONE, UNDO_GM, UNDO_NEVER, UNDO_PERMANENT, Draft, Event
from .jsonvalue import JsonDict, clone
from .rng import Rng

if TYPE_CHECKING:
    from .ruleset import Ruleset

NAME_MAX = 40
NOTE_MAX = 500


def create_table(ctx: Context, name: str, ruleset: Ruleset, settings: JsonDict, seed: int) -> None:
    """Decide the first event of a table, then let the rule system set up."""
    checked = ruleset.check_settings(settings)
    initial: JsonDict = {
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
            "table.created",
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
            "seat.added",
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


def join(ctx: Context, args: JsonDict) -> None:
    """A player joins with the join code (issued by the host on POST /api/join)."""
    _add_seat(ctx, a.text(args, "name", max_len=NAME_MAX), "{name} joined the table.")


def add_seat(ctx: Context, args: JsonDict) -> None:
    """The GM adds a seat for someone (they claim it through a link the GM issues)."""
    _add_seat(ctx, a.text(args, "name", max_len=NAME_MAX), "The GM added a seat for {name}.")


def rename_seat(ctx: Context, args: JsonDict) -> None:
    pid = ctx.target_player(args)
    name = a.text(args, "name", max_len=NAME_MAX)
    _check_name(ctx, name, except_player=pid)
    old = ctx.name_of(pid)
    ctx.emit(
        Draft(
            "seat.renamed",
            f"{old} is now called {name}.",
            data={"player_id": pid, "name": name},
            changes=(Put(("seats", pid, "name"), old, name),),
        )
    )


def remove_seat(ctx: Context, args: JsonDict) -> None:
    pid = a.text(args, "player", max_len=20)
    ctx.seat(pid)
    ctx.ruleset.seat_removed(ctx, pid)
    ctx.emit(
        Draft(
            "seat.removed",
            f"The GM removed {ctx.name_of(pid)}'s seat.",
            data={"player_id": pid},
            changes=(Put(("seats", pid, "active"), True, False),),
        )
    )


def start_session(ctx: Context, args: JsonDict) -> None:
    session = ctx.state["session"]
    if session["active"]:
        raise RuleViolation("A session is already running. End it before starting another.")
    number = int(session["number"]) + 1
    ctx.emit(
        Draft(
            "session.started",
            f"Session {number} started.",
            data={"number": number},
            changes=(Put(("session",), clone(session), {"number": number, "active": True}),),
        )
    )
    ctx.ruleset.session_started(ctx)


def end_session(ctx: Context, args: JsonDict) -> None:
    session = ctx.state["session"]
    if not session["active"]:
        raise RuleViolation("No session is running.")
    ctx.ruleset.session_ended(ctx)
    ctx.emit(
        Draft(
            "session.ended",
            f"Session {session['number']} ended.",
            data={"number": session["number"]},
            changes=(Put(("session", "active"), True, False),),
        )
    )


def note(ctx: Context, args: JsonDict) -> None:
    """A free-text line in the log (fiction, a ruling, a reminder)."""
    body = a.text(args, "text", max_len=NOTE_MAX)
    who = "GM" if ctx.actor.is_gm else ctx.name_of(ctx.actor.label)
    ctx.emit(Draft("note", f"{who}: {body}", data={"text": body}))


# ---- undo ---------------------------------------------------------------------------


def _target_command(ctx: Context, args: JsonDict) -> str:
    if "command_id" in args:
        return a.text(args, "command_id", max_len=100)
    version = a.integer(args, "version", lo=1, hi=max(1, len(ctx.log)))
    return ctx.log[version - 1].command_id


def _latest_own_command(ctx: Context, player_id: str) -> str | None:
    undone = ctx.state.get("undone", {})
    for event in reversed(ctx.log):
        if event.actor == player_id and event.type != "undo" and event.command_id not in undone:
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


def undo(ctx: Context, args: JsonDict) -> None:
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
    describe = _reversed_text(public) if public else "an action of the GM's"
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
            "undo",
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
                    "undo.detail",
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

COMMANDS: dict[str, CommandSpec] = {
    "seat.join": CommandSpec(
        "Join the table (sent by the host for POST /api/join).",
        join,
        roles=frozenset(),
        args={"name": "the player's name"},
    ),
    "seat.add": CommandSpec(
        "Add a seat for a player.", add_seat, roles=GM, args={"name": "the player's name"}
    ),
    "seat.rename": CommandSpec(
        "Rename a seat.", rename_seat, args={"player": "seat id (GM only)", "name": "new name"}
    ),
    "seat.remove": CommandSpec("Remove a seat.", remove_seat, roles=GM, args={"player": "seat id"}),
    "session.start": CommandSpec("Start a session.", start_session, roles=GM),
    "session.end": CommandSpec("End the session.", end_session, roles=GM),
    "note": CommandSpec("Write a note in the log.", note, args={"text": "the note"}),
    "undo": CommandSpec(
        "Undo an earlier action.",
        undo,
        args={"command_id": "the command to undo", "version": "or any event version of it"},
    ),
}
