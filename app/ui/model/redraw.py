"""What makes a page redraw, and the parts of it that may skip a redraw.

A change at the table (any seat's tap, a presence refresh that found someone come or
go) bumps the model's `News`, and wakes the `part`s it may concern (`PartSignals`: a
new log line alone wakes only the parts that read the log). Only parts follow the
table: the page's shell (the root, the screen, the tab bar's frame) redraws only when
the model's own fields change (the screen, a message, the alerts). A part whose inputs
are unchanged keeps the controls it drew last time, so Flet neither rebuilds nor diffs
nor sends them. Its inputs are:

- the build function and its extra arguments (stable: module-level functions, values);
- the table but its ``version`` (which every event bumps) and, unless the part shows
  presence, who is online;
- the model's own version (`ft.observable` counts every change of a public field: the
  screen, a message, the alerts), so a part never misses those;
- the log's newest version, if the part (or a component inside it) read ``model.log``
  last time it drew: reading it is recorded, so only the log-reading parts redraw when
  someone writes a note;
- its own state: a hook of a builder it calls (``use_state``, ``use_form``) that was
  set redraws it, as it would any component.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

import flet as ft

from ..component import component, keyed, memo
from ..flet_internals import MutableRef, current_component, hook_versions, parent_of


@ft.observable
class News:
    """Bumped whenever the table's client reports a change this page shows."""

    def __init__(self) -> None:
        self.rev = 0


class Drawn(Protocol):
    """What a `part` reads of the model to know whether to draw again (`AppModel`)."""

    #: Counts every change of a public field (`ft.observable`).
    __version__: int

    @property
    def table(self) -> dict[str, Any]: ...
    @property
    def log_head(self) -> tuple[int, int]: ...
    @property
    def ref(self) -> ModelRef[Any]: ...


M = TypeVar("M", bound=Drawn)


class PartSignals:
    """One `News` per part of a page, so a change wakes only the parts it may concern.

    A change of the table (anything but its version) wakes every part; a new line in
    the log alone (a note, a secret roll's public line) wakes only the parts whose last
    drawing read the log, or that have not drawn yet. Who reads the log is looked up
    when the change comes, so a part that has just begun reading it is woken too.
    A part woken for nothing still compares its inputs and keeps its controls; one
    not woken saves Flet's whole update of it (three of a phone's four parts, for a
    note: docs/benchmarks.md §11)."""

    __slots__ = ("_news", "reads_log")

    def __init__(self) -> None:
        self._news: dict[tuple[Any, Any], News] = {}
        #: per (build, key): whether it read the log last time it drew
        self.reads_log: dict[tuple[Any, Any], bool] = {}

    def of(self, build: Any, key: str) -> News:
        """The part's own `News` (the same object every time, so memo args hold)."""
        news = self._news.get((build, key))
        if news is None:
            news = self._news[(build, key)] = News()
        return news

    def tell(self, *, table: bool, log: bool) -> None:
        """Wake the parts the change may concern (see the class)."""
        for part_key, news in self._news.items():
            if table or (log and self.reads_log.get(part_key, True)):
                news.rev += 1


class ModelRef(Generic[M]):
    """The model, handed to parts without subscribing them to it (a component given an
    observable argument redraws on its every change), with its parts' signals. Equal
    only to itself."""

    __slots__ = ("model", "parts")

    def __init__(self, model: M, parts: PartSignals | None = None) -> None:
        self.model = model
        self.parts = parts if parts is not None else PartSignals()


def same_but_version(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether two views of the table differ in their ``version`` alone (the client's
    table is copied on write: unchanged parts are the same objects, compared at once)."""
    if before.keys() != after.keys():
        return False
    return all(k == "version" or before[k] == after[k] for k in after)


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


# The body of `_MemoPart`, kept plain so `note_log_read` can find a part's node by it.
def _Part(
    build: Callable[..., ft.Control],
    ref: ModelRef[Drawn],
    key_: str,
    presence: bool,
    news: News,
    model_version: int,
    *args: Any,
) -> ft.Control:
    # ``news`` is followed (an observable argument): each change of the table this part
    # may show runs this (`PartSignals.tell`).
    # ``model_version`` is a memo argument so that a change of the model's own fields
    # (a seat link the GM just issued, a message) runs it too when the shell redraws.
    del news, model_version
    model = ref.model
    # (inputs, body) of the last drawing
    drawn: MutableRef[tuple[tuple[object, ...], ft.Control]] = ft.use_ref(None)
    reads_log = ref.parts.reads_log.get((build, key_), False)
    inputs = (
        build,  # a state taken over from another part (another tab) is not this one's
        key_,
        shown_table(model.table, presence=presence),
        model.__version__,
        # Never drawn yet: no log here. If its first drawing reads the log, the next
        # run adds the log's head, which differs from nothing: it draws again.
        model.log_head if reads_log else None,
        args,
        # A state of the part's own (`use_state`, `use_form` in a builder it calls)
        # that changed: the part draws again, as any component would.
        hook_versions(current_component()),
    )
    if drawn.current is not None and drawn.current[0] == inputs:
        return drawn.current[1]  # the same controls: Flet's diff stops here at once
    ref.parts.reads_log[(build, key_)] = False  # set again if this drawing reads it
    body = build(model, *args)
    drawn.current = (inputs, body)
    return body


_MemoPart = memo(component(_Part))


def part(
    build: Callable[..., ft.Control],
    model: Drawn,
    *args: Any,
    key: str,
    presence: bool = False,
) -> ft.Control:
    """``build(model, *args)``, drawn again only when what it shows has changed.

    The part follows the table's changes itself (its page's shell does not redraw for
    them) and draws again only if its inputs changed: the table but its version, and
    but who is online unless ``presence=True`` (only the GM's seat widgets show that);
    the model's own fields; the log, if its last drawing read it; ``args``.
    ``build`` must be the same function object every time (no lambda made per render,
    or the part draws on every redraw of its parent); ``key`` tells the part apart from
    its siblings (a tab's name), so one never takes over another's state.
    """
    news = model.ref.parts.of(build, key)  # woken only by changes it may show
    return keyed(key, _MemoPart, build, model.ref, key, presence, news, model.__version__, *args)


def note_log_read() -> None:
    """Record that the component drawing now reads the log: the `part` holding it
    then redraws when the log grows."""
    try:
        node: ft.Component | None = current_component()
    except RuntimeError:  # read outside a render (a tap's handler, a test)
        return
    while node is not None:
        if node.fn is _Part:  # a part's own node: its args are _Part's
            ref, key = node.args[1], node.args[2]
            ref.parts.reads_log[(node.args[0], key)] = True
            return
        node = parent_of(node)
