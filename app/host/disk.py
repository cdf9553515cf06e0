"""Whether the data folder can take writes, checked once at start-up.

A host that starts on a full (or read-only) disk still serves every table for reading:
the GM and the players can look at hands, sheets and the log while space is freed.
Every change is refused with a message saying why (409 ``read_only``), rather than
failing at the commit (docs/operations.md).
"""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path

PROBE_FILE = ".write-probe"
#: Enough for a few commands' transactions (a WAL frame is a 4 KiB page plus a header).
PROBE_BYTES = 64 * 1024
READ_ONLY_MESSAGE = (
    "The host's disk is full, so the table can be looked at but not changed. "
    "The GM needs to free some space and restart the host."
)
NO_SPACE = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM}


def write_problem(data_dir: Path) -> str | None:
    """None if ``data_dir`` takes a small durable write, else what stops it."""
    probe = data_dir / PROBE_FILE
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        with probe.open("wb") as handle:
            handle.write(b"\0" * PROBE_BYTES)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        if exc.errno not in NO_SPACE:
            raise
        return f"{exc.strerror or exc} ({data_dir})"
    finally:
        with contextlib.suppress(OSError):
            probe.unlink()
    return None
