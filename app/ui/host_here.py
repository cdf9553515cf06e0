"""*Host a table here*, the UI's side: keeping the device awake while it hosts.

The host itself is started by the composition root (app.compose.app_host.AppHost,
given to `build_main` as ``host_here`` by main.py): the UI never imports app.host.
"""

from __future__ import annotations

import asyncio
import logging

import flet as ft

log = logging.getLogger(__name__)
#: How long the device may take to say it keeps awake.
WAKELOCK_SECONDS = 5.0


async def keep_awake(page: ft.Page, on: bool = True) -> bool:
    """Ask the device not to sleep while this page hosts the table (``on``), or let it
    sleep again (Flet's Wakelock); False where the platform does not allow it or does
    not answer."""
    del page  # the service registers with the session's page by itself
    lock = ft.Wakelock()
    try:
        # Flet's Wakelock methods carry no annotations.
        change = lock.enable() if on else lock.disable()  # type: ignore[no-untyped-call]
        await asyncio.wait_for(change, WAKELOCK_SECONDS)
    except Exception as exc:  # no wakelock on this platform, or it refused
        log.info("The device could not be kept awake: %s", exc)
        return False
    return True
