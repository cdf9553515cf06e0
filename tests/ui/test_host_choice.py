"""A compiled app chooses its host: the address on the GM's screen, or a pasted join
link (what the QR code holds). A browser is served by its host and has no such choice."""

from __future__ import annotations

import pytest

from app.ui.app import App
from app.ui.device import Device, MemoryStore
from app.ui.model import AppModel
from app.ui.routes import host_address, join_link

from .conftest import Recorder
from .fakes import FakeGateway, FakeHost
from .harness import Screen

HOST = "http://192.168.1.20:8550"


def compiled_app(
    host: FakeHost, store: MemoryStore | None = None, *, remote: bool = True
) -> tuple[AppModel, Recorder]:
    gateway = FakeGateway(host, remote=remote)
    gateway.answering.add(HOST)
    model = AppModel(gateway, Device(store or MemoryStore()), gateway.base_url)
    seen = Recorder()
    model.on_toast(seen.toasts.append)
    model.on_navigate(seen.routes.append)
    return model, seen


@pytest.mark.parametrize(
    ("typed", "url"),
    [
        ("192.168.1.20:8550", HOST),
        ("  http://192.168.1.20:8550/ ", HOST),
        ("http://192.168.1.20:8550/join/ABC123", HOST),
        ("https://table.example:443", "https://table.example:443"),
        ("", None),
        ("ftp://192.168.1.20", None),
        ("192.168.1.20:port", None),
    ],
)
def test_a_typed_host_address_is_understood(typed: str, url: str | None) -> None:
    assert host_address(typed) == url


def test_a_join_link_names_its_host_and_code() -> None:
    assert join_link(f"{HOST}/join/abc123") == (HOST, "ABC123")
    assert join_link("HTTP://192.168.1.20:8550/JOIN/ABC123") == (HOST, "ABC123")
    assert join_link("ABC123") is None
    assert join_link(f"{HOST}/gm?table=t1") is None


async def test_the_app_moves_to_a_host_that_answers_and_remembers_it() -> None:
    store = MemoryStore()
    model, _ = compiled_app(FakeHost("deadlands"), store)
    assert await model.use_host("192.168.1.20:8550")
    assert model.host_url == HOST and model.origin == HOST and not model.message
    assert await Device(store).host_url() == HOST  # the next start uses it


async def test_a_host_that_does_not_answer_is_not_taken() -> None:
    model, _ = compiled_app(FakeHost("deadlands"))
    before = model.host_url
    assert not await model.use_host("10.0.0.99:8550")
    assert model.host_url == before
    assert "No Fate Pot host answers at http://10.0.0.99:8550" in model.message


async def test_pasting_the_join_link_picks_the_host_and_opens_the_join_form() -> None:
    model, seen = compiled_app(FakeHost("deadlands"))
    await model.show_home()
    screen = Screen(App, model)
    assert screen.has("The host")
    await screen.type("Join code", f"{HOST}/join/abc123")
    await screen.tap("Join")
    assert model.host_url == HOST
    assert model.screen == "join" and model.join_code == "ABC123"
    assert seen.routes[-1] == "/join/ABC123"


async def test_a_browser_has_no_host_to_choose() -> None:
    model, _ = compiled_app(FakeHost("deadlands"), remote=False)
    await model.show_home()
    assert not Screen(App, model).has("The host")
