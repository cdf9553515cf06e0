"""h11's internals the host relies on, and only here: proven against h11 0.16.0.

`tests/platform/test_h11_internals.py` fails, naming what to re-check, when the
installed h11 is not the version in `PROVEN` or when what is used here has changed.

Why h11's public API does not serve: `h11_guard` must know when the peer has sent a
whole request, and an upgrade request (a web socket's), once whole, waits in h11's
state ``MIGHT_SWITCH_PROTOCOL`` (uvicorn answers it outside h11). h11 documents that
state and sets it on ``Connection.their_state`` like the others, but leaves it out of
its ``__all__``: it is defined in the private ``h11._state``, so a type checker that
allows no implicit re-export refuses ``h11.MIGHT_SWITCH_PROTOCOL``.
"""

from __future__ import annotations

from h11._state import MIGHT_SWITCH_PROTOCOL as MIGHT_SWITCH_PROTOCOL

__all__ = ["MIGHT_SWITCH_PROTOCOL", "PROVEN"]

#: The distribution and version this is proven against.
PROVEN = {"h11": "0.16.0"}
