"""A compiled app on the GM's tablet hosts the table itself (*Host a table here*): the GM
screen opens in the app, on the host reached in-process, with the join link and QR at
the device's LAN address; the app reopened hosts again and is back at the table; the GM
can stop hosting. A browser (served by its host) has nothing to host."""

from __future__ import annotations

import pytest

from app.ui.app import App
from app.ui.device import Device, MemoryStore
from app.ui.model import AppModel
from app.ui.model.contracts import HostedHere
from app.ui.routes import parse_route

from .conftest import Recorder
from .fakes import FakeGateway, FakeHost
from .harness import Screen

LAN = "http://192.168.1.50:8550"


class FakeHostHere:
    """The app's host, over a fake table: what it was asked, and whether it runs."""

    def __init__(self, host: FakeHost, *, fails: str = "") -> None:
        self.host = host
        self.fails = fails
        self.started: list[tuple[str | None, str | None]] = []
        self.running = False

    async def start(self, table: str | None, ruleset: str | None) -> HostedHere:
        self.started.append((table, ruleset))
        if self.fails:
            raise RuntimeError(self.fails)
        self.running = True
        found = table is not None
        return HostedHere(
            FakeGateway(self.host),  # in-process: not remote
            LAN,
            "admin",
            "t1" if found else None,
            "gm-token" if found else None,
        )

    async def stop(self) -> None:
        self.running = False


def tablet_app(
    here: FakeHostHere | None, store: MemoryStore, *, remote: bool = True, awake: bool = True
) -> tuple[AppModel, Recorder]:
    gateway = FakeGateway(FakeHost("deadlands"), remote=remote)
    model = AppModel(gateway, Device(store), gateway.base_url)
    if here is not None:

        async def keep_awake(on: bool) -> bool:
            return awake

        model.offer_hosting(here, keep_awake)
    seen = Recorder()
    model.on_toast(seen.toasts.append)
    model.on_navigate(seen.routes.append)
    return model, seen


async def settle(model: AppModel) -> None:
    if model._awake is not None:
        await model._awake


@pytest.mark.parametrize(("offered", "remote"), [(True, False), (False, True)])
async def test_only_a_compiled_app_that_can_host_offers_it(offered: bool, remote: bool) -> None:
    here = FakeHostHere(FakeHost("deadlands")) if offered else None
    model, _ = tablet_app(here, MemoryStore(), remote=remote)
    await model.open_route(parse_route("/"))
    assert not Screen(App, model).has("Host a table here")


async def test_hosting_here_opens_the_gm_screen_with_the_lan_join_link() -> None:
    store = MemoryStore()
    here = FakeHostHere(FakeHost("spacelands"))
    model, seen = tablet_app(here, store)
    await model.open_route(parse_route("/"))
    screen = Screen(App, model)
    assert screen.has("Host a table here")
    await screen.type("Table name", "Saloon")
    await screen.select("Rule system of a new table", "spacelands")
    await screen.tap("Host a table here")
    await settle(model)
    assert here.started == [("Saloon", "spacelands")]
    assert model.screen == "gm" and seen.routes[-1] == "/gm?table=t1"
    assert model.hosting_here == LAN and model.join_url == f"{LAN}/join/ABC123"
    assert not model.remote and model.kept_awake
    assert await Device(store).hosting()
    gm = Screen(App, model)
    assert gm.has(f"{LAN}/join/ABC123")  # the join link (and its QR) for the phones
    assert gm.has("Hosted on this device") and gm.has("The screen is kept on")
    assert gm.has("If it sleeps, or Fate Pot is closed, the table pauses")


async def test_the_app_reopened_hosts_again_and_is_back_at_the_table() -> None:
    store = MemoryStore()
    here = FakeHostHere(FakeHost("deadlands"))
    model, _ = tablet_app(here, store, awake=False)
    await model.host_here("Saloon", "deadlands")
    await settle(model)
    # The app killed (the host with it) and opened again, on the start route.
    here.running = False
    again, _ = tablet_app(here, store, awake=False)
    await again.open_route(parse_route("/"))
    await settle(again)
    assert here.running and here.started[-1] == (None, None)  # every table, as it was
    assert again.screen == "gm" and again.hosting_here == LAN
    assert Screen(App, again).has("may not stay awake by itself")


async def test_the_gm_stops_hosting_and_the_app_reaches_other_hosts_again() -> None:
    store = MemoryStore()
    here = FakeHostHere(FakeHost("deadlands"))
    model, seen = tablet_app(here, store)
    await model.host_here("Saloon", "deadlands")
    await Screen(App, model).tap("Stop hosting")
    assert not here.running and not await Device(store).hosting()
    assert model.screen == "home" and seen.routes[-1] == "/"
    assert model.remote and not model.hosting_here and not model.admin_token
    await settle(model)
    assert not model.kept_awake  # the device may sleep again
    assert Screen(App, model).has("Host a table here")


async def test_a_host_that_cannot_start_is_said_on_the_start_screen() -> None:
    here = FakeHostHere(FakeHost("deadlands"), fails="port 8550 is taken")
    model, _ = tablet_app(here, MemoryStore())
    await model.open_route(parse_route("/"))
    await model.host_here("Saloon", "deadlands")
    assert model.screen == "home" and model.remote
    assert "could not host the table: port 8550 is taken" in Screen(App, model).text()
