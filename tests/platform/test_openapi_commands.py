"""The OpenAPI document of a real host lists every command's argument schema
(``x-commands`` on the command endpoint, models under ``components/schemas``), and
``GET /api/rulesets`` publishes the same schema per command: a client learns the
shapes from the document, not from prose."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import jsonschema_rs

from tests.conftest import start_host

from .test_command_schemas import EXAMPLES, SYSTEMS


def test_every_command_of_every_system_has_its_schema_in_the_openapi_document(
    tmp_path: Path,
) -> None:
    host = start_host(tmp_path / "data")
    try:
        document: dict[str, Any] = httpx.get(f"{host.url}/api/openapi.json").json()
        answer = httpx.get(f"{host.url}/api/rulesets")
        catalogue: list[dict[str, Any]] = answer.json()
    finally:
        host.stop()
    # ~330 kB of schemas travel gzipped to a client that takes it (httpx does).
    assert answer.headers["content-encoding"] == "gzip"
    assert int(answer.headers["content-length"]) < len(answer.content) / 4
    post = next(v["post"] for k, v in document["paths"].items() if k.endswith("/commands"))
    listed: dict[str, dict[str, Any]] = post["x-commands"]
    components = document["components"]["schemas"]
    for system in catalogue:
        if system["name"] not in SYSTEMS:
            continue
        assert set(listed[system["name"]]) == set(system["commands"]), system["name"]
        for kind, ref in listed[system["name"]].items():
            name = ref["$ref"].rsplit("/", 1)[-1]
            assert name in components, (kind, name)
            # The document's schema, its references resolved against the document,
            # accepts what the docs show for this command when it fits this system.
            validator = jsonschema_rs.validator_for({**ref, "components": {"schemas": components}})
            published = jsonschema_rs.validator_for(system["commands"][kind]["schema"])
            for args in EXAMPLES.get(kind, []):
                assert validator.is_valid(args) == published.is_valid(args), (kind, args)
