"""Request and response bodies of the public API (they make /api/openapi.json)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateTable(_Body):
    name: str = Field(min_length=1, max_length=80)
    ruleset: str = Field(min_length=1, max_length=40)
    settings: dict[str, Any] = Field(default_factory=dict)


class TableCreated(BaseModel):
    table_id: str
    gm_token: str
    join_code: str
    join_url: str
    gm_url: str


class Join(_Body):
    join_code: str = Field(min_length=1, max_length=20)
    name: str = Field(min_length=1, max_length=40)


class Joined(BaseModel):
    table_id: str
    player_id: str
    player_token: str


class Claim(_Body):
    claim_code: str = Field(min_length=1, max_length=64)


class CommandIn(_Body):
    id: str = Field(min_length=1, max_length=100, description="made by the client, once")
    type: str = Field(min_length=1, max_length=60)
    args: dict[str, Any] = Field(default_factory=dict)


class CommandOut(BaseModel):
    version: int
    events: list[dict[str, Any]]


class EventsOut(BaseModel):
    version: int
    events: list[dict[str, Any]]
    table: dict[str, Any] | None = None


class ClaimIssued(BaseModel):
    claim_code: str
    claim_url: str


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorOut(BaseModel):
    error: ErrorDetail
