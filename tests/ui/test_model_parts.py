"""The UI model's parts, each alone (no `AppModel`, no Flet), and the model's imports.

`AppModel` holds a `Session`, a `Notifier`, a `Follower` and a `JoiningFlow`; each
sees the page through a narrow protocol (app/ui/model/contracts.py), so here each is
given a plain object for a page and driven by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.client.lobby import Catalogue
from app.domain.actors import GM
from app.domain.table_commands import NOTE
from app.ui.device import Device, MemoryStore, SavedSeat
from app.ui.model.contracts import Screen
from app.ui.model.following import Follower
from app.ui.model.joining import JoiningFlow
from app.ui.model.news import Alert, Toast
from app.ui.model.session import Session
from app.ui.model.telling import Notifier
from app.ui.routes import Route, parse_route
from app.ui.widgets import KeptForms
from tests.platform.test_layers import ROOT, imported

from .fakes import BASE, FakeClient, FakeGateway, FakeHost

MODEL = ROOT / "app" / "ui" / "model"


@dataclass
class Page:
    """The page's fields, as a plain object (what `AppModel` is to its parts)."""

    screen: Screen = "loading"
    message: str = ""
    status: str = "reconnecting"
    queued: int = 0
    join_code: str = ""
    ruleset_list: Catalogue = ()
    forms: KeptForms = field(default_factory=KeptForms)
    busy: bool = False
    joining: dict[str, Any] = field(default_factory=dict)
    name: str = ""
    admin_token: str = ""
    tables: list[dict[str, Any]] = field(default_factory=list)
    dark: bool = True
    hosting_here: str = ""
    kept_awake: bool = False
    origin: str = BASE
    alerts: list[Alert] = field(default_factory=list)
    toasts: list[Toast] = field(default_factory=list)

    def toast(self, toast: Toast) -> None:
        self.toasts.append(toast)


# ---- the imports -----------------------------------------------------------------------


def model_imports() -> dict[str, set[str]]:
    """Each module of app/ui/model -> the modules of app/ui/model it imports (a lazy or
    TYPE_CHECKING import too)."""
    names = {p.stem for p in MODEL.glob("*.py")} - {"__init__"}
    graph: dict[str, set[str]] = {}
    for name in names:
        found = imported(MODEL / f"{name}.py")
        graph[name] = {n for n in names if f"app.ui.model.{n}" in found} - {name}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import ring in ``graph`` (its modules in order, the first again at the end),
    or [] if there is none."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := walk(nxt)):
                return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := walk(node)):
            return found
    return []


def test_no_module_of_the_model_imports_another_in_a_ring() -> None:
    graph = model_imports()
    assert cycle(graph) == [], " -> ".join(cycle(graph))


