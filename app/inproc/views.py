"""Views built once per change and shared by the pages that see the same thing.

After a change every page following a table wakes up and asks for its view. Pages of
the same viewer (the GM's laptop and tablet, a player's two tabs) and, above all,
every wake-up that lands in the same moment ask for the same thing: the first builds
it, the others take the same object. Views are read-only once built (app.domain.memo),
so sharing one is safe.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from app.domain.actors import Actor
from app.host.feed import table_view
from app.host.live import LiveTable

#: Who is online also changes as time passes (a seat's grace period runs out) without a
#: new version or presence count; a view older than this is built again.
FRESH_SECONDS = 1.0


@dataclass
class _Built:
    version: int
    presence: int
    at: float
    views: dict[Actor, dict[str, Any]] = field(default_factory=dict)


class SharedViews:
    """The latest views of each table, by viewer (one host holds one of these)."""

    def __init__(self) -> None:
        self._tables: dict[str, _Built] = {}

    def view(self, live: LiveTable, actor: Actor) -> dict[str, Any]:
        """``table_view(live, actor)``, shared with every page that asked since the
        table last changed (within `FRESH_SECONDS`)."""
        now = time.monotonic()
        built = self._tables.get(live.table_id)
        if (
            built is None
            or built.version != live.table.version
            or built.presence != live.presence
            or now - built.at > FRESH_SECONDS
        ):
            built = _Built(live.table.version, live.presence, now)
            self._tables[live.table_id] = built
        view = built.views.get(actor)
        if view is None:
            view = built.views[actor] = table_view(live, actor)
        return view
