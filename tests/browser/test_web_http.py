"""How the host serves the web client over HTTP: compression, caching, routes, PWA files.

These talk to the real uvicorn server of the session (no browser), so they are quick.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import flet_web
import flet_web.fastapi
import httpx
import pytest
from flet.controls.types import WebRenderer
from PIL import Image

from app.host.web import build_site, mount_web
from app.host.web_files import safe_rel

from .sample_app import ASSETS, api_app, main

WEB = Path(flet_web.get_package_web_dir())
#: What Chromium fetches on a first visit (skwasm renderer), fonts aside.
CHROMIUM_BOOT = (
    "flutter_bootstrap.js",
    "python.js",
    "main.dart.mjs",
    "main.dart.wasm",
    "canvaskit/skwasm.js",
    "canvaskit/skwasm.wasm",
    "assets/FontManifest.json",
    "assets/fonts/MaterialIcons-Regular.otf",
)


@pytest.fixture(scope="module")
def http(web_base_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=web_base_url, timeout=30) as client:
        yield client


@pytest.fixture(scope="module")
def build(http: httpx.Client) -> str:
    """The versioned prefix index.html points Flutter at."""
    match = re.search(r'src="/_/([0-9a-f]+)/flutter_bootstrap\.js"', http.get("/").text)
    assert match, "index.html must load flutter_bootstrap.js from the versioned prefix"
    return match[1]


def test_compressed_only_when_the_client_accepts_gzip(http: httpx.Client, build: str) -> None:
    url = f"/_/{build}/main.dart.mjs"
    original = (WEB / "main.dart.mjs").read_bytes()
    zipped = http.get(url, headers={"Accept-Encoding": "gzip, deflate"})
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.headers["vary"] == "Accept-Encoding"
    assert int(zipped.headers["content-length"]) < len(original) / 2
    assert zipped.content == original  # httpx decodes; the bytes are Flet's file
    for refusal in ("identity", "gzip;q=0, br", ""):
        plain = http.get(url, headers={"Accept-Encoding": refusal})
        assert "content-encoding" not in plain.headers
        assert plain.content == original


def test_big_files_are_identical_in_every_representation(http: httpx.Client, build: str) -> None:
    """main.dart.wasm is held only gzipped; refusing gzip still gets Flet's exact bytes."""
    url = f"/_/{build}/main.dart.wasm"
    original = (WEB / "main.dart.wasm").read_bytes()
    plain = http.get(url, headers={"Accept-Encoding": "identity"})
    assert plain.content == original
    assert int(plain.headers["content-length"]) == len(original)
    head = http.head(url, headers={"Accept-Encoding": "identity"})
    assert int(head.headers["content-length"]) == len(original) and head.content == b""
    assert http.get(url, headers={"Accept-Encoding": "gzip"}).content == original


def test_already_compressed_formats_are_sent_as_they_are(http: httpx.Client) -> None:
    png = http.get("/icons/icon-192.png", headers={"Accept-Encoding": "gzip"})
    assert png.status_code == 200 and "content-encoding" not in png.headers
    assert png.headers["content-type"] == "image/png"


def test_versioned_files_are_immutable_and_the_rest_revalidate(
    http: httpx.Client, build: str
) -> None:
    wasm = http.head(f"/_/{build}/main.dart.wasm")
    assert wasm.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert wasm.headers["content-type"] == "application/wasm"
    for path in ("/", "/manifest.json", "/favicon.png", "/chips/red.png"):
        assert http.head(path).headers["cache-control"] == "no-cache", path
    stale = http.head("/_/000000000000/main.dart.wasm")
    assert stale.status_code == 200 and stale.headers["cache-control"] == "no-cache"


def test_a_matching_etag_gets_304_per_encoding(http: httpx.Client, build: str) -> None:
    url = f"/_/{build}/flutter_bootstrap.js"
    zipped = http.get(url, headers={"Accept-Encoding": "gzip"})
    plain = http.get(url, headers={"Accept-Encoding": "identity"})
    assert zipped.headers["etag"] != plain.headers["etag"]
    revalidate = {"Accept-Encoding": "gzip", "If-None-Match": zipped.headers["etag"]}
    again = http.get(url, headers=revalidate)
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == zipped.headers["etag"]
    changed = http.get(url, headers={"Accept-Encoding": "gzip", "If-None-Match": '"other"'})
    assert changed.status_code == 200


def test_client_routes_reach_the_flet_app(http: httpx.Client) -> None:
    index = http.get("/")
    assert index.headers["content-type"].startswith("text/html")
    assert index.headers["cross-origin-opener-policy"] == "same-origin"
    for path in ("/join/K3X9", "/gm", "/claim/AB12", "/some/deep/route.html"):
        page = http.get(path)
        assert page.status_code == 200, path
        assert page.headers["etag"] == index.headers["etag"], path


