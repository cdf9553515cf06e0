"""A command type: its name on the wire and its argument model, declared once.

The rule code declares each command type beside its handler::

    MARSHAL_SPEND = CommandType("marshal.spend", GmSpendArgs)

The catalogue registers it (``MARSHAL_SPEND.spec(summary, handler, roles)``: mypy
checks the handler takes ``GmSpendArgs``), and a client builds a call of it with the
model's own keywords (``MARSHAL_SPEND(colour="red", purpose="the bandit")``: mypy
checks the names and types against ``GmSpendArgs``). So neither the UI nor the
catalogue spells a command's name or an argument's name a second time.

A call is not validated where it is built: the host parses it, so a wrong value gets
the same player-worded refusal from every client.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, ParamSpec, cast

from .actors import Role
from .arguments import A
from .commands import CommandSpec
from .jsonvalue import JsonDict

if TYPE_CHECKING:
    from .context import Context

P = ParamSpec("P")
EVERYONE: frozenset[Role] = frozenset({"gm", "player"})


@dataclass(frozen=True)
class CommandCall:
    """A command type with its arguments, ready to send (``args`` as JSON)."""

    type: str
    args: JsonDict


class CommandType(Generic[P, A]):
    """A command's name and argument model (see the module's docstring)."""

    def __init__(self, name: str, model: Callable[P, A]) -> None:
        self.name = name
        #: The argument model (a class: ``Callable`` only so its keywords type the call).
        self.model = cast("type[A]", model)
        # Field name -> the name a client sends ("for_" -> "for": a Python keyword).
        self._wire = {
            field: info.serialization_alias or field
            for field, info in self.model.model_fields.items()
        }

    def __call__(self, *_: P.args, **values: P.kwargs) -> CommandCall:
        """A call of this command with ``values`` (the model's keywords; ones left out
        take the model's defaults on the host)."""
        return CommandCall(self.name, {self._wire.get(k, k): v for k, v in values.items()})

    def __repr__(self) -> str:
        return f"CommandType({self.name!r}, {self.model.__name__})"

    def spec(
        self,
        summary: str,
        handler: Callable[[Context, A], None],
        roles: frozenset[Role] = EVERYONE,
    ) -> CommandSpec:
        """The catalogue's entry for this command (mypy checks the handler takes the
        model)."""
        return CommandSpec(summary, handler, roles=roles, args=self.model, name=self.name)

    def bound(
        self,
        summary: str,
        handler: Callable[..., None],
        roles: frozenset[Role] = EVERYONE,
    ) -> CommandSpec:
        """The entry for a handler already bound to its system (``partial``): the caller
        has checked the handler takes the model."""
        return CommandSpec(summary, handler, roles=roles, args=self.model, name=self.name)


def catalogue(*specs: CommandSpec) -> dict[str, CommandSpec]:
    """Specs made by :meth:`CommandType.spec`, keyed by their command's name (a name
    given twice is a mistake in the catalogue)."""
    named: dict[str, CommandSpec] = {}
    for spec in specs:
        if not spec.name or spec.name in named:
            raise ValueError(f"command type {spec.name!r} is unnamed or given twice")
        named[spec.name] = spec
    return named
