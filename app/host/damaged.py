"""Table files the host could not open: what went wrong, and moving them out of the way.

One damaged file must not keep the other tables from being served. A file that is not
a readable table (a truncated copy, a bad sector, an event that no longer replays) is
moved, with its ``-wal`` and ``-shm`` companions, into ``<data>/damaged/`` and named in
the log with what to do (docs/operations.md). A file the host could not open for
another reason (the disk, permissions) stays where it is: nothing is wrong with it.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from app.domain.errors import DomainError

log = logging.getLogger(__name__)

DAMAGED_DIR = "damaged"
COMPANIONS = ("-wal", "-shm")


@dataclass(frozen=True)
class RefusedTable:
    """A table file the host did not serve, why, and where the file is now."""

    path: Path
    reason: str
    moved_to: Path | None = None

    def advice(self) -> str:
        """What the GM can do about it, in a sentence."""
        if self.moved_to is None:
            return f"It stays at {self.path}; fix the cause and restart the host."
        return (
            f"It was moved to {self.moved_to} so the other tables could start; "
            "docs/operations.md says how to recover what it still holds."
        )


def is_damage(exc: BaseException) -> bool:
    """Whether ``exc`` says the file itself is bad (rather than the disk or the host)."""
    if isinstance(exc, sqlite3.OperationalError):
        # Locked, disk full, read-only, can't open: the file may be fine.
        return "no such table" in str(exc) or "no such column" in str(exc)
    return isinstance(
        exc,
        sqlite3.DatabaseError  # not a database, malformed image
        | json.JSONDecodeError  # orjson's too: a subclass
        | DomainError  # the log no longer replays
        | KeyError
        | TypeError
        | ValueError,
    )


def describe(exc: BaseException) -> str:
    """A one-line reason for the log."""
    if isinstance(exc, json.JSONDecodeError):
        return f"an event is not valid JSON ({exc})"
    if isinstance(exc, KeyError | TypeError):
        return f"an event or setting is missing or malformed ({type(exc).__name__}: {exc})"
    if isinstance(exc, DomainError):
        return f"the event log no longer replays ({exc})"
    return f"{type(exc).__name__}: {exc}"


def set_aside(path: Path, data_dir: Path) -> Path:
    """Move a damaged table file and its companions into ``<data>/damaged/``."""
    folder = data_dir / DAMAGED_DIR
    folder.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    target = folder / f"{path.stem}-{stamp}{path.suffix}"
    for suffix in COMPANIONS:
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            companion.rename(target.with_name(target.name + suffix))
    path.rename(target)
    return target


def refuse(path: Path, data_dir: Path, exc: BaseException, *, move: bool) -> RefusedTable:
    """Log a table file that could not be opened and, if damaged and ``move``, set it
    aside. Returns what happened, for the start-up banner."""
    reason = describe(exc)
    moved_to = None
    if move and is_damage(exc):
        try:
            moved_to = set_aside(path, data_dir)
        except OSError as move_error:
            log.error("Could not move damaged table file %s aside: %s", path, move_error)
    refused = RefusedTable(path, reason, moved_to)
    log.error("Table file %s not served: %s. %s", path, reason, refused.advice(), exc_info=exc)
    return refused