def test_api_paths_never_fall_through_to_the_app(http: httpx.Client) -> None:
    assert http.get("/api/health").json() == {"ok": True}
    missing = http.get("/api/no/such/thing")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not_found"


def test_missing_files_are_404_not_the_app(http: httpx.Client, build: str) -> None:
    assert http.get("/nothing-here.js").status_code == 404
    assert http.get(f"/_/{build}/no/such/route").status_code == 404


def test_paths_cannot_escape_the_web_root() -> None:
    assert safe_rel("a/../../etc/passwd") is None
    assert safe_rel("a\\..\\b") is None
    assert safe_rel("/canvaskit/skwasm.js") == "canvaskit/skwasm.js"


def test_index_is_configured_offline(http: httpx.Client, build: str) -> None:
    html = http.get("/").text
    assert "flet.noCdn=true;" in html
    assert f'flet.canvasKitBaseUrl = "/_/{build}/canvaskit/";' in html
    assert f'"/_/{build}/rive-offline.js"' in html  # the CDN Rive runtime goes to a stub
    assert '<meta name="theme-color" content="#121212">' in html
    assert "<title>Fate Pot</title>" in html
    assert not re.search(r'(src|href)="https?://', html)
    stub = http.get(f"/_/{build}/rive-offline.js")
    assert "window.RiveNative" in stub.text


def test_manifest_makes_an_installable_dark_standalone_app(http: httpx.Client) -> None:
    manifest = http.get("/manifest.json").json()
    assert manifest["name"] == "Fate Pot"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == manifest["background_color"] == "#121212"
    purposes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert purposes == {(s, p) for s in ("192x192", "512x512") for p in ("any", "maskable")}
    for icon in manifest["icons"]:
        image = Image.open(io.BytesIO(http.get("/" + icon["src"]).content))
        assert f"{image.width}x{image.height}" == icon["sizes"]


def test_a_first_visit_fits_the_6mb_budget(http: httpx.Client, build: str) -> None:
    """Bytes on the wire for what Chromium fetches first, with gzip (bench measures it live)."""
    fonts = http.get(f"/_/{build}/assets/FontManifest.json").json()
    paths = [*CHROMIUM_BOOT, *(f"assets/{f['asset']}" for fam in fonts for f in fam["fonts"])]
    total = len(http.get("/", headers={"Accept-Encoding": "gzip"}).read())
    for path in paths:
        with http.stream("GET", f"/_/{build}/{path}", headers={"Accept-Encoding": "gzip"}) as r:
            assert r.status_code == 200, path
            total += sum(len(chunk) for chunk in r.iter_raw())
    assert total <= 6_000_000, f"{total:,} bytes"


def test_flets_session_eviction_runs_in_the_api_lifespan(monkeypatch: pytest.MonkeyPatch) -> None:
    """A mounted app's lifespan never runs: mount_web must start Flet's app manager."""
    calls: list[str] = []

    async def start() -> None:
        calls.append("start")

    async def shutdown() -> None:
        calls.append("shutdown")

    monkeypatch.setattr(flet_web.fastapi.app_manager, "start", start)
    monkeypatch.setattr(flet_web.fastapi.app_manager, "shutdown", shutdown)
    api = api_app()
    mount_web(api, main, assets_dir=ASSETS, precompress=False)

    async def serve_once() -> None:
        async with api.router.lifespan_context(api):
            assert calls == ["start"]

    # Playwright's sync API keeps a loop running in this thread: use another one.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, serve_once()).result()
    assert calls == ["start", "shutdown"]


def test_the_build_changes_when_an_asset_changes(tmp_path: Path) -> None:
    """A new build means new /_/<build>/ URLs, so no phone keeps a stale cached file."""
    (tmp_path / "chip.png").write_bytes(b"one")
    kwargs: dict[str, Any] = {
        "assets_dir": tmp_path,
        "app_name": "Fate Pot",
        "short_name": "Fate Pot",
        "description": "d",
        "web_renderer": WebRenderer.AUTO,
    }
    before = build_site(**kwargs).build
    assert build_site(**kwargs).build == before
    (tmp_path / "chip.png").write_bytes(b"two!")
    assert build_site(**kwargs).build != before


def test_fonts_flutter_would_fetch_for_nothing_are_left_out(http: httpx.Client, build: str) -> None:
    families = [f["family"] for f in http.get(f"/_/{build}/assets/FontManifest.json").json()]
    assert "MaterialIcons" in families and "Roboto" in families
    assert not [f for f in families if "KaTeX" in f]
    html = http.get("/").text
    assert "assets/fonts/MaterialIcons-Regular.otf" in html  # preloaded
    assert "KaTeX" not in html
