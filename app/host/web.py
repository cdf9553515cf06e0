"""Serve the Flet web UI on the API's port: offline, compressed, cached and installable.

`mount_web(api, main, assets_dir=...)` mounts `flet_web.fastapi.app(main, no_cdn=True)`
at "/" behind `FletWeb`, a thin ASGI wrapper that answers every GET/HEAD for a static
file itself (see docs/web.md):

- files come from a `FileStore` (generated index/manifest, then `assets_dir`, then Flet's
  bundled client), gzip-compressed once and kept in memory; `Accept-Encoding` decides;
- `/_/<build>/...` URLs (what index.html points Flutter at) are `immutable` for a year;
  everything else, index.html first, is revalidated with a strong ETag (304);
- client-side routes (`/join/ABCD`, `/gm`, ...) get index.html, so Flet's `page.route`
  sees them; unknown `/api/...` paths get the JSON 404 instead of the app;
- the web socket, uploads and OAuth callbacks go to Flet untouched;
- Flet's app manager (session eviction) runs in the API's lifespan.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path, PurePosixPath
from typing import Any

import anyio.to_thread
import flet_web
import flet_web.fastapi
from fastapi import FastAPI
from flet.controls.types import WebRenderer
from starlette.applications import Starlette
from starlette.types import ASGIApp, Receive, Scope, Send

from . import flet_diff, flet_events, flet_transport
from .errors import error_body
from .link_watch import LinkWatch
from .page_security import page_headers
from .web_files import FileStore, StaticFile, fingerprint, safe_rel
from .web_pages import (
    FRESH_SESSION_JS,
    GM_LINK_JS,
    RIVE_STUB,
    RIVE_STUB_JS,
    VERSIONED,
    font_manifest,
    guard_js,
    index_html,
    manifest,
    preload_js,
)
from .web_reconnect import reconnect_js

log = logging.getLogger(__name__)

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
#: What a phone or tablet fetches to start the app, on either of Flutter's renderers
#: (skwasm on Chromium, CanvasKit + dart2js on Safari/iOS): compressed ahead of time.
BOOT_FILES = (
    "index.html",
    "flutter_bootstrap.js",
    "python.js",
    "main.dart.mjs",
    "main.dart.wasm",
    "canvaskit/skwasm.js",
    "canvaskit/skwasm.wasm",
    "assets/FontManifest.json",
    "assets/AssetManifest.bin.json",
    "assets/fonts/MaterialIcons-Regular.otf",
    "main.dart.js",
    "canvaskit/canvaskit.js",
    "canvaskit/canvaskit.wasm",
    "canvaskit/skwasm_heavy.js",
    "canvaskit/skwasm_heavy.wasm",
)
#: Fate Pot renders no TeX: these 13 font families (~250 KB, 13 requests) stay home.
SKIPPED_FONTS = ("packages/flutter_math_fork/",)
#: Security headers Flet's own middleware sets; cross-origin isolation lets skwasm
#: render on a worker thread.
COMMON_HEADERS = (
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-embedder-policy", b"require-corp"),
    (b"x-content-type-options", b"nosniff"),
)


class WebSite:
    """Which file, and which caching policy, answers a request path."""

    def __init__(
        self,
        store: FileStore,
        build: str,
        boot_files: tuple[str, ...] = (),
        page_headers: tuple[tuple[bytes, bytes], ...] = (),
    ) -> None:
        self.store = store
        self.build = build
        self.boot_files = boot_files
        self.page_headers = page_headers  # on HTML pages: CSP, framing, referrer

    def resolve(self, path: str) -> tuple[StaticFile, str] | None:
        """The file for `path` and its Cache-Control, or None for a 404."""
        rel = safe_rel(path)
        if rel is None:
            return None
        head, _, rest = rel.partition("/")
        if head == VERSIONED:
            build, _, rest = rest.partition("/")
            found = self.store.get(rest)
            # A page from an older build may still ask: serve today's file, uncached.
            policy = IMMUTABLE if build == self.build else REVALIDATE
            return None if found is None else (found, policy)
        found = self.store.get(rel or "index.html")
        if found is None and PurePosixPath(rel).suffix.lower() in ("", ".html"):
            found = self.store.get("index.html")  # a client-side route: Flet routes it
        return None if found is None else (found, REVALIDATE)


class FletWeb:
    """ASGI app: static files from a `WebSite`, everything else to the Flet app."""

    def __init__(
        self,
        flet_app: ASGIApp,
        site: WebSite,
        *,
        api_prefix: str = "/api",
        watch: LinkWatch | None = None,
    ) -> None:
        self.flet_app = flet_app
        self.site = site
        # Flet's web socket, with a heartbeat and exactly-once taps (app.host.link_watch).
        self.watch = watch or LinkWatch(flet_app)
        self.api_prefix = api_prefix.rstrip("/")
        routes = getattr(flet_app, "routes", ())
        # Flet's own endpoints (/ws, /upload, /oauth_callback) look like client routes.
        self.flet_paths = frozenset(str(getattr(r, "path", "")) for r in routes) - {"", "/"}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self.watch(scope, receive, send)
            return
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.flet_app(scope, receive, send)
            return
        path = _route_path(scope)
        if path in self.flet_paths:
            await self.flet_app(scope, receive, send)
        elif path == self.api_prefix or path.startswith(self.api_prefix + "/"):
            await _send_api_not_found(path, send)
        else:
            found = await anyio.to_thread.run_sync(self.site.resolve, path)
            if found is None:
                await _send_plain(404, b"Not Found", send)
            else:
                await _send_file(scope, send, *found, self.site.page_headers)


def _route_path(scope: Scope) -> str:
    """The request path below any ASGI root_path (a reverse proxy's prefix)."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    if root and path.startswith(root):
        return path[len(root) :] or "/"
    return path


def _headers(scope: Scope) -> dict[bytes, bytes]:
    return {k.lower(): v for k, v in scope["headers"]}


def accepted(header: bytes) -> set[str]:
    """Content codings the client accepts (`q=0` means refused)."""
    codings = set()
    for item in header.decode("latin-1").split(","):
        name, _, params = item.strip().partition(";")
        q = params.replace(" ", "").partition("q=")[2]
        try:
            refused = bool(q) and float(q) == 0
        except ValueError:
            refused = True
        if name and not refused:
            codings.add(name.strip().lower())
    return codings


def _etag_matches(header: bytes, etag: str) -> bool:
    tags = {t.strip().removeprefix("W/") for t in header.decode("latin-1").split(",")}
    return "*" in tags or etag in tags


async def _send_file(
    scope: Scope,
    send: Send,
    file: StaticFile,
    cache_control: str,
    page_headers: tuple[tuple[bytes, bytes], ...] = (),
) -> None:
    request = _headers(scope)
    accepts = accepted(request.get(b"accept-encoding", b""))
    encoding = next((e for e in file.encoded if e in accepts), None)
    etag = file.etag_for(encoding)
    headers = [
        (b"cache-control", cache_control.encode()),
        (b"etag", etag.encode()),
        (b"vary", b"Accept-Encoding"),
        *COMMON_HEADERS,
        *(page_headers if file.media_type.startswith("text/html") else ()),
    ]
    if _etag_matches(request.get(b"if-none-match", b""), etag):
        await send({"type": "http.response.start", "status": 304, "headers": headers})
        await send({"type": "http.response.body", "body": b""})
        return
    headers += [
        (b"content-type", file.media_type.encode()),
        (b"content-length", str(file.length(encoding)).encode()),
    ]
    if encoding is not None:
        headers.append((b"content-encoding", encoding.encode()))
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    if scope["method"] == "HEAD":
        body = b""
    elif file.on_disk(encoding):  # a big file for a client that refuses gzip: rare
        body = await anyio.to_thread.run_sync(file.body, encoding)
    else:
        body = file.body(encoding)
    await send({"type": "http.response.body", "body": body})


async def _send_plain(status: int, body: bytes, send: Send) -> None:
    headers = [(b"content-type", b"text/plain; charset=utf-8"), *COMMON_HEADERS]
    headers.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _send_api_not_found(path: str, send: Send) -> None:
    body = json.dumps(error_body("not_found", f"No API endpoint at {path}.")).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": 404, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def build_site(
    *,
    assets_dir: Path,
    app_name: str,
    short_name: str,
    description: str,
    web_renderer: WebRenderer,
    skip_fonts: tuple[str, ...] = (),
) -> WebSite:
    """Generate index.html, manifest.json and the Rive stub, and layer them over the
    assets directory and Flet's web client. Templates in `assets_dir` win, as in Flet."""
    web_dir = Path(flet_web.get_package_web_dir())
    layers = [assets_dir, web_dir]

    def template(rel: str) -> str:
        for layer in layers:
            if (layer / rel).is_file():
                return (layer / rel).read_text(encoding="utf-8")
        raise FileNotFoundError(f"{rel} is in neither {assets_dir} nor {web_dir}")

    fonts = font_manifest(template("assets/FontManifest.json"), skip_fonts)
    # Flutter fetches every font in FontManifest.json at start-up (KaTeX, Cupertino...).
    font_files = tuple(
        f"assets/{font['asset']}" for family in json.loads(fonts) for font in family["fonts"]
    )
    the_manifest = manifest(app_name=app_name, short_name=short_name, description=description)
    manifest_json = json.dumps(the_manifest, indent=2).encode()
    # Everything the generated files are made of, so a change anywhere makes a new build.
    recipe = (
        template("index.html"),
        guard_js(""),
        preload_js("", font_files),
        RIVE_STUB_JS,
        FRESH_SESSION_JS,
        GM_LINK_JS,
        reconnect_js(),
    )
    settings = repr((app_name, description, web_renderer)).encode()
    build = fingerprint(layers, [manifest_json, fonts.encode(), settings, *map(str.encode, recipe)])
    page = index_html(
        template("index.html"),
        build=build,
        app_name=app_name,
        description=description,
        web_renderer=web_renderer,
        preload_fonts=font_files,
    )
    generated = {
        "index.html": page.encode(),
        "manifest.json": manifest_json,
        "assets/FontManifest.json": fonts.encode(),
        RIVE_STUB: RIVE_STUB_JS.encode(),
    }
    store = FileStore(generated, layers)
    return WebSite(store, build, BOOT_FILES + font_files, page_headers(page))


