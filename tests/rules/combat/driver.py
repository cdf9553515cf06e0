"""A combat table for the rule tests: the Fate-chip driver plus deck and body helpers."""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.domain.actors import GM, player
from app.domain.changes import get_path
from app.domain.combat.cards import FULL_DECK
from app.domain.combat.deck import all_cards
from tests.rules.fatechips.driver import QUIET
from tests.rules.fatechips.driver import Game as _Game

__all__ = ["QUIET", "Fight"]


class Fight(_Game):
    """A running session with seats p1, p2... (and NPCs added by the test)."""

    def __init__(self, ruleset: str = "spacelands", **kwargs: Any) -> None:
        settings = {**QUIET, **kwargs.pop("settings", {})}
        super().__init__(ruleset, settings=settings, **kwargs)

    def combat(self, *path: str) -> Any:
        return get_path(self.state, ("rules", "combat", *path))

    def fighter(self, cid: str) -> dict[str, Any]:
        found: dict[str, Any] = self.combat("fighters", cid)
        return found

    def set_draw(self, side: str, top: list[str]) -> None:
        """Stack a deck for a test: ``top`` are the next cards drawn, in order. Edits the
        live state directly (a test fixture, never a rule), keeping every card once."""
        pile = self.combat("decks", side, "draw")
        rest = [c for c in pile if c not in top]
        missing = [c for c in top if c not in pile]
        assert not missing, f"{missing} are not in the draw pile"
        pile[:] = rest + list(reversed(top))

    def npc(self, name: str = "Bug", **stats: Any) -> str:
        events = self.gm("npc.add", name=name, **stats)
        return str(events[0].data["who"])

    def sheet(self, pid: str, path: str, value: Any) -> None:
        self.gm("sheet.update", player=pid, path=path, value=value)

    def wounds(self, cid: str) -> dict[str, int]:
        base = ("rules", "sheets", cid) if cid.startswith("p") else ("rules", "npcs", cid)
        found = get_path(self.state, (*base, "wounds")) or {}
        return {k: v for k, v in found.items() if v}

    def wind(self, cid: str) -> int:
        base = ("rules", "sheets", cid) if cid.startswith("p") else ("rules", "npcs", cid)
        return int(get_path(self.state, (*base, "wind", "current")))

    def view(self, who: str = "gm") -> dict[str, Any]:
        actor = GM if who == "gm" else player(who)
        found: dict[str, Any] = self.table.view(actor)["rules"]["combat"]
        return found

    def accounted(self) -> bool:
        """Every card of each deck is in exactly one place."""
        if self.combat() is None:
            return True
        return all(
            Counter(all_cards(self.state, side)) == Counter(FULL_DECK) for side in ("players", "gm")
        )
