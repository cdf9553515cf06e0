"""A small driver for Wheel of Fate tables in tests: decide, accept, check invariants."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from app.domain.actors import GM, HOST, Actor, player
from app.domain.changes import get_path
from app.domain.errors import DomainError
from app.domain.events import Event
from app.domain.evolve import fold
from tests.rules.kit.driver import KitTable

P1, P2, P3 = player("p1"), player("p2"), player("p3")
__all__ = ["GM", "HOST", "P1", "P2", "P3", "Game"]


class Game(KitTable):
    """A table with seated players (Ann = p1, Bob = p2, ...) and a running session: the
    shared kit's driver, checking conservation and replay after every command."""

    def __init__(
        self,
        players: tuple[str, ...] = ("Ann", "Bob"),
        settings: dict[str, Any] | None = None,
        *,
        seed: int = 7,
        session: bool = True,
    ) -> None:
        super().__init__("wheel-of-fate", players, settings, seed)
        if session:
            self.do(GM, "session.start")

    def do(self, actor: Actor, type_: str, **args: Any) -> list[Event]:
        events = self.run(actor, type_, args)
        self.check()
        return events

    def fails(
        self, actor: Actor, type_: str, error: type[DomainError] = DomainError, **args: Any
    ) -> str:
        before = self.table.state
        with pytest.raises(error) as caught:
            self.do(actor, type_, **args)
        assert self.table.state is before
        return caught.value.message

    def check(self) -> None:
        """Fate points are conserved and the log replays to the live state."""
        sums: dict[str, int] = defaultdict(int)
        for container in self.state.get("tokens", {}).values():
            for kind, n in container.items():
                sums[kind] += n
        assert all(v == 0 for v in sums.values()), sums
        assert fold(self.table.events) == self.state

    def char(self, cid: str) -> dict[str, Any]:
        found: dict[str, Any] = self.state["rules"]["chars"][cid]
        return found

    def tokens(self, container: str) -> int:
        return int(get_path(self.state, ("tokens", container, "fate"), 0))

    def fate(self, pid: str) -> int:
        return self.tokens(f"hand:{pid}")

    def last(self, type_: str) -> Event:
        return next(e for e in reversed(self.table.events) if e.type == type_)

    def attributes(self, pid: str, physical: int, mental: int, social: int) -> None:
        self.do(GM, "char.attributes", player=pid, physical=physical, mental=mental, social=social)

    def npc(self, name: str, physical: int, mental: int, social: int) -> str:
        events = self.do(GM, "npc.add", name=name, physical=physical, mental=mental, social=social)
        return str(events[0].data["npc"])

    def complete_sheet(self, pid: str) -> None:
        """Every creation step but the attributes (which a test sets itself)."""
        actor = player(pid)
        self.do(actor, "char.summary", name=f"Hero {pid}", summary="A brave soul.")
        for other in self.state["seats"]:
            if other != pid:
                self.do(actor, "char.connection", other=other, text="Old friends.")
        for i in range(1, 6):
            self.do(actor, "char.answer", number=i, text=f"Answer {i}")
            self.do(actor, "char.aspect", number=i, text=f"Aspect {i}")
        self.do(actor, "char.went_wrong", text="The bridge collapsed.")
