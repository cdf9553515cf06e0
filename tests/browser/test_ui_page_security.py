"""The real web UI under its security headers: the page carries its CSP, no framing and
no Referer, and a phone still loads Flet, joins and plays, with no CSP violation."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page

from app.domain.actors import GM
from tests.conftest import RunningHost, create_table, start_host

from .conftest import PHONE, TABLET, enable_semantics, pages_on
from .flutter_input import tap, type_into
from .test_ui_session import button, see, shot

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def phone_on_host(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[RunningHost, dict[str, str], Page]]:
    host = start_host(tmp_path_factory.mktemp("ui-csp") / "data", with_web=True)
    created = create_table(host.url, "deadlands", name="Tombstone")
    try:
        with pages_on(browser, host.url, PHONE) as (phone,):
            yield host, created, phone
    finally:
        host.stop()


def test_a_phone_joins_under_the_content_security_policy(
    phone_on_host: tuple[RunningHost, dict[str, str], Page],
) -> None:
    host, created, phone = phone_on_host
    console: list[ConsoleMessage] = []
    phone.on("console", lambda message: console.append(message))
    page = phone.goto(f"/join/{created['join_code']}")
    assert page is not None
    csp = page.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "'wasm-unsafe-eval'" in csp
    assert "'unsafe-eval'" not in csp.replace("'wasm-unsafe-eval'", "")
    assert page.headers["x-frame-options"] == "DENY"
    assert page.headers["referrer-policy"] == "no-referrer"
    enable_semantics(phone)
    type_into(phone, "Your name", "Ann")
    tap(button(phone, "Join the table"))
    phone.get_by_role("tab", name="Hand").wait_for()
    see(phone, "Tombstone")
    shot(phone, "csp-joined")
    violations = [m.text for m in console if "Content Security Policy" in m.text]
    assert violations == []
    seats = host.hub.tables[created["table_id"]].table.view(GM)["seats"]
    assert [seat["name"] for seat in seats] == ["Ann"]


def test_the_gm_links_token_leaves_the_address_bar_and_the_history(browser: Browser) -> None:
    host = start_host(Path(tempfile.mkdtemp(prefix="gm-link-")) / "data", with_web=True)
    created = create_table(host.url, "deadlands", name="Deadwood")
    token = created["gm_token"]
    try:
        with pages_on(browser, host.url, TABLET) as (gm,):
            gm.goto("/gm?" + created["gm_url"].split("?", 1)[1])
            enable_semantics(gm)
            button(gm, "Start session 1").wait_for()
            assert token not in gm.url and gm.url.endswith(f"/gm?table={created['table_id']}")
            visited: list[str] = []
            while gm.evaluate("history.length") > 1 and len(visited) < 5:
                if gm.go_back(wait_until="commit") is None and gm.url in visited:
                    break
                visited.append(gm.url)
            assert visited and not [url for url in visited if token in url], visited
            gm.goto(f"/gm?table={created['table_id']}")  # the token stayed on the device
            enable_semantics(gm)
            button(gm, "Start session 1").wait_for()
    finally:
        host.stop()
