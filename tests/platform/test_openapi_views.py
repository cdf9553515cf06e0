"""A declared view's JSON Schema is published (``view_schema`` in ``GET /api/rulesets``,
``components/schemas`` and ``x-views`` in the OpenAPI document), and the views a real
host sends validate against it: Bottlecaps first, the other systems when they follow."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import jsonschema_rs

from tests.conftest import bearer, create_table, join, start_host

from .test_api import command


def test_the_bottlecaps_view_schema_is_published_and_the_host_s_views_match_it(
    tmp_path: Path,
) -> None:
    host = start_host(tmp_path / "data")
    try:
        document: dict[str, Any] = httpx.get(f"{host.url}/api/openapi.json").json()
        catalogue = {r["name"]: r for r in httpx.get(f"{host.url}/api/rulesets").json()}
        t = create_table(host.url, "bottlecaps")
        ann = join(host.url, t["join_code"], "Ann")
        table, gm = t["table_id"], t["gm_token"]
        steps: list[tuple[str, dict[str, object]]] = [
            ("npc.add", {"name": "Black Jack"}),
            ("session.start", {}),
            ("roll.trait", {"player": "p1", "trait": "Agility"}),
            ("roll.damage", {"npc": "npc1", "dice": ["d8"]}),
            ("damage.take", {"player": "p1", "wounds": 1}),
        ]
        for n, (kind, args) in enumerate(steps):
            assert command(host.url, table, gm, f"c{n}", kind, args).status_code == 200
        views = [
            httpx.get(f"{host.url}/api/tables/{table}", headers=bearer(token)).json()["rules"]
            for token in (gm, ann["player_token"])
        ]
    finally:
        host.stop()
    get = next(v["get"] for k, v in document["paths"].items() if k.endswith("/{table_id}"))
    assert set(get["x-views"]) == {n for n, r in catalogue.items() if "view_schema" in r}
    components = document["components"]["schemas"]
    in_document = jsonschema_rs.validator_for(
        {**get["x-views"]["bottlecaps"], "components": {"schemas": components}}
    )
    published = jsonschema_rs.validator_for(catalogue["bottlecaps"]["view_schema"])
    assert "gm" in views[0] and views[1]["you"]["hit"]["wounds"] == 1
    for view in views:
        in_document.validate(view)
        published.validate(view)
    # Closed: a key the declaration doesn't name is refused by the published schema.
    assert not published.is_valid({**views[1], "secret": 1})
    assert not in_document.is_valid({**views[0], "secret": 1})


def test_every_declared_view_is_published_under_its_system_and_fits_a_real_table(
    tmp_path: Path,
) -> None:
    """Each system's parts are published under its own name (two systems' ``Sheet``s
    differ), and a fresh table's GM and player views fit both published schemas."""
    host = start_host(tmp_path / "data")
    try:
        document: dict[str, Any] = httpx.get(f"{host.url}/api/openapi.json").json()
        catalogue = {r["name"]: r for r in httpx.get(f"{host.url}/api/rulesets").json()}
        declared = sorted(n for n, r in catalogue.items() if "view_schema" in r)
        assert set(declared) == {
            "bottlecaps",
            "deadlands",
            "fates-edge",
            "spacelands",
            "wheel-of-fate",
        }
        views: dict[str, list[dict[str, Any]]] = {}
        for system in declared:
            t = create_table(host.url, system)
            ann = join(host.url, t["join_code"], "Ann")
            assert command(host.url, t["table_id"], t["gm_token"], "s", "session.start", {})
            views[system] = [
                httpx.get(f"{host.url}/api/tables/{t['table_id']}", headers=bearer(token)).json()[
                    "rules"
                ]
                for token in (t["gm_token"], ann["player_token"])
            ]
    finally:
        host.stop()
    get = next(v["get"] for k, v in document["paths"].items() if k.endswith("/{table_id}"))
    components = document["components"]["schemas"]
    for system in declared:
        assert get["x-views"][system]["$ref"].startswith(f"#/components/schemas/{system}.")
        in_document = jsonschema_rs.validator_for(
            {**get["x-views"][system], "components": {"schemas": components}}
        )
        published = jsonschema_rs.validator_for(catalogue[system]["view_schema"])
        for view in views[system]:
            in_document.validate(view)
            published.validate(view)


def test_the_fates_edge_view_schema_is_published_and_the_host_s_views_match_it(
    tmp_path: Path,
) -> None:
    host = start_host(tmp_path / "data")
    try:
        document: dict[str, Any] = httpx.get(f"{host.url}/api/openapi.json").json()
        catalogue = {r["name"]: r for r in httpx.get(f"{host.url}/api/rulesets").json()}
        t = create_table(host.url, "fates-edge")
        ann = join(host.url, t["join_code"], "Ann")
        table, gm = t["table_id"], t["gm_token"]
        steps: list[tuple[str, dict[str, object]]] = [
            ("cp.grant", {"cp": 2, "reason": "x"}),
            ("clock.create", {"name": "Doom", "size": 6, "visible": False}),
            ("character.pregen", {"player": "p1", "pregen": "ash", "build": "full"}),
            ("session.start", {}),
            ("roll.pool", {"player": "p1", "attribute": "wits"}),
        ]
        for n, (kind, args) in enumerate(steps):
            assert command(host.url, table, gm, f"c{n}", kind, args).status_code == 200
        views = [
            httpx.get(f"{host.url}/api/tables/{table}", headers=bearer(token)).json()["rules"]
            for token in (gm, ann["player_token"])
        ]
    finally:
        host.stop()
    get = next(v["get"] for k, v in document["paths"].items() if k.endswith("/{table_id}"))
    components = document["components"]["schemas"]
    in_document = jsonschema_rs.validator_for(
        {**get["x-views"]["fates-edge"], "components": {"schemas": components}}
    )
    published = jsonschema_rs.validator_for(catalogue["fates-edge"]["view_schema"])
    assert "characters" in views[0] and views[1]["you"]["pregen"] == "ash"
    for view in views:
        in_document.validate(view)
        published.validate(view)
    assert not published.is_valid({**views[1], "secret": 1})
    assert not in_document.is_valid({**views[0], "secret": 1})
