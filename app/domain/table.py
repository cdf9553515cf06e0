"""The table aggregate: state + log + rule system; decides commands into events."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from . import table_commands
from .actors import HOST, Actor
from .commands import Command, CommandSpec
from .context import Context
from .errors import Forbidden, InvalidArgs, RuleViolation, UnknownCommand
from .events import Event
from .evolve import evolve
from .jsonvalue import JsonDict
from .ruleset import Ruleset, get_ruleset
from .state_types import SeatState
from .table_events import TABLE_CREATED


@dataclass(frozen=True)
class Decision:
    """The events a command was decided into, and the state after them."""

    events: list[Event]
    state: JsonDict


class Table:
    """One game table. ``decide`` is pure; ``accept`` applies a committed decision."""

    def __init__(self, table_id: str, ruleset: Ruleset) -> None:
        self.table_id = table_id
        self.ruleset = ruleset
        self.state: JsonDict = {}
        self.events: list[Event] = []
        self._commands: dict[str, CommandSpec] = {
            **ruleset.commands(),
            **table_commands.COMMANDS,
        }

    # ---- construction -------------------------------------------------------------

    @classmethod
    def create(
        cls, table_id: str, name: str, ruleset_name: str, settings: JsonDict, seed: int, now: float
    ) -> tuple[Table, Decision]:
        """A new table and the decision that creates it (commit it, then ``accept``)."""
        ruleset = get_ruleset(ruleset_name)
        table = cls(table_id, ruleset)
        command = Command(
            id=f"create-{table_id}",
            type="table.create",
            args={"name": name, "settings": settings},
            actor=HOST,
            at=now,
        )
        ctx = Context({}, [], command, ruleset)
        table_commands.create_table(ctx, name, ruleset, settings, seed)
        return table, Decision(ctx.finish(), ctx.state)

    @classmethod
    def replay(cls, table_id: str, events: Iterable[Event]) -> Table:
        """Rebuild a table from its log."""
        log = list(events)
        if not log or log[0].type != TABLE_CREATED.name:
            raise ValueError("a table's log starts with table.created")
        table = cls(table_id, get_ruleset(str(log[0].data["ruleset"])))
        for event in log:
            evolve(table.state, event)
        table.events = log
        return table

    # ---- commands -----------------------------------------------------------------

    @property
    def version(self) -> int:
        return int(self.state.get("version", 0))

    def command_specs(self) -> Mapping[str, CommandSpec]:
        """Every command type this table accepts (shared ones and the system's)."""
        return self._commands

    def decide(self, command: Command, pending: Sequence[Decision] = ()) -> Decision:
        """Decide a command into events without changing the table.

        ``pending`` are decisions made before this one and not yet accepted (the host
        commits several at once): this one is decided on top of them, in order.
        """
        state = pending[-1].state if pending else self.state
        log: Sequence[Event] = self.events
        if pending:
            log = [*self.events, *(e for d in pending for e in d.events)]
        spec = self._commands.get(command.type)
        if spec is None:
            raise UnknownCommand(
                f"'{command.type}' is not something you can do at a {self.ruleset.title} table."
            )
        if command.actor.role != "host" and command.actor.role not in spec.roles:
            raise Forbidden(role_needed(spec))
        if not isinstance(command.args, dict):
            raise InvalidArgs("'args' must be a JSON object.")
        if command.actor.role == "player":
            seat: SeatState | None = state.get("seats", {}).get(command.actor.player_id)
            if seat is None or not seat["active"]:
                raise Forbidden("Your seat has been removed from this table.")
        ctx = Context(state, log, command, self.ruleset)  # copies on write
        spec.handler(ctx, spec.parse(command.args))
        events = ctx.finish()
        if not events:
            raise RuleViolation("That changes nothing.")
        return Decision(events, ctx.state)

    def accept(self, decision: Decision) -> None:
        """Adopt a decision once its events are durably committed."""
        self.state = decision.state
        self.events.extend(decision.events)

    # ---- reading ------------------------------------------------------------------

    def events_after(self, version: int, viewer: Actor) -> list[Event]:
        """The events after ``version`` that ``viewer`` may see, oldest first."""
        start = max(0, min(version, len(self.events)))
        # Versions are gap-free from 1, so version v sits at index v-1.
        return [e for e in self.events[start:] if viewer.may_see(e.visible_to)]

    def view(self, viewer: Actor) -> JsonDict:
        """The table as ``viewer`` may see it."""
        state = self.state
        seats = [
            {"player_id": pid, "name": seat["name"]}
            for pid, seat in state.get("seats", {}).items()
            if seat.get("active", True)
        ]
        you: JsonDict = {"role": viewer.role, "player_id": viewer.player_id}
        if viewer.player_id is not None:
            mine: SeatState | None = state.get("seats", {}).get(viewer.player_id)
            you["name"] = None if mine is None else mine["name"]
        return {
            "table_id": self.table_id,
            "name": state.get("name"),
            "ruleset": self.ruleset.name,
            "ruleset_title": self.ruleset.title,
            "version": self.version,
            "settings": state.get("settings", {}),  # shared, not copied (app.domain.cow)
            "session": state.get("session", {}),
            "seats": seats,
            "you": you,
            "rules": self.ruleset.view(state, viewer),
        }


def role_needed(spec: CommandSpec) -> str:
    """'Only a player can do that (Give ... from the Bowl ...).': the role a command needs
    and what the command is (summaries are phrased for the catalogue, not all verbs)."""
    who = {"gm": "the GM", "player": "a player"}
    needed = " or ".join(who[r] for r in sorted(spec.roles) if r in who) or "the host"
    return f"Only {needed} can do that ({spec.summary.rstrip('.')})."
