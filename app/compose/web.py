"""Mount the Fate Pot Flet UI on the host's API app (`mount_ui`, a `MountUI`).

Each browser session follows its table in-process (app.inproc: the service layer
called directly, views as Python values shared between pages). ``via_http`` keeps the
earlier path selectable, each session a TableClient over ``httpx.ASGITransport``
into the fast lane, for benchmarks that compare the two.
"""

from __future__ import annotations

from pathlib import Path

import httpx
from fastapi import FastAPI

from app.host.fast_lane import FastLane
from app.host.hub import Hub
from app.host.service import ApiContext
from app.host.web import mount_web
from app.inproc import InProcessGateway
from app.ui.app import build_main
from app.ui.gateway import LOCAL_BASE, HttpGateway
from app.ui.model import Gateway

#: The web UI's images and icons: a link to the project's ./assets in a clone, the files
#: themselves in an installed wheel (package data).
ASSETS = Path(__file__).resolve().parents[1] / "web_assets"


def session_gateway(api: FastAPI, hub: Hub, admin_token: str, *, via_http: bool = False) -> Gateway:
    """How the host's own sessions reach its tables."""
    if via_http:
        return HttpGateway(LOCAL_BASE, httpx.ASGITransport(app=FastLane(api, hub, admin_token)))
    ctx: ApiContext = api.state.api
    return InProcessGateway(ctx, LOCAL_BASE)


def mount_ui(api: FastAPI, hub: Hub, admin_token: str, *, via_http: bool = False) -> None:
    """Build the Flet ``main`` for this API and serve it at "/" (offline, cached PWA)."""
    gateway = session_gateway(api, hub, admin_token, via_http=via_http)
    public_url = getattr(getattr(api.state, "api", None), "public_url", None)
    mount_web(api, build_main(gateway, public_url=public_url), assets_dir=ASSETS)
