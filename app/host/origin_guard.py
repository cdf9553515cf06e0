"""Answer only to the host's own names, and take changes only from its own pages.

DNS rebinding: a web page on ``evil.example`` that re-points its name at the GM's
laptop would reach the API from a player's browser. Its requests carry
``Host: evil.example``, so the host refuses any name it doesn't know. An address
(``192.168.1.20``, ``[::1]``) is always fine: a page can only send one as its Host if it
was itself loaded from that address, and that is how phones reach the host on a LAN.

Cross-site requests: a web socket (Flet's ``/ws``) or a change (POST, PUT, PATCH,
DELETE) sent by a browser carries ``Origin``; it must be the page's own host (the same
host the request went to) or one of the host's names. Apps and scripts send no Origin
and are judged by their tokens, as before.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from .errors import error_body
from .responses import send_json

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
ANY_HOST = "*"


def machine_names() -> set[str]:
    """The names this machine answers to on a LAN (its host name, and with ``.local``
    for mDNS) plus ``localhost``. (Not ``getfqdn()``: a reverse DNS lookup can stall
    start-up for seconds at a table with no network.)"""
    names = {"localhost"}
    name = socket.gethostname().lower().rstrip(".")
    if name:
        short = name.split(".")[0]
        names |= {name, short, f"{short}.local"}
    return names


def host_names(public_url: str | None, extra: Iterable[str] = ()) -> frozenset[str]:
    """Every name the host answers to: the machine's, the public URL's, and ``extra``
    (``allowed_hosts`` in flet.toml; ``*`` turns the check off)."""
    names = machine_names() | {n.strip().lower().rstrip(".") for n in extra if n.strip()}
    if public_url:
        hostname = urlsplit(public_url).hostname
        if hostname:
            names.add(hostname.lower())
    return frozenset(names)


def _hostname(netloc: str) -> str:
    return (urlsplit(f"//{netloc}").hostname or "").lower().rstrip(".")


def _is_address(hostname: str) -> bool:
    try:
        ipaddress.ip_address(hostname)
    except ValueError:
        return False
    return True


class OriginGuard:
    """ASGI wrapper: refuses unknown Host names and cross-site changes with 403."""

    def __init__(self, app: ASGIApp, names: frozenset[str]) -> None:
        self.app = app
        self.names = names

    def known(self, hostname: str) -> bool:
        """Whether the host answers to ``hostname``."""
        return (
            ANY_HOST in self.names
            or _is_address(hostname)
            or hostname in self.names
            or hostname.endswith(".localhost")
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", []))
        host = headers.get(b"host", b"").decode("latin-1")
        if host and not self.known(_hostname(host)):
            await self._refuse(
                scope,
                send,
                "unknown_host",
                f"This host does not answer to the name {_hostname(host)!r}. Use its "
                "address, or add the name to allowed_hosts in flet.toml.",
            )
            return
        origin = headers.get(b"origin", b"").decode("latin-1")
        checks_origin = scope["type"] == "websocket" or scope["method"] not in SAFE_METHODS
        if checks_origin and origin and not self._same_site(origin, host):
            await self._refuse(
                scope, send, "cross_site", "Changes are only taken from the host's own pages."
            )
            return
        await self.app(scope, receive, send)

    def _same_site(self, origin: str, host: str) -> bool:
        parts = urlsplit(origin)
        if parts.netloc and parts.netloc.lower() == host.lower():
            return True
        hostname = (parts.hostname or "").lower()
        return ANY_HOST in self.names or (bool(hostname) and hostname in self.names)

    async def _refuse(self, scope: Scope, send: Send, code: str, message: str) -> None:
        if scope["type"] == "websocket":
            # Closing before accepting makes the server answer the handshake with 403.
            await send({"type": "websocket.close", "code": 1008})
            return
        await send_json(send, 403, error_body(code, message))
