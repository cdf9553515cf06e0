"""A combat table for the fight browser tests: made on a real host, with the GM's
commands sent over HTTP and the GM's combat view and log read from the host, plus the
steps every fight test starts with (the GM's tablet opens the session, a phone joins
and opens its Combat tab)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import httpx
from playwright.sync_api import Page

from app.domain.actors import GM
from app.domain.events import Event
from tests.conftest import ADMIN, RunningHost

from .conftest import enable_semantics
from .flutter_input import open_tab, tap, type_into
from .gm_start import start_first_session
from .test_ui_session import button, see


@dataclass
class FightTable:
    """One table on ``host``: its ids and tokens as the host created them."""

    host: RunningHost
    created: dict[str, Any]
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def table_id(self) -> str:
        return str(self.created["table_id"])

    def gm_cmd(self, type_: str, **args: Any) -> list[dict[str, Any]]:
        """Send a command as the GM; it must be accepted. Its events."""
        r = httpx.post(
            f"{self.host.url}/api/tables/{self.table_id}/commands",
            json={"id": f"gm-{next(self._ids)}", "type": type_, "args": args},
            headers={"Authorization": f"Bearer {self.created['gm_token']}"},
        )
        assert r.status_code == 200, r.text
        events: list[dict[str, Any]] = r.json()["events"]
        return events

    def view(self) -> dict[str, Any]:
        """The fight as the GM sees it."""
        return dict(self.host.hub.tables[self.table_id].table.view(GM)["rules"]["combat"])

    def log(self, kind: str) -> list[Event]:
        """Every event of type ``kind`` so far."""
        return [e for e in self.host.hub.tables[self.table_id].table.events if e.type == kind]

    def entry(self, cid: str) -> dict[str, Any]:
        """One combatant's entry in the fight (empty when not in it)."""
        return dict(self.view()["combatants"].get(cid, {}))


def fight_table(host: RunningHost, ruleset: str, name: str) -> FightTable:
    """A new table on ``host`` (made with the admin token)."""
    created = httpx.post(
        f"{host.url}/api/tables",
        json={"name": name, "ruleset": ruleset},
        headers={"Authorization": f"Bearer {ADMIN}"},
    ).json()
    return FightTable(host, created)


def open_gm_tablet(gm: Page, table: FightTable) -> None:
    """The GM's tablet opens the table and starts session 1."""
    gm.goto(f"/gm?table={table.table_id}&token={table.created['gm_token']}")
    enable_semantics(gm)
    start_first_session(gm, table.host, table.table_id)


def join_to_combat(page: Page, table: FightTable, name: str) -> None:
    """A phone joins as ``name`` and opens its Combat tab (no fight yet)."""
    page.goto(f"/join/{table.created['join_code']}")
    enable_semantics(page)
    type_into(page, "Your name", name)
    tap(button(page, "Join the table"))
    open_tab(page, "Combat")
    see(page, "No fight right now. Your wounds and Wind:")
