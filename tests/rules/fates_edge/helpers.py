"""A tiny driver for Fate's Edge tables in tests."""

from __future__ import annotations

from typing import Any

from app.domain.actors import GM, HOST, Actor, player

__all__ = ["GM", "Game", "player"]
from app.domain.changes import token_count
from app.domain.commands import Command
from app.domain.events import Event
from app.domain.evolve import fold
from app.domain.jsonvalue import JsonDict
from app.domain.table import Table


class Game:
    """A table with seats, driven by short method calls."""

    def __init__(self, seed: int = 7, players: int = 2, **settings: Any) -> None:
        self.table, d = Table.create("t", "Test", "fates-edge", settings, seed, 0.0)
        self.table.accept(d)
        self.n = 0
        for i in range(players):
            self.run(HOST, "seat.join", name=f"P{i + 1}")

    def run(self, actor: Actor, cmd: str, /, **args: Any) -> list[Event]:
        self.n += 1
        d = self.table.decide(Command(f"c{self.n}", cmd, args, actor, float(self.n)))
        self.table.accept(d)
        return d.events

    def table_gm(self) -> Actor:
        return GM

    def gm(self, cmd: str, /, **args: Any) -> list[Event]:
        return self.run(GM, cmd, **args)

    def p(self, pid: str, cmd: str, /, **args: Any) -> list[Event]:
        return self.run(player(pid), cmd, **args)

    @property
    def state(self) -> JsonDict:
        return self.table.state

    @property
    def rules(self) -> JsonDict:
        rules: JsonDict = self.table.state["rules"]
        return rules

    def pc(self, pid: str) -> JsonDict:
        pc: JsonDict = self.rules["pcs"][pid]
        return pc

    def tokens(self, container: str, kind: str) -> int:
        return token_count(self.state, container, kind)

    def xp(self, pid: str) -> int:
        return self.tokens(f"hand:{pid}", "xp")

    def boons(self, pid: str) -> int:
        return self.tokens(f"hand:{pid}", "boon")

    def bank(self) -> int:
        return self.tokens("gm", "cp")

    def give_cp(self, n: int) -> None:
        self.gm("cp.grant", cp=n, reason="test")

    def check(self) -> None:
        assert fold(self.table.events) == self.table.state
        totals: dict[str, int] = {}
        for bag in self.state.get("tokens", {}).values():
            for kind, n in bag.items():
                totals[kind] = totals.get(kind, 0) + n
        assert all(v == 0 for v in totals.values()), totals
