"""The host's JSON: orjson where it is installed, the standard library's where it isn't.

The feed answers every follower with its whole view after every event; the standard
library's encoder was a tenth of the host's CPU on that path (docs/benchmarks.md), and
orjson writes the same JSON several times faster. orjson is compiled (Rust) and has no
Android or iOS build, so the host the app runs on a tablet (app.host.embedded) uses
the standard library's, with the same output.
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - a phone's build
    orjson = None  # type: ignore[assignment]

#: Raised by `loads` for text that is not JSON (orjson's error is a subclass).
DecodeError = json.JSONDecodeError


def dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON; the standard library's encoder takes what orjson refuses
    (integers beyond 64 bits, which a player may type and the rules then refuse)."""
    if orjson is not None:
        try:
            return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
        except orjson.JSONEncodeError:
            pass
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def loads(data: bytes | str) -> Any:
    """The value in ``data``; DecodeError if it is not JSON."""
    if orjson is not None:
        return orjson.loads(data)
    return json.loads(data)
