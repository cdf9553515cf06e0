"""The toast this page shows now, and when it goes (no Flet widgets here).

A toast says what the last action did (or was refused, or what someone did to this
player). `ToastFeed` holds the one on screen: a new toast takes the place of the last,
and each goes by itself after its time (`seconds`) or when closed. The screens draw it
in the page's flow (`app.ui.views.toast`), where it covers no control.
"""

from __future__ import annotations

import asyncio

import flet as ft

from .news import Toast

#: How long a toast stays: a refusal a little longer (its rule is read, not glanced at).
SECONDS, ERROR_SECONDS = 5.0, 6.0


def seconds(toast: Toast) -> float:
    """How long ``toast`` stays on screen unless closed."""
    return ERROR_SECONDS if toast.error else SECONDS


@ft.observable
class ToastFeed:
    """The toast on screen (``shown``), if any; a component given the feed redraws when
    it changes. ``serial`` counts the toasts shown, so the same words twice are two
    toasts (each read out, each with its full time)."""

    def __init__(self) -> None:
        self.shown: Toast | None = None
        self.serial = 0
        self._timer: asyncio.TimerHandle | None = None

    def show(self, toast: Toast) -> None:
        """Show ``toast`` in place of the last one; it goes after `seconds`."""
        self.serial += 1
        self.shown = toast
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test without one): it stays until closed
            return
        self._timer = loop.call_later(seconds(toast), self.close, self.serial)

    def close(self, serial: int | None = None) -> None:
        """Take the toast away (only toast number ``serial``, if given: a later one
        stays)."""
        if serial is not None and serial != self.serial:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.shown is not None:
            self.shown = None
