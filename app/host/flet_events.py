"""Flet's event dispatch without resolving a handler's type hints on every event.

Flet 1.0.5's ``BaseControl._trigger_event`` (flet/controls/base_control.py) asks
``control_event.get_event_field_type(control, "on_<event>")`` for every event a page
sends: a tap, each key typed into a field. That function merges the annotations of the
control's whole class hierarchy and evaluates the handler's forward references with
``typing`` every time (0.3–0.5 ms an event on this machine; the convention benchmark's
profile of a tap: 3 % of the host's time, more of typing's). Its answer depends only on
the control's class and the field: both sides of it are class-level annotations and
module globals.

`event_field_type` answers from a cache keyed by (class, field) and asks Flet's own
function on a miss, from a frame with ``base_control``'s globals, as
``_trigger_event``'s own call does (Flet reads its caller's globals as local names for
the evaluation). `install()` puts it in ``base_control``'s namespace only while Flet's
function is the one it was written for (`FLET_FINGERPRINT`).
"""

from __future__ import annotations

import logging
import types
from collections.abc import Callable
from typing import Any

from flet.controls import base_control, control_event

from .flet_source import fingerprint

log = logging.getLogger(__name__)

FLET_EVENT_FIELD_TYPE: Any = control_event.get_event_field_type
#: sha256 of Flet 1.0.5's function as ``ast.dump`` shows it, its docstring left out.
FLET_FINGERPRINT = "5c329fb25ef82d2c251eca5caa8e7a9807dc25fd0ce18950808a2b6751df743d"

_RESOLVE_SOURCE = (
    "def resolve(control, field_name):\n    return _flet_resolve(control, field_name)\n"
)


def _resolver() -> Callable[[Any, str], Any]:
    """Flet's function, called from a frame whose globals are ``base_control``'s (plus
    the name of Flet's function itself)."""
    namespace = dict(vars(base_control), _flet_resolve=FLET_EVENT_FIELD_TYPE)
    code = compile(_RESOLVE_SOURCE, base_control.__file__ or "base_control", "exec")
    resolve_code = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    return types.FunctionType(resolve_code, namespace, "resolve")


_resolve = _resolver()
_TYPES: dict[tuple[type, str], Any] = {}


def event_field_type(control: Any, field_name: str) -> Any:
    """The event type ``control``'s ``field_name`` handler takes (None if it has no such
    field), as Flet's ``get_event_field_type`` resolves it, once per class and field."""
    key = (type(control), field_name)
    try:
        return _TYPES[key]
    except KeyError:
        found = _TYPES[key] = _resolve(control, field_name)
        return found


def is_flets_own_function() -> bool:
    """Whether Flet's function is still the one `event_field_type` stands in for."""
    return fingerprint(FLET_EVENT_FIELD_TYPE) == FLET_FINGERPRINT


def install() -> bool:
    """Use `event_field_type` for every event (once per process); False if Flet's
    function is not the one it stands in for."""
    names = vars(base_control)  # where `_trigger_event` looks the function up
    if names["get_event_field_type"] is event_field_type:
        return True
    if not is_flets_own_function():
        log.warning("Flet's get_event_field_type changed: its own is kept")
        return False
    names["get_event_field_type"] = event_field_type
    return True
