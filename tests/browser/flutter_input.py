"""Acting on a Flutter page the way the tests need it: reliably, as a person would.

`type_into` types as a person does: one tap, each key once at typing speed, and the
caller taps the form's button at once; nothing retypes or waits for the host, so a
form that loses letters fails its test (what the host has is checked by the test
through `host_values`, or by what the button did). `tap` scrolls with the wheel and
taps a steady target (Locator.click's own scrolling moves Flutter's list under the
pointer); `open_tab` asks the host which tab
shows; `tap_until` taps again when nothing happened, where a repeat is harmless.

The sessions are found through `record_sessions`, which wraps the UI's ``main`` so every
page it serves is remembered (weakly), and `record_changes`, which notes the change
events Flet dispatches; tests/browser/conftest.py installs both.
"""

from __future__ import annotations

import re
import time
import weakref
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import flet as ft
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

C = TypeVar("C", bound=ft.BaseControl)
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
Main = Callable[[ft.Page], Awaitable[None]]
_pages: list[weakref.ref[ft.Page]] = []


def record_sessions(build_main: Callable[..., Main]) -> Callable[..., Main]:
    """``build_main`` whose ``main`` remembers each page it serves."""

    def build(*args: Any, **kwargs: Any) -> Main:
        main = build_main(*args, **kwargs)

        async def recorded(page: ft.Page) -> None:
            _pages.append(weakref.ref(page))
            await main(page)

        return recorded

    return build


#: The last text each field (by label) reported to the host in a change event: what
#: the field's on_change handler received, whether or not the screen redrew after it.
_changes: dict[str, str] = {}
#: Events Flet could not deliver: their control was unknown to the session.
_lost: list[tuple[int, str, str]] = []
#: Every click the served pages sent: (the control's id, its type on the host, or "" when
#: the session did not know the control).
_clicks: list[tuple[int, str]] = []