def run_flet_lifespan(api: FastAPI) -> None:
    """Start and stop Flet's app manager with `api`.

    A mounted app's lifespan never runs, and Flet's is what evicts expired sessions
    (every phone that slept leaves one) and deletes its temp dirs: without this a
    long evening at the table would only ever add sessions.
    """
    inner = api.router.lifespan_context

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[Mapping[str, Any]]:
        await flet_web.fastapi.app_manager.start()
        try:
            async with inner(app) as state:
                yield state or {}
        finally:
            await flet_web.fastapi.app_manager.shutdown()

    api.router.lifespan_context = lifespan


def mount_web(
    api: FastAPI,
    main: Callable[..., Any],
    *,
    assets_dir: str | Path,
    app_name: str = "Fate Pot",
    app_short_name: str | None = None,
    app_description: str = "Fate chips, caps and dice for the table, on the local network.",
    api_prefix: str = "/api",
    web_renderer: WebRenderer = WebRenderer.AUTO,
    skip_fonts: tuple[str, ...] = SKIPPED_FONTS,
    precompress: bool = True,
) -> None:
    """Mount the Flet app `main` at "/" of `api`, served offline as a cached PWA.

    Call it after every API route is registered: the mount at "/" catches every path
    that no earlier route matched. Font families starting with one of `skip_fonts` are
    left out of Flutter's font manifest (it downloads all of them at start-up); the
    default drops the 13 KaTeX families of Flet's Markdown TeX support. `precompress`
    gzips the files a first visit needs in a background thread now (a few seconds of
    one core) instead of on the first request.
    """
    assets = Path(assets_dir).resolve()
    if not assets.is_dir():
        raise FileNotFoundError(f"assets_dir {assets} is not a directory")
    flet_transport.install()  # every page's every message: no debug text built for it
    flet_diff.install()  # every control drawn anew: no visit to its plain fields
    flet_events.install()  # every tap and key: its handler's type resolved once per class
    flet_app = flet_web.fastapi.app(
        main,
        no_cdn=True,
        assets_dir=str(assets),
        app_name=app_name,
        app_short_name=app_short_name,
        app_description=app_description,
        web_renderer=web_renderer,
    )
    site = build_site(
        assets_dir=assets,
        app_name=app_name,
        short_name=app_short_name or app_name,
        description=app_description,
        web_renderer=web_renderer,
        skip_fonts=skip_fonts,
    )
    api.mount("/", FletWeb(flet_app, site, api_prefix=api_prefix), name="web")
    run_flet_lifespan(api)
    if precompress:
        site.store.warm(site.boot_files)
    log.info("web UI mounted at / (build %s, assets %s)", site.build, assets)
