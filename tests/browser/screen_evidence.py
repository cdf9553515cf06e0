"""What a failing browser test's pages showed, in words, for its report.

CI keeps no screenshots or traces where they can be read afterwards, only the report's
text. A failing test's pages are read through Flutter's accessibility tree as a screen
reader would (each control's role and name, each text, as far as it is on the screen)
and the words go into the report ("What the screens showed"), so a failure seen only in
CI says whether a button was missing, a toast covered it or the page was reconnecting.
"""

from __future__ import annotations

from contextlib import suppress

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

#: Each on-screen node of the accessibility tree with words of its own:
#: "button: Start session 1", "text: Session 1 started." (at most 120 lines).
_READ_JS = """() => {
  const tapped = "[role=button],[role=tab],[role=checkbox],[role=radio],[role=switch],"
    + "[role=slider],[role=link],input,textarea";
  const own = el => (el.getAttribute("aria-label") || [...el.childNodes].filter(
    n => !n.nodeName.startsWith("FLT-SEMANTICS")).map(n => n.textContent).join("")).trim();
  const high = window.innerHeight, wide = window.innerWidth;
  const lines = [];
  for (const el of document.querySelectorAll("flt-semantics, input, textarea")) {
    const r = el.getBoundingClientRect();
    if (r.bottom <= 0 || r.top >= high || r.right <= 0 || r.left >= wide) continue;
    const words = own(el) || (el.value || "");
    if (!words) continue;
    const role = el.matches(tapped) ? (el.getAttribute("role") || el.tagName.toLowerCase())
                                    : "text";
    const off = el.getAttribute("aria-disabled") === "true" ? " (disabled)" : "";
    lines.push(`${role}: ${words.replace(/\\s+/g, " ").slice(0, 160)}${off}`);
    if (lines.length >= 120) break;
  }
  if (!document.querySelector("flt-semantics")) lines.push("(no accessibility tree)");
  return lines;
}"""

#: Readings waiting for the report of the test they belong to: (title, words).
PENDING: list[tuple[str, str]] = []
#: Pages a fixture holds open past the test's call (read when the call fails).
OPEN_PAGES: dict[str, Page] = {}


def read_screen(page: Page) -> str:
    """The words on ``page``'s screen, one node per line ('' if it cannot be read)."""
    if page.is_closed():
        return "(the page was closed)"
    try:
        lines: list[str] = page.evaluate(_READ_JS)
    except PlaywrightError as error:
        return f"(could not read the page: {str(error).splitlines()[0]})"
    return f"{page.url}\n" + "\n".join(lines)


def keep_screen(page: Page, title: str) -> None:
    """Read ``page`` now (before its context closes) for the failing test's report."""
    with suppress(AssertionError):  # the stall guard's BrowserStalled: no words then
        PENDING.append((title, read_screen(page)))


def take_pending(call_failed: bool) -> list[tuple[str, str]]:
    """The readings kept since the last report (and, when the call failed, those of
    the pages fixtures still hold open), and forget them."""
    if call_failed:
        for title, page in OPEN_PAGES.items():
            keep_screen(page, title)
    taken = PENDING[:]
    PENDING.clear()
    return taken
