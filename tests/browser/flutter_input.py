"""Typing into Flutter text fields the way the tests need it: reliably.

A redraw still on its way from the previous tap can swallow the first edit, and a bare
``fill`` on a field that already holds text can append to it; so the field is cleared,
filled, and read back until Flutter reports exactly the text, a few times at most.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page


def type_into(page: Page, name: str | re.Pattern[str], text: str) -> None:
    """Replace the text of the field named ``name`` with ``text``, checked."""
    box = page.get_by_role("textbox", name=name).first
    for _ in range(4):
        box.click()
        box.press("Control+a")
        box.press("Backspace")
        box.fill(text)
        for _ in range(10):
            page.wait_for_timeout(200)
            if box.input_value() == text:
                page.wait_for_timeout(300)  # let Flutter report the edit to the host
                return
    raise AssertionError(f"the field {name!r} did not keep {text!r}")
