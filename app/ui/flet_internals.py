"""Flet's internals the UI relies on, and only here: proven against Flet 1.0.5.

`tests/platform/test_flet_internals.py` fails, naming what to re-check, when the
installed Flet is not the version in `PROVEN` or when any internal used here has lost
its shape. Nothing else in `app/ui` imports from Flet's private modules or reads a
private attribute of a Flet object.

Why Flet's public API does not serve, each:

- `current_component`: the component being rendered. Flet's own hooks find it this
  way; Flet exports no function for it, and `redraw.note_log_read` must find it from
  a plain property read (`model.log`), not a hook.
- `hook_versions`: the versions of a component's hooks (``Component._state.hooks``;
  each `use_state` hook counts its sets in ``version``). A `redraw.part` keeps its
  last controls while its inputs are unchanged, and must still draw again when a hook
  of a builder it calls was set; ``ft.memo`` compares arguments only, and Flet has no
  public "this component's own state changed".
- `parent_of`: the component a component was rendered in (``_parent_component``).
  `redraw.note_log_read` runs inside ``model.log``, read anywhere in a render, often
  conditionally, where a hook (``ft.use_context``) may not be called: hooks must run
  in the same order on every render. So it walks up to the part instead.
- `adopt`: a `component.KeptNodes` hands a component node back to the body that drew
  it, and Flet's diff keeps a retained node as it is (``frozen and src is dst``), so
  the node still names, as the component it was rendered in, its parent's node of
  last time, which Flet has since replaced; `parent_of` (above) must find the live one.
- `MutableRef`: the type ``ft.use_ref`` returns; Flet exports the function, not the
  type (a type only: nothing of it is called here).
"""

from __future__ import annotations

import weakref
from typing import Any

import flet as ft
from flet.components.hooks.use_ref import MutableRef
from flet.components.utils import current_component as _current_component

__all__ = [
    "PROVEN",
    "MutableRef",
    "adopt",
    "current_component",
    "hook_versions",
    "parent_of",
]

#: The distribution and version these internals are proven against.
PROVEN = {"flet": "1.0.5"}


def current_component() -> ft.Component:
    """The component being rendered; RuntimeError outside a render."""
    return _current_component()


def hook_versions(node: ft.Component) -> tuple[Any, ...]:
    """The version of each of ``node``'s hooks (None for a hook without one): it
    changes when a state hook of the component is set."""
    return tuple(getattr(hook, "version", None) for hook in node._state.hooks)


def parent_of(node: ft.Component) -> ft.Component | None:
    """The component ``node`` was rendered in, if any (and still alive)."""
    parent = node._parent_component
    return parent() if parent is not None else None


def adopt(node: ft.Component) -> None:
    """Make the component being rendered ``node``'s parent again (``node`` drawn by it
    last time and handed back as it is)."""
    node._parent_component = weakref.ref(current_component())
