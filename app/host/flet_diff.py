"""Flet's diff, walking a newly drawn control's fields without visiting the plain ones.

Every control a page draws anew (a log line's row, a form) goes through Flet 1.0.5's
``DiffBuilder._configure_dataclass`` (flet/controls/object_patch.py) before its patch
is sent: a generator that sets each control's parent, builds it, and then recurses into
*every* field of it, one generator per field. Most fields hold ``None``, a number, a
string or an enum, where the recursion finds nothing to do: on a phone's new log row
(a text in a bordered box) 160 visits, 95 of them for such values. The convention
benchmark's profile found this walk the largest share of a tap's cost per page
(docs/benchmarks.md §11, change 26).

`configure_dataclass` is Flet's method statement for statement, except that it does
not descend into a field (or a list's or dict's item) that is not a dataclass, a dict
or a list (Flet's recursion returns at once for those), and it writes its debug line only when that
logger is on. `install()` puts it in place of Flet's only if Flet's method is the one
it was written from (`FLET_FINGERPRINT`); another Flet keeps its own.
"""

from __future__ import annotations

import dataclasses
import logging
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from flet.controls.object_patch import (
    DiffBuilder,
    ObjectPatchException,
    _control_setattr,
    logger,
)

from .flet_source import fingerprint

log = logging.getLogger(__name__)

FLET_CONFIGURE: Any = DiffBuilder._configure_dataclass
#: sha256 of Flet 1.0.5's method as ``ast.dump`` shows it, its docstring left out.
FLET_FINGERPRINT = "de9e5ad875294d86c078d9beb5043d7a55a0faf2957ea3dc95f4bc19d87c4515"

#: Typed as a plain test: Flet's objects carry attributes no dataclass type declares.
_is_dataclass: Callable[[Any], bool] = dataclasses.is_dataclass
_fields = dataclasses.fields


#: Per type of value, whether a value of it can hold a control (a dataclass, a dict or
#: a list): Flet's `dataclasses.is_dataclass` on every field is most of the walk's cost.
_HOLDS: dict[type, bool] = {}
#: Per dataclass, the names of the fields Flet walks (not marked ``skip``).
_WALKED: dict[type, tuple[str, ...]] = {}


def _holds(value: Any) -> bool:
    """Whether Flet's walk would do anything with ``value`` (cached per type)."""
    kind = type(value)
    holds = _HOLDS.get(kind)
    if holds is None:
        if isinstance(value, type):  # a class: Flet's test looks at the class itself
            return _is_dataclass(value)
        holds = _HOLDS[kind] = _is_dataclass(kind) or issubclass(kind, (dict, list))
    return holds


def _walked(kind: type) -> tuple[str, ...]:
    names = _WALKED.get(kind)
    if names is None:
        fields = _fields(kind)
        names = _WALKED[kind] = tuple(f.name for f in fields if not f.metadata.get("skip", False))
    return names


def configure_dataclass(
    self: Any, item: Any, parent: Any, frozen: bool, configure_setattr_only: bool = False
) -> Iterator[Any]:
    """`DiffBuilder._configure_dataclass`, visiting only the fields that can hold a
    control (a dataclass, a dict or a list)."""
    if _is_dataclass(item):
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("\n_configure_dataclass: %s %s %s", item, frozen, configure_setattr_only)
        if parent is None:
            parent_ref = getattr(item, "_parent", None)
            parent = parent_ref() if parent_ref else None
        if parent:
            if parent is item:
                raise ObjectPatchException(f"Parent is the same as item: {item}")
            item._parent = weakref.ref(parent)
        if hasattr(item, "_frozen"):
            frozen = item._frozen
        elif frozen:
            item._frozen = frozen
        item_cls: Any = item.__class__
        if getattr(item_cls, "__flet_control_cls__", None) is None:
            item_cls.__flet_control_cls__ = self.control_cls
        if self.control_cls and isinstance(item, self.control_cls):
            if not configure_setattr_only:
                item.build()
                item._before_update_safe()
                object.__setattr__(item, "_initialized", True)
            yield item
        if not configure_setattr_only:
            child_parent = (
                item if self.control_cls and isinstance(item, self.control_cls) else parent
            )
            for name in _walked(item_cls) if not isinstance(item, type) else _walked(item):
                value = getattr(item, name)
                if _holds(value):  # Flet's recursion does nothing with any other value
                    yield from self._configure_dataclass(value, child_parent, frozen)
        if not frozen:
            dst_dirty = getattr(item, "_dirty", None)
            if dst_dirty is not None:
                dst_dirty.clear()
            else:
                item_cls = type(item)
                if item_cls.__setattr__ is not _control_setattr:
                    item_cls.__setattr__ = _control_setattr
                object.__setattr__(item, "__changes", {})
    elif isinstance(item, dict):
        for v in item.values():
            if _holds(v):
                yield from self._configure_dataclass(v, parent, frozen)
    elif isinstance(item, list):
        for v in item:
            if _holds(v):
                yield from self._configure_dataclass(v, parent, frozen)


def is_flets_own_method() -> bool:
    """Whether Flet's method is still the one `configure_dataclass` was written from."""
    return fingerprint(FLET_CONFIGURE) == FLET_FINGERPRINT


def install() -> bool:
    """Use `configure_dataclass` in every session's diff (once per process); False if
    Flet's method is not the one it replaces."""
    if DiffBuilder._configure_dataclass is configure_dataclass:
        return True
    if not is_flets_own_method():
        log.warning("Flet's DiffBuilder._configure_dataclass changed: its own is kept")
        return False
    DiffBuilder._configure_dataclass = configure_dataclass  # type: ignore[method-assign]
    return True
