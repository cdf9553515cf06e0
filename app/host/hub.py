"""Every table the host serves: open from disk, create, execute commands exactly once."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import time
import uuid
from pathlib import Path
from typing import Any

from app.domain.actors import HOST
from app.domain.commands import Command
from app.domain.errors import DomainError
from app.domain.events import Event
from app.domain.table import Decision, Table
from app.domain.table_commands import SEAT_JOIN

from .auth import hash_token, new_join_code, new_table_id, new_token, normalize_join_code
from .damaged import RefusedTable, refuse
from .disk import READ_ONLY_MESSAGE
from .errors import HostError, domain_error_body, not_found
from .live import LiveTable
from .store import CommandResult, StoreWrite, TableStore

log = logging.getLogger(__name__)
DB_SUFFIX = ".sqlite"


def require_unicode(what: str, value: Any) -> None:
    """Refuse text that can't be stored or sent as UTF-8 (JSON allows lone surrogates).

    A ``"\\ud800"`` that reached the log would make the commit fail, and if it ever got
    into the state, every later view of the table would fail to encode.
    """
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise HostError(
            422, "invalid_request", f"{what}: the text is not valid Unicode (a lone surrogate)."
        ) from None


def fingerprint(command_type: str, args: Any) -> str:
    """Identifies a command's content, to catch one id reused for another command."""
    body = json.dumps([command_type, args], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(body.encode()).hexdigest()


class Hub:
    """The host's tables, by id and by join code."""

    def __init__(self, data_dir: Path, *, read_only: str | None = None) -> None:
        """``read_only``: why the data folder takes no writes (a full disk), if it
        doesn't; then the tables are opened for reading and every change is refused."""
        self.data_dir = data_dir
        self.read_only = read_only
        self.tables: dict[str, LiveTable] = {}
        self.refused: list[RefusedTable] = []  # files open_all could not serve
        # Open claim codes -> (table id, player id): a guess costs one lookup, no query.
        self._claims: dict[str, tuple[str, str]] = {}
        self._by_code: dict[str, str] = {}
        # Commands decided and queued but not yet committed, by (table id, command id):
        # a copy arriving meanwhile waits for the first one's answer.
        self._in_flight: dict[tuple[str, str], tuple[CommandResult, asyncio.Future[None]]] = {}

    # ---- opening and creating -----------------------------------------------------

    def open_all(self, *, set_aside: bool = True) -> list[RefusedTable]:
        """Open every table database in the data folder (resume after a restart).

        Each table opens on its own: one that can't be read is logged and refused (and,
        with ``set_aside``, moved into ``damaged/`` if the file itself is bad) while
        the others serve. Returns the refused ones.
        """
        self.data_dir.mkdir(parents=True, exist_ok=True)
        for path in sorted(self.data_dir.glob(f"*{DB_SUFFIX}")):
            try:
                live = self._open(path)
            except Exception as exc:  # any damage in one file stays with that file
                self.refused.append(refuse(path, self.data_dir, exc, move=set_aside))
                continue
            if live is not None:
                log.info(
                    "Opened table %s %r (%s, %d events) from %s",
                    live.table_id,
                    live.table.state.get("name"),
                    live.table.ruleset.name,
                    live.table.version,
                    path,
                )
        return self.refused

    def _open(self, path: Path) -> LiveTable | None:
        if self.read_only is not None and path.stat().st_size == 0:
            return None  # a table whose creation never committed (nothing to read)
        store = TableStore(path, read_only=self.read_only is not None)
        try:
            meta = store.get_meta()
            events = store.load_events()
            if not events or "table_id" not in meta:
                store.close()  # a table whose creation never committed: nothing to resume
                return None
            table = Table.replay(meta["table_id"], events)
            tokens = store.db.execute(
                "SELECT token_hash, player_id FROM player_tokens WHERE revoked = 0"
            ).fetchall()
            live = LiveTable(
                table=table,
                store=store,
                join_code=meta["join_code"],
                gm_token=meta["gm_token"],
                player_tokens={str(h): str(p) for h, p in tokens},
            )
        except BaseException:
            store.close()
            raise
        self._register(live)
        return live

    def _writable(self) -> None:
        """Refuse a change while the host is read-only."""
        if self.read_only is not None:
            raise HostError(409, "read_only", READ_ONLY_MESSAGE)

    def _register(self, live: LiveTable) -> None:
        self.tables[live.table_id] = live
        self._by_code[live.join_code] = live.table_id
        for code, player_id in live.store.open_claims().items():
            self._claims[code] = (live.table_id, player_id)

    async def create_table(
        self,
        name: str,
        ruleset: str,
        settings: dict[str, Any],
        *,
        events: list[Event] | None = None,
    ) -> LiveTable:
        """A new table (or an imported one, from its events), committed before it exists."""
        self._writable()
        require_unicode("table", [name, ruleset, settings])
        table_id = new_table_id()
        join_code = new_join_code()
        while join_code in self._by_code:
            join_code = new_join_code()
        if events is None:
            table, decision = Table.create(
                table_id, name, ruleset, settings, secrets.randbits(63), time.time()
            )
            log = decision.events
        else:
            table = Table.replay(table_id, events)
            log = events
        self.data_dir.mkdir(parents=True, exist_ok=True)
        store = TableStore(self.data_dir / f"{table_id}{DB_SUFFIX}")
        gm_token = new_token()
        meta = {"table_id": table_id, "join_code": join_code, "gm_token": gm_token}
        await asyncio.to_thread(store.append, log, None, meta=meta)
        if events is None:
            table.accept(Decision(log, decision.state))
        live = LiveTable(table=table, store=store, join_code=join_code, gm_token=gm_token)
        self._register(live)
        return live

    def close(self) -> None:
        for live in self.tables.values():
            live.close()

    # ---- finding ------------------------------------------------------------------

    def get(self, table_id: str) -> LiveTable:
        live = self.tables.get(table_id)
        if live is None:
            raise not_found("There is no table with that id on this host.")
        return live

    def by_join_code(self, code: str) -> LiveTable | None:
        table_id = self._by_code.get(normalize_join_code(code))
        return None if table_id is None else self.tables[table_id]

    def by_name(self, name: str) -> LiveTable | None:
        for live in self.tables.values():
            if live.table.state.get("name") == name:
                return live
        return None

    # ---- writing ------------------------------------------------------------------

    async def execute(self, live: LiveTable, command: Command) -> tuple[int, dict[str, Any]]:
        """Apply a command once: decide, commit durably, then adopt and broadcast.

        A command id seen before gets its first answer back and changes nothing (a copy
        that arrives while the first is still being committed waits for its answer).
        """
        self._writable()
        require_unicode("command", [command.id, command.type, command.args])
        print_ = fingerprint(command.type, command.args)
        key = (live.table_id, command.id)
        async with live.lock:
            result, saved = self._in_flight.get(key, (None, None))
            if result is None and live.store.may_have_result(command.id):
                result = await live.writer.run(live.store.find_result, command.id)
            if result is not None:
                if result.actor != command.actor.label or result.fingerprint != print_:
                    raise HostError(
                        409,
                        "command_id_reused",
                        "That command id was already used for another command.",
                    )
            else:
                result, decision = self._decide(live, command, print_)
                events = decision.events if decision else []
                saved = live.commit(decision, StoreWrite(events, result))
                self._track(key, result, saved)
        if saved is not None:
            await asyncio.shield(saved)  # a caller that hangs up leaves the commit be
        return result.status, result.body

    def _track(
        self, key: tuple[str, str], result: CommandResult, saved: asyncio.Future[None]
    ) -> None:
        """Remember an answer until its commit has ended (then the store has it)."""
        self._in_flight[key] = (result, saved)

        def forget(_: asyncio.Future[None]) -> None:
            del self._in_flight[key]

        saved.add_done_callback(forget)

    def _decide(
        self, live: LiveTable, command: Command, print_: str
    ) -> tuple[CommandResult, Decision | None]:
        """The answer to a new command, and its decision unless it was refused."""
        try:
            decision = live.decide(command)
        except DomainError as exc:
            body = domain_error_body(exc)
            return CommandResult(command.id, command.actor.label, print_, exc.status, body), None
        body = {
            "version": decision.events[-1].version,
            "events": [
                e.to_public() for e in decision.events if command.actor.may_see(e.visible_to)
            ],
        }
        return CommandResult(command.id, command.actor.label, print_, 200, body), decision

    async def join(self, live: LiveTable, name: str) -> tuple[str, str]:
        """Seat a new player; returns (player id, player token)."""
        self._writable()
        require_unicode("name", name)
        token = new_token()
        command = Command(
            f"join-{uuid.uuid4().hex}", SEAT_JOIN.name, SEAT_JOIN(name=name).args, HOST, time.time()
        )
        async with live.lock:
            decision = live.decide(command)
            player_id = str(decision.events[0].data["player_id"])
            seat = (hash_token(token), player_id)
            saved = live.commit(decision, StoreWrite(decision.events, None, seat), seat)
        await asyncio.shield(saved)
        return player_id, token

    async def issue_claim(self, live: LiveTable, player_id: str) -> str:
        """A one-time code that moves a seat to a new device."""
        self._writable()
        if player_id not in {s["player_id"] for s in live.table.view(HOST)["seats"]}:
            raise not_found("There is no such seat at this table.")
        code = secrets.token_urlsafe(12)
        await live.writer.run(live.store.add_claim, code, player_id)
        seat = (live.table_id, player_id)
        for old in [c for c, s in self._claims.items() if s == seat]:
            del self._claims[old]  # add_claim retired the seat's earlier codes
        self._claims[code] = seat
        return code

    async def claim(self, code: str) -> tuple[LiveTable, str, str] | None:
        """Exchange a claim code for a fresh token; the seat's old tokens stop working
        (their open streams end, their long polls answer 401)."""
        self._writable()
        found = self._claims.pop(code, None)
        live = None if found is None else self.tables.get(found[0])
        if found is None or live is None:
            return None
        token = new_token()
        async with live.lock:
            try:
                player_id = await live.writer.run(live.store.use_claim, code, hash_token(token))
            except BaseException:
                self._claims[code] = found  # not used after all: the link still works
                raise
            if player_id is None:
                return None
            live.player_tokens = {h: p for h, p in live.player_tokens.items() if p != player_id}
            live.player_tokens[hash_token(token)] = player_id
        live.notify()  # followers recheck their tokens
        return live, player_id, token
