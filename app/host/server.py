"""Assemble the host (API + web UI) and run it with uvicorn."""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import uvicorn
from fastapi import FastAPI
from starlette.types import ASGIApp

from app import __version__
from app.domain.ruleset import get_ruleset
from app.qr import qr_text

from . import eventloop
from .api import build_api
from .config import HostConfig
from .damaged import RefusedTable
from .disk import READ_ONLY_MESSAGE, write_problem
from .fast_lane import FastLane
from .folder_lock import FolderLock
from .hub import Hub
from .lan import lan_address
from .limits import BodySizeLimit
from .live import LiveTable
from .logs import configure_logging
from .origin_guard import OriginGuard, host_names
from .uvicorn_internals import forget_captured_signals

log = logging.getLogger(__name__)
HOST_FILE = "host.json"


def admin_token_for(config: HostConfig) -> str:
    """The configured admin token, else the one kept in the data folder (made once)."""
    if config.admin_token:
        return config.admin_token
    path = config.data_dir / HOST_FILE
    if path.is_file():
        token = json.loads(path.read_text()).get("admin_token")
        if isinstance(token, str) and token:
            return token
    token = secrets.token_urlsafe(24)
    try:
        config.data_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"admin_token": token}))
        path.chmod(0o600)
    except OSError as exc:  # a full disk: the token holds until the host stops
        log.warning("Could not keep the admin token in %s (%s): it changes next start", path, exc)
    return token


def public_base(config: HostConfig) -> str:
    if config.public_url:
        return config.public_url.rstrip("/")
    host = config.bind if config.bind not in ("0.0.0.0", "::", "") else lan_address()
    return f"http://{host}:{config.port}"


#: Mounts a UI on the API: ``mount(api, hub, admin_token)`` (app.compose.web.mount_ui).
#: Given by the composition root; the host itself knows nothing of the UI.
MountUI = Callable[[FastAPI, Hub, str], None]


def host_api(
    hub: Hub, *, admin_token: str, public_url: str | None = None, mount: MountUI | None = None
) -> FastAPI:
    """The API routes with (given ``mount``) the web UI mounted on them: what
    `build_app` guards."""
    api = build_api(hub, admin_token=admin_token, public_url=public_url)
    if mount is not None:
        mount(api, hub, admin_token)
    return api


def build_app(
    hub: Hub,
    *,
    admin_token: str,
    public_url: str | None = None,
    mount: MountUI | None = None,
    allowed_hosts: Sequence[str] = (),
    api: FastAPI | None = None,
) -> ASGIApp:
    """The whole ASGI app: API routes, then (given ``mount``) the web UI on the same
    port, behind the Host/Origin check (app.host.origin_guard) and the body size
    limit. ``api``: one `host_api` already built (else it is built here)."""
    if api is None:
        api = host_api(hub, admin_token=admin_token, public_url=public_url, mount=mount)
    names = host_names(public_url, allowed_hosts)
    return OriginGuard(BodySizeLimit(FastLane(api, hub, admin_token)), names)


async def open_table(hub: Hub, config: HostConfig) -> LiveTable | None:
    """The table named in the config: resumed if it exists, created otherwise (unless
    the host is read-only: then None)."""
    live = hub.by_name(config.table)
    if live is None and hub.read_only is not None:
        log.warning("No table named %r, and none can be made on a full disk", config.table)
        return None
    if live is None:
        get_ruleset(config.ruleset)  # fail early on a misspelt rule system
        live = await hub.create_table(config.table, config.ruleset, {})
    return live


