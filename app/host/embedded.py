"""The host inside the Fate Pot app: what ``fatepot host`` runs, started by the app itself.

A GM with a tablet and no laptop taps *Host a table here*: the app starts the same host
in its own process, on its own event loop (Flet's), so the GM's screen reaches the API
in-process (``httpx.ASGITransport`` into the fast lane, as the compiled app's HTTP
client) while the
players' phones reach it over the LAN, served exactly as by ``fatepot host``:

- the same pieces: the data folder's lock, the `Hub` of every table in it, the admin
  token kept in ``host.json``, the API and the Flet web UI (`app.host.server.host_api`,
  the UI given as ``mount`` by the composition root, app.compose.app_host)
  behind the same guards (`app.host.server.build_app`), the same log file;
- a server stack a phone can run: uvicorn on h11 and asyncio's own loop, web sockets by
  the ``websockets`` package's sans-I/O protocol (pure Python), no httptools, no uvloop;
  a connection must still send a whole request in time (app.host.h11_guard);
- its tables in the app's own storage folder: ``FLET_APP_STORAGE_DATA`` (what Flet gives
  an app on a phone) ``/tables``, unless ``FATEPOT_DATA`` names one; else the usual data
  folder (flet.toml's ``data_dir``);
- the same port every time (8550 unless configured), so the links and QR the phones hold
  still work after the app is killed, the tablet restarted or the host stopped and
  started again: every table, seat and token is in the data folder.

Not here (yet): the cap on waiting connections and the file-limit budget of
app.host.connections, which extend uvicorn's httptools protocol only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from app import __version__
from app.qr import qr_text

from .config import HostConfig, load_config
from .disk import write_problem
from .fast_lane import FastLane
from .folder_lock import FolderLock
from .h11_guard import REQUEST_TIMEOUT_SECONDS, guarded_h11
from .hub import Hub
from .logs import configure_logging
from .server import (
    MountUI,
    admin_token_for,
    build_app,
    host_api,
    open_table,
    public_base,
    uvicorn_config,
)

log = logging.getLogger(__name__)

#: Where Flet tells a running app its own data folder is (on a phone: inside the app's
#: sandbox, kept across restarts and updates).
STORAGE_ENV = "FLET_APP_STORAGE_DATA"
#: The app's tables: a folder of their own inside the app's storage.
TABLES_FOLDER = "tables"
#: Set to a table's name, the app hosts that table as it starts, with no tap (resumed as
#: it was, or created with ``FATEPOT_RULESET``'s rule system): a kiosk tablet, a desktop
#: run, tests/browser/test_tablet_fresh_venv.py. main.py reads it.
HOST_AT_LAUNCH_ENV = "FATEPOT_HOST_HERE"
#: How long the host may take to start listening.
START_SECONDS = 30.0

#: uvicorn on what a phone's Python carries: no compiled HTTP parser, no uvloop (its
#: HTTP protocol, h11 with a deadline, is given per host: it counts).
PURE_PYTHON_SERVER: dict[str, Any] = {"ws": "websockets-sansio", "loop": "asyncio"}


class HostNotStarted(RuntimeError):
    """The host could not start (the port taken, another host on the folder...)."""


def app_config(
    overrides: dict[str, Any] | None = None, *, environ: Mapping[str, str] | None = None
) -> HostConfig:
    """The settings of a host the app runs: `fatepot host`'s (flet.toml, ``FATEPOT_*``),
    with the tables in the app's storage folder when Flet names one and ``FATEPOT_DATA``
    doesn't name another."""
    env = dict(os.environ if environ is None else environ)
    storage = env.get(STORAGE_ENV)
    wanted = dict(overrides or {})
    if storage and not env.get("FATEPOT_DATA") and wanted.get("data_dir") is None:
        wanted["data_dir"] = str(Path(storage) / TABLES_FOLDER)
    return load_config(wanted, environ=env)


@dataclass(frozen=True)
class HostedTable:
    """One table of the running host, as its GM needs it."""

    table_id: str
    name: str
    gm_token: str
    join_code: str
    join_url: str


@dataclass(frozen=True)
class Hosting:
    """A running host: where phones reach it, and how this process reaches it."""

    base_url: str  # what phones on the LAN open: links and QR codes point here
    admin_token: str
    data_dir: Path
    #: The whole API and web UI in-process (no socket): for sessions of this process.
    transport: httpx.AsyncBaseTransport
    table: HostedTable | None  # the table asked for at start, if any


def launch_banner(hosting: Hosting) -> str:
    """What the app prints when it hosts at launch: ``fatepot host``'s links and QR."""
    base, table = hosting.base_url, hosting.table
    lines = [f"Fate Pot {__version__}: hosting from the app at {base} (data in {hosting.data_dir})"]
    if table is not None:
        lines += [
            f"  Table '{table.name}' ({table.table_id})",
            f"  GM screen (keep private): {base}/gm?table={table.table_id}&token={table.gm_token}",
            f"  Players join:             {table.join_url}   code {table.join_code}",
            "",
            qr_text(table.join_url),
        ]
    return "\n".join(lines)


