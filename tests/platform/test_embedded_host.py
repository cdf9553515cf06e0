"""The host the app runs itself (app.host.embedded): `fatepot host`'s host, on the app's
own event loop, on a pure-Python server stack, with its tables in the app's storage (and,
as app.compose.app_host builds it, the web UI mounted);
stopped and started again, it serves the same tables, seats and links."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import httpx
import pytest
from uvicorn.protocols.http.h11_impl import H11Protocol

from app.compose.app_host import AppHost
from app.compose.web import mount_ui
from app.host.config import HostConfig
from app.host.embedded import STORAGE_ENV, EmbeddedHost, HostNotStarted, app_config
from app.host.folder_lock import FolderInUse
from tests.support.drill import free_port

ROOT = Path(__file__).resolve().parents[2]


def config(data_dir: Path, port: int | None = None) -> HostConfig:
    return HostConfig(bind="127.0.0.1", port=port or free_port(), data_dir=data_dir)


def test_the_tables_live_in_the_apps_storage_folder(tmp_path: Path) -> None:
    storage = tmp_path / "app-storage"
    assert app_config(environ={STORAGE_ENV: str(storage)}).data_dir == storage / "tables"
    # FATEPOT_DATA, when someone sets it, still names the folder.
    named = app_config(environ={STORAGE_ENV: str(storage), "FATEPOT_DATA": str(tmp_path / "x")})
    assert named.data_dir == tmp_path / "x"
    # Not a Flet app (a desktop run from a clone): the usual data folder.
    assert app_config(environ={}).data_dir == ROOT / "storage" / "data"


async def test_a_table_hosted_by_the_app_comes_back_as_it_was(tmp_path: Path) -> None:
    settings = config(tmp_path / "tables")
    host = EmbeddedHost(settings, mount=mount_ui)
    hosting = await host.start("Saloon", "deadlands")
    try:
        assert hosting.base_url == f"http://127.0.0.1:{settings.port}"
        table = hosting.table
        assert table is not None and table.name == "Saloon"
        assert table.join_url == f"{hosting.base_url}/join/{table.join_code}"
        server = host._server
        assert server is not None and issubclass(server.config.http, H11Protocol)  # type: ignore[arg-type]
        assert server.config.ws == "websockets-sansio"
        async with httpx.AsyncClient(base_url=hosting.base_url) as phone:
            # A phone's browser gets the web UI from the tablet, and joins.
            page = await phone.get(f"/join/{table.join_code}")
            assert page.status_code == 200 and "<html" in page.text.lower()
            r = await phone.post("/api/join", json={"join_code": table.join_code, "name": "Ann"})
            assert r.status_code == 201, r.text
            ann = r.json()
        # The GM's screen reaches the same host in-process.
        async with httpx.AsyncClient(
            base_url="http://fatepot.local", transport=hosting.transport
        ) as gm:
            r = await gm.get(
                f"/api/tables/{table.table_id}",
                headers={"Authorization": f"Bearer {table.gm_token}"},
            )
            assert r.status_code == 200
            assert ann["player_id"] in {s["player_id"] for s in r.json()["seats"]}
    finally:
        await host.stop()
    with pytest.raises(httpx.ConnectError):
        async with httpx.AsyncClient(base_url=hosting.base_url) as phone:
            await phone.get("/api/health")

    # The app killed and opened again: a new host on the same folder and port.
    again = EmbeddedHost(settings, mount=mount_ui)
    back = await again.start()
    try:
        assert back.base_url == hosting.base_url and back.admin_token == hosting.admin_token
        assert back.table is None  # nothing asked for: every table is served as it was
        async with httpx.AsyncClient(base_url=back.base_url) as phone:
            r = await phone.get(
                f"/api/tables/{table.table_id}",
                headers={"Authorization": f"Bearer {ann['player_token']}"},
            )
            assert r.status_code == 200  # Ann's phone still holds its seat
            r = await phone.get(f"/api/join/{table.join_code}")
            assert r.status_code == 200 and r.json()["name"] == "Saloon"
        same = await again.start("Saloon", "deadlands")  # asked for by name: resumed
        assert same.table == table
    finally:
        await again.stop()


async def test_one_host_per_folder_and_a_taken_port_is_said(tmp_path: Path) -> None:
    settings = config(tmp_path / "tables")
    first = EmbeddedHost(settings, mount=mount_ui)
    await first.start()
    try:
        with pytest.raises(FolderInUse):
            await EmbeddedHost(settings, mount=mount_ui).start()
        with pytest.raises(HostNotStarted):
            await EmbeddedHost(config(tmp_path / "other", settings.port), mount=mount_ui).start()
    finally:
        await first.stop()


async def test_a_connection_that_never_finishes_a_request_is_closed(tmp_path: Path) -> None:
    host = EmbeddedHost(config(tmp_path / "tables"), mount=mount_ui, request_timeout=0.5)
    hosting = await host.start()
    port = int(hosting.base_url.rsplit(":", 1)[1])
    try:
        silent = await asyncio.open_connection("127.0.0.1", port)
        half = await asyncio.open_connection("127.0.0.1", port)
        half[1].write(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # no end
        kept = await asyncio.open_connection("127.0.0.1", port)
        kept[1].write(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = await asyncio.wait_for(kept[0].readuntil(b"\r\n\r\n"), 5)
        assert answer.startswith(b"HTTP/1.1 200")
        # A whole request, then a second one begun and never finished.
        await asyncio.sleep(0.3)
        kept[1].write(b"GET /api/health HTTP/1.1\r\n")
        for reader, _ in (silent, half, kept):
            rest = await asyncio.wait_for(reader.read(), 3)  # b"...": closed by the host
            assert b"HTTP/1.1 200" not in rest or reader is kept[0]
            assert reader.at_eof()
        async with httpx.AsyncClient(base_url=hosting.base_url) as phone:
            assert (await phone.get("/api/health")).status_code == 200  # others still served
    finally:
        await host.stop()


async def test_a_web_socket_outlives_the_request_deadline(tmp_path: Path) -> None:
    """Flet's /ws (every browser page's connection) is not a request still arriving."""
    host = EmbeddedHost(config(tmp_path / "tables"), mount=mount_ui, request_timeout=0.3)
    hosting = await host.start()
    port = int(hosting.base_url.rsplit(":", 1)[1])
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(
            b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            b"Sec-WebSocket-Version: 13\r\n\r\n"
        )
        answer = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        assert answer.startswith(b"HTTP/1.1 101"), answer
        with pytest.raises(TimeoutError):  # still open, well past the deadline
            await asyncio.wait_for(reader.read(1), 1.5)
        assert not reader.at_eof()
        writer.close()
    finally:
        await host.stop()


async def test_the_app_hosts_at_launch_and_says_where(tmp_path: Path) -> None:
    """main.py on FATEPOT_HOST_HERE: the table hosted before any screen, the links and
    QR printed as `fatepot host` prints them; a GM screen's *Host a table here* then
    reaches the same host and table."""
    port = free_port()
    app_host = AppHost({"data_dir": str(tmp_path / "tables"), "bind": "127.0.0.1", "port": port})
    said = await app_host.launch("Saloon", "deadlands")
    try:
        found = re.search(r"Players join:\s+(\S+)\s+code (\w+)", said)
        assert found is not None, said
        link, code = found.groups()
        assert link == f"http://127.0.0.1:{port}/join/{code}"
        assert "/gm?table=" in said and "█" in said  # the GM link, and the QR
        async with httpx.AsyncClient() as phone:
            r = await phone.get(link.replace(f"/join/{code}", f"/api/join/{code}"))
            assert r.status_code == 200 and r.json()["name"] == "Saloon"
        tapped = await app_host.start("Saloon", None)  # the GM's tap: the same host
        assert tapped.origin == f"http://127.0.0.1:{port}" and tapped.table_id
        assert tapped.table_id in said
    finally:
        await app_host.stop()