def record_changes(dispatch: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """``Session.dispatch_event`` that also notes every text field's change event, every
    click, and every event for a control the session did not know."""

    async def recorded(session: Any, control_id: int, event_name: str, data: Any) -> None:
        control = session.index.get(control_id)
        if event_name == "change" and isinstance(control, ft.TextField):
            _changes[str(control.label or "")] = str(data or "")
        if event_name == "click":
            _clicks.append((control_id, type(control).__name__ if control is not None else ""))
        if control is None:
            _lost.append((control_id, event_name, str(data)[:40]))
        await dispatch(session, control_id, event_name, data)

    return recorded


def _mounted(kind: type[C]) -> Iterator[tuple[ft.Page, C]]:
    """(page, control) for every control of ``kind`` on a served page right now."""
    for ref in list(_pages):
        page = ref()
        if page is None:
            continue
        try:
            controls = list(page.session.index.values())
        except (RuntimeError, AttributeError):  # changed under us, or session gone
            continue
        for control in controls:
            if not isinstance(control, kind):
                continue
            try:
                if control.page is page:
                    yield page, control
            except RuntimeError:  # no longer on a page: a stale copy from a redraw
                continue


def forget_pages() -> None:
    """Forget the pages served so far: an earlier test's sessions can outlive its host
    (until the garbage collector comes), and their fields would be counted with ours."""
    _pages.clear()
    _changes.clear()
    _lost.clear()
    _clicks.clear()


def clicks_after(seen: int) -> list[tuple[int, str]]:
    """The clicks the host's pages received after the first ``seen`` (`click_count`)."""
    return _clicks[seen:]


def click_count() -> int:
    """How many clicks the host's pages have received so far."""
    return len(_clicks)


def host_values(name: str | re.Pattern[str]) -> list[str]:
    """The values of the served pages' fields labelled like ``name``, on the host."""
    return [
        str(field.value or "")
        for _, field in _mounted(ft.TextField)
        if (
            name.search(str(field.label or ""))
            if isinstance(name, re.Pattern)
            else name in str(field.label or "")
        )
    ]


def _other_fields(name: str | re.Pattern[str]) -> list[tuple[str, str]]:
    """(label, value) on the host of every served field not labelled like ``name``."""
    out = []
    for _, field in _mounted(ft.TextField):
        label = str(field.label or "")
        if not (name.search(label) if isinstance(name, re.Pattern) else name in label):
            out.append((label, str(field.value or "")))
    return sorted(out)


def host_has(name: str | re.Pattern[str], text: str) -> bool:
    """Whether the host has ``text`` for a field labelled like ``name``: in the field
    itself, or as the last change the field reported (some forms keep the text without
    redrawing the field)."""
    if text in host_values(name):
        return True
    return any(
        value == text
        for label, value in _changes.items()
        if (name.search(label) if isinstance(name, re.Pattern) else name in label)
    )


#: Milliseconds between keys: a quick typist on a phone (the issue's person types at 80).
KEY_DELAY_MS = 50
#: From the cursor to the first key: a phone's keyboard showing, a person's reaction.
REACTION_MS = 300
#: How long a person waits for the cursor after tapping a field before giving up.
FOCUS_WAIT_MS = 5_000


def type_into(
    page: Page, name: str | re.Pattern[str], text: str, *, delay_ms: int = KEY_DELAY_MS
) -> None:
    """Type ``text`` into the field named ``name`` as a person does: tap it once, wait
    for the cursor, clear what it holds, type each key once, and go on at once.

    Nothing is typed twice and nothing waits for the host: the button the caller taps
    next must hand the host exactly this text (docs/ui.md, "Typed text"). The only
    check is the one a person makes, that the field shows what was typed.
    """
    box = page.get_by_role("textbox", name=name).first
    tap(box)
    wait_for_cursor(page, name)
    if box.input_value():
        page.keyboard.press("Control+a")
        page.keyboard.press("Backspace")
    page.keyboard.type(text, delay=delay_ms)
    shown = _shown_text(page, box, text)
    if shown != text:
        page.screenshot(path=str(ARTIFACTS / "type_into-failed.png"))
        focus = page.evaluate("document.activeElement && document.activeElement.tagName")
        raise AssertionError(
            f"typed {text!r} into {name!r} once; the field shows {shown!r} "
            f"(the focus is on {focus!r}); "
            f"events for controls the host did not know: {_lost[-8:]!r}"
        )


def _shown_text(page: Page, box: Locator, text: str, wait_s: float = 3.0) -> str:
    """What the field shows once the keys are in: the text of the input that has the
    focus (where the keys went; an autofocused field's input sits outside the
    accessibility tree, whose node then lags), else the field's node."""
    deadline = time.monotonic() + wait_s
    while True:
        focused = page.evaluate(
            "() => { const a = document.activeElement;"
            " return a && 'value' in a ? String(a.value) : null; }"
        )
        shown = box.input_value()
        if text in (focused, shown) or time.monotonic() > deadline:
            return text if text in (focused, shown) else shown
        page.wait_for_timeout(100)


#: Whether a text field has the browser's focus: the keys go there.
_CURSOR_JS = """() => {
  const active = document.activeElement;
  return !!active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA");
}"""


def wait_for_cursor(page: Page, name: str | re.Pattern[str]) -> None:
    """Wait, as a person waits for the keyboard, until a text field has the focus (the
    tapped one, or the same field already focused through autofocus, whose input
    Flutter keeps outside the accessibility tree)."""
    try:
        page.wait_for_function(_CURSOR_JS, timeout=FOCUS_WAIT_MS)
    except PlaywrightTimeout:
        page.screenshot(path=str(ARTIFACTS / "type_into-no-cursor.png"))
        raise AssertionError(f"tapping the field {name!r} gave it no cursor") from None
    # A person's first key comes once the keyboard is up (a phone's slides in for about
    # a quarter of a second), not in the frame the focus moved: keys typed within ~50 ms
    # of the tap, before Flutter's field took over the input, were lost.
    page.wait_for_timeout(REACTION_MS)


def host_tabs(name: str) -> int:
    """How many served pages show the bottom-bar tab ``name`` selected, on the host."""
    showing = set()
    for page, bar in _mounted(ft.NavigationBar):
        index = bar.selected_index
        labels = [d.label for d in bar.destinations]
        if index is not None and 0 <= index < len(labels) and labels[index] == name:
            showing.add(id(page))
    return len(showing)


def open_tab(page: Page, name: str) -> None:
    """Tap the bottom-bar tab ``name`` until the host shows it (a tap that lands while
    Flutter redraws after a host update can be lost; a person taps again). The bar can
    mark the tab selected before the host has the tap, so the host is asked."""
    # A tab with news carries a badge; its name is then "Hand: 1 new 1 Hand".
    called = re.compile(rf"^(?:{re.escape(name)}: \d+ new \d+ )?{re.escape(name)}$")
    tab = page.get_by_role("tab", name=called)
    if page.get_by_role("tab", name=called, selected=True).count():
        return
    before = host_tabs(name)
    for _ in range(4):
        tap(tab.first, scroll=False)
        deadline = time.monotonic() + 4.0
        while time.monotonic() < deadline:
            page.wait_for_timeout(100)
            if host_tabs(name) > before:
                return
    raise AssertionError(f"the host never showed the tab {name!r}")


def steady(target: Locator, *, settle_ms: int = 250, tries: int = 20) -> Locator:
    """Wait until ``target`` stops moving (a scroll or a redraw in flight would make a
    click land on whatever slides under the pointer), and return it."""
    page = target.page
    last = None
    for _ in range(tries):
        box = target.bounding_box()
        if box is not None and box == last:
            return target
        last = box
        page.wait_for_timeout(settle_ms)
    return target


#: How long a tap waits for its target to appear and be enabled (Flutter's first frame
#: on a busy machine included).
TAP_WAIT_MS = 45_000
#: Room kept clear at the top (app bar) and bottom (tab bar, toasts) of the screen.
TOP_MARGIN, BOTTOM_MARGIN = 64, 150


def tap(target: Locator, *, scroll: bool = True, wait_ms: int | None = None) -> None:
    """Tap the middle of ``target`` once it is well inside the screen and still.

    Not ``Locator.click``: its scroll-into-view moves Flutter's list under the pointer
    after the point was chosen, and the tap then lands on whatever slid there (the
    Basic ladder instead of a text field, in one recorded run). The list is scrolled
    with the wheel first, as a person swipes, and only a steady target is tapped. A
    target that cannot scroll further (the end of a list, a tab bar) is tapped where
    it is, as long as it is on the screen.
    """
    page = target.page
    wait = TAP_WAIT_MS if wait_ms is None else wait_ms
    if scroll:
        seek(target)
    expect(target).to_be_enabled(timeout=wait)  # as Locator.click waits
    viewport = page.viewport_size or {"width": 1280, "height": 800}
    low, high = TOP_MARGIN, viewport["height"] - BOTTOM_MARGIN
    last_y = None
    for _ in range(10):
        steady(target)
        box = target.bounding_box(timeout=wait)
        if box is None:
            raise AssertionError(f"{target} is not on the screen")
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        on_screen = 0 <= y <= viewport["height"]
        if (low <= y <= high) or (on_screen and (not scroll or y == last_y)):
            page.mouse.click(x, y)
            return
        last_y = y
        page.mouse.move(x, (low + high) / 2)
        page.mouse.wheel(0, y - (low + high) / 2)
        page.wait_for_timeout(300)
    raise AssertionError(f"could not bring {target} into view")


#: How long a target may take to show where it is before it is looked for further down
#: (a page still drawing), and how far one swipe goes.
SEEK_AFTER_MS, SWIPE = 3_000, 300


def seek(target: Locator) -> None:
    """Swipe down the list under the screen's middle, as a person looks for a button,
    until ``target`` is in the accessibility tree: Flutter leaves out what lies beyond
    a list's cache extent (a Roll button below one more switch of the same card was not
    found at all). Nothing happens when it is there, or while the page still draws."""
    page = target.page
    deadline = time.monotonic() + SEEK_AFTER_MS / 1000
    while not target.count():
        if time.monotonic() > deadline:
            break
        page.wait_for_timeout(100)
    viewport = page.viewport_size or {"width": 1280, "height": 800}
    swiped = 0
    for _ in range(12):
        if target.count():
            return
        page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
        page.mouse.wheel(0, SWIPE)
        swiped += SWIPE
        page.wait_for_timeout(250)
    if not target.count() and swiped:  # not below: back where it was (it may come later)
        page.mouse.wheel(0, -swiped)
        page.wait_for_timeout(250)


def tap_until(target: Locator, done: Callable[[], bool], what: str, *, tries: int = 3) -> None:
    """Tap ``target`` until ``done()`` holds, as a person taps again when nothing
    happened (a tap that lands while Flutter redraws can be lost). Only for taps whose
    repetition is harmless once ``done()`` holds."""
    page = target.page
    for _ in range(tries):
        tap(target)
        deadline = time.monotonic() + 4.0
        while time.monotonic() < deadline:
            if done():
                return
            page.wait_for_timeout(100)
    raise AssertionError(f"tapping never achieved: {what}")


def dismiss(close: Locator) -> None:
    """Tap a toast's close button if the toast is still there (toasts also hide on
    their own, so it may be gone by the time the tap comes)."""
    if not close.count():
        return
    try:
        tap(close.first, scroll=False, wait_ms=2_000)
    except (PlaywrightTimeout, AssertionError):
        if close.count():
            raise
