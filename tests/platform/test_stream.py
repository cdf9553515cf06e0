"""The server-sent events stream beside the long poll."""

from __future__ import annotations

import json
import threading
import time

import httpx

from tests.conftest import RunningHost, bearer, create_table, join


def test_sse_stream_delivers_past_and_new_events(host: RunningHost) -> None:
    t = create_table(host.url)
    ann = join(host.url, t["join_code"], "Ann")
    received: list[dict[str, object]] = []
    done = threading.Event()

    def listen() -> None:
        url = f"{host.url}/api/tables/{t['table_id']}/events/stream"
        with httpx.stream(
            "GET", url, params={"after": 0}, headers=bearer(ann["player_token"]), timeout=10
        ) as r:
            assert r.headers["content-type"].startswith("text/event-stream")
            for line in r.iter_lines():
                if line.startswith("data: "):
                    received.append(json.loads(line[6:]))
                    if any(e["type"] == "note" for e in received):
                        done.set()
                        return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    time.sleep(0.3)
    httpx.post(
        f"{host.url}/api/tables/{t['table_id']}/commands",
        headers=bearer(t["gm_token"]),
        json={"id": "n1", "type": "note", "args": {"text": "Dusk falls."}},
    )
    assert done.wait(5)
    versions = [int(str(e["version"])) for e in received]
    assert versions == sorted(versions) and versions[0] == 1
    assert received[-1]["text"] == "GM: Dusk falls."


def test_lan_address_is_an_ipv4_address() -> None:
    import ipaddress

    from app.host.lan import lan_address

    assert ipaddress.ip_address(lan_address()).version == 4
