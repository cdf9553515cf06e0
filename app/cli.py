"""``fatepot``: host a table, list/export/import tables, and compute exact odds."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from .host.config import HostConfig, load_config


def _config(args: argparse.Namespace) -> HostConfig:
    overrides = {
        k: getattr(args, k, None)
        for k in (
            "bind",
            "port",
            "data_dir",
            "ruleset",
            "table",
            "public_url",
            "admin_token",
            "log_level",
            "allowed_hosts",
        )
    }
    return load_config(overrides)


def cmd_host(args: argparse.Namespace) -> int:
    from .compose.web import mount_ui
    from .host.folder_lock import FolderInUse
    from .host.server import run

    try:
        run(_config(args), mount=None if args.no_ui else mount_ui)
    except FolderInUse as exc:
        print(f"fatepot: {exc}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:  # Ctrl-C before the host was serving (while opening tables)
        print("fatepot: stopped", file=sys.stderr)
        return 130
    return 0


def _open_hub(args: argparse.Namespace) -> Any:
    from .host.hub import Hub

    hub = Hub(_config(args).data_dir)
    for refused in hub.open_all(set_aside=False):  # the host moves files, not a listing
        print(f"fatepot: not opened: {refused.path}: {refused.reason}", file=sys.stderr)
    return hub


def cmd_tables(args: argparse.Namespace) -> int:
    hub = _open_hub(args)
    try:
        if not hub.tables:
            print("No tables yet. Start one with: fatepot host")
        for live in hub.tables.values():
            session = live.table.state.get("session", {})
            print(
                f"{live.table_id}  {live.table.state.get('name')!r:30}  "
                f"{live.table.ruleset.name:14} seats={len(live.table.view(_gm())['seats'])} "
                f"session={session.get('number', 0)} events={live.table.version} "
                f"code={live.join_code}"
            )
    finally:
        hub.close()
    return 0


def _gm() -> Any:
    from .domain.actors import GM

    return GM


def cmd_export(args: argparse.Namespace) -> int:
    from .host.api import export_table

    hub = _open_hub(args)
    try:
        live = hub.tables.get(args.table) or hub.by_name(args.table)
        if live is None:
            print(f"fatepot: no table called {args.table!r} (see: fatepot tables)", file=sys.stderr)
            return 2
        json.dump(export_table(live), sys.stdout, indent=1)
        print()
    finally:
        hub.close()
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from .domain.events import Event
    from .domain.table import Table

    try:
        data = json.loads(Path(args.file).read_text())
        if data.get("format") != "fatepot-table/1":
            raise ValueError("not a Fate Pot table export")
        events = [Event.from_record(r) for r in data["events"]]
        Table.replay("check", events)  # refuse a log that doesn't replay
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"fatepot: can't import {args.file}: {exc}", file=sys.stderr)
        return 2
    hub = _open_hub(args)
    try:
        name = str(data.get("name") or "Imported table")
        live = asyncio.run(hub.create_table(name, str(data["ruleset"]), {}, events=events))
        print(
            f"Imported {name!r} as {live.table_id} (join code {live.join_code}). "
            "Players reclaim their seats through links the GM reissues."
        )
    finally:
        hub.close()
    return 0


def _host_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", dest="data_dir", help="folder of table databases")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="fatepot", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    host = sub.add_parser("host", help="host a table on the local network")
    host.add_argument("--ruleset", help="rule system for a new table")
    host.add_argument("--table", help="name of the table to open or create")
    host.add_argument("--bind", help="address to listen on (default 0.0.0.0)")
    host.add_argument("--port", type=int, help="port (default 8550)")
    host.add_argument("--public-url", help="base URL for links and the QR code")
    host.add_argument("--admin-token", help="host admin token (or FATEPOT_ADMIN_TOKEN)")
    host.add_argument("--no-ui", action="store_true", help="serve the API only")
    host.add_argument(
        "--allowed-hosts",
        help="extra names phones may use to reach the host, comma-separated ('*': any)",
    )
    host.add_argument(
        "--log-level",
        type=str.upper,
        choices=("DEBUG", "INFO", "WARNING", "ERROR"),
        help="how much to log (default INFO), to the console and <data>/logs/fatepot.log",
    )
    _host_flags(host)
    host.set_defaults(handler=cmd_host)

    tables = sub.add_parser("tables", help="list the tables in the data folder")
    _host_flags(tables)
    tables.set_defaults(handler=cmd_tables)

    export = sub.add_parser("export", help="print a table's full log and state as JSON")
    export.add_argument("table", help="table id or name")
    _host_flags(export)
    export.set_defaults(handler=cmd_export)

    imp = sub.add_parser("import", help="create a table from an export file")
    imp.add_argument("file")
    _host_flags(imp)
    imp.set_defaults(handler=cmd_import)

    from .odds_cli import add_odds_parser

    add_odds_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except ValueError as exc:
        print(f"fatepot: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