def test_the_ring_check_sees_the_parts_and_a_ring() -> None:
    graph = model_imports()
    assert {"session", "telling", "following", "joining"} <= graph["app_model"]
    assert "following" in graph["joining"] and "telling" in graph["following"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_the_parts_do_not_import_the_model_that_holds_them() -> None:
    graph = model_imports()
    assert [name for name, uses in graph.items() if "app_model" in uses] == []


# ---- the session -----------------------------------------------------------------------


def test_the_session_notes_where_it_went_and_passes_toasts_on() -> None:
    gateway = FakeGateway(FakeHost())
    session = Session(gateway, Device(MemoryStore()))
    routes: list[str] = []
    toasts: list[Toast] = []
    session.on_navigate(routes.append)
    session.on_toast(toasts.append)
    session.go("/join/ABC123")
    assert routes == ["/join/ABC123"]
    assert session.route == Route("join", code="ABC123")
    assert session.navigated_to("/join/abc123") and not session.navigated_to("/")
    session.toast(Toast("Hello"))
    assert toasts == [Toast("Hello")]
    assert session.gateway is gateway and session.host_here is None


# ---- the notifier ----------------------------------------------------------------------


def event(version: int, type_: str, actor: str, **data: Any) -> dict[str, Any]:
    return {
        "version": version,
        "type": type_,
        "actor": actor,
        "text": f"{type_} {version}",
        "data": data,
        "command_id": f"c{version}",
    }


def test_the_notifier_takes_the_first_view_as_history_then_tells_news() -> None:
    page = Page()
    notifier = Notifier(page)
    old = [event(1, "bounty.awarded", "gm", player="p1")]
    notifier.tell(old, {}, "p1")
    assert page.alerts == [] and page.toasts == []  # history, not news
    new = [event(2, "bounty.awarded", "gm", player="p1"), *old]
    notifier.tell(new, {}, "p1")
    assert [a.text for a in page.alerts] == ["bounty.awarded 2"]
    assert page.toasts == [Toast("bounty.awarded 2")]
    assert notifier.badges(["Sheet", "Log"]) == {"Sheet": 1}
    notifier.seen_tab("Sheet", ["Sheet", "Log"])
    assert page.alerts == []


def test_the_notifier_tells_a_player_whose_action_someone_else_undid() -> None:
    page = Page()
    notifier = Notifier(page)
    mine = event(1, "note", "p1")
    notifier.tell([mine], {}, "p1")
    undo = event(2, "undo", "gm", command_id="c1")
    notifier.tell([undo, mine], {}, "p1")
    assert page.toasts == [Toast("undo 2")]


def test_a_notifier_taking_over_goes_on_from_the_gone_one() -> None:
    gone_page, page = Page(), Page()
    gone = Notifier(gone_page)
    gone.tell([event(1, "note", "gm")], {}, "p1")
    gone_page.alerts = [Alert("Hit", ("Combat",))]
    notifier = Notifier(page)
    notifier.take_over(gone)
    assert page.alerts == gone_page.alerts and page.alerts is not gone_page.alerts
    # What happened meanwhile is news to the page that took over.
    notifier.tell([event(2, "bounty.awarded", "gm", player="p1"), event(1, "note", "gm")], {}, "p1")
    assert page.toasts == [Toast("bounty.awarded 2")]


# ---- the follower ----------------------------------------------------------------------


def follower_for(
    host: FakeHost, store: MemoryStore | None = None
) -> tuple[Follower, Page, list[int]]:
    page = Page()
    changes: list[int] = []
    session = Session(FakeGateway(host), Device(store or MemoryStore()))
    follower = Follower(session, page, Notifier(page), lambda: changes.append(1))
    return follower, page, changes


async def test_the_follower_opens_a_seat_and_bumps_news_on_each_change(host: FakeHost) -> None:
    follower, page, changes = follower_for(host)
    seat = host.join("Ann")
    await follower.connect(seat, SavedSeat(seat.table_id, seat.token, seat.player_id, "ABC123"))
    assert page.screen == "player" and page.join_code == "ABC123"
    assert follower.player_id == "p1" and follower.table["seats"][0]["name"] == "Ann"
    assert changes  # the model is told, and runs `changed`
    follower.changed()
    rev = follower.news.rev
    host.run(GM, NOTE.name, {"text": "Dusk falls"})
    follower.changed()
    assert follower.news.rev == rev + 1 and page.status == "online"
    follower.changed()  # nothing new: no redraw
    assert follower.news.rev == rev + 1


async def test_the_follower_sleeps_and_wakes_on_the_same_seat(host: FakeHost) -> None:
    follower, page, _ = follower_for(host)
    seat = host.join("Ann")
    await follower.connect(seat, SavedSeat(seat.table_id, seat.token, seat.player_id, "ABC123"))
    first = follower.client
    await follower.suspend()
    assert follower.asleep and isinstance(first, FakeClient) and first.closed

    async def refused() -> None:
        raise AssertionError("the seat is still valid")

    await follower.wake(refused)
    assert not follower.asleep and follower.client is not first and page.screen == "player"


async def test_a_follower_whose_seat_is_gone_says_so_on_waking(host: FakeHost) -> None:
    follower, page, _ = follower_for(host)
    seat = host.join("Ann")
    await follower.connect(seat, SavedSeat(seat.table_id, seat.token, seat.player_id, "ABC123"))
    await follower.suspend()
    del host.tokens[seat.token]
    told: list[str] = []

    async def refused() -> None:
        told.append(page.message)

    await follower.wake(refused)
    assert told == ["This device's seat is no longer valid: join again."]


# ---- the joining flow ------------------------------------------------------------------


def screen_of(page: Page) -> Screen:
    """Read through a call: mypy keeps an earlier narrowing across awaited taps."""
    return page.screen


def flow_for(host: FakeHost) -> tuple[JoiningFlow, Page, list[str]]:
    page = Page()
    session = Session(FakeGateway(host), Device(MemoryStore()))
    routes: list[str] = []
    session.on_navigate(routes.append)
    follower = Follower(session, page, Notifier(page), lambda: follower.changed())
    return JoiningFlow(session, page, follower), page, routes


async def test_the_joining_flow_checks_the_code_then_seats_the_player(host: FakeHost) -> None:
    flow, page, routes = flow_for(host)
    await flow.open_route(parse_route("/join/ABC123"))
    assert page.screen == "join" and page.joining["name"] == "Fake table"
    await flow.join("ABC123", "Ann")
    assert screen_of(page) == "player" and page.name == "Ann" and routes[-1] == "/join/ABC123"


async def test_the_joining_flow_sends_a_wrong_code_home(host: FakeHost) -> None:
    flow, page, routes = flow_for(host)
    await flow.open_join_form("nope")
    assert page.screen == "home" and page.message == "No table has that join code."
    assert routes == ["/"]


async def test_the_joining_flow_opens_the_gm_link_and_keeps_its_token(host: FakeHost) -> None:
    flow, page, routes = flow_for(host)
    await flow.open_route(parse_route("/gm?table=t1&token=gm-token"))
    assert page.screen == "gm" and routes == ["/gm?table=t1"]
