"""Odds calculators, registered per rule system, so the CLI and the UI find them.

A calculator names the rule systems it serves, its parameters (typed, with help and
defaults: the CLI builds its options from them, the UI its form fields) and a
``compute`` that takes the parameters by name and returns the answer as a flat dict
of numbers (``p_success``...). A rule system adds its own with ``register_odds``;
``odds_for`` finds the calculator of a rule system by its name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidArgs

Compute = Callable[[Mapping[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class OddsParam:
    """One input of a calculator: an option on the CLI, a field in the UI."""

    name: str
    help: str
    kind: type = int  # int, str, or bool (a flag: off unless given)
    default: Any = None  # None: required
    choices: tuple[str, ...] = ()
    repeat: bool = False  # may be given several times (a list)


@dataclass(frozen=True)
class OddsCalculator:
    """The exact odds of one kind of roll of one or more rule systems."""

    command: str  # the CLI sub-command: ``fatepot odds <command>``
    systems: tuple[str, ...]  # rule systems (registry names) it serves
    summary: str
    params: tuple[OddsParam, ...]
    compute: Compute
    aliases: tuple[str, ...] = field(default=())

    def run(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults filled in, required parameters checked, then ``compute``."""
        given = dict(values)
        for param in self.params:
            if given.get(param.name) is None:
                if param.default is None and not param.repeat and param.kind is not bool:
                    raise InvalidArgs(f"'{param.name}' is required: {param.help}.")
                empty = False if param.kind is bool else param.default
                given[param.name] = [] if param.repeat else empty
        return self.compute(given)


_CALCULATORS: dict[str, OddsCalculator] = {}


def register_odds(calculator: OddsCalculator) -> None:
    """Make a calculator available to the CLI and the UI."""
    _CALCULATORS[calculator.command] = calculator


def calculators() -> list[OddsCalculator]:
    """Every registered calculator, in registration order."""
    return list(_CALCULATORS.values())


def odds_for(system: str) -> OddsCalculator | None:
    """The calculator serving rule system ``system``, if any."""
    return next((c for c in _CALCULATORS.values() if system in c.systems), None)
