"""Links always win: a tab sitting at one table that is sent to another table's join
link opens that other table (one host serves many tables at once)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from app.domain.actors import GM
from tests.conftest import RunningHost, create_table, start_host

from .conftest import PHONE, enable_semantics, pages_on
from .flutter_input import tap, type_into
from .test_ui_first_minute import shown
from .test_ui_session import button, see

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def live_host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHost]:
    host = start_host(tmp_path_factory.mktemp("ui-links") / "data", with_web=True)
    yield host
    host.stop()


@pytest.fixture
def phone(browser: Browser, live_host: RunningHost) -> Iterator[Page]:
    with pages_on(browser, live_host.url, PHONE) as (page,):
        yield page


def test_a_tab_at_one_table_follows_another_tables_join_link(
    live_host: RunningHost, phone: Page
) -> None:
    first = create_table(live_host.url, "deadlands", name="Gomorra")
    second = create_table(live_host.url, "wheel-of-fate", name="The Wheel")
    phone.goto(f"/join/{first['join_code']}")
    enable_semantics(phone)
    type_into(phone, "Your name", "Ann")
    tap(button(phone, "Join the table"))
    see(phone, "Gomorra", timeout=20_000)
    phone.get_by_role("tab", name="Hand").wait_for(timeout=20_000)
    # The same tab is sent to the other table's link (a QR scanned, a link tapped).
    phone.goto(f"/join/{second['join_code']}")
    enable_semantics(phone)
    see(phone, "The Wheel", timeout=20_000)
    expect(button(phone, "Join the table")).to_be_visible(timeout=20_000)
    expect(shown(phone, "Gomorra")).to_have_count(0)
    tap(button(phone, "Join the table"))
    phone.get_by_role("tab", name="Roll").wait_for(timeout=20_000)
    seats = live_host.hub.tables[second["table_id"]].table.view(GM)["seats"]
    assert [s["name"] for s in seats] == ["Ann"], seats
    assert re.search(second["join_code"], phone.url)
    # Back to the first table's link: the seat this device holds there.
    phone.goto(f"/join/{first['join_code']}")
    enable_semantics(phone)
    phone.get_by_role("tab", name="Hand").wait_for(timeout=20_000)
    see(phone, "Gomorra", timeout=20_000)
    # And the browser's Back button: the other table again.
    phone.go_back()
    enable_semantics(phone)
    phone.get_by_role("tab", name="Roll").wait_for(timeout=20_000)
    see(phone, "The Wheel", timeout=20_000)


def test_a_gm_tab_follows_a_players_join_link(live_host: RunningHost, phone: Page) -> None:
    mine = create_table(live_host.url, "deadlands", name="Marshal's own")
    other = create_table(live_host.url, "bottlecaps", name="Wasteland")
    phone.goto(f"/gm?table={mine['table_id']}&token={mine['gm_token']}")
    enable_semantics(phone)
    see(phone, "Marshal's own", timeout=20_000)
    phone.goto(f"/join/{other['join_code']}")
    enable_semantics(phone)
    see(phone, "Wasteland", timeout=20_000)
    expect(button(phone, "Join the table")).to_be_visible(timeout=20_000)
