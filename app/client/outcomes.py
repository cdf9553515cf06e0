"""What became of a command a client sent."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Applied:
    """The host applied it; ``events`` are the ones this client may see."""

    command_id: str
    version: int
    events: list[dict[str, Any]]


@dataclass(frozen=True)
class Rejected:
    """The host refused it; ``message`` names the rule in plain words."""

    command_id: str
    status: int
    code: str
    message: str


@dataclass(frozen=True)
class Queued:
    """The host couldn't be reached; it waits in the outbox and is sent on reconnect."""

    command_id: str


Outcome = Applied | Rejected | Queued


@dataclass(frozen=True)
class PendingCommand:
    """A command in the outbox, with the id it will keep on every retry."""

    id: str
    type: str
    args: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "type": self.type, "args": self.args}
