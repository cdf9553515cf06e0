"""uvicorn's internals the host relies on, and only here: proven against uvicorn 0.54.0.

`tests/platform/test_uvicorn_internals.py` fails, naming what to re-check, when the
installed uvicorn (or httptools, under `fatepot host`) is not the version in `PROVEN`,
or when any internal used here has lost its shape. Nothing else in `app/host` imports
uvicorn's protocol modules or reads a private attribute of a uvicorn object.

Why uvicorn's public API does not serve, each:

- `HttpToolsProtocol`, `H11Protocol` (``uvicorn.protocols.http.*_impl``), extended by
  `connections.guarded_http` (`fatepot host`) and `h11_guard.guarded_h11` (the app's
  host). uvicorn takes a protocol class (``Config(http=...)``, documented) but has no
  deadline for a request to arrive whole (``timeout_keep_alive`` runs only between
  requests) and no cap on connections still waiting for one (``limit_concurrency``
  answers 503 to new requests, it closes no silent socket). So the host extends
  uvicorn's own classes: it overrides the methods in `OVERRIDDEN` and reads the
  attributes in `READ` (see each class's table), calling uvicorn's method first.
  ``HttpToolsProtocol`` is imported on first use only: the app's host, on a phone,
  has no httptools.
- `forget_captured_signals`: ``Server.capture_signals`` (overridden by
  `server.HostServer` and `embedded.AppServer`) raises every signal it caught again
  once serving ends, which killed ``fatepot host`` (SIGTERM) or printed a traceback
  (Ctrl-C) before its tables were closed; uvicorn has no option against it. Clearing
  ``Server._captured_signals`` at the end of the context is the one way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import uvicorn

if TYPE_CHECKING:
    from uvicorn.protocols.http.h11_impl import H11Protocol as H11Protocol
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as HttpToolsProtocol

__all__ = ["OVERRIDDEN", "PROVEN", "READ", "H11Protocol", "HttpToolsProtocol"]

#: The distributions and versions these internals are proven against.
PROVEN = {"uvicorn": "0.54.0", "httptools": "0.9.0"}
#: Per protocol class: the methods the host's subclass overrides (calling uvicorn's).
OVERRIDDEN: dict[str, tuple[str, ...]] = {
    "HttpToolsProtocol": (
        "connection_made",
        "connection_lost",
        "on_message_begin",
        "on_message_complete",
        "handle_websocket_upgrade",
    ),
    "H11Protocol": (
        "connection_made",
        "connection_lost",
        "handle_events",
        "handle_websocket_upgrade",
    ),
}
#: Per protocol class: the attributes of a connection the host's subclass reads.
READ: dict[str, tuple[str, ...]] = {
    "HttpToolsProtocol": ("loop", "transport", "client"),
    "H11Protocol": ("loop", "transport", "client", "conn"),
}


def __getattr__(name: str) -> Any:
    """The protocol classes, imported when first asked for (httptools may be absent)."""
    if name == "HttpToolsProtocol":
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        return HttpToolsProtocol
    if name == "H11Protocol":
        from uvicorn.protocols.http.h11_impl import H11Protocol

        return H11Protocol
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def forget_captured_signals(server: uvicorn.Server) -> None:
    """Keep ``server`` from raising again the signals it caught (Ctrl-C, SIGTERM) when
    its ``capture_signals`` context ends: call this inside that context, last."""
    server._captured_signals.clear()
