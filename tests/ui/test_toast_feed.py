"""The toast on screen (`ToastFeed`) and the strip that draws it (`views.toast`): a new
toast takes the last one's place, each goes after its time or when closed, and the
strip offers Undo only when the toast has one."""

from __future__ import annotations

import asyncio

import flet as ft
import pytest

from app.ui.model import Toast
from app.ui.model import toasts as toasts_module
from app.ui.model.toasts import ToastFeed, seconds
from app.ui.views.toast import IDENTIFIER, toast_body


async def test_a_toast_goes_after_its_time_and_a_refusal_stays_longer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(toasts_module, "SECONDS", 0.05)
    monkeypatch.setattr(toasts_module, "ERROR_SECONDS", 0.15)
    feed = ToastFeed()
    feed.show(Toast("Done."))
    assert feed.shown == Toast("Done.")
    await asyncio.sleep(0.1)
    assert feed.shown is None
    feed.show(Toast("No.", error=True))
    await asyncio.sleep(0.1)
    assert feed.shown == Toast("No.", error=True)
    await asyncio.sleep(0.1)
    assert feed.shown is None
    assert seconds(Toast("x", error=True)) > seconds(Toast("x"))


async def test_a_new_toast_takes_the_place_and_the_time_of_the_last(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(toasts_module, "SECONDS", 0.1)
    feed = ToastFeed()
    feed.show(Toast("First."))
    await asyncio.sleep(0.06)
    feed.show(Toast("First."))  # the same words again: a toast of its own, full time
    await asyncio.sleep(0.06)
    assert feed.shown == Toast("First.")
    assert feed.serial == 2
    feed.close(1)  # the first toast's Close, tapped late: the second stays
    assert feed.shown is not None
    feed.close(2)
    assert feed.shown is None


def test_the_strip_offers_undo_only_with_an_undo_and_always_close() -> None:
    feed = ToastFeed()

    async def undo(command: str) -> None:
        del command

    def texts(control: ft.Control) -> list[str]:
        found = []
        stack: list[object] = [control]
        while stack:
            c = stack.pop()
            if isinstance(c, ft.TextButton):
                found.append(str(c.content))
            if isinstance(c, ft.Semantics) and c.label:
                found.append(c.label)
            for attr in ("content", "controls"):
                child = getattr(c, attr, None)
                stack.extend(child if isinstance(child, list) else [child] if child else [])
        return found

    with_undo = toast_body(feed, Toast("Eve set attributes.", "cmd-1"), undo)
    assert isinstance(with_undo, ft.Semantics) and with_undo.identifier == IDENTIFIER
    assert set(texts(with_undo)) == {"Undo", "Eve set attributes.", "Close"}
    plain = toast_body(feed, Toast("A 6: no luck."), undo)
    assert set(texts(plain)) == {"A 6: no luck.", "Close"}


def test_a_refusal_is_drawn_in_the_error_colours_with_an_error_icon() -> None:
    async def undo(command: str) -> None:
        del command

    def strip(toast: Toast) -> tuple[object, object]:
        body = toast_body(ToastFeed(), toast, undo)
        assert isinstance(body, ft.Semantics) and isinstance(body.content, ft.Container)
        row = body.content.content
        assert isinstance(row, ft.Row) and isinstance(row.controls[0], ft.Icon)
        return body.content.bgcolor, row.controls[0].icon

    assert strip(Toast("Not your turn.", error=True)) == (
        ft.Colors.ERROR_CONTAINER,
        ft.Icons.ERROR_OUTLINE,
    )
    assert strip(Toast("Done.")) == (ft.Colors.INVERSE_SURFACE, ft.Icons.INFO_OUTLINE)
