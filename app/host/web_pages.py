"""The generated files of the web client: index.html, the PWA manifest, the Rive stub.

Flet's own `patch_index_html` fills in the Flet configuration (web socket, no-CDN local
CanvasKit and fonts, title); on top of it we
- point Flutter's entry point, CanvasKit and asset bases at a versioned prefix
  (`/_/<build>/`), so the big files can be cached as immutable for a year and a new
  build still reaches every phone;
- stop the one request that would leave the LAN: Flet's bundle injects
  `<script src="https://cdn.jsdelivr.net/npm/@rive-app/...rive_native.js">` when its Rive
  extension initialises. A tiny guard rewrites that script's URL to a local stub whose
  `RiveNative()` rejects, which the bundle handles by disabling Rive (we use no Rive
  animations);
- make it an installable dark PWA: our manifest, `theme-color`, a dark loading screen;
- keep the last screen, dimmed under "Reconnecting...", while the host is away
  (`web_reconnect`).
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from flet.controls.types import RouteUrlStrategy, WebRenderer
from flet_web import patch_font_manifest_json, patch_index_html

from .flet_web_internals import RIVE_CDN, SESSION_ID_KEY
from .web_focus import focus_keeper_js
from .web_reconnect import reconnect_js

#: Where versioned (immutable) copies of every static file are served.
VERSIONED = "_"
#: Dark surfaces: the browser chrome, the splash and the loading screen match the app.
THEME_COLOR = "#121212"
BACKGROUND_COLOR = "#121212"
RIVE_STUB = "rive-offline.js"

RIVE_STUB_JS = """\
// Fate Pot is served offline: Flet's client asks a CDN for the Rive runtime, and the
// guard in index.html sends that request here instead. Rejecting makes the client treat
// Rive as unavailable (the same path it takes when the CDN is unreachable), without a
// network error or a hung promise.
window.RiveNative = () => Promise.reject(new Error("Rive is not bundled with Fate Pot"));
"""


#: The tab's Flet session id (Flet keeps it in sessionStorage to resume a session after
#: a dropped web socket). Forgetting it when the page loads makes every link opened and
#: every reload start a new session, whose ``main`` reads the new URL: a tab that first
#: had a wrong join code, or a GM link without its token, is not stuck on that screen.
#: A web socket that drops and comes back inside the same page load still resumes.
FRESH_SESSION_JS = (
    f"try {{ sessionStorage.removeItem({json.dumps(SESSION_ID_KEY)}); }}"
    " catch (e) { /* storage off */ }"
)


def guard_js(stub_url: str) -> str:
    """JS that redirects Flet's CDN script for the Rive runtime to our stub.

    Patching the DOM setter is the only seam: the URL is a constant inside the compiled
    Flutter bundle, which creates the <script> element itself.
    """
    return f"""\
(() => {{
  const cdn = {json.dumps(RIVE_CDN)}, stub = {json.dumps(stub_url)};
  const local = (url) => String(url).startsWith(cdn) ? stub : url;
  const src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
  Object.defineProperty(HTMLScriptElement.prototype, "src", {{
    ...src, set(url) {{ src.set.call(this, local(url)); }},
  }});
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {{
    const isSrc = this instanceof HTMLScriptElement && String(name).toLowerCase() === "src";
    return setAttribute.call(this, name, isSrc ? local(value) : value);
  }};
}})();"""


#: The key the GM link's token waits under for the app (app.ui.device.Device), as the
#: browser's shared_preferences stores it: "flutter." + Device's prefix + the key, and
#: a JSON string holding Device's JSON text.
GM_HANDOFF_KEY = "flutter.fatepot.gm.handoff"

#: Takes the token out of a GM link (``/gm?table=ID&token=...``) before Flutter reads
#: the address: the entry is replaced, so neither the address bar nor the tab's history
#: keeps it, and the token waits in the device's storage for the app to pick up once.
GM_LINK_JS = f"""\
(() => {{
  if (location.pathname !== "/gm") return;
  const query = new URLSearchParams(location.search), token = query.get("token");
  if (!token) return;
  const seat = JSON.stringify({{table_id: query.get("table"), token}});
  try {{ localStorage.setItem({json.dumps(GM_HANDOFF_KEY)}, JSON.stringify(seat)); }}
  catch (e) {{ return; }}  // no storage (a private window): the link keeps working
  query.delete("token");
  history.replaceState(history.state, "", "/gm?" + query.toString() + location.hash);
}})();"""


def preload_js(base: str, fonts: Sequence[str], *, wasm: bool = True) -> str:
    """JS that starts the big downloads before Flutter's loader asks for them.

    The loader only fetches the wasm after flutter_bootstrap.js and main.dart.mjs ran,
    and the fonts after the app is compiled: preloading overlaps the network with that
    CPU time. The renderer test mirrors flutter.js, so Safari (dart2js + CanvasKit) is
    not sent wasm it won't use (nor is anyone when `wasm` is off: the CanvasKit renderer
    was forced). Hints only: a wrong guess costs bytes, never breaks.
    """
    return f"""\