class AppServer(uvicorn.Server):
    """uvicorn's server, leaving signals to the app that runs it (Ctrl-C stops the app,
    which stops the host)."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class EmbeddedHost:
    """Start and stop ``fatepot host``'s host on the running event loop.

    ``await start()`` returns once it listens; ``await stop()`` stops it and closes
    every table, as Ctrl-C stops ``fatepot host``. It may be started again after.
    """

    def __init__(
        self,
        config: HostConfig,
        *,
        mount: MountUI | None = None,
        request_timeout: float = REQUEST_TIMEOUT_SECONDS,
    ) -> None:
        """``mount``: the web UI phones open (app.compose.web.mount_ui), if any."""
        self.config = config
        self.mount = mount
        self.request_timeout = request_timeout
        self.hosting: Hosting | None = None
        self._server: AppServer | None = None
        self._task: asyncio.Task[None] | None = None
        self._hub: Hub | None = None
        self._lock: FolderLock | None = None

    @property
    def running(self) -> bool:
        return self.hosting is not None

    async def start(self, table: str | None = None, ruleset: str | None = None) -> Hosting:
        """Serve every table in the data folder; ``table`` (with ``ruleset`` if new) is
        resumed as it was, or created. Already running: the running host, with that
        table opened (or created) on it."""
        if self.hosting is not None and self._hub is not None:
            found = await self._table(self._hub, table, ruleset)
            self.hosting = replace(self.hosting, table=found)
            return self.hosting
        config = self.config
        problem = write_problem(config.data_dir)
        configure_logging(config.data_dir, config.log_level, to_file=problem is None)
        lock = FolderLock(config.data_dir)
        lock.acquire()  # a `fatepot host` on the same folder: FolderInUse
        hub = Hub(config.data_dir, read_only=problem)
        task: asyncio.Task[None] | None = None
        try:
            hub.open_all(set_aside=problem is None)
            admin_token = admin_token_for(config)
            found = await self._table(hub, table, ruleset)
            base = public_base(config)
            public_url = config.public_url or base
            api = host_api(hub, admin_token=admin_token, public_url=public_url, mount=self.mount)
            app = build_app(
                hub,
                admin_token=admin_token,
                public_url=public_url,
                allowed_hosts=config.host_names(),
                api=api,
            )
            server = AppServer(
                uvicorn_config(
                    app,
                    host=config.bind,
                    port=config.port,
                    log_config=None,
                    http=guarded_h11(self.request_timeout),
                    **PURE_PYTHON_SERVER,
                )
            )
            task = asyncio.create_task(_serve(server), name="fatepot-host")
            await _started(server, task)
        except BaseException:
            if task is not None and not task.done():  # it hung: no server left behind
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
            hub.close()
            lock.release()
            raise
        self._server, self._task, self._hub, self._lock = server, task, hub, lock
        transport = httpx.ASGITransport(app=FastLane(api, hub, admin_token))
        self.hosting = Hosting(base, admin_token, config.data_dir, transport, found)
        log.info(
            "Fate Pot %s hosting %d table(s) at %s from the app (data in %s)",
            __version__,
            len(hub.tables),
            base,
            config.data_dir,
        )
        return self.hosting

    async def _table(self, hub: Hub, name: str | None, ruleset: str | None) -> HostedTable | None:
        if name is None:
            return None
        config = replace(self.config, table=name, ruleset=ruleset or self.config.ruleset)
        live = await open_table(hub, config)
        if live is None:
            return None
        base = public_base(self.config)
        return HostedTable(
            live.table_id,
            str(live.table.state.get("name") or name),
            live.gm_token,
            live.join_code,
            f"{base}/join/{live.join_code}",
        )

    async def stop(self) -> None:
        """Stop serving (open streams get 2 s), then close every table and the lock."""
        server, task, hub, lock = self._server, self._task, self._hub, self._lock
        self._server = self._task = self._hub = self._lock = None
        self.hosting = None
        try:
            if server is not None and task is not None:
                server.should_exit = True
                with contextlib.suppress(HostNotStarted):
                    await task
        finally:
            if hub is not None:
                hub.close()
            if lock is not None:
                lock.release()
            log.info("Host stopped; every table closed")


async def _serve(server: uvicorn.Server) -> None:
    try:
        await server.serve()
    except SystemExit as exc:  # uvicorn exits when it can't bind: not the app's exit
        raise HostNotStarted(f"the host could not listen (uvicorn exit {exc.code})") from None


async def _started(server: uvicorn.Server, task: asyncio.Task[None]) -> None:
    """Wait until ``server`` listens; HostNotStarted if it stopped (or hung) first."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + START_SECONDS
    while not server.started:
        if task.done():
            task.result()  # its own error (HostNotStarted, ...)
            raise HostNotStarted("the host stopped before it listened")
        if loop.time() > deadline:
            server.should_exit = True
            raise HostNotStarted(f"the host did not listen within {START_SECONDS:.0f} s")
        await asyncio.sleep(0.02)
