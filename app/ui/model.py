"""The observable state of one Flet session and the actions that change it.

`AppModel` is what the screens read; its methods are what taps call. It talks to the
table only through a TableClient (built by a `Gateway`), so the same model runs in the
host's Flet sessions (in-process ASGI transport) and in a compiled app (real HTTP), and
tests drive it with a fake client and no browser.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import flet as ft

from app.client.outcomes import Applied, Outcome, Queued, Rejected
from app.client.table_client import HostRefused, Seat

from .device import Device, SavedSeat
from .routes import Route, host_address, join_link
from .widgets import KeptForms

Screen = Literal["loading", "home", "join", "player", "gm", "error"]
PRESENCE_SECONDS = 12.0


class ClientLike(Protocol):
    """The part of TableClient the UI uses (a fake implements it in tests)."""

    seat: Seat
    table: dict[str, Any]
    log: list[dict[str, Any]]
    status: Any
    outbox: list[Any]

    def subscribe(self, listener: Callable[[Any], None]) -> Callable[[], None]: ...
    async def load(self) -> dict[str, Any]: ...
    async def refresh(self) -> dict[str, Any]: ...
    async def send(self, type_: str, args: dict[str, Any] | None = None) -> Outcome: ...
    async def undo(self, command_id: str) -> Outcome: ...
    async def issue_claim(self, player_id: str) -> dict[str, Any]: ...
    def start(self) -> None: ...
    async def close(self) -> None: ...


class Gateway(Protocol):
    """How a session reaches the host before it has a seat, and makes its client."""

    base_url: str

    @property
    def remote(self) -> bool: ...
    async def reachable(self, base_url: str) -> bool: ...
    async def join(self, code: str, name: str) -> Seat: ...
    async def claim(self, code: str) -> Seat: ...
    async def create_table(
        self, admin: str, name: str, ruleset: str, settings: dict[str, Any]
    ) -> dict[str, Any]: ...
    async def list_tables(self, admin: str) -> list[dict[str, Any]]: ...
    async def rulesets(self) -> list[dict[str, Any]]: ...
    def client(self, seat: Seat, outbox: list[dict[str, Any]], save: Any) -> ClientLike: ...


@dataclass(frozen=True)
class Toast:
    """A short message after an action, with an Undo when this device may undo it."""

    message: str
    undo_command: str | None = None
    error: bool = False


@ft.observable
class AppModel:
    """One browser tab (or app) at one table. Screens read it; taps call its methods."""

    def __init__(self, gateway: Gateway, device: Device, origin: str) -> None:
        self._gateway = gateway
        self._device = device
        self._client: ClientLike | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._presence: asyncio.Task[None] | None = None
        self._on_toast: Callable[[Toast], None] = lambda toast: None
        self._on_navigate: Callable[[str], None] = lambda route: None
        self._seen_version: int | None = None  # newest log entry already looked at
        self.origin = origin  # what phones reach: links and QR codes point here
        self.screen: Screen = "loading"
        self.message = ""  # why the current screen is what it is (errors, hints)
        self.busy = False
        self.rev = 0  # bumped on every change the table's client reports
        self.status = "reconnecting"
        self.queued = 0
        self.join_code = ""
        self.name = ""
        self.admin_token = ""
        self.tables: list[dict[str, Any]] = []
        self.ruleset_list: list[dict[str, Any]] = []
        self.dark = True
        self.claim_links: dict[str, str] = {}  # pid -> claim url the GM just issued
        self.forms = KeptForms()  # half-made choices kept across rebuilds

    # ---- wiring -----------------------------------------------------------------------

    def on_toast(self, show: Callable[[Toast], None]) -> None:
        self._on_toast = show

    def on_navigate(self, go: Callable[[str], None]) -> None:
        self._on_navigate = go

    def toast(self, toast: Toast) -> None:
        self._on_toast(toast)

    # ---- what the screens read ----------------------------------------------------------

    @property
    def client(self) -> ClientLike | None:
        return self._client

    @property
    def table(self) -> dict[str, Any]:
        return self._client.table if self._client else {}

    @property
    def log(self) -> list[dict[str, Any]]:
        return self._client.log if self._client else []

    @property
    def rules(self) -> dict[str, Any]:
        rules = self.table.get("rules")
        return rules if isinstance(rules, dict) else {}

    @property
    def ruleset(self) -> str:
        return str(self.table.get("ruleset", ""))

    @property
    def is_gm(self) -> bool:
        return self.table.get("you", {}).get("role") == "gm"

    @property
    def player_id(self) -> str | None:
        pid = self.table.get("you", {}).get("player_id")
        return pid if isinstance(pid, str) else None

    @property
    def session_active(self) -> bool:
        return bool(self.table.get("session", {}).get("active"))

    def seat_name(self, pid: str | None) -> str:
        for seat in self.table.get("seats", []):
            if seat["player_id"] == pid:
                return str(seat["name"])
        return "GM" if pid in (None, "gm") else str(pid)

    def undone(self) -> set[str]:
        """Command ids undone so far (from the undo events this device has seen)."""
        return {
            str(e["data"]["command_id"])
            for e in self.log
            if e.get("type") == "undo" and isinstance(e.get("data"), dict)
        }

    def can_undo(self, event: dict[str, Any]) -> bool:
        """Whether this device may undo ``event`` (the host has the last word)."""
        policy = event.get("undo")
        if policy == "never" or event.get("type") == "undo":
            return False
        if self.is_gm:
            return True
        return policy == "owner" and event.get("actor") == self.player_id

    # ---- start-up and routes ----------------------------------------------------------

    async def open_route(self, route: Route) -> None:
        """Go where the URL says, using what the device remembers."""
        self.dark = await self._device.theme() == "dark"
        self.name = await self._device.name()
        self.admin_token = await self._device.admin_token()
        if route.kind == "join" and route.code:
            await self._open_join(route.code)
        elif route.kind == "claim" and route.code:
            await self.claim(route.code)
        elif route.kind == "gm":
            await self._open_gm(route.table, route.token)
        else:
            last = await self._device.last_seat()
            if last is not None and await self._resume(last):
                return
            await self.show_home()

    async def show_home(self, message: str = "") -> None:
        await self._drop_client()
        self.message = message
        self.screen = "home"
        if self.admin_token:
            await self.load_tables(self.admin_token, quiet=True)

    async def _open_join(self, code: str) -> None:
        self.join_code = code.upper()
        saved = await self._device.player_seat(code)
        if saved is not None and await self._resume(saved):
            return
        self.screen = "join"

    async def _open_gm(self, table_id: str | None, token: str | None) -> None:
        token = token or await self._device.take_gm_handoff(table_id)
        if token and table_id:
            await self._device.save_gm_seat(SavedSeat(table_id, token))
            self._on_navigate(f"/gm?table={table_id}")  # the token leaves the address bar
        saved = await self._device.gm_seat(table_id)
        if saved is None:
            await self.show_home("Open the GM link printed by the host once on this device.")
            return
        if not await self._resume(saved):
            await self.show_home("That GM link no longer opens a table.")

    async def _resume(self, saved: SavedSeat) -> bool:
        """Open a client for a remembered seat; False (and forgotten) if refused."""
        seat = Seat(self._gateway.base_url, saved.table_id, saved.token, saved.player_id)
        try:
            await self._connect(seat, saved)
        except HostRefused as err:
            if err.status in (401, 403, 404):
                if saved.player_id is None:
                    await self._device.forget_gm_seat(saved.table_id)
                elif saved.join_code:
                    await self._device.forget_player_seat(saved.join_code)
                await self._device.forget_last()
                self.message = "This device's seat is no longer valid: join again."
                return False
            raise
        return True

    async def _connect(self, seat: Seat, saved: SavedSeat) -> None:
        await self._drop_client()
        self.forms.clear()
        outbox = await self._device.outbox(saved)

        async def save(commands: list[dict[str, Any]]) -> None:
            await self._device.save_outbox(saved, commands)

        client = self._gateway.client(seat, outbox, save)
        self._client = client
        self.screen = "loading"
        try:
            await client.load()
        except Exception:
            self._client = None
            await client.close()
            raise
        self._unsubscribe = client.subscribe(lambda c: self._changed())
        client.start()
        join_code = str(client.table.get("join_code") or saved.join_code or "")
        if saved.player_id is not None:
            self.join_code = join_code
            await self._device.save_player_seat(
                SavedSeat(seat.table_id, seat.token, seat.player_id, join_code)
            )
            self.screen = "player"
        else:
            await self._device.save_gm_seat(SavedSeat(seat.table_id, seat.token))
            self.screen = "gm"
            self._presence = asyncio.create_task(self._watch_presence(client))
        self.message = ""
        if not self.ruleset_list:
            with contextlib.suppress(Exception):
                self.ruleset_list = await self._gateway.rulesets()
        self._changed()

    async def _watch_presence(self, client: ClientLike) -> None:
        """Who is online changes without an event: re-read the view now and then."""
        while True:
            await asyncio.sleep(PRESENCE_SECONDS)
            with contextlib.suppress(Exception):
                await client.refresh()

    async def _drop_client(self) -> None:
        self._seen_version = None
        if self._presence is not None:
            self._presence.cancel()
            self._presence = None
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self._client is not None:
            client, self._client = self._client, None
            await client.close()

    def _changed(self) -> None:
        client = self._client
        if client is None:
            return
        self.status = client.status
        self.queued = len(client.outbox)
        self._tell_about_undos(client.log)
        self.rev += 1

    def _tell_about_undos(self, log: list[dict[str, Any]]) -> None:
        """Someone else (the GM) undid one of this device's actions: say so here too."""
        newest = int(log[0].get("version", 0)) if log else 0
        if self._seen_version is None or not self.player_id:
            self._seen_version = newest
            return
        mine = {e.get("command_id") for e in log if e.get("actor") == self.player_id}
        for event in reversed(log):
            version = int(event.get("version", 0))
            if version <= self._seen_version or event.get("type") != "undo":
                continue
            target = (event.get("data") or {}).get("command_id")
            if event.get("actor") != self.player_id and target in mine:
                self.toast(Toast(str(event.get("text", "Undone."))))
        self._seen_version = max(self._seen_version, newest)

    # ---- joining ------------------------------------------------------------------------

    # ---- the host (a compiled app chooses it; a browser is served by it) --------------

    @property
    def remote(self) -> bool:
        """Whether this app reaches the host over the network and may change hosts."""
        return self._gateway.remote

    @property
    def host_url(self) -> str:
        return self._gateway.base_url

    async def use_host(self, text: str) -> bool:
        """Point this app at the host typed or pasted (an address or a join link) if a
        Fate Pot host answers there; remembered on the device."""
        url = host_address(text)
        if url is None:
            self.message = "Type the host's address from the GM's screen, e.g. 192.168.1.20:8550."
            return False
        if not await self._gateway.reachable(url):
            self.message = (
                f"No Fate Pot host answers at {url}. Check the address on the GM's screen "
                "and that this device is on the same Wi-Fi."
            )
            return False
        self._gateway.base_url = url
        self.origin = url
        await self._device.save_host_url(url)
        self.message = ""
        return True

    def open_join_form(self, code: str) -> None:
        """Show the name form for the table with join code ``code``."""
        self.join_code = code.strip().upper()
        self.screen = "join"
        self._on_navigate(f"/join/{self.join_code}")

    async def open_join_link(self, text: str) -> str | None:
        """The join code in a pasted join link (switching this app to its host first);
        None if the text is not a join link or its host does not answer."""
        found = join_link(text)
        if found is None:
            return None
        host, code = found
        if self.remote and host != self.host_url and not await self.use_host(host):
            return None
        return code

    async def join(self, code: str, name: str) -> None:
        """Take a seat with a join code and a name (the name is remembered)."""
        code, name = code.strip().upper(), name.strip()
        if not code or not name:
            self.message = "Enter the join code and your name."
            return
        self.busy = True
        try:
            await self._device.save_name(name)
            self.name = name
            seat = await self._gateway.join(code, name)
            await self._connect(seat, SavedSeat(seat.table_id, seat.token, seat.player_id, code))
            self._on_navigate(f"/join/{code}")
        except HostRefused as err:
            self.message = err.message
            self.screen = "join"
        finally:
            self.busy = False

    async def claim(self, code: str) -> None:
        """Take back a seat through the link the GM reissued."""
        self.busy = True
        try:
            seat = await self._gateway.claim(code)
            await self._connect(seat, SavedSeat(seat.table_id, seat.token, seat.player_id))
            self._on_navigate(f"/join/{self.join_code}")
        except HostRefused as err:
            await self.show_home(err.message)
        finally:
            self.busy = False

    async def leave(self) -> None:
        """Back to the start screen (the seat stays remembered for its join link)."""
        await self._device.forget_last()
        await self.show_home()
        self._on_navigate("/")

    async def set_dark(self, dark: bool) -> None:
        self.dark = dark
        await self._device.save_theme("dark" if dark else "light")

    # ---- the admin's table list ---------------------------------------------------------

    async def load_tables(self, admin: str, *, quiet: bool = False) -> None:
        try:
            self.tables = await self._gateway.list_tables(admin.strip())
            if not self.ruleset_list:
                self.ruleset_list = await self._gateway.rulesets()
            self.admin_token = admin.strip()
            await self._device.save_admin_token(self.admin_token)
        except HostRefused as err:
            self.tables = []
            if not quiet:
                self.message = err.message

    async def create_table(self, name: str, ruleset: str) -> None:
        try:
            created = await self._gateway.create_table(self.admin_token, name.strip(), ruleset, {})
        except HostRefused as err:
            self.message = err.message
            return
        await self.open_table_as_gm(str(created["table_id"]), str(created["gm_token"]))

    async def open_table_as_gm(self, table_id: str, gm_token: str) -> None:
        await self._device.save_gm_seat(SavedSeat(table_id, gm_token))
        self._on_navigate(f"/gm?table={table_id}")
        await self._open_gm(table_id, None)

    # ---- acting ---------------------------------------------------------------------------

    async def send(self, type_: str, args: dict[str, Any] | None = None) -> Outcome | None:
        """Send a command; the outcome becomes a toast (with Undo when allowed)."""
        client = self._client
        if client is None:
            return None
        outcome = await client.send(type_, args or {})
        self._changed()
        if isinstance(outcome, Applied):
            shown = [e for e in outcome.events if e.get("visible_to") in ("all", "gm", None)]
            shown = shown or outcome.events
            text = shown[0]["text"] if shown else "Done."
            undoable = any(self.can_undo(e) for e in outcome.events[:1])
            self.toast(Toast(text, outcome.command_id if undoable else None))
        elif isinstance(outcome, Rejected):
            self.toast(Toast(outcome.message, error=True))
        elif isinstance(outcome, Queued):
            self.toast(Toast("No connection: saved, it will be sent when the host is back."))
        return outcome

    async def undo(self, command_id: str) -> Outcome | None:
        client = self._client
        if client is None:
            return None
        outcome = await client.undo(command_id)
        self._changed()
        if isinstance(outcome, Applied):
            self.toast(Toast(outcome.events[0]["text"] if outcome.events else "Undone."))
        elif isinstance(outcome, Rejected):
            self.toast(Toast(outcome.message, error=True))
        return outcome

    def refuse(self, reason: str) -> None:
        """Show why the rules don't allow what was tapped (nothing is sent)."""
        self.toast(Toast(reason, error=True))

    async def issue_claim(self, player_id: str) -> None:
        client = self._client
        if client is None:
            return
        try:
            issued = await client.issue_claim(player_id)
        except HostRefused as err:
            self.toast(Toast(err.message, error=True))
            return
        url = f"{self.origin}/claim/{issued['claim_code']}"
        self.claim_links = {**self.claim_links, player_id: url}

    @property
    def join_url(self) -> str:
        code = self.table.get("join_code") or self.join_code
        return f"{self.origin}/join/{code}"
