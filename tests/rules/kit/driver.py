"""One table driver for every rule system: commands in, events and state out.

``KitTable`` seats players, runs commands as any actor, and answers the questions every
rule system must answer the same way (does the log replay to the state, are tokens
conserved, what may each viewer see). The per-system rule tests build on it; the
shared property tests (``test_every_system.py``) drive it with random steps.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from app.domain.actors import GM, HOST, Actor, player
from app.domain.commands import Command, CommandSpec
from app.domain.errors import DomainError
from app.domain.events import Event
from app.domain.evolve import fold
from app.domain.table import Decision, Table

Step = tuple[Actor, str, dict[str, Any]]


class KitTable:
    """One table of ``ruleset`` with seats p1, p2... (created by the host's ``seat.join``)."""

    def __init__(
        self,
        ruleset: str,
        players: tuple[str, ...] = ("Ann", "Bob", "Cid"),
        settings: dict[str, Any] | None = None,
        seed: int = 1,
    ) -> None:
        self.ruleset = ruleset
        self.table, decision = Table.create("t1", "Saloon", ruleset, settings or {}, seed, 0.0)
        self.table.accept(decision)
        self.n = 0
        for name in players:
            self.run(HOST, "seat.join", {"name": name})

    # ---- running commands -------------------------------------------------------------

    def command(self, actor: Actor, type_: str, args: dict[str, Any] | None = None) -> Command:
        """The next command, with a fresh client-made id."""
        self.n += 1
        return Command(f"c{self.n}", type_, args or {}, actor, float(self.n))

    def decide(self, actor: Actor, type_: str, args: dict[str, Any] | None = None) -> Decision:
        """Decide a command without accepting it (the state stays as it was)."""
        return self.table.decide(self.command(actor, type_, args))

    def run(self, actor: Actor, type_: str, args: dict[str, Any] | None = None) -> list[Event]:
        """Decide and accept one command; returns its events (DomainError if refused)."""
        decision = self.decide(actor, type_, args)
        self.table.accept(decision)
        return decision.events

    def attempt(self, step: Step) -> list[Event] | DomainError:
        """Run a step; a refusal comes back as its DomainError (anything else raises)."""
        actor, type_, args = step
        try:
            return self.run(actor, type_, args)
        except DomainError as error:
            return error

    # ---- reading ------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The table's state: a TableState, typed by each system as its own
        (``TableState[ChipsRules]``...), so its helpers take it as it is."""
        return self.table.state

    @property
    def events(self) -> list[Event]:
        return self.table.events

    def specs(self) -> dict[str, CommandSpec]:
        return dict(self.table.command_specs())

    def seats(self, *, active_only: bool = True) -> list[str]:
        seats = self.state.get("seats", {})
        return [p for p, s in seats.items() if s.get("active", True) or not active_only]

    def viewers(self) -> list[Actor]:
        """The GM and every seat (a removed seat's old token views as a player too)."""
        return [GM, *(player(p) for p in self.seats(active_only=False))]

    def replays(self) -> bool:
        """Folding the log from nothing gives the live state."""
        return fold(self.table.events) == self.table.state

    def token_totals(self) -> dict[str, int]:
        """Per kind, the sum over every container (``supply`` included): always 0."""
        totals: dict[str, int] = {}
        for container in self.state.get("tokens", {}).values():
            for kind, n in container.items():
                totals[kind] = totals.get(kind, 0) + n
        return {k: n for k, n in totals.items() if n}

    def negative_holders(self) -> list[str]:
        """Containers other than the supply holding fewer than no tokens of a kind."""
        return [
            f"{name}:{kind}"
            for name, container in self.state.get("tokens", {}).items()
            if name != "supply"
            for kind, n in container.items()
            if n < 0
        ]

    def seen_by(self, viewer: Actor) -> str:
        """Everything ``viewer`` receives, as one JSON text: their view and their events."""
        events = self.table.events_after(0, viewer)
        received = [self.table.view(viewer), [[e.text, e.data] for e in events]]
        return json.dumps(received, sort_keys=True, default=str)


@contextmanager
def memo_off() -> Iterator[None]:
    """Every view part computed afresh: nothing shared, nothing remembered.

    Views may share parts between viewers and remember parts by their inputs
    (``app.domain.memo``); modules import those helpers by name, so each module that
    holds one gets it replaced, whichever rule system it belongs to.
    """
    import sys

    import pytest

    from app.domain import memo

    def alone(state: Any, key: Any, make: Any) -> Any:
        return make()

    def afresh(name: Any, inputs: Any, make: Any) -> Any:
        return make()

    replacements = {memo.shared_part: alone, memo.remembered: afresh}
    with pytest.MonkeyPatch.context() as patch:
        for name, module in list(sys.modules.items()):
            if not name.startswith("app.") or module is None:
                continue
            for attribute, value in list(vars(module).items()):
                if any(value is original for original in replacements):
                    patch.setattr(module, attribute, replacements[value])
        yield


__all__ = ["GM", "HOST", "KitTable", "Step", "memo_off", "player"]
