"""The edges of a real host with its web UI mounted: the documented error shape for
every /api request no route takes, ?token= on the QR images only, Host and Origin
checked, and field errors in a player's words."""

from __future__ import annotations

import base64
import os
import socket
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest

from tests.conftest import RunningHost, bearer, create_table, join, start_host


@pytest.fixture(scope="module")
def web_host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHost]:
    running = start_host(tmp_path_factory.mktemp("edges") / "data", with_web=True)
    yield running
    running.stop()


def assert_error(r: httpx.Response, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    assert r.json()["error"]["code"] == code, r.text
    assert set(r.json()) == {"error"} and r.json()["error"]["message"]
    assert "access-control-allow-origin" not in r.headers


def test_wrong_methods_on_api_paths_get_the_documented_405(web_host: RunningHost) -> None:
    r = httpx.delete(f"{web_host.url}/api/health")
    assert_error(r, 405, "method_not_allowed")
    assert r.headers["allow"] == "GET"
    r = httpx.put(f"{web_host.url}/api/tables/t123/commands")
    assert_error(r, 405, "method_not_allowed")
    assert "POST" in r.headers["allow"]
    assert_error(httpx.post(f"{web_host.url}/api/nothing-here"), 404, "not_found")
    assert_error(httpx.get(f"{web_host.url}/api/nothing-here"), 404, "not_found")
    assert_error(httpx.patch(f"{web_host.url}/api"), 404, "not_found")


def test_a_token_in_the_address_opens_the_qr_images_only(web_host: RunningHost) -> None:
    table = create_table(web_host.url)
    base = f"{web_host.url}/api/tables/{table['table_id']}"
    token = {"token": table["gm_token"]}
    assert httpx.get(f"{base}/qr.svg", params=token).status_code == 200
    assert httpx.get(f"{base}/qr.png", params=token).status_code == 200
    for path in ("", "/events", "/export"):
        assert_error(httpx.get(f"{base}{path}", params=token), 401, "unauthorized")
    r = httpx.get(f"{base}/events/stream", params=token)
    assert_error(r, 401, "unauthorized")
    assert httpx.get(base, headers=bearer(table["gm_token"])).status_code == 200


def test_an_unknown_host_name_is_refused(web_host: RunningHost) -> None:
    """DNS rebinding: a page on another name pointed at the host gets nothing."""
    port = urlsplit(web_host.url).port
    for path in ("/api/health", "/", "/join/ABCDEF"):
        r = httpx.get(f"{web_host.url}{path}", headers={"Host": f"rebind.evil.example:{port}"})
        assert_error(r, 403, "unknown_host")
    for name in ("127.0.0.1", "localhost", socket.gethostname(), "[::1]", "192.168.1.20"):
        r = httpx.get(f"{web_host.url}/api/health", headers={"Host": f"{name}:{port}"})
        assert r.status_code == 200, (name, r.text)


def test_changes_from_another_site_are_refused(web_host: RunningHost) -> None:
    table = create_table(web_host.url)
    url = f"{web_host.url}/api/join"
    body = {"join_code": table["join_code"], "name": "Eve"}
    r = httpx.post(url, json=body, headers={"Origin": "http://evil.example"})
    assert_error(r, 403, "cross_site")
    assert httpx.post(url, json=body, headers={"Origin": web_host.url}).status_code == 201
    no_origin = {**body, "name": "Ann"}  # an app or a script sends no Origin
    assert httpx.post(url, json=no_origin).status_code == 201


def websocket_handshake(url: str, origin: str) -> str:
    """The status line the host answers a web socket handshake to /ws with."""
    parts = urlsplit(url)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET /ws HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        f"Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n"
    )
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as conn:
        conn.sendall(request.encode())
        return conn.recv(4096).decode("latin-1").split("\r\n", 1)[0]


def test_the_web_socket_takes_the_hosts_own_pages_only(web_host: RunningHost) -> None:
    assert " 403 " in websocket_handshake(web_host.url, "http://evil.example")
    assert " 101 " in websocket_handshake(web_host.url, web_host.url)


def test_an_over_long_name_is_refused_in_a_players_words(web_host: RunningHost) -> None:
    table = create_table(web_host.url)
    r = httpx.post(
        f"{web_host.url}/api/join", json={"join_code": table["join_code"], "name": "A" * 82}
    )
    assert_error(r, 422, "invalid_request")
    assert r.json()["error"]["message"] == "A name can be at most 40 characters."
    r = httpx.post(f"{web_host.url}/api/join", json={"join_code": table["join_code"], "name": ""})
    assert r.json()["error"]["message"] == "A name can't be empty."
    r = httpx.post(f"{web_host.url}/api/join", json={"name": "Ann"})
    assert r.json()["error"]["message"] == "A join code is required."
    ann = join(web_host.url, table["join_code"], "Ann")
    r = httpx.get(
        f"{web_host.url}/api/tables/{table['table_id']}/events",
        params={"wait": 99},
        headers=bearer(ann["player_token"]),
    )
    assert r.json()["error"]["message"] == "'wait' can be at most 30.0."


def test_pages_carry_their_security_headers(web_host: RunningHost) -> None:
    for path in ("/", "/join/ABCDEF", "/gm?table=t1"):
        r = httpx.get(f"{web_host.url}{path}")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
        assert "script-src 'self' 'wasm-unsafe-eval' 'sha256-" in csp
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "no-referrer"
