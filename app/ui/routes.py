"""Where a URL sends the player: pure parsing, no Flet, so it is tested on its own.

Routes (see docs/ui.md): ``/`` (enter a code, or the admin's table list),
``/join/{code}`` (take or resume a seat), ``/claim/{code}`` (take back a seat through
the link the GM reissued), ``/gm?table=ID&token=GMTOKEN`` (the GM screen; the token is
then kept on the device and dropped from the address bar).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal
from urllib.parse import parse_qs, urlsplit

RouteKind = Literal["home", "join", "claim", "gm"]


@dataclass(frozen=True)
class Route:
    """A parsed client-side route."""

    kind: RouteKind
    code: str | None = None  # join or claim code
    table: str | None = None  # /gm?table=
    token: str | None = None  # /gm?token=


def parse_route(route: str | None) -> Route:
    """Read a Flet route (path plus optional query) into a `Route`; unknown paths go home."""
    parts = urlsplit(route or "/")
    segments = [s for s in parts.path.split("/") if s]
    query = {k: v[0] for k, v in parse_qs(parts.query).items() if v}
    if len(segments) == 2 and segments[0] == "join":
        return Route("join", code=segments[1].strip().upper())
    if len(segments) == 2 and segments[0] == "claim":
        return Route("claim", code=segments[1].strip())
    if segments[:1] == ["gm"]:
        return Route("gm", table=query.get("table"), token=query.get("token"))
    return Route("home")


def origin_of(url: str | None, fallback: str) -> str:
    """``scheme://host:port`` of the page (what a phone can reach), else ``fallback``.

    Flet web gives the session its web socket's URL (``ws://host:port/...``).
    """
    if url:
        parts = urlsplit(url)
        scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
        if scheme in ("http", "https") and parts.netloc:
            return f"{scheme}://{parts.netloc}"
    return fallback.rstrip("/")


def host_address(text: str) -> str | None:
    """A host's base URL from what a person types or pastes: ``192.168.1.20:8550``,
    ``http://192.168.1.20:8550`` or a whole join link; None if it names no host."""
    text = text.strip()
    if not text:
        return None
    if "://" not in text:
        text = "http://" + text
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    try:
        parts.port  # noqa: B018  (a port that is not a number is refused here)
    except ValueError:
        return None
    return f"{parts.scheme}://{parts.netloc}"


def join_link(text: str) -> tuple[str, str] | None:
    """(host base URL, join code) from a pasted join link such as the QR code holds
    (in any letter case: the join code field capitalises what a phone types)."""
    found = re.fullmatch(r"(?i)\s*\w+://[^/]+/join/([A-Za-z0-9]+)/?\s*", text)
    host = host_address(text)
    if found is None or host is None:
        return None
    return host, found[1].upper()
