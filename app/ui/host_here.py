"""*Host a table here*: the compiled app starts `fatepot host`'s host in its own process
(app.host.embedded) and reaches it in-process, through the same TableClient a browser
session on a host uses; phones reach it at the device's LAN address.

The server stack (FastAPI, uvicorn, flet-web) is imported when the GM first hosts, not
when the app starts: a player's phone that only joins never loads it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import flet as ft

from .gateway import LOCAL_BASE, HttpGateway
from .model.contracts import HostedHere

if TYPE_CHECKING:
    from app.host.embedded import EmbeddedHost

log = logging.getLogger(__name__)
#: How long the device may take to say it keeps awake.
WAKELOCK_SECONDS = 5.0


class AppHost:
    """The one host of this app's process (every session of the app shares it)."""

    def __init__(self, overrides: dict[str, Any] | None = None) -> None:
        self._overrides = overrides
        self._host: EmbeddedHost | None = None

    def _embedded(self) -> EmbeddedHost:
        from app.host.embedded import EmbeddedHost, app_config

        if self._host is None:
            self._host = EmbeddedHost(app_config(self._overrides))
        return self._host

    async def launch(self, table: str, ruleset: str | None = None) -> str:
        """Host ``table`` as the app starts, before any screen, with no tap (main.py, on
        ``FATEPOT_HOST_HERE``); the links and join QR to print. A GM screen opened
        later taps *Host a table here* and reaches this same host."""
        from app.host.embedded import launch_banner

        return launch_banner(await self._embedded().start(table, ruleset))

    async def start(self, table: str | None, ruleset: str | None) -> HostedHere:
        """Start hosting (once), with ``table`` resumed or created; see `HostHere`."""
        hosting = await self._embedded().start(table, ruleset)
        found = hosting.table
        return HostedHere(
            HttpGateway(LOCAL_BASE, hosting.transport),
            hosting.base_url,
            hosting.admin_token,
            found.table_id if found else None,
            found.gm_token if found else None,
        )

    async def stop(self) -> None:
        """Stop hosting; the tables stay in the app's storage for the next start."""
        if self._host is not None:
            await self._host.stop()


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
