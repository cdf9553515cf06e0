"""The security headers of the web UI's pages: CSP, no framing, no Referer.

Flet's web client needs more than a strict policy allows, and exactly that:
WebAssembly compiled at run time (``'wasm-unsafe-eval'``: skwasm and CanvasKit), the
inline scripts of its index.html (allowed by their hashes, computed from the page the
host serves), workers and images from ``blob:``, fonts and images from ``data:``,
its own web socket, and inline styles (Flutter sizes its host elements with them).
Everything else stays shut: no other site's scripts, no plugins, no framing by
another site (clickjacking a GM's screen), and no Referer (the GM link holds a token).
"""

from __future__ import annotations

import base64
import hashlib
import re

INLINE_SCRIPT = re.compile(r"<script(\s[^>]*)?>(.*?)</script>", re.DOTALL | re.IGNORECASE)


def inline_script_hashes(html: str) -> list[str]:
    """CSP source expressions for every inline ``<script>`` of ``html``."""
    hashes = []
    for match in INLINE_SCRIPT.finditer(html):
        attributes, body = match.group(1) or "", match.group(2)
        if "src=" in attributes.lower():
            continue
        digest = hashlib.sha256(body.encode("utf-8")).digest()
        hashes.append(f"'sha256-{base64.b64encode(digest).decode()}'")
    return hashes


def content_security_policy(index_html: str) -> str:
    """The policy for the page ``index_html`` (and every other page the UI serves)."""
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *inline_script_hashes(index_html)])
    directives = {
        "default-src": "'self'",
        "script-src": scripts,
        "worker-src": "'self' blob:",
        "connect-src": "'self' ws: wss: blob: data:",
        "img-src": "'self' data: blob:",
        "font-src": "'self' data:",
        "style-src": "'self' 'unsafe-inline'",
        "media-src": "'self' data: blob:",
        "manifest-src": "'self'",
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


def page_headers(index_html: str) -> tuple[tuple[bytes, bytes], ...]:
    """The headers every HTML page of the web UI carries."""
    return (
        (b"content-security-policy", content_security_policy(index_html).encode()),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
    )
