"""Every system's event types are published (``events`` in ``GET /api/rulesets``,
``components/schemas`` and ``x-events`` in the OpenAPI document), and the events a
real host sends fit the published schema of their type's data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import jsonschema_rs

from app.domain.ruleset import events_of
from tests.conftest import bearer, create_table, join, start_host

from .test_api import command

SYSTEMS = ("bottlecaps", "deadlands", "fates-edge", "spacelands", "wheel-of-fate")


def test_each_system_s_event_types_are_published_and_a_real_feed_fits_them(
    tmp_path: Path,
) -> None:
    host = start_host(tmp_path / "data")
    feeds: dict[str, list[dict[str, Any]]] = {}
    try:
        document: dict[str, Any] = httpx.get(f"{host.url}/api/openapi.json").json()
        catalogue = {r["name"]: r for r in httpx.get(f"{host.url}/api/rulesets").json()}
        for system in SYSTEMS:
            t = create_table(host.url, system)
            ann = join(host.url, t["join_code"], "Ann")
            assert command(host.url, t["table_id"], t["gm_token"], "s", "session.start", {})
            assert command(
                host.url, t["table_id"], ann["player_token"], "n", "note", {"text": "Hi"}
            )
            answer = httpx.get(
                f"{host.url}/api/tables/{t['table_id']}/events",
                headers=bearer(t["gm_token"]),
            ).json()
            feeds[system] = answer["events"]
    finally:
        host.stop()
    get = next(v["get"] for k, v in document["paths"].items() if k.endswith("/{table_id}/events"))
    components = document["components"]["schemas"]
    for system in SYSTEMS:
        published = catalogue[system]["events"]
        assert set(published) == set(events_of(system))
        assert set(get["x-events"][system]) == set(published)
        assert len(feeds[system]) >= 4  # created, seat, session, note (and the rules' own)
        for event in feeds[system]:
            schema = published[event["type"]]["schema"]
            jsonschema_rs.validator_for(schema).validate(event["data"])
            ref = get["x-events"][system][event["type"]]
            in_document = jsonschema_rs.validator_for(
                {**ref, "components": {"schemas": components}}
            )
            in_document.validate(event["data"])
            # Closed: a key the declaration doesn't name is refused.
            assert not in_document.is_valid({**event["data"], "surprise": 1})
