"""One host per data folder: an exclusive lock on ``<data>/host.lock`` while it serves.

Two hosts on one folder would each keep their own copy of every table in memory: the
second would serve stale tables, fail every write, and a seat claimed through one
would leave the old token working on the other. The operating system's file lock is
released when the process ends however it ends (kill -9 included), so a stale lock
file never blocks a restart.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import IO

LOCK_FILE = "host.lock"


class FolderInUse(RuntimeError):
    """Another host holds the data folder."""


class FolderLock:
    """Holds the data folder's lock from ``acquire`` until ``release`` (or exit)."""

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / LOCK_FILE
        self._handle: IO[str] | None = None

    def acquire(self) -> None:
        """Take the lock, or raise FolderInUse saying who has it."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = self.path.open("a+", encoding="utf-8")
        try:
            _lock(handle)
        except OSError:
            try:
                handle.seek(0)
                holder = handle.read().strip() or "another process"
            except OSError:  # Windows: the holder's locked byte can't be read
                holder = "another process"
            handle.close()
            raise FolderInUse(
                f"Another Fate Pot host ({holder}) is already serving the data folder "
                f"{self.path.parent}. Stop that host first, or start this one with "
                "--data and another folder."
            ) from None
        try:  # who holds it, for the second host's message (a full disk can't say)
            handle.seek(0)
            handle.truncate()
            handle.write(f"pid {os.getpid()}")
            handle.flush()
        except OSError:
            pass
        self._handle = handle

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()  # closing the file lets the lock go
            self._handle = None


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock(handle: IO[str]) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)

else:
    import fcntl

    def _lock(handle: IO[str]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
