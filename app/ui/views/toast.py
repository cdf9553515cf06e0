"""The toast, drawn in the page's flow: a strip that covers no control (issue #28).

Flutter's floating SnackBar lay over the phone's tab bar (raised above it, over the
Roll button), and a tap meant for a tab landed on its *Undo*. This strip is not over
anything: the screens put it between their scrolling content and what stays at the
bottom (the player's tab bar), so while it shows the list above it is shorter, and the
tab bar and every button stay where they were, uncovered.

It says what happened (every line), with *Undo* when this device may undo it, and
*Close*; it goes by itself after its time (`app.ui.model.toasts`). A refusal is drawn
in the error colours with an error icon. The message is a live region: a screen reader
reads each new toast out without the focus moving to it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from ..component import component, memo
from ..model.news import Toast
from ..model.toasts import ToastFeed
from ..theme import TARGET
from ..widgets import readable

#: What the accessibility tree calls the strip (``flt-semantics-identifier`` on the web).
IDENTIFIER = "toast"

Undo = Callable[[str], Awaitable[object]]


def _toast_strip(feed: ToastFeed, undo: Undo) -> ft.Control:
    """The toast ``feed`` shows now, or nothing (no room taken) when there is none.

    Redrawn only when the feed changes (an observable argument): a new toast, or the
    last one gone. ``undo(command_id)`` undoes the action the toast is about.
    """
    toast = feed.shown
    if toast is None:
        return ft.Container(height=0)
    return toast_body(feed, toast, undo)


#: Memoised: the screen around it redraws on every change of the model (on the start
#: screen, each key typed into the join code); the strip draws only for its feed.
toast_strip = memo(component(_toast_strip))


def toast_body(feed: ToastFeed, toast: Toast, undo: Undo) -> ft.Control:
    """The strip for ``toast``: icon, words (a live region), *Undo* if any, *Close*."""
    ink = ft.Colors.ON_ERROR_CONTAINER if toast.error else ft.Colors.ON_INVERSE_SURFACE
    message = readable(toast.message)
    words = ft.Semantics(
        content=ft.Text(message, size=16, color=ink),
        label=message,
        live_region=True,
        container=True,
        exclude_semantics=True,  # the label says it once (not label and text twice)
        expand=True,
    )
    serial = feed.serial

    def close(_: ft.Event[ft.IconButton]) -> None:
        feed.close(serial)

    def close_read(_: ft.Event[ft.Semantics]) -> None:  # a screen reader's double tap
        feed.close(serial)

    buttons: list[ft.Control] = []
    if toast.undo_command is not None:
        command = toast.undo_command

        async def undo_it(_: ft.Event[ft.TextButton]) -> None:
            feed.close(serial)
            await undo(command)

        buttons.append(
            ft.TextButton(
                "Undo",
                icon=ft.Icons.UNDO,
                on_click=undo_it,
                height=TARGET,
                style=ft.ButtonStyle(color=ft.Colors.INVERSE_PRIMARY),
            )
        )
    buttons.append(
        # One node, a button named "Close" (a tooltip would name the strip instead).
        ft.Semantics(
            content=ft.IconButton(ft.Icons.CLOSE, icon_color=ink, on_click=close),
            label="Close",
            button=True,
            container=True,
            exclude_semantics=True,
            on_tap=close_read,
        )
    )
    return ft.Semantics(
        content=ft.Container(
            ft.Row(
                [
                    ft.Icon(
                        ft.Icons.ERROR_OUTLINE if toast.error else ft.Icons.INFO_OUTLINE,
                        color=ink,
                        size=22,
                    ),
                    words,
                    *buttons,
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=8,
            ),
            bgcolor=ft.Colors.ERROR_CONTAINER if toast.error else ft.Colors.INVERSE_SURFACE,
            padding=ft.Padding.only(left=14, right=4, top=4, bottom=4),
        ),
        identifier=IDENTIFIER,
        container=True,
    )
