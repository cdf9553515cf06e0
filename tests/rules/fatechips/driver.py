"""The Fate-chip rule tests' driver: the shared kit's ``KitTable`` plus chip helpers."""

from __future__ import annotations

from typing import Any

from app.domain.actors import GM, player
from app.domain.changes import get_path, token_count
from app.domain.events import Event
from tests.rules.kit.driver import KitTable

QUIET = {"session_draw": 0, "gm_draw": 0}  # start sessions with empty hands


class Game(KitTable):
    """One table of ``ruleset`` with seats p1, p2... and a running session (the shared
    kit's driver, ``tests/rules/kit/driver.py``, with Fate-chip helpers)."""

    def __init__(
        self,
        ruleset: str = "deadlands",
        players: tuple[str, ...] = ("Ann", "Bob"),
        settings: dict[str, Any] | None = None,
        seed: int = 1,
        start: bool = True,
    ) -> None:
        super().__init__(ruleset, players, settings, seed)
        if start:
            self.run(GM, "session.start")

    def gm(self, type_: str, **args: Any) -> list[Event]:
        return self.run(GM, type_, args)

    def as_(self, pid: str, type_: str, **args: Any) -> list[Event]:
        return self.run(player(pid), type_, args)

    def award(self, pid: str, **chips: int) -> None:
        """Give a player exact chips through the GM's awards."""
        for colour, n in chips.items():
            for _ in range(n):
                if colour == "legend":
                    self.gm("legend.award", to=pid)
                else:
                    self.gm("chips.award", player=pid, colour=colour)

    def count(self, container: str, kind: str) -> int:
        return token_count(self.state, container, kind)

    def total(self, container: str) -> int:
        """Chips of every kind in a container."""
        return sum(get_path(self.state, ("tokens", container), {}).values())

    def hand(self, pid: str) -> dict[str, int]:
        tokens = get_path(self.state, ("tokens", f"hand:{pid}"), {})
        return {k: v for k, v in tokens.items() if v}

    def rules(self, *path: str) -> Any:
        return get_path(self.state, ("rules", *path))

    def roll(self, pid: str = "p1") -> dict[str, Any]:
        roll: dict[str, Any] = self.table.view(GM)["rules"]["players"][pid]["roll"]
        return roll
