"""Mount the Fate Pot Flet UI on the host's API app.

Each browser session reaches the API in-process (``httpx.ASGITransport``), through the
same TableClient a compiled app uses over real HTTP.
"""

from __future__ import annotations

from pathlib import Path

import httpx
from fastapi import FastAPI

from app.ui.app import build_main
from app.ui.gateway import LOCAL_BASE, HttpGateway

from .fast_lane import FastLane
from .hub import Hub
from .web import mount_web

#: The web UI's images and icons: a link to the project's ./assets in a clone, the files
#: themselves in an installed wheel (package data).
ASSETS = Path(__file__).resolve().parents[1] / "web_assets"


def mount_ui(api: FastAPI, hub: Hub, admin_token: str) -> None:
    """Build the Flet ``main`` for this API and serve it at "/" (offline, cached PWA)."""
    gateway = HttpGateway(LOCAL_BASE, httpx.ASGITransport(app=FastLane(api, hub, admin_token)))
    public_url = getattr(getattr(api.state, "api", None), "public_url", None)
    mount_web(api, build_main(gateway, public_url=public_url), assets_dir=ASSETS)