(() => {{
  const base = {json.dumps(base)}, fonts = {json.dumps(list(fonts))};
  const hint = (rel, path) => {{
    const link = document.createElement("link");
    link.rel = rel;
    link.href = base + path;
    if (rel === "preload") {{ link.as = "fetch"; link.crossOrigin = "anonymous"; }}
    document.head.appendChild(link);
  }};
  const blink = navigator.vendor === "Google Inc." || navigator.userAgent.includes("Edg/");
  const gc = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0]);
  if ({json.dumps(wasm)} && blink && WebAssembly.validate(gc)) {{
    const full = typeof ImageDecoder !== "undefined" && typeof Intl.v8BreakIterator !== "undefined"
      && typeof Intl.Segmenter !== "undefined";
    const skwasm = full ? "canvaskit/skwasm" : "canvaskit/skwasm_heavy";
    hint("modulepreload", "main.dart.mjs");
    hint("modulepreload", skwasm + ".js");
    hint("preload", "main.dart.wasm");
    hint("preload", skwasm + ".wasm");
  }}
  fonts.forEach((font) => hint("preload", font));
}})();"""


def _patched(template: str, patch: Any, **kwargs: Any) -> str:
    """Run one of flet_web's in-place file patchers on `template` and return the result."""
    with tempfile.TemporaryDirectory(prefix="fatepot-web-") as tmp:
        path = Path(tmp) / "file"
        path.write_text(template, encoding="utf-8")
        patch(str(path), **kwargs)
        return path.read_text(encoding="utf-8")


def index_html(
    template: str,
    *,
    build: str,
    app_name: str,
    description: str,
    web_renderer: WebRenderer,
    preload_fonts: Sequence[str] = (),
) -> str:
    """Flet's index.html, configured for a no-CDN app at "/" with versioned assets."""
    html = _patched(
        template,
        patch_index_html,
        base_href="/",
        websocket_endpoint_path="/ws",
        app_name=app_name,
        app_description=description,
        web_renderer=web_renderer,
        route_url_strategy=RouteUrlStrategy.PATH,
        no_cdn=True,
    )
    base = f"/{VERSIONED}/{build}/"
    wasm = web_renderer != WebRenderer.CANVAS_KIT
    config = (
        f'flet.entrypointBaseUrl = "{base}";\n'
        f'flet.assetBase = "{base}";\n'
        f'flet.canvasKitBaseUrl = "{base}canvaskit/";\n'
        f'flet.fontFallbackBaseUrl = "{base}assets/fonts/";\n'
    )
    ours = (
        f'<meta name="theme-color" content="{THEME_COLOR}">\n'
        f"  <script>\n{config}{FRESH_SESSION_JS}\n{GM_LINK_JS}\n{reconnect_js()}\n"
        f"{focus_keeper_js()}\n"
        f"{guard_js(base + RIVE_STUB)}\n"
        f"{preload_js(base, preload_fonts, wasm=wasm)}\n  </script>\n"
    )
    # Right after Flet's config and before the first blocking script, so the preloads
    # start as soon as the page is parsed.
    anchor = '<script src="python.js">' if '<script src="python.js">' in html else "</head>"
    html = html.replace(anchor, ours + "  " + anchor, 1)
    for script in ("flutter_bootstrap.js", "python.js", "icons/loading-animation.png"):
        html = html.replace(f'src="{script}"', f'src="{base}{script}"')
    # The loading screen is white unless the OS is in dark mode: our app is always dark.
    return re.sub(r"background: #(?:ffffff|222222);", f"background: {BACKGROUND_COLOR};", html)


def font_manifest(template: str, skip: Sequence[str] = ()) -> str:
    """Flutter's FontManifest.json plus the bundled Roboto, as Flet does with no_cdn,
    without the families whose names start with one of `skip`.

    Flutter downloads every font in the manifest at start-up, used or not.
    """
    families = json.loads(_patched(template, patch_font_manifest_json))
    kept = [f for f in families if not str(f["family"]).startswith(tuple(skip))]
    return json.dumps(kept, indent=2)


def manifest(*, app_name: str, short_name: str, description: str) -> dict[str, Any]:
    """The Web App Manifest: standalone, dark, with regular and maskable icons."""
    icons: list[dict[str, str]] = []
    for purpose, prefix in (("any", "icon"), ("maskable", "icon-maskable")):
        for size in (192, 512):
            icons.append(
                {
                    "src": f"icons/{prefix}-{size}.png",
                    "sizes": f"{size}x{size}",
                    "type": "image/png",
                    "purpose": purpose,
                }
            )
    return {
        "id": "/",
        "name": app_name,
        "short_name": short_name,
        "description": description,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "prefer_related_applications": False,
        "icons": icons,
    }
