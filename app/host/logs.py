"""The host's logging: configured once, to the console and a rotating file.

Everything goes through the standard ``logging`` module under the ``app`` logger (and
uvicorn's and Flet's own loggers, which end up in the same two places). The file lives
in the data folder, next to the tables it talks about, so a GM who sends the folder
for help sends the log too (docs/operations.md).
"""

from __future__ import annotations

import contextlib
import logging
import logging.config
from pathlib import Path
from typing import Any

LOG_DIR = "logs"
LOG_FILE = "fatepot.log"
LOG_FILE_BYTES = 1_000_000
LOG_FILE_BACKUPS = 5
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
LOGGED = "_fatepot_logged"


def mark_logged(exc: BaseException) -> None:
    """Note that ``exc`` has been logged with its traceback (see ``NotTwice``)."""
    with contextlib.suppress(AttributeError):  # no __dict__: logged twice, at worst
        setattr(exc, LOGGED, True)


class NotTwice(logging.Filter):
    """Drops a record about an exception the host has already logged with context
    (Starlette hands a route's exception on to uvicorn after the host answered 500)."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not getattr(exc, LOGGED, False)


def log_path(data_dir: Path) -> Path:
    """Where the host writes its log (rotated at 1 MB, five old files kept)."""
    return data_dir / LOG_DIR / LOG_FILE


def logging_config(data_dir: Path, level: str = "INFO", *, to_file: bool = True) -> dict[str, Any]:
    """The ``dictConfig`` of a host serving ``data_dir``: console and rotating file
    (without ``to_file``, the console only: a full disk would fail every record)."""
    level = level.upper()
    if level not in LEVELS:
        raise ValueError(f"log level must be one of {', '.join(LEVELS)}, not {level!r}")
    quiet = level if level in ("DEBUG", "ERROR") else "WARNING"
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"plain": {"format": FORMAT}},
        "filters": {"not_twice": {"()": NotTwice}},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "plain",
                "stream": "ext://sys.stderr",
            },
            "file": {
                "class": "logging.handlers.RotatingFileHandler",
                "formatter": "plain",
                "filename": str(log_path(data_dir)),
                "maxBytes": LOG_FILE_BYTES,
                "backupCount": LOG_FILE_BACKUPS,
                "encoding": "utf-8",
                "delay": True,  # a read-only folder still starts (the console has it all)
            },
        },
        "root": {"level": level, "handlers": ["console", "file"] if to_file else ["console"]},
        "loggers": {
            # uvicorn's own handlers would print everything twice: it propagates here.
            "uvicorn": {"level": level, "handlers": [], "propagate": True},
            "uvicorn.error": {
                "level": level,
                "handlers": [],
                "propagate": True,
                "filters": ["not_twice"],
            },
            # One line per request is noise at a table (a poll every few seconds a phone).
            "uvicorn.access": {"level": "WARNING", "handlers": [], "propagate": True},
            # The web UI's sessions reach the API through httpx, which logs each request.
            "httpx": {"level": quiet},
            "httpcore": {"level": quiet},
            # Flet logs every session's every message at INFO.
            "flet": {"level": quiet},
            "flet_web": {"level": quiet},
        },
    }


def configure_logging(data_dir: Path, level: str = "INFO", *, to_file: bool = True) -> Path:
    """Configure logging for a host serving ``data_dir``; returns the log file's path."""
    path = log_path(data_dir)
    if to_file:
        with contextlib.suppress(OSError):  # the console still logs; the file handler says why
            path.parent.mkdir(parents=True, exist_ok=True)
    config = logging_config(data_dir, level, to_file=to_file)
    if not to_file:
        del config["handlers"]["file"]  # dictConfig would open it even unused
    logging.config.dictConfig(config)
    return path
