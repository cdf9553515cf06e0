"""Flet's web transport without the debug text it builds for every message it sends.

Flet 1.0.5's ``FletApp.send_message`` (flet_web/fastapi/flet_app.py), which every
browser page's every patch goes through, starts with
``transport_log.debug(f"send_message: {message}")``: the f-string is built before the
logger decides to drop it, so each message's whole body, the patch with the control
dataclasses in it, is turned into text (dataclass and enum reprs, recursively) and
thrown away. `bench/convention.py`'s profile of the host found it the largest single
cost of a tap on the browser path (docs/benchmarks.md, "A convention host"); the
in-process benchmarks never saw it (they have no web socket).

`install()` puts in its place the same two steps without the text: the message packed
by Flet's own encoder and queued for the socket as Flet queues it, or Flet's own method
whenever that logger is on. It installs nothing if Flet's method is not the one
described here (another Flet version): the host then runs Flet's own.
"""

from __future__ import annotations

import logging
from typing import Any

import msgpack  # type: ignore[import-untyped]
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import Message, configure_encode_object_for_msgpack
from flet_web.fastapi.flet_app import FletApp, transport_log

from .flet_source import body_of

log = logging.getLogger(__name__)

#: Flet's method, statement by statement (its docstring aside), as ``ast.unparse``
#: writes it: `install` replaces nothing else.
FLET_STEPS = (
    "transport_log.debug(f'send_message: {message}')",
    "body = msgpack.packb([message.action, message.body], "
    "default=configure_encode_object_for_msgpack(BaseControl))",
    "self.__send_queue.put_nowait(b'\\x00' + body)",
)
FLET_SEND_MESSAGE: Any = FletApp.send_message
#: Flet's encoder keeps no state between calls (flet/messaging/protocol.py): one serves all.
_ENCODE = configure_encode_object_for_msgpack(BaseControl)  # type: ignore[no-untyped-call]


def send_message(self: Any, message: Message) -> None:
    """`FletApp.send_message` without building the debug text nobody reads."""
    if transport_log.isEnabledFor(logging.DEBUG):
        FLET_SEND_MESSAGE(self, message)
        return
    body = msgpack.packb([message.action, message.body], default=_ENCODE)
    self._FletApp__send_queue.put_nowait(b"\x00" + body)


def is_flets_own_method() -> bool:
    """Whether Flet's ``send_message`` is still the method `send_message` replaces."""
    return body_of(FLET_SEND_MESSAGE) == FLET_STEPS


def install() -> bool:
    """Use the lean `send_message` for every page (once per process); False if Flet's
    method is not the one it replaces."""
    if FletApp.send_message is send_message:
        return True
    if not is_flets_own_method():
        log.warning("Flet's FletApp.send_message changed: its own is kept")
        return False
    FletApp.send_message = send_message
    return True
