"""One SQLite file per table: its event log, command results and credentials.

Every acknowledged command has been committed with ``synchronous=FULL`` in WAL mode,
in one transaction holding its events and its result, so a ``kill -9`` or a power cut
never leaves half a command behind and never loses an acknowledged one.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils

from app.domain.events import Event

from .responses import dumps

SCHEMA_VERSION = 1


@dataclass(frozen=True)
class CommandResult:
    """What the host answered for a command id (replayed verbatim on a retry)."""

    command_id: str
    actor: str
    fingerprint: str
    status: int
    body: dict[str, Any]


@dataclass(frozen=True)
class StoreWrite:
    """One command's share of a transaction: its events, its answer, a new seat's token."""

    events: list[Event]
    result: CommandResult | None = None
    player_token_hash: tuple[str, str] | None = None  # (token hash, player id)


def private(path: Path) -> None:
    """Make the table file readable by its owner only (it holds the GM's token); SQLite
    gives its -wal and -shm files the same permissions."""
    if path.exists():
        if path.stat().st_mode & 0o077:
            with contextlib.suppress(OSError):  # a read-only folder: nothing to tighten
                path.chmod(0o600)
    else:
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))


def _dumps(value: Any) -> str:
    return dumps(value).decode()


class TableStore:
    """The durable home of one table."""

    def __init__(self, path: Path, *, read_only: bool = False) -> None:
        """Open (or create) the table file at ``path``; with ``read_only``, open what
        the file holds without writing anything, not even SQLite's -shm (a full disk):
        changes still in a -wal file from a crash show once the host can write again."""
        self.path = path
        if read_only:
            uri = f"{path.resolve().as_uri()}?mode=ro&immutable=1"
            conn = sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)
        else:
            private(path)
            conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self.db = sqlite_utils.Database(conn)
        try:
            if not read_only:
                self.db.enable_wal()
                self.db.execute("PRAGMA synchronous=FULL")
                self._ensure_schema()
        except BaseException:
            conn.close()
            raise
        # Ids with a stored answer, so a new command (nearly every one) skips the lookup.
        # An id joins before its transaction commits: a failed commit leaves a harmless
        # extra lookup, never a missed one.
        self._answered = {str(row[0]) for row in self.db.execute("SELECT id FROM commands")}

    def _ensure_schema(self) -> None:
        tables = set(self.db.table_names())
        with self.db.atomic():
            if "meta" not in tables:
                self.db.table("meta").create({"key": str, "value": str}, pk="key")
            if "events" not in tables:
                self.db.table("events").create(
                    {"version": int, "command_id": str, "record": str}, pk="version"
                )
                self.db.table("events").create_index(["command_id"])
            if "commands" not in tables:
                self.db.table("commands").create(
                    {"id": str, "actor": str, "fingerprint": str, "status": int, "body": str},
                    pk="id",
                )
            if "player_tokens" not in tables:
                self.db.table("player_tokens").create(
                    {"token_hash": str, "player_id": str, "revoked": int}, pk="token_hash"
                )
            if "claims" not in tables:
                self.db.table("claims").create(
                    {"code": str, "player_id": str, "used": int}, pk="code"
                )

    def close(self) -> None:
        self.db.conn.close()

    # ---- meta ---------------------------------------------------------------------

    def get_meta(self) -> dict[str, str]:
        return {row["key"]: row["value"] for row in self.db.table("meta").rows}

    def _meta_rows(self, meta: dict[str, str]) -> list[dict[str, str]]:
        return [{"key": k, "value": v} for k, v in meta.items()]

    def set_meta(self, **meta: str) -> None:
        with self.db.atomic():
            self.db.table("meta").upsert_all(self._meta_rows(meta), pk="key")

    # ---- the log ------------------------------------------------------------------

    def load_events(self) -> list[Event]:
        rows = self.db.execute("SELECT record FROM events ORDER BY version").fetchall()
        return [Event.from_record(json.loads(row[0])) for row in rows]

    def append(
        self,
        events: list[Event],
        result: CommandResult | None = None,
        *,
        meta: dict[str, str] | None = None,
        player_token_hash: tuple[str, str] | None = None,
    ) -> None:
        """Commit events, the command's result and any credential in one transaction."""
        self.commit([StoreWrite(events, result, player_token_hash)], meta=meta)

    def commit(self, writes: list[StoreWrite], *, meta: dict[str, str] | None = None) -> None:
        """Commit several commands' writes in one transaction (one fsync): all or none."""
        rows = [(e.version, e.command_id, _dumps(e.to_record())) for w in writes for e in w.events]
        with self.db.atomic():
            # Plain executemany: sqlite-utils' insert_all introspects the table on every
            # call, which cost more than the commit itself (bench/durable_throughput.py).
            self.db.conn.executemany(
                "INSERT INTO events (version, command_id, record) VALUES (?, ?, ?)", rows
            )
            for write in writes:
                if write.result is not None:
                    self._insert_result(write.result)
                if write.player_token_hash is not None:
                    token_hash, player_id = write.player_token_hash
                    self.db.conn.execute(
                        "INSERT INTO player_tokens (token_hash, player_id, revoked) "
                        "VALUES (?, ?, 0)",
                        (token_hash, player_id),
                    )
            if meta:
                self.db.table("meta").upsert_all(self._meta_rows(meta), pk="key")

    def may_have_result(self, command_id: str) -> bool:
        """False only if no answer is stored for ``command_id`` (then skip find_result)."""
        return command_id in self._answered

    def _insert_result(self, result: CommandResult) -> None:
        self._answered.add(result.command_id)
        self.db.conn.execute(
            "INSERT INTO commands (id, actor, fingerprint, status, body) VALUES (?, ?, ?, ?, ?)",
            (
                result.command_id,
                result.actor,
                result.fingerprint,
                result.status,
                _dumps(result.body),
            ),
        )

    def record_result(self, result: CommandResult) -> None:
        """Keep a rejection's answer so a retry of the same id gets the same answer."""
        with self.db.atomic():
            self._insert_result(result)

    def find_result(self, command_id: str) -> CommandResult | None:
        row = self.db.execute(
            "SELECT id, actor, fingerprint, status, body FROM commands WHERE id = ?",
            [command_id],
        ).fetchone()
        if row is None:
            return None
        return CommandResult(row[0], row[1], row[2], int(row[3]), json.loads(row[4]))

    # ---- credentials --------------------------------------------------------------

    def player_for_token(self, token_hash: str) -> str | None:
        row = self.db.execute(
            "SELECT player_id FROM player_tokens WHERE token_hash = ? AND revoked = 0",
            [token_hash],
        ).fetchone()
        return None if row is None else str(row[0])

    def add_claim(self, code: str, player_id: str) -> None:
        """A one-time code that hands a seat to a new device (revoking on use)."""
        with self.db.atomic():
            self.db.execute("UPDATE claims SET used = 1 WHERE player_id = ?", [player_id])
            self.db.table("claims").insert({"code": code, "player_id": player_id, "used": 0})

    def use_claim(self, code: str, new_token_hash: str) -> str | None:
        """Swap a claim code for a fresh player token; old tokens of that seat stop working."""
        with self.db.atomic():
            row = self.db.execute(
                "SELECT player_id FROM claims WHERE code = ? AND used = 0", [code]
            ).fetchone()
            if row is None:
                return None
            player_id = str(row[0])
            self.db.execute("UPDATE claims SET used = 1 WHERE code = ?", [code])
            self.db.execute("UPDATE player_tokens SET revoked = 1 WHERE player_id = ?", [player_id])
            self.db.table("player_tokens").insert(
                {"token_hash": new_token_hash, "player_id": player_id, "revoked": 0}
            )
            return player_id

    def open_claims(self) -> dict[str, str]:
        rows = self.db.execute("SELECT code, player_id FROM claims WHERE used = 0").fetchall()
        return {str(r[0]): str(r[1]) for r in rows}
