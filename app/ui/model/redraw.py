"""What makes a page redraw, and the parts of it that may skip a redraw.

A change at the table (any seat's tap, a presence refresh) bumps the model's `News`,
which only the page's root component follows: the root and its plain builders run
again, but every `part` whose inputs are unchanged keeps the controls it drew last
time, so Flet neither rebuilds nor diffs nor sends them. A part's inputs are:

- the build function and its extra arguments (stable: module-level functions, values);
- its ``deps``: the slice of the table it shows (by default the whole table but its
  ``version``, which every event bumps);
- the model's own version (`ft.observable` counts every change of a public field: the
  screen, a message, the alerts), so a part never misses those;
- the log's newest version, if the part (or a component inside it) read ``model.log``
  last time it drew: reading it is recorded, so only the log-reading parts redraw when
  someone writes a note.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft
from flet.components.component import Component
from flet.components.utils import current_component

if TYPE_CHECKING:
    from .acting import AppModel


@ft.observable
class News:
    """Bumped whenever the table's client reports a change this page shows."""

    def __init__(self) -> None:
        self.rev = 0


class ModelRef:
    """The model, handed to parts without subscribing them to it (a component given an
    observable argument redraws on its every change). Equal only to itself."""

    __slots__ = ("model", "reads_log")

    def __init__(self, model: AppModel) -> None:
        self.model = model
        #: per (build, key): whether it read the log last time it drew
        self.reads_log: dict[tuple[Any, Any], bool] = {}


#: What only presence widgets show: who is online comes and goes without an event.
PRESENCE_KEYS = ("gm_online",)


def shown_table(table: dict[str, Any], *, presence: bool = False) -> dict[str, Any]:
    """The table as a part shows it: everything but the version every event bumps, and
    unless ``presence``, but who is online (only the GM's seat widgets show that)."""
    shown = {k: v for k, v in table.items() if k != "version"}
    if not presence:
        for key in PRESENCE_KEYS:
            shown.pop(key, None)
        seats = shown.get("seats")
        if isinstance(seats, list):
            shown["seats"] = [
                {k: v for k, v in s.items() if k != "online"} if isinstance(s, dict) else s
                for s in seats
            ]
    return shown


@ft.component
def _Part(
    build: Callable[..., ft.Control], ref: ModelRef, key_: Any, inputs: Any, *args: Any
) -> ft.Control:
    del inputs  # compared by ft.memo, not read
    ref.reads_log[(build, key_)] = False  # set again below if this drawing reads it
    return build(ref.model, *args)


_MemoPart = ft.memo(_Part)


def part(
    build: Callable[..., ft.Control],
    model: AppModel,
    *args: Any,
    deps: Any = None,
    key: str | None = None,
    presence: bool = False,
) -> ft.Control:
    """``build(model, *args)``, drawn again only when what it shows has changed.

    ``build`` must be the same function object every time (no lambda made per render);
    ``deps`` is the part of the table it shows (default: the whole table but its
    version and who is online: pass ``presence=True`` if it shows that); ``key`` tells
    the part apart from its siblings (a tab's name).
    """
    ref = model.ref
    # Never drawn yet: no log in its inputs. If its first drawing reads the log, the
    # next call adds the log's head, which differs from nothing: it draws again.
    reads_log = ref.reads_log.get((build, key), False)
    inputs = (
        shown_table(model.table, presence=presence) if deps is None else deps,
        model.__version__,
        model.log_head if reads_log else None,
    )
    return _MemoPart(build, ref, key, inputs, *args, key=key)


def note_log_read() -> None:
    """Record that the component drawing now reads the log: the `part` holding it
    then redraws when the log grows."""
    try:
        component: Component | None = current_component()
    except RuntimeError:  # read outside a render (a tap's handler, a test)
        return
    impl = _Part.__component_impl__  # type: ignore[attr-defined]
    while component is not None:
        if component.fn is impl:
            ref, key = component.args[1], component.args[2]
            ref.reads_log[(component.args[0], key)] = True
            return
        parent = component._parent_component
        component = parent() if parent is not None else None
