"""The GM's first tap of a test: "Start session 1", checked on the host and the screen."""

from __future__ import annotations

import time
import warnings

from playwright.sync_api import Page, expect

from tests.conftest import RunningHost

from .flutter_input import click_count, clicks_after, tap

#: Seconds for a tap's session to reach the host, and for the tablet to show it.
HOST_S, SCREEN_MS = 6.0, 15_000


def session_running(host: RunningHost, table_id: str) -> bool:
    """Whether the host's table has a session running."""
    return bool(host.hub.tables[table_id].table.state["session"]["active"])


def start_first_session(gm: Page, host: RunningHost, table_id: str) -> None:
    """The GM taps "Start session 1" and the tablet shows "End session 1".

    If the host has no session a few seconds after the tap, nothing happened on the
    screen either. Where the tap went is then known from the clicks the host's pages
    received (`record_changes`): a click the host's page got, or one for a control it
    no longer knew, is a tap the product lost, and fails the test. A click that never
    reached the host (the browser or Flutter dropped it: one such tap, in CI, left no
    evidence) is tapped again, once, as a GM taps again when nothing happened, with a
    warning in the report. A session the host started that the tablet does not show
    fails the test: the screen lied.
    """
    start = gm.get_by_role("button", name="Start session 1", exact=True).first
    end = gm.get_by_role("button", name="End session 1", exact=True).first
    for attempt in (1, 2):
        seen = click_count()
        tap(start)
        deadline = time.monotonic() + HOST_S
        while time.monotonic() < deadline and not session_running(host, table_id):
            gm.wait_for_timeout(100)
        if session_running(host, table_id):
            break
        arrived = clicks_after(seen)
        if arrived:
            raise AssertionError(
                "the tap on “Start session 1” reached the host "
                f"(clicks on {[kind or 'a control it did not know' for _, kind in arrived]}) "
                "but no session started"
            )
        if attempt == 2:
            raise AssertionError("two taps on “Start session 1” never reached the host")
        warnings.warn(
            "a tap on “Start session 1” never reached the host (no click arrived); tapped again",
            stacklevel=2,
        )
    try:
        expect(end).to_be_visible(timeout=SCREEN_MS)
    except AssertionError as error:
        raise AssertionError(
            "the host started session 1 but the GM's tablet never showed “End session 1”"
        ) from error
