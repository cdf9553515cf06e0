"""Bottlecaps tables in tests: the shared kit's ``KitTable`` with commands by name."""

from __future__ import annotations

from typing import Any

from app.domain.actors import GM, HOST, Actor, player
from app.domain.changes import get_path, tokens_in
from app.domain.errors import DomainError
from app.domain.events import Event
from app.domain.jsonvalue import JsonDict
from tests.rules.kit.driver import KitTable

P1, P2 = player("p1"), player("p2")
COLOURS = ("white", "red", "blue")


class Driver(KitTable):
    """One table (the shared kit's driver, no seats yet); ``do`` sends a command and
    returns its events."""

    def __init__(self, seed: int = 7, **settings: Any) -> None:
        super().__init__("bottlecaps", (), settings, seed)

    def do(self, actor: Actor, type_: str, **args: Any) -> list[Event]:
        return self.run(actor, type_, args)

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
            self.run(HOST, "seat.join", {"name": name})
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
