"""`AppModel`: the page's fields, what the screens read, and the parts it holds.

The model is composed, not stacked: it holds the session (`session.Session`: the
gateway, the device, the route), the notifier (`telling.Notifier`: alerts and undo
notices), the follower (`following.Follower`: the seat's client) and the joining flow
(`joining.JoiningFlow`: routes, seats, hosting). Each part sees the page only through
the narrow protocol it needs (`contracts`), so each is tested alone with a plain
object; the model keeps the methods the screens call and hands them to its parts.
Acting at the table (commands, undo, refusals, claim links) is the model's own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from app.client.lobby import Catalogue
from app.client.outcomes import Applied, Outcome, Queued, Rejected
from app.client.table_client import HostRefused
from app.domain.command_types import CommandCall
from app.domain.table_events import UNDO_EVENT

from ..device import Device
from ..routes import Route
from ..widgets import KeptForms
from .contracts import ClientLike, Gateway, HostHere, Screen
from .following import Follower
from .joining import JoiningFlow
from .news import Alert, Toast, action_texts
from .redraw import ModelRef, note_log_read
from .session import Session
from .telling import Notifier
from .toasts import ToastFeed

#: Shown on a page whose seat the host stopped taking while it was open.
SEAT_MOVED = (
    "This seat has moved to another device (the GM's seat link was opened there), or "
    "the GM removed it: this phone can't play it any more. Ask the GM for a seat link "
    "to play here again."
)


@ft.observable
class AppModel:
    """One browser tab (or app) at one table. Screens read it; taps call its methods.

    Observable: a change to a public field (the screen, a message, the alerts) redraws
    the components given the model, whichever part made it (each part sets the page's
    fields on the model itself). The table's own changes do not go through it: they
    wake the parts of the page they may concern (`redraw.PartSignals`).
    """

    #: Counts every change of a public field; `ft.observable` adds it (untyped there).
    __version__: int

    def __init__(self, gateway: Gateway, device: Device, origin: str) -> None:
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
        self.ruleset_list: Catalogue = ()
        self.dark = True
        self.hosting_here = ""  # the address phones reach while this app hosts the table
        self.kept_awake = False  # whether the device keeps awake while hosting
        self.claim_links: dict[str, str] = {}  # pid -> claim url the GM just issued
        self.forms = KeptForms()  # half-made choices kept across rebuilds
        self.alerts: list[Alert] = []  # what happened to this player, not yet looked at
        self._toasts = ToastFeed()  # the toast on screen (the app shows every toast there)
        self._session = Session(gateway, device)
        self._notifier = Notifier(self)
        # Late-bound: a test may wrap the model's `_changed` after it is made.
        self._follower = Follower(self._session, self, self._notifier, lambda: self._changed())
        self._joins = JoiningFlow(self._session, self, self._follower)
        self._ref: ModelRef[AppModel] = ModelRef(self, self._follower.parts)
        self._leaving: asyncio.Task[None] | None = None  # going home: seat refused

    # ---- the parts ------------------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The gateway, the device, the route and the page's wiring."""
        return self._session

    @property
    def notifier(self) -> Notifier:
        """Alerts and undo notices from the log."""
        return self._notifier

    @property
    def follower(self) -> Follower:
        """The seat this page follows, and its client."""
        return self._follower

    @property
    def joins(self) -> JoiningFlow:
        """Routes, join codes, claims, the admin's tables, hosting in the app."""
        return self._joins

    @property
    def ref(self) -> ModelRef[AppModel]:
        """This model for `part`s, which must not follow every change of it."""
        return self._ref

    # ---- wiring -----------------------------------------------------------------------------

    def on_toast(self, show: Callable[[Toast], None]) -> None:
        self._session.on_toast(show)

    def on_navigate(self, go: Callable[[str], None]) -> None:
        self._session.on_navigate(go)

    def offer_hosting(
        self, host_here: HostHere, keep_awake: Callable[[bool], Awaitable[bool]] | None = None
    ) -> None:
        """Let this app host a table itself (``keep_awake(True)``: keeps the device awake
        while it does, and says whether it could)."""
        self._session.offer_hosting(host_here, keep_awake)

    def toast(self, toast: Toast) -> None:
        self._session.toast(toast)

    def navigated_to(self, route: str) -> bool:
        """Whether ``route`` is what this page already shows (it went there itself)."""
        return self._session.navigated_to(route)

    @property
    def _awake(self) -> asyncio.Task[None] | None:
        """The device being asked to keep awake (or to sleep again), if it is."""
        return self._session.awake

    def _changed(self) -> None:
        """The client reported a change (or a tap was answered)."""
        self._follower.changed()
        if self._follower.seat_refused():
            self._leaving = asyncio.get_running_loop().create_task(self._seat_moved())

    async def _seat_moved(self) -> None:
        """The host no longer takes this page's seat: say so at once and go home, as a
        page opened afresh on this device would (its link is fine: not "Offline"). The
        device keeps the seat: a removal the GM undoes gives it back on the next visit,
        and a page that opens it while it is still refused forgets it (`resume`)."""
        await self._joins.show_home(SEAT_MOVED)

    # ---- what the screens read ----------------------------------------------------------------

    @property
    def client(self) -> ClientLike | None:
        return self._follower.client

    @property
    def table(self) -> dict[str, Any]:
        return self._follower.table

    @property
    def log(self) -> list[dict[str, Any]]:
        note_log_read()  # a part drawing the log redraws when it grows
        client = self._follower.client
        return client.log if client else []

    @property
    def log_head(self) -> tuple[int, int]:
        """The newest log entry's version and the log's length: it changed if these did."""
        return self._follower.log_head

    @property
    def rev(self) -> int:
        """How many changes of the table this page has been told to show."""
        return self._follower.news.rev

    @property
    def toasts(self) -> ToastFeed:
        """The toast this page shows now, for the strip that draws it (`views.toast`)."""
        return self._toasts

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
        return self._follower.player_id

    @property
    def session_active(self) -> bool:
        return bool(self.table.get("session", {}).get("active"))

    def opening_tab(self) -> str:
        """The tab this page opens on: the one the page it took over showed, else ""."""
        return self._follower.opening_tab()

    def tab_shown(self, tab: str) -> None:
        """This page shows ``tab`` (noted for a page that may take its place)."""
        self._follower.tab_shown(tab)

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

    def seen_tab(self, tab: str, tabs: list[str]) -> None:
        """The player opened ``tab`` (of ``tabs``): its badge goes."""
        self._notifier.seen_tab(tab, tabs)

    def badges(self, tabs: list[str]) -> dict[str, int]:
        """How many unseen alerts each of ``tabs`` has."""
        return self._notifier.badges(tabs)

    @property
    def join_url(self) -> str:
        code = self.table.get("join_code") or self.join_code
        return f"{self.origin}/join/{code}"

    # ---- following (the follower) ---------------------------------------------------------

    async def suspend(self) -> None:
        """The browser went away: stop following the table (`Follower.suspend`)."""
        await self._follower.suspend()

    async def wake(self) -> None:
        """The same browser page is back: follow the same seat again, or go home if
        the host no longer takes it (`Follower.wake`)."""
        await self._follower.wake(lambda: self._joins.show_home(self.message))

    # ---- the route, seats and hosting (the joining flow) ------------------------------------

    async def open_route(self, route: Route) -> None:
        """Go where the URL says, using what the device remembers."""
        await self._joins.open_route(route)

    async def show_home(self, message: str = "") -> None:
        await self._joins.show_home(message)

    async def load_tables(self, admin: str, *, quiet: bool = False) -> None:
        await self._joins.load_tables(admin, quiet=quiet)

    @property
    def remote(self) -> bool:
        """Whether this app reaches the host over the network and may change hosts."""
        return self._joins.remote

    @property
    def host_url(self) -> str:
        return self._joins.host_url

    async def use_host(self, text: str) -> bool:
        """Point this app at the host typed or pasted, if one answers there."""
        return await self._joins.use_host(text)

    @property
    def can_host_here(self) -> bool:
        """Whether this app can start a host itself: a compiled app not hosting yet."""
        return self._joins.can_host_here

    async def host_here(self, name: str, ruleset: str) -> None:
        """Host the table ``name`` in this app and open its GM screen."""
        await self._joins.host_here(name, ruleset)

    async def stop_hosting(self) -> None:
        """Stop the host in this app and go back to the start screen."""
        await self._joins.stop_hosting()

    async def open_join_form(self, code: str) -> None:
        """Check ``code`` with the host, then show the name form for its table."""
        await self._joins.open_join_form(code)

    async def open_join_link(self, text: str) -> str | None:
        """The join code in a pasted join link (switching this app to its host first)."""
        return await self._joins.open_join_link(text)

    async def join(self, code: str, name: str) -> None:
        """Take a seat with a join code and a name (the name is remembered)."""
        await self._joins.join(code, name)

    async def claim(self, code: str) -> None:
        """Take back a seat through the link the GM reissued."""
        await self._joins.claim(code)

    async def leave(self) -> None:
        """Back to the start screen (the seat stays remembered for its join link)."""
        await self._joins.leave()

    async def set_dark(self, dark: bool) -> None:
        await self._joins.set_dark(dark)

    async def create_table(self, name: str, ruleset: str) -> None:
        await self._joins.create_table(name, ruleset)

    async def open_table_as_gm(self, table_id: str, gm_token: str) -> None:
        await self._joins.open_table_as_gm(table_id, gm_token)

    # ---- acting -------------------------------------------------------------------------------

    async def send(self, call: CommandCall) -> Outcome | None:
        """Send a command (a call of its ``CommandType``); the outcome becomes a toast
        (with Undo when allowed)."""
        client = self._follower.client
        if client is None:
            return None
        outcome = await client.send(call.type, call.args)
        self._changed()
        if isinstance(outcome, Applied):
            # Every event the action made that this device may see (the host sent no
            # others): "End session 1" is five lines, not its first one.
            text = "\n".join(action_texts(outcome.events)) or "Done."
            undoable = any(self.can_undo(e) for e in outcome.events[:1])
            self.toast(Toast(text, outcome.command_id if undoable else None))
        elif isinstance(outcome, Rejected):
            self.toast(Toast(outcome.message, error=True))
        elif isinstance(outcome, Queued):
            self.toast(Toast("No connection: saved, it will be sent when the host is back."))
        return outcome

    async def undo(self, command_id: str) -> Outcome | None:
        client = self._follower.client
        if client is None:
            return None
        outcome = await client.undo(command_id)
        self._changed()
        if isinstance(outcome, Applied):
            self.toast(Toast("\n".join(action_texts(outcome.events)) or "Undone."))
        elif isinstance(outcome, Rejected):
            self.toast(Toast(outcome.message, error=True))
        return outcome

    def refuse(self, reason: str) -> None:
        """Show why the rules don't allow what was tapped (nothing is sent)."""
        self.toast(Toast(reason, error=True))

    async def issue_claim(self, player_id: str) -> None:
        client = self._follower.client
        if client is None:
            return
        try:
            issued = await client.issue_claim(player_id)
        except HostRefused as err:
            self.toast(Toast(err.message, error=True))
            return
        url = f"{self.origin}/claim/{issued['claim_code']}"
        self.claim_links = {**self.claim_links, player_id: url}