def banner(
    live: LiveTable | None,
    base: str,
    admin_token: str,
    refused: list[RefusedTable] | None = None,
    read_only: str | None = None,
) -> str:
    """What the GM sees in the terminal at start-up."""
    notes = [f"  NOT SERVED: {r.path.name}: {r.reason}. {r.advice()}" for r in refused or []]
    if read_only is not None:
        notes.insert(0, f"  READ-ONLY: {READ_ONLY_MESSAGE} ({read_only})")
    if live is None:
        return "\n".join([*notes, f"  Host admin token: {admin_token}"])
    join_url = f"{base}/join/{live.join_code}"
    lines = [
        *notes,
        f"Fate Pot {__version__}: {live.table.ruleset.title} table "
        f"'{live.table.state.get('name')}' ({live.table_id})",
        f"  GM screen (keep private): {base}/gm?table={live.table_id}&token={live.gm_token}",
        f"  Players join:             {join_url}   code {live.join_code}",
        f"  Host admin token:         {admin_token}",
        "",
        qr_text(join_url),
    ]
    return "\n".join(lines)


def uvicorn_config(app: ASGIApp, **options: Any) -> uvicorn.Config:
    """uvicorn as every host runs it (the command, benchmarks, tests): quiet logs, a
    shutdown that waits at most 2 s for open feed streams, which never end on their own,
    and connections that must send a whole request in time, capped to fit the process's
    file limit (app.host.connections, on httptools).
    ``options`` are uvicorn's own (host, port, lifespan...), and may override these; an
    ``http`` of their own (the app's host: h11, app.host.embedded) leaves httptools
    unimported."""
    if "http" not in options:
        from .connections import ConnectionLimits, guarded_http

        options["http"] = guarded_http(ConnectionLimits.for_this_process())
    return uvicorn.Config(
        app, **{"log_level": "warning", "timeout_graceful_shutdown": 2, **options}
    )


class HostServer(uvicorn.Server):
    """uvicorn's server, except that Ctrl-C and SIGTERM end ``serve`` normally: uvicorn
    re-raises the signal once it has stopped serving, which killed the process (SIGTERM)
    or printed a KeyboardInterrupt traceback (Ctrl-C) before the tables were closed."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        with super().capture_signals():
            yield
            forget_captured_signals(self)


async def serve(
    config: HostConfig, *, mount: MountUI | None = None, read_only: str | None = None
) -> None:
    """Lock the data folder, open every table, print the links and QR, and serve until
    stopped (Ctrl-C or SIGTERM), then close every table. ``mount``: the web UI to
    serve beside the API, if any; ``read_only``: why the data folder takes no writes
    (app.host.disk), if it doesn't."""
    from .connections import raise_file_limit
    from .heap import settle_heap

    files = raise_file_limit()
    lock = FolderLock(config.data_dir)
    lock.acquire()  # before anything reads a table: a second host stops here
    hub = Hub(config.data_dir, read_only=read_only)
    try:
        log.info("Fate Pot %s starting: data in %s", __version__, config.data_dir.resolve())
        if read_only is not None:
            log.warning("Serving read-only: %s (%s)", READ_ONLY_MESSAGE, read_only)
        refused = hub.open_all(set_aside=read_only is None)
        admin_token = admin_token_for(config)
        live = await open_table(hub, config)
        base = public_base(config)
        app = build_app(
            hub,
            admin_token=admin_token,
            public_url=config.public_url or base,
            mount=mount,
            allowed_hosts=config.host_names(),
        )
        server = HostServer(
            uvicorn_config(app, host=config.bind, port=config.port, log_config=None)
        )
        print(banner(live, base, admin_token, refused, read_only), flush=True)
        log.info("Serving %d table(s) at %s (open-file limit %d)", len(hub.tables), base, files)
        settle_heap()
        await server.serve()
    finally:
        hub.close()
        lock.release()
        log.info("Host stopped; every table closed")


def run(config: HostConfig, **kwargs: Any) -> None:
    """Check the data folder takes writes, configure logging (to the console only if it
    doesn't) and serve ``config`` on the fastest event loop."""
    problem = write_problem(config.data_dir)
    configure_logging(config.data_dir, config.log_level, to_file=problem is None)
    eventloop.run(serve(config, read_only=problem, **kwargs))
