"""The model's fields and what the screens read from them (no actions here)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from app.domain.table_events import UNDO_EVENT

from ..device import Device, SavedSeat
from ..routes import Route, parse_route
from ..widgets import KeptForms
from .contracts import ClientLike, Gateway, HostHere
from .news import Alert, Toast
from .page_memory import PageMemory
from .redraw import News, note_log_read
from .toasts import ToastFeed

Screen = Literal["loading", "home", "join", "player", "gm", "error"]


class ModelState:
    """One browser tab (or app) at one table: its fields and the views read from them."""

    def __init__(self, gateway: Gateway, device: Device, origin: str) -> None:
        self._gateway = gateway
        self._device = device
        self._client: ClientLike | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._presence: asyncio.Task[None] | None = None
        self._on_toast: Callable[[Toast], None] = lambda toast: None
        self._on_navigate: Callable[[str], None] = lambda route: None
        self._host_here: HostHere | None = None  # a compiled app can host a table itself
        self._keep_awake: Callable[[bool], Awaitable[bool]] | None = None
        self._remote_gateway: Gateway | None = None  # the one it had before hosting
        self._awake: asyncio.Task[None] | None = None  # asking the device to keep awake
        self._seen_version: int | None = None  # newest log entry already looked at
        self._alerted_version = 0  # newest log entry already turned into alerts
        self._alerted_baseline = False  # the first view is history, not news
        self._route: Route | None = None  # the route this page shows (or is opening)
        self._saved: SavedSeat | None = None  # the seat this page follows
        self._asleep = False  # the browser went away: the table is not being followed
        self._opening_tab = ""  # the tab of the page this one took over (page_memory)
        self.origin = origin  # what phones reach: links and QR codes point here
        self.screen: Screen = "loading"
        self.message = ""  # why the current screen is what it is (errors, hints)
        self.busy = False
        self.status = "reconnecting"
        self.queued = 0
        self.join_code = ""
        self.joining: dict[str, Any] = {}  # the table the join code opens: name, title
        self.name = ""
        self.admin_token = ""
        self.tables: list[dict[str, Any]] = []
        self.ruleset_list: list[dict[str, Any]] = []
        self.dark = True
        self.hosting_here = ""  # the address phones reach while this app hosts the table
        self.kept_awake = False  # whether the device keeps awake while hosting
        self.claim_links: dict[str, str] = {}  # pid -> claim url the GM just issued
        self.forms = KeptForms()  # half-made choices kept across rebuilds
        self.alerts: list[Alert] = []  # what happened to this player, not yet looked at
        self._nudge: str | None = None  # the combat nudge last told
        self._news = News()  # bumped on every change of the table this page shows
        self._shown: tuple[Any, ...] = ()  # what the last bump showed (table, log head)
        self._toasts = ToastFeed()  # the toast on screen (the app shows every toast there)

    # ---- wiring -----------------------------------------------------------------------

    def on_toast(self, show: Callable[[Toast], None]) -> None:
        self._on_toast = show

    def on_navigate(self, go: Callable[[str], None]) -> None:
        self._on_navigate = go

    def offer_hosting(
        self, host_here: HostHere, keep_awake: Callable[[bool], Awaitable[bool]] | None = None
    ) -> None:
        """Let this app host a table itself (``keep_awake(True)``: keeps the device awake
        while it does, and says whether it could)."""
        self._host_here = host_here
        self._keep_awake = keep_awake

    def toast(self, toast: Toast) -> None:
        self._on_toast(toast)

    def _go(self, route: str) -> None:
        """Put ``route`` in the address bar (it is what this page now shows)."""
        self._route = parse_route(route)
        self._on_navigate(route)

    def navigated_to(self, route: str) -> bool:
        """Whether ``route`` is what this page already shows (it went there itself)."""
        return parse_route(route) == self._route

    # ---- what the screens read ----------------------------------------------------------

    @property
    def client(self) -> ClientLike | None:
        return self._client

    @property
    def table(self) -> dict[str, Any]:
        return self._client.table if self._client else {}

    @property
    def log(self) -> list[dict[str, Any]]:
        note_log_read()  # a part drawing the log redraws when it grows
        return self._client.log if self._client else []

    @property
    def log_head(self) -> tuple[int, int]:
        """The newest log entry's version and the log's length: it changed if these did."""
        log = self._client.log if self._client else []
        return (int(log[0].get("version", 0)) if log else 0, len(log))

    @property
    def news(self) -> News:
        """What the page's root follows to redraw on the table's changes."""
        return self._news

    @property
    def toasts(self) -> ToastFeed:
        """The toast this page shows now, for the strip that draws it (`views.toast`)."""
        return self._toasts

    @property
    def rev(self) -> int:
        """How many changes of the table this page has been told to show."""
        return self._news.rev

    @property
    def rules(self) -> dict[str, Any]:
        rules = self.table.get("rules")
        return rules if isinstance(rules, dict) else {}

    @property
    def ruleset(self) -> str:
        return str(self.table.get("ruleset", ""))

    @property
    def is_gm(self) -> bool:
        role: object = self.table.get("you", {}).get("role")
        return role == "gm"

    @property
    def player_id(self) -> str | None:
        pid = self.table.get("you", {}).get("player_id")
        return pid if isinstance(pid, str) else None

    @property
    def session_active(self) -> bool:
        return bool(self.table.get("session", {}).get("active"))

    def opening_tab(self) -> str:
        """The tab this page opens on: the one the page it took over showed, else ""."""
        return self._opening_tab

    def tab_shown(self, tab: str) -> None:
        """This page shows ``tab`` (noted for a page that may take its place)."""
        if self._saved is not None:
            PAGES.shown(self._seat_key(self._saved), tab, self)

    def _take_over(self, saved: SavedSeat) -> None:
        """Opening ``saved`` afresh: if a page of it went away (this page's own earlier
        session, reloaded after a drop), go on from where it was: its tab, and its
        place in the log, so what happened meanwhile is told and not taken as history."""
        found = PAGES.left(self._seat_key(saved), self)
        if found is None:
            return
        self._opening_tab, gone = found
        self._seen_version = gone._seen_version
        self._alerted_version, self._alerted_baseline = gone._alerted_version, True
        self.alerts, self._nudge = list(gone.alerts), gone._nudge

    @staticmethod
    def _seat_key(saved: SavedSeat) -> str:
        return f"{saved.table_id}/{saved.token}"

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
            if e.get("type") == UNDO_EVENT.name and isinstance(e.get("data"), dict)
        }

    def can_undo(self, event: dict[str, Any]) -> bool:
        """Whether this device may undo ``event`` (the host has the last word)."""
        policy = event.get("undo")
        if policy == "never" or event.get("type") == UNDO_EVENT.name:
            return False
        if self.is_gm:
            return True
        return policy == "owner" and event.get("actor") == self.player_id


#: One per process: the host's browser sessions share it (a compiled app has one page).
PAGES: PageMemory[ModelState] = PageMemory(lambda page: page._asleep)
