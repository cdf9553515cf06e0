"""A small driver for Bottlecaps tables in tests: commands by name, state by name."""

from __future__ import annotations

from typing import Any

from app.domain.actors import GM, HOST, Actor, player
from app.domain.changes import get_path, tokens_in
from app.domain.commands import Command
from app.domain.errors import DomainError
from app.domain.events import Event
from app.domain.evolve import fold
from app.domain.jsonvalue import JsonDict
from app.domain.table import Table

P1, P2 = player("p1"), player("p2")
COLOURS = ("white", "red", "blue")


class Driver:
    """One table; ``do`` sends a command and returns its events."""

    def __init__(self, seed: int = 7, **settings: Any) -> None:
        self.table, decision = Table.create("t", "Test", "bottlecaps", settings, seed, 0.0)
        self.table.accept(decision)
        self.n = 0

    def do(self, actor: Actor, type_: str, **args: Any) -> list[Event]:
        self.n += 1
        decision = self.table.decide(Command(f"c{self.n}", type_, args, actor, float(self.n)))
        self.table.accept(decision)
        return decision.events

    def fails(self, actor: Actor, type_: str, **args: Any) -> DomainError:
        before = self.table.version
        try:
            self.do(actor, type_, **args)
        except DomainError as error:
            assert self.table.version == before
            return error
        raise AssertionError(f"{type_} {args} should have been refused")

    # ---- set-up helpers -------------------------------------------------------

    def join(self, *names: str) -> Driver:
        for name in names:
            self.do(HOST, "seat.join", name=name)
        return self

    def start(self) -> Driver:
        self.do(GM, "session.start")
        return self

    def give(self, pid: str, **caps: int) -> None:
        """Add caps of chosen colours to a player's hand (GM awards from the pot)."""
        for colour, n in caps.items():
            if n:
                self.do(GM, "cap.award", player=pid, colour=colour, n=n)

    # ---- reading ----------------------------------------------------------------

    @property
    def state(self) -> JsonDict:
        return self.table.state

    def hand(self, pid: str) -> dict[str, int]:
        found = tokens_in(self.state, f"hand:{pid}")
        return {c: found.get(c, 0) for c in COLOURS}

    def pool(self, container: str) -> dict[str, int]:
        found = tokens_in(self.state, container)
        return {c: found.get(c, 0) for c in COLOURS}

    def sheet(self, cid: str) -> JsonDict:
        found: JsonDict = get_path(self.state, ("rules", "sheets", cid))
        return found

    def roll(self, cid: str) -> JsonDict:
        found: JsonDict = get_path(self.state, ("rules", "rolls", cid))
        return found

    def conserved(self) -> bool:
        totals: dict[str, int] = {}
        for container in self.state.get("tokens", {}).values():
            for kind, n in container.items():
                totals[kind] = totals.get(kind, 0) + n
        return all(n == 0 for n in totals.values())

    def replays(self) -> bool:
        return fold(self.table.events) == self.table.state


def table(*names: str, **settings: Any) -> Driver:
    """A table with seats ``names`` (p1, p2...) whose hands start empty in a session.

    Everyone's draw modifier is -3 so the session starts with empty hands; tests then
    award exactly the caps they need with ``give``.
    """
    d = Driver(**settings).join(*names)
    for i in range(len(names)):
        d.do(GM, "sheet.update", player=f"p{i + 1}", draw_modifier=-3)
    d.start()
    return d


__all__ = ["GM", "HOST", "P1", "P2", "Driver", "player", "table"]
