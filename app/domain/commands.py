"""Commands (what someone asks for) and the spec each command type is declared with."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .actors import Actor, Role
from .jsonvalue import JsonDict

if TYPE_CHECKING:
    from .context import Context


@dataclass(frozen=True)
class Command:
    """A request to change the table. ``id`` is made by the client, once per intent."""

    id: str
    type: str
    args: JsonDict
    actor: Actor
    at: float


Handler = Callable[["Context", JsonDict], None]


@dataclass(frozen=True)
class CommandSpec:
    """How a command type is called, who may call it, and the rule code behind it.

    ``args`` documents each argument (name -> description) for docs/protocol.md and
    the API's command catalogue.
    """

    summary: str
    handler: Handler
    roles: frozenset[Role] = frozenset({"gm", "player"})
    args: dict[str, str] = field(default_factory=dict)
