"""Commands (what someone asks for) and the spec each command type is declared with."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import arguments
from .actors import Actor, Role
from .arguments import A, Args
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


Handler = Callable[["Context", Any], None]


@dataclass(frozen=True)
class CommandSpec:
    """How a command type is called, who may call it, and the rule code behind it.

    ``args`` declares the arguments: an :class:`~.arguments.Args` model, which the
    handler receives parsed (and which gives the API's JSON Schema), or — for command
    types not yet declared that way — a map of name -> description, in which case the
    handler receives the raw JSON object and checks it itself.
    """

    summary: str
    handler: Handler
    roles: frozenset[Role] = frozenset({"gm", "player"})
    args: type[Args] | dict[str, str] = field(default_factory=dict)

    def parse(self, raw: JsonDict) -> Any:
        """The handler's input: ``raw`` parsed by the declared model (or as it is)."""
        if isinstance(self.args, dict):
            return raw
        return arguments.parse(self.args, raw)

    def schema(self) -> JsonDict:
        """The JSON Schema of the arguments."""
        if isinstance(self.args, dict):
            return {
                "type": "object",
                "properties": {n: {"description": d} for n, d in self.args.items()},
            }
        return arguments.schema(self.args)

    def descriptions(self) -> dict[str, str]:
        """Argument name -> description."""
        if isinstance(self.args, dict):
            return dict(self.args)
        return arguments.descriptions(self.args)


def command(
    summary: str,
    handler: Callable[[Context, A], None],
    args: type[A],
    roles: frozenset[Role] = frozenset({"gm", "player"}),
) -> CommandSpec:
    """A command type whose handler takes ``args`` parsed (checked: the handler's
    argument type is the declared model)."""
    return CommandSpec(summary, handler, roles=roles, args=args)
