"""The context a command handler decides in: a scratch state, the RNG, the log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .actors import Actor
from .commands import Command
from .cow import Writable
from .errors import Forbidden, InvalidArgs
from .events import Draft, Event
from .evolve import evolve
from .jsonvalue import JsonDict
from .rng import Rng
from .state_types import RngState, SeatState

if TYPE_CHECKING:
    from .ruleset import Ruleset


class Context:
    """What a handler sees while deciding one command.

    ``state`` starts as the table state and has every emitted event applied
    immediately, so a handler that draws three chips sees the pot shrink between draws.
    The state it started from is never changed: events copy on write what they touch
    (app.domain.cow), so handlers read ``state`` and change it only through events.
    Nothing reaches the real table until the host has committed the events.
    """

    def __init__(
        self, state: JsonDict, log: Sequence[Event], command: Command, ruleset: Ruleset
    ) -> None:
        # A TableState (app.domain.state_types). Declared Any so that each rule system's
        # helpers take it as their own ``TableState[TheirRules]`` (and those not yet
        # typed, as a plain dict) without a cast at every call.
        self.state: Any = dict(state)
        self._writable = Writable(self.state)
        self.ruleset = ruleset
        self.log = log
        self.command = command
        rng: RngState | None = state.get("rng")
        self.rng = Rng(rng["seed"], rng["cursor"]) if rng is not None else Rng(0, 0)
        self.emitted: list[Event] = []

    @property
    def actor(self) -> Actor:
        return self.command.actor

    @property
    def settings(self) -> JsonDict:
        """The table's settings (rule-system options chosen at creation)."""
        settings: JsonDict = self.state.get("settings", {})
        return settings

    @property
    def rules(self) -> JsonDict:
        """The rule system's own part of the state, to read (change it through events).

        Empty until an event has created it: writing into it directly would make the
        live state differ from the fold of the log.
        """
        rules: JsonDict = self.state.get("rules", {})
        return rules

    def emit(self, draft: Draft) -> Event:
        """Record one event of this command and apply it to the scratch state."""
        event = Event(
            version=int(self.state.get("version", 0)) + 1,
            command_id=self.command.id,
            actor=self.actor.label,
            at=self.command.at,
            type=draft.type.name,
            text=draft.text,
            data=draft.data,
            changes=draft.changes,
            visible_to=draft.visible_to,
            undo=draft.undo,
            rng_cursor=self.rng.cursor,
        )
        evolve(self.state, event, self._writable)
        self.emitted.append(event)
        return event

    def finish(self) -> list[Event]:
        """The events decided; the last one carries the RNG cursor after every draw."""
        if self.emitted and self.emitted[-1].rng_cursor != self.rng.cursor:
            last = replace(self.emitted[-1], rng_cursor=self.rng.cursor)
            self.emitted[-1] = last
            self._writable.child(self.state, "rng")["cursor"] = self.rng.cursor
        return self.emitted

    # ---- seats -------------------------------------------------------------------

    def seats(self) -> dict[str, SeatState]:
        """Every seat that is still at the table, by player id."""
        seats: dict[str, SeatState] = self.state.get("seats", {})
        return {pid: s for pid, s in seats.items() if s.get("active", True)}

    def seat(self, player_id: str) -> SeatState:
        """One active seat, or a clear error."""
        found = self.seats().get(player_id)
        if found is None:
            raise InvalidArgs(f"There is no seat '{player_id}' at this table.")
        return found

    def name_of(self, player_id: str) -> str:
        """The seat's display name (or the id if it has gone)."""
        seat: SeatState | None = self.state.get("seats", {}).get(player_id)
        return player_id if seat is None else seat["name"]

    def target(self, named: object, key: str = "player") -> str:
        """The seat a command acts on, from a typed argument ``key`` that says
        ``named``: a player acts for themselves, the GM names one."""
        if self.actor.role == "player":
            if named not in (None, self.actor.player_id):
                raise Forbidden("You can only act for your own character.")
            assert self.actor.player_id is not None
            self.seat(self.actor.player_id)
            return self.actor.player_id
        if not isinstance(named, str):
            raise InvalidArgs(f"Say which player: '{key}' is required for the GM.")
        self.seat(named)
        return named

    def require_gm(self, what: str) -> None:
        """Refuse unless the GM (or the host) is acting."""
        if not self.actor.is_gm:
            raise Forbidden(f"Only the GM can {what}.")
