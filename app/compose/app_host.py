"""*Host a table here*: the compiled app starts `fatepot host`'s host in its own process
(app.host.embedded), with the web UI phones open (app.compose.web); the app's own GM
screen reaches it in-process, through the same TableClient a compiled app uses over
the network; phones reach it at the device's LAN address.

The server stack (FastAPI, uvicorn, flet-web) is imported when the GM first hosts, not
when the app starts: a player's phone that only joins never loads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.ui.gateway import LOCAL_BASE, HttpGateway
from app.ui.model.contracts import HostedHere

if TYPE_CHECKING:
    from app.host.embedded import EmbeddedHost


class AppHost:
    """The one host of this app's process (every session of the app shares it); the
    `HostHere` main.py gives the UI."""

    def __init__(self, overrides: dict[str, Any] | None = None) -> None:
        self._overrides = overrides
        self._host: EmbeddedHost | None = None

    def _embedded(self) -> EmbeddedHost:
        from app.host.embedded import EmbeddedHost, app_config

        from .web import mount_ui

        if self._host is None:
            self._host = EmbeddedHost(app_config(self._overrides), mount=mount_ui)
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
