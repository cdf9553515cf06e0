"""Entry point for `flet build apk|ipa|web` and `flet run`: the same UI as the browser,
syncing with a Fate Pot host over real HTTP through the same TableClient, or hosting
the table itself (*Host a table here*, app.compose.app_host: the host `fatepot host` runs,
in this process, its tables in the app's storage folder).

The host's address comes from ``FATEPOT_HOST_URL`` (e.g. ``http://192.168.1.20:8550``)
until the person picks another on the start screen (typed, or a pasted join link); the
app remembers that choice on the device.

``FATEPOT_HOST_HERE=<table name>`` makes the app host that table as it starts, with no
tap (resumed as it was, or created with ``FATEPOT_RULESET``'s rule system), and print
the GM and join links and the join QR as ``fatepot host`` does.
"""

from __future__ import annotations

import asyncio
import os

import flet as ft

from app.compose.app_host import AppHost
from app.ui.app import build_main
from app.ui.gateway import HttpGateway

HOST_URL = os.environ.get("FATEPOT_HOST_URL", "http://127.0.0.1:8550")
#: app.host.embedded.HOST_AT_LAUNCH_ENV (not imported: a player's app never loads the host).
HOST_AT_LAUNCH = os.environ.get("FATEPOT_HOST_HERE", "").strip()


async def host_then_run(app_host: AppHost, table: str) -> None:
    """Start hosting ``table`` on the app's event loop, say where, then run the app."""
    print(await app_host.launch(table), flush=True)
    await ft.run_async(
        build_main(HttpGateway(HOST_URL, transport=None), public_url=HOST_URL, host_here=app_host),
        assets_dir="assets",
        no_cdn=True,
    )


if __name__ == "__main__":
    if HOST_AT_LAUNCH:
        asyncio.run(host_then_run(AppHost(), HOST_AT_LAUNCH))
    else:
        # no_cdn: a table may have no internet; this only matters when Flet serves the
        # app to a browser (FLET_FORCE_WEB_SERVER=true, as tests/browser/test_phone_app.py
        # does).
        ft.run(
            build_main(
                HttpGateway(HOST_URL, transport=None), public_url=HOST_URL, host_here=AppHost()
            ),
            assets_dir="assets",
            no_cdn=True,
        )
