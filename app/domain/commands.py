"""Commands (what someone asks for) and the spec each command type is declared with."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import arguments
from .actors import Actor, Role
from .arguments import Args, NoArgs
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

    ``args`` declares the arguments as an :class:`~.arguments.Args` model: the handler
    receives them parsed, and the API publishes the model's JSON Schema. Specs are made
    by the command's :class:`~.command_types.CommandType` (``X.spec(...)``), which lets
    mypy check the handler takes that model and names the spec.
    """

    summary: str
    handler: Handler
    roles: frozenset[Role] = frozenset({"gm", "player"})
    args: type[Args] = NoArgs
    #: The command's name, when the spec was made by its ``CommandType`` (which every
    #: catalogue does: tests/platform/test_command_types.py).
    name: str = ""

    def parse(self, raw: JsonDict) -> Args:
        """The handler's input: ``raw`` parsed by the declared model."""
        return arguments.parse(self.args, raw)

    def schema(self) -> JsonDict:
        """The JSON Schema of the arguments."""
        return arguments.schema(self.args)

    def descriptions(self) -> dict[str, str]:
        """Argument name (as a client sends it) -> description."""
        return arguments.descriptions(self.args)
