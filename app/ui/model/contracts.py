"""What the model talks to, and what its parts see of each other.

The table's client and the gateway that makes one: protocols, so the host's sessions
(app.inproc), a compiled app (real HTTP) and the tests (a fake over a real domain
Table) plug in the same way.

The page's fields as each part of the model sees them (`Told`, `FollowedPage`,
`JoiningPage`; a part's drawing, `redraw.Drawn`): `AppModel` is each of them, and a
part's own test gives it a plain object instead. Of the model, only `news` (plain
data) is imported here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from app.client.lobby import Catalogue
from app.client.outcomes import Outcome
from app.client.table_client import Seat

from ..widgets import KeptForms
from .news import Alert, Toast

#: What a page shows: the start screen, the join form, a seat's screens, an error.
Screen = Literal["loading", "home", "join", "player", "gm", "error"]


class ClientLike(Protocol):
    """The part of TableClient the UI uses (InProcessClient and a test fake too)."""

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
    async def check_code(self, code: str) -> dict[str, Any]: ...
    async def claim(self, code: str) -> Seat: ...
    async def create_table(
        self, admin: str, name: str, ruleset: str, settings: dict[str, Any]
    ) -> dict[str, Any]: ...
    async def list_tables(self, admin: str) -> list[dict[str, Any]]: ...
    async def rulesets(self) -> Catalogue: ...
    def client(self, seat: Seat, outbox: list[dict[str, Any]], save: Any) -> ClientLike: ...


@runtime_checkable
class PerPhone(Protocol):
    """A gateway that can count each phone on its own (the host's own sessions)."""

    def for_client(self, address: str | None) -> Gateway:
        """The gateway for a session whose browser is at ``address``."""
        ...


@dataclass(frozen=True)
class HostedHere:
    """A host this app started in its own process (app.ui.host_here), as a session
    uses it: a gateway that reaches it in-process, and what phones reach it at."""

    gateway: Gateway
    origin: str  # the device's LAN address and port: links and QR codes point here
    admin_token: str
    table_id: str | None = None  # the table asked for at start (resumed or created)
    gm_token: str | None = None


class HostHere(Protocol):
    """Starts (once per process) the host inside the app; a compiled app has one."""

    async def start(self, table: str | None, ruleset: str | None) -> HostedHere:
        """Start hosting (or, running, use the host) with ``table`` opened: resumed if
        it exists, created with ``ruleset`` otherwise; None: just every table kept."""
        ...

    async def stop(self) -> None:
        """Stop hosting: every table closed, kept for the next start."""
        ...


# ---- the page's fields, as each part of the model sees them ---------------------------


class Told(Protocol):
    """What the notifier (`telling.Notifier`) tells: the page's alerts and toasts."""

    alerts: list[Alert]  # what happened to this player, not yet looked at

    def toast(self, toast: Toast) -> None: ...


class FollowedPage(Protocol):
    """The page's fields the follower (`following.Follower`) sets as it follows a seat."""

    screen: Screen
    message: str  # why the current screen is what it is (errors, hints)
    status: str  # the client's link: "live", "reconnecting", ...
    queued: int  # commands waiting in the outbox
    join_code: str
    ruleset_list: Catalogue
    forms: KeptForms  # half-made choices kept across rebuilds


class JoiningPage(FollowedPage, Protocol):
    """The page's fields the joining flow (`joining.JoiningFlow`) sets besides."""

    busy: bool
    joining: dict[str, Any]  # the table the join code opens: name, title
    name: str
    admin_token: str
    tables: list[dict[str, Any]]
    dark: bool
    hosting_here: str  # the address phones reach while this app hosts the table
    kept_awake: bool  # whether the device keeps awake while hosting
    origin: str  # what phones reach: links and QR codes point here
