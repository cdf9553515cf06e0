"""A stalled page and a page after it, for test_stall_evidence.py.

Not collected by a plain run (the name does not start with ``test_``): the stall test
runs this module in a pytest of its own and reads what it left behind. The first test
fails on purpose, its page's main thread never returning; the second must still pass.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .conftest import open_app

pytestmark = pytest.mark.browser


def test_a_page_stalls(tablet: Page) -> None:
    open_app(tablet)
    tablet.evaluate("() => { while (true) {} }")


def test_the_next_page_works(tablet: Page) -> None:
    open_app(tablet)
    tablet.get_by_role("button", name="Draw chip").click()
    tablet.get_by_text("Chips drawn: 1").wait_for()
