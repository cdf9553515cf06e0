"""What the host's page scripts rely on inside Flet's web client, and only here:
proven against flet-web 1.0.5, whose bundled client is flet_client 1.1.0.

`tests/platform/test_flet_web_internals.py` fails, naming what to re-check, when the
installed flet-web (or the client it bundles) is not the version in `PROVEN`, or when
the client no longer holds the names used here.

Why Flet's public API does not serve: the page's own scripts (`web_pages`,
`web_reconnect`) change what Flet's client does in the browser, where Flet offers no
options for it:

- `SESSION_ID_KEY`: the ``sessionStorage`` key under which the client keeps its
  session id to re-attach after a dropped socket; `web_pages.FRESH_SESSION_JS` removes
  it when a page loads, so every link opened and every reload starts a new session.
- `RIVE_CDN`: the URL prefix the client loads its Rive runtime from; the page's guard
  sends that request to a local stub (the host serves offline).
- `web_reconnect` keeps a dead socket's close from the client
  (``FletBackend._onDisconnect`` in the client's Dart source) and replays its frames
  after the client's registration (its first frame on a socket); that behaviour is
  held by the browser tests (tests/browser/test_link_drops.py), not checkable here.
"""

from __future__ import annotations

__all__ = ["CLIENT_VERSION", "PROVEN", "RIVE_CDN", "SESSION_ID_KEY"]

#: The distribution and version these are proven against.
PROVEN = {"flet-web": "1.0.5"}
#: The version of the web client flet-web bundles (its ``web/version.json``).
CLIENT_VERSION = "1.1.0"
SESSION_ID_KEY = "_flet_session_id"
#: The Rive runtime URL prefix baked into the client (main.dart.js/.wasm).
RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/"
