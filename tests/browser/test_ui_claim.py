"""A seat moves to a new phone in real browsers: Ann's phone is gone, the GM taps
*Seat link*, a borrowed phone opens the link and is Ann, with her chips; her old token
stops working and the link works once."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page

from app.domain.actors import GM
from tests.conftest import RunningHost, bearer, create_table, join, start_host

from .conftest import PHONE, TABLET, enable_semantics, pages_on
from .flutter_input import tap, tap_until
from .test_ui_session import button, see, shot

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def claim_table(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[RunningHost, dict[str, str], Page, Page, Page]]:
    host = start_host(tmp_path_factory.mktemp("ui-claim") / "data", with_web=True)
    created = create_table(host.url, "deadlands", name="Gomorra")
    try:
        with pages_on(browser, host.url, TABLET, PHONE, PHONE) as (gm, borrowed, stranger):
            yield host, created, gm, borrowed, stranger
    finally:
        host.stop()


def test_the_gm_moves_a_seat_to_a_new_phone(
    claim_table: tuple[RunningHost, dict[str, str], Page, Page, Page],
) -> None:
    host, created, gm, borrowed, stranger = claim_table
    live = host.hub.tables[created["table_id"]]
    old = join(host.url, created["join_code"], "Ann")  # the phone that went in the river
    table_path = f"{host.url}/api/tables/{created['table_id']}"
    gm_headers = bearer(created["gm_token"])
    httpx.post(
        f"{table_path}/commands",
        json={"id": "start", "type": "session.start", "args": {}},
        headers=gm_headers,
    ).raise_for_status()
    httpx.post(
        f"{table_path}/commands",
        json={"id": "red", "type": "chips.award", "args": {"player": "p1", "colour": "red"}},
        headers=gm_headers,
    ).raise_for_status()

    gm.goto("/gm?" + created["gm_url"].split("?", 1)[1])
    enable_semantics(gm)
    tap(button(gm, "Seats"))
    shown = gm.get_by_label(re.compile(r"/claim/"))  # the link as the screen reader reads it
    tap_until(button(gm, "Seat link"), shown.first.is_visible, "the seat link on screen")
    see(gm, "Ann scans this to take the seat back:", timeout=5_000)
    gm.wait_for_timeout(500)
    shot(gm, "gm-seat-link")
    link = re.search(r"https?://\S+/claim/[\w-]+", shown.first.get_attribute("aria-label") or "")
    assert link is not None and link[0].startswith(host.url)

    borrowed.goto(link[0])
    enable_semantics(borrowed)
    borrowed.get_by_role("tab", name="Hand").wait_for()
    see(borrowed, "Gomorra · Ann", timeout=5_000)
    button(borrowed, re.compile("^Red chip")).wait_for(timeout=5_000)  # her chip came along
    borrowed.wait_for_timeout(500)  # the semantics tree can run ahead of the paint
    shot(borrowed, "player-claimed")
    assert borrowed.url.endswith(f"/join/{created['join_code']}")

    # The old phone's token no longer opens the seat; the borrowed phone's does.
    r = httpx.get(table_path, headers=bearer(old["player_token"]))
    assert r.status_code == 401, r.text

    # The link works once: a second phone is told so and gets no seat.
    stranger.goto(link[0])
    enable_semantics(stranger)
    see(stranger, "That seat link is not valid any more.", timeout=10_000)
    assert [s["name"] for s in live.table.view(GM)["seats"]] == ["Ann"]
    assert list(live.player_tokens.values()) == [old["player_id"]]  # one device holds it
