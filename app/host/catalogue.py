"""Every rule system's command catalogue, as ``GET /api/rulesets`` and the OpenAPI
document publish it: each command's summary, roles, argument descriptions and the JSON
Schema of its arguments, all from the one declaration in the domain
(:mod:`app.domain.arguments`); and, for a system whose view is declared
(``Ruleset.view_type``), the JSON Schema of its part of the table view; and every event
type it may emit, with the JSON Schema of its data (:mod:`app.domain.event_types`)."""

from __future__ import annotations

import gzip
import re
from functools import cache
from typing import Any, cast

from fastapi import FastAPI
from pydantic import TypeAdapter
from pydantic.json_schema import models_json_schema

from app.domain.arguments import Args
from app.domain.commands import CommandSpec
from app.domain.ruleset import events_of, get_ruleset, ruleset_names
from app.domain.table import Table

from .responses import dumps

#: Where the command schemas sit in the OpenAPI document.
REF = "#/components/schemas/{model}"


def specs(ruleset: str) -> dict[str, CommandSpec]:
    """A rule system's commands (the shared table commands included), by type."""
    return dict(sorted(Table("catalogue", get_ruleset(ruleset)).command_specs().items()))


def view_schema(view_type: object, ref_template: str = "#/$defs/{model}") -> dict[str, Any]:
    """The JSON Schema of a declared view (its parts under ``$defs``)."""
    # Any: the ruleset declares it as a plain object (a TypedDict class, for pydantic).
    adapter: TypeAdapter[Any] = TypeAdapter(cast(Any, view_type))
    schema: dict[str, Any] = adapter.json_schema(ref_template=ref_template)
    return schema


def event_schemas(system: str, ref_template: str = "#/$defs/{model}") -> dict[str, Any]:
    """Each event type ``system`` may emit, by name: what it records and the JSON Schema
    of its data."""
    return {
        name: {
            "summary": t.summary,
            "schema": t.payload.model_json_schema(ref_template=ref_template),
        }
        for name, t in sorted(events_of(system).items())
    }


@cache
def rulesets() -> list[dict[str, Any]]:
    """Every rule system with its settings and command catalogue (computed once), the
    schema of its view when it is declared (``view_schema``), and its event types with
    the schemas of their data (``events``)."""
    out = []
    for name in ruleset_names():
        rs = get_ruleset(name)
        views = {} if rs.view_type is None else {"view_schema": view_schema(rs.view_type)}
        out.append(
            {
                "name": name,
                "title": rs.title,
                "settings": rs.default_settings(),
                "commands": {
                    t: {
                        "summary": s.summary,
                        "roles": sorted(s.roles),
                        "args": s.descriptions(),
                        "schema": s.schema(),
                    }
                    for t, s in specs(name).items()
                },
                **views,
                "events": event_schemas(name),
            }
        )
    return out


@cache
def rulesets_body() -> tuple[bytes, bytes]:
    """:func:`rulesets` as JSON bytes, plain and gzipped (made once: it never changes
    while the host runs)."""
    plain = dumps(rulesets())
    return plain, gzip.compress(plain, compresslevel=6)


def add_command_schemas(app: FastAPI) -> None:
    """Publish each command's argument schema in the app's OpenAPI document: the models
    under ``components/schemas``, and ``x-commands`` on the command endpoint mapping
    rule system -> command type -> its schema; and each declared view's schema there
    too, with ``x-views`` on the table endpoint (rule system -> its ``rules``' schema);
    and each event type's data, with ``x-events`` on the events endpoint (rule system ->
    event type -> the schema of its ``data``)."""
    plain = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        document = plain()
        models: dict[type[Args], None] = {}
        by_system: dict[str, dict[str, CommandSpec]] = {n: specs(n) for n in ruleset_names()}
        for catalogue in by_system.values():
            for spec in catalogue.values():
                if not isinstance(spec.args, dict):
                    models[spec.args] = None
        refs, defs = models_json_schema([(m, "validation") for m in models], ref_template=REF)
        schemas = document.setdefault("components", {}).setdefault("schemas", {})
        schemas.update(defs.get("$defs", {}))
        commands: dict[str, dict[str, Any]] = {}
        for system, catalogue in by_system.items():
            commands[system] = {
                t: refs[(s.args, "validation")] if not isinstance(s.args, dict) else s.schema()
                for t, s in catalogue.items()
            }
        views: dict[str, dict[str, Any]] = {}
        for system in ruleset_names():
            view_type = get_ruleset(system).view_type
            if view_type is not None:
                # Under the system's name: two systems' "Sheet"s are different things.
                named = REF.format(model=f"{system}.{{model}}")
                view = view_schema(view_type, named)
                for part, schema in view.pop("$defs", {}).items():
                    schemas[f"{system}.{part}"] = schema
                schemas[f"{system}.{view['title']}"] = view
                views[system] = {"$ref": named.format(model=view["title"])}
        events: dict[str, dict[str, Any]] = {}
        for system in ruleset_names():
            events[system] = {}
            for name, t in sorted(events_of(system).items()):
                # Under the system's name: two systems' "NpcAdded"s carry different data.
                title = f"{system}.{t.payload.__name__}"
                schema = t.payload.model_json_schema(ref_template=REF)
                schemas[title] = schema
                events[system][name] = {"$ref": REF.format(model=title)}
        for path, item in document.get("paths", {}).items():
            if re.search(r"/commands$", path) and "post" in item:
                item["post"]["x-commands"] = commands
            if re.search(r"/tables/\{table_id\}$", path) and "get" in item:
                item["get"]["x-views"] = views  # rule system -> the schema of view["rules"]
            if re.search(r"/tables/\{table_id\}/events$", path) and "get" in item:
                item["get"]["x-events"] = events  # rule system -> event type -> its data
        app.openapi_schema = document
        return document

    app.openapi = openapi  # type: ignore[method-assign]  # FastAPI's documented override
