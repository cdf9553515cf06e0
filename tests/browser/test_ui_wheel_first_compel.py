"""Wheel of Fate at a first session: the GM offers a compel before the new player has
written any aspect (issue #15: "the GM can't offer a compel until the player has
written aspects"), naming the aspect in words; the phone shows it and accepts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from app.domain.actors import GM
from tests.conftest import RunningHost, create_table, start_host

from .conftest import PHONE, TABLET, enable_semantics, pages_on
from .flutter_input import tap, type_into
from .test_ui_first_minute import gm_command, join_on, wait_until
from .test_ui_session import button, see, shot

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def live_host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHost]:
    host = start_host(tmp_path_factory.mktemp("ui-first-compel") / "data", with_web=True)
    yield host
    host.stop()


def test_the_gm_compels_an_aspect_the_new_player_has_not_written_yet(
    browser: Browser, live_host: RunningHost
) -> None:
    created = create_table(live_host.url, "wheel-of-fate", name="The Wheel")
    gm_command(live_host, created, "start", "session.start")
    live = live_host.hub.tables[created["table_id"]]
    with pages_on(browser, live_host.url, TABLET, PHONE) as (gm, eve):
        join_on(eve, created["join_code"], "Eve")
        eve.get_by_role("tab", name="Roll").wait_for(timeout=30_000)
        gm.goto(f"/gm?table={created['table_id']}&token={created['gm_token']}")
        enable_semantics(gm)
        tap(button(gm, "Fate"))
        tap(button(gm, "Eve"))
        see(gm, "No aspects on that sheet yet", timeout=10_000)
        type_into(gm, "The aspect", "Strong as an Ox")
        type_into(gm, "What the aspect makes happen", "The Faberge egg cracks in your grip.")
        # Eve is scrolled down her Character tab (its creation steps) when it comes: the
        # offer is pinned above the tab, in view (issue #28: it showed above the
        # visible area).
        eve.mouse.move(195, 500)
        eve.mouse.wheel(0, 2000)
        eve.wait_for_timeout(500)
        tap(button(gm, "Offer the compel"))
        see(eve, "The GM offers a compel", timeout=10_000)
        see(eve, "Strong as an Ox", timeout=10_000)
        offer = "The GM offers a compel"
        expect(eve.get_by_text(offer).or_(eve.get_by_label(offer)).first).to_be_in_viewport()
        expect(button(eve, "Accept: gain a fate point")).to_be_in_viewport()
        eve.wait_for_timeout(800)
        shot(eve, "wheel-first-compel", keep=True)
        tap(button(eve, "Accept: gain a fate point"))

        def fate() -> int:
            return int(live.table.view(GM)["rules"]["characters"]["p1"]["fate"])

        wait_until(eve, lambda: fate() == 6, "the compel's fate point")
        see(gm, "Eve accepted a compel on", timeout=10_000)
