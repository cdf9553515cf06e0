"""The web client in headless Chromium: offline, routed, installable, cached.

Every page here runs under the request recorder: one request to a host other than the
test server fails the test (that is how the Rive CDN request was caught).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Response

from .conftest import WireMeter, open_app, screenshot

pytestmark = pytest.mark.browser


def test_a_phone_loads_the_app_offline_and_taps_a_button(phone: Page) -> None:
    responses: list[Response] = []
    phone.on("response", lambda response: responses.append(response))
    open_app(phone, "/join/K3X9")
    phone.get_by_text("Route /join/K3X9").wait_for()
    phone.get_by_role("button", name="Draw chip").click()
    phone.get_by_text("Chips drawn: 1").wait_for()
    screenshot(phone, "phone-join")
    served = {r.url.rsplit("/", 1)[-1]: r for r in responses}
    assert served["main.dart.wasm"].headers.get("content-encoding") == "gzip"
    assert "rive-offline.js" in served, "the Rive CDN script must be redirected to the stub"


def test_a_tablet_opens_the_gm_route(tablet: Page) -> None:
    open_app(tablet, "/gm")
    tablet.get_by_text("Route /gm").wait_for()
    tablet.get_by_role("button", name="Reset").wait_for()
    screenshot(tablet, "tablet-gm")


def test_chromium_finds_the_app_installable(phone: Page) -> None:
    open_app(phone)
    cdp = phone.context.new_cdp_session(phone)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    assert '"name": "Fate Pot"' in manifest["data"]
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are off-the-record profiles; that is the browser, not the app.
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []


def test_a_repeat_visit_downloads_almost_nothing(phone: Page) -> None:
    first = WireMeter(phone)
    open_app(phone)
    phone.get_by_role("button", name="Draw chip").wait_for()
    assert first.bytes <= 6_000_000, f"first visit: {first.bytes:,} bytes"
    again = phone.context.new_page()
    repeat = WireMeter(again)
    open_app(again)
    again.get_by_role("button", name="Draw chip").wait_for()
    assert repeat.bytes <= 300_000, f"repeat visit: {repeat.bytes:,} bytes"
    again.close()


def test_after_a_reload_with_taps_unconfirmed_the_note_names_only_the_cause_it_knows(
    phone: Page,
) -> None:
    """Taps waiting when the page reloads may or may not have reached the host. Only a
    new run of the host is called a restart; a host that did not confirm them in time
    (a slow link, reconnecting too long) is not said to have restarted."""
    open_app(phone)
    phone.get_by_role("button", name="Draw chip").wait_for()
    for cause, says, never in (
        ("unconfirmed", "did not confirm", "restarted"),
        ("restart", "The host restarted", "did not confirm"),
    ):
        phone.evaluate(f"() => sessionStorage.setItem('fatepot-lost-taps', '{cause}')")
        phone.reload()
        note = phone.get_by_role("alert").filter(has_text="may not have reached")
        note.wait_for(timeout=15_000)
        text = note.text_content() or ""
        assert says in text and never not in text, text
        assert text.endswith("Tap to close."), text  # it says how it goes
        screenshot(phone, f"reload-note-{cause}")
    note.click()
    note.wait_for(state="detached", timeout=5_000)
