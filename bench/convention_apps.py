"""The two servers `bench.convention` loads: Fate Pot's host and the bare Flet app.

Each starts in a child process (as `bench.browser_tap` starts them), makes its tables,
opens one table's pages over Flet's web-socket protocol (`bench.flet_wire`), and gets
the GM's page ready for a tap: what the phones will then show.
"""

from __future__ import annotations

import json
import tempfile
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from bench.common import Child, create_table, free_port, host_child, join_players
from bench.flet_tree import Node
from bench.flet_wire import PHONE, TABLET, WirePage

TAP_BUTTON = "Write the note"  # the same name on both apps' pages
NOTE_FIELD = "Note for the log"


def _note_field(c: Node) -> bool:
    return c.get("_c") == "TextField" and c.get("label") == NOTE_FIELD


def _tap_button(c: Node) -> bool:
    return TAP_BUTTON in (c.get("tooltip"), c.get("content"), c.get("text"))


@dataclass
class Table:
    """One table's open pages: the GM's tablet first, then the phones."""

    number: int
    gm: WirePage
    phones: list[WirePage] = field(default_factory=list)
    taps: int = 0

    @property
    def pages(self) -> list[WirePage]:
        return [self.gm, *self.phones]


class App(ABC):
    """One server under test."""

    name = ""
    child: Child
    profile: str | None = None  # where the server writes its cProfile stats, if it can

    @abstractmethod
    def start(self, tables: int, phones: int) -> None:
        """Start the server and make ``tables`` tables of ``phones`` seats (blocking)."""

    @abstractmethod
    def stop(self) -> None:
        """Stop the server and remove what it stored."""

    @abstractmethod
    async def open_table(self, number: int) -> Table:
        """Open table ``number``'s GM page and phones, each on the screen that shows
        the taps' lines."""

    @abstractmethod
    async def prepare_tap(self, table: Table, key_seconds: float) -> str:
        """Get the GM's page ready for the next tap; the text every page will show."""

    async def tap(self, table: Table) -> None:
        button = table.gm.find(_tap_button)
        assert button is not None, f"no {TAP_BUTTON!r} on table {table.number}'s GM page"
        await table.gm.tap(button)


class FatePot(App):
    """The host as `fatepot host` runs it (bench.host, web UI mounted), a Deadlands
    table per number; phones seated through claim links, on their Log tab."""

    name = "Fate Pot"

    def __init__(
        self,
        profile: str | None = None,
        *,
        flet_send_message: bool = False,
        unfrozen: bool = False,
    ) -> None:
        self.profile = profile
        # Before/after variants: Flet's own FletApp.send_message (app.host.flet_transport),
        # and the start-up heap left to the collector (app.host.heap).
        self.flet_send_message, self.unfrozen = flet_send_message, unfrozen
        if flet_send_message:
            self.name = "Fate Pot, Flet's send_message"
        if unfrozen:
            self.name = "Fate Pot, start-up heap not frozen"

    def start(self, tables: int, phones: int) -> None:
        self.tmp = tempfile.TemporaryDirectory(prefix="fatepot-convention-")
        extra = ["--profile", self.profile] if self.profile else []
        if self.flet_send_message:
            extra.append("--flet-send-message")
        if self.unfrozen:
            extra.append("--no-freeze")
        self.child = host_child(Path(self.tmp.name) / "data", web=True, extra=extra)
        self.child.start(timeout=120)
        self.tables: list[dict[str, Any]] = []
        self.claims: list[list[str]] = []
        for i in range(tables):
            table = create_table(self.child.url, name=f"Table {i + 1}")
            self.tables.append(table)
            self.claims.append(self._claim_routes(table, phones))

    def _claim_routes(self, table: dict[str, Any], n: int) -> list[str]:
        routes = []
        headers = {"Authorization": f"Bearer {table['gm_token']}"}
        with httpx.Client(base_url=self.child.url, timeout=30, headers=headers) as http:
            for seat in join_players(self.child.url, table["join_code"], n):
                r = http.post(f"/api/tables/{table['table_id']}/seats/{seat['player_id']}/claim")
                r.raise_for_status()
                routes.append(f"/claim/{r.json()['claim_code']}")
        return routes

    def stop(self) -> None:
        self.child.stop()
        self.tmp.cleanup()

    async def open_table(self, number: int) -> Table:
        t = self.tables[number]
        # The GM link's token, as the page's script leaves it for the app (GM_LINK_JS):
        # in the browser's storage, out of the address.
        handoff = json.dumps({"table_id": t["table_id"], "token": t["gm_token"]})
        gm = WirePage(
            self.child.url,
            f"/gm?table={t['table_id']}",
            TABLET,
            storage={"fatepot.gm.handoff": handoff},
        )
        await gm.open()
        await gm.wait_for(_note_field)
        table = Table(number, gm)
        for route in self.claims[number]:
            phone = WirePage(self.child.url, route, PHONE)
            await phone.open()
            bar = await phone.wait_for(lambda c: c.get("_c") == "NavigationBar")
            names = [d.get("label") for d in bar.get("destinations", [])]
            await phone.select(bar, names.index("Log"))
            await phone.wait_for(_note_field)
            table.phones.append(phone)
        return table

    async def prepare_tap(self, table: Table, key_seconds: float) -> str:
        table.taps += 1
        text = f"t{table.number + 1:02d}n{table.taps:04d}x"
        note = table.gm.find(_note_field)
        assert note is not None, f"no {NOTE_FIELD!r} on table {table.number}'s GM page"
        await table.gm.type_text(note, text, key_seconds)
        return text


class BareFlet(App):
    """`bench.bare_flet` under the same uvicorn: a table is a route (a pubsub topic)."""

    name = "bare Flet"

    def start(self, tables: int, phones: int) -> None:
        port = free_port()
        self.child = Child(["bench.bare_flet", "--port", str(port)], port, "/api/health")
        self.child.start(timeout=120)
        self.phones = phones

    def stop(self) -> None:
        self.child.stop()

    async def open_table(self, number: int) -> Table:
        route = f"/table/{number + 1}"
        gm = WirePage(self.child.url, route, TABLET)
        await gm.open()
        await gm.wait_for(_tap_button)
        table = Table(number, gm)
        for _ in range(self.phones):
            phone = WirePage(self.child.url, route, PHONE)
            await phone.open()
            await phone.wait_for(_tap_button)
            table.phones.append(phone)
        return table

    async def prepare_tap(self, table: Table, key_seconds: float) -> str:
        table.taps += 1
        return f"note {table.taps}"  # the row the tap adds (bare_flet.main's write)
