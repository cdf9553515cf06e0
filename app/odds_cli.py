"""``fatepot odds <system> ...``: exact odds of one roll, as a short table or JSON.

The sub-commands are built from the odds calculators registered per rule system
(``app.domain.odds.registry``): each parameter becomes an option (``--dice``,
``--chip`` repeated, ``--extra-effort`` as a flag), so a system that registers a
calculator is here without hand-wiring. The main CLI calls ``add_odds_parser(sub)``;
the parser it adds sets ``handler`` to ``run_odds`` (returns the exit code).
``python -m app.odds_cli deadlands --dice 3d8 --tn 7`` runs the same commands without
the main CLI.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from .domain.errors import DomainError
from .domain.odds import OddsCalculator, OddsParam, calculators


def _show(answer: dict[str, Any]) -> str:
    width = max(len(k) for k in answer)
    lines = []
    for key, value in answer.items():
        shown = f"{value:.4f}"
        if key.startswith("p_"):
            shown += f"  ({value:.1%})"
        lines.append(f"{key:<{width}}  {shown}")
    return "\n".join(lines)


def run_odds(args: argparse.Namespace) -> int:
    """Answer one parsed ``odds`` command; 2 with a one-line message on bad input."""
    calculator: OddsCalculator = args.odds_calculator
    values = {p.name: getattr(args, p.name) for p in calculator.params}
    try:
        answer = calculator.run(values)
    except DomainError as exc:
        print(f"fatepot odds: {exc.message}", file=sys.stderr)
        return 2
    print(json.dumps(answer) if args.json else _show(answer))
    return 0


def _add_option(parser: argparse.ArgumentParser, param: OddsParam) -> None:
    flag = "--" + param.name.replace("_", "-")
    if param.kind is bool:
        parser.add_argument(flag, dest=param.name, action="store_true", help=param.help)
        return
    options: dict[str, Any] = {"dest": param.name, "type": param.kind, "help": param.help}
    if param.choices:
        options["choices"] = param.choices
    if param.repeat:
        options["action"] = "append"
    elif param.default is None:
        options["required"] = True
    else:
        options["default"] = param.default
    parser.add_argument(flag, **options)


def _add_systems(parser: argparse.ArgumentParser) -> None:
    systems = parser.add_subparsers(dest="system", required=True, metavar="SYSTEM")
    for calculator in calculators():
        sub = systems.add_parser(
            calculator.command,
            help=calculator.summary,
            description=calculator.summary,
            aliases=list(calculator.aliases),
        )
        for param in calculator.params:
            _add_option(sub, param)
        sub.add_argument("--json", action="store_true", help="print JSON")
        sub.set_defaults(odds_calculator=calculator)
    parser.set_defaults(handler=run_odds)


def add_odds_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``odds`` with one sub-command per registered calculator to the main CLI."""
    odds = subparsers.add_parser("odds", help="exact odds of a roll", description=__doc__)
    _add_systems(odds)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m app.odds_cli SYSTEM ...``: the odds commands on their own."""
    parser = argparse.ArgumentParser(prog="fatepot odds", description=__doc__)
    _add_systems(parser)
    args = parser.parse_args(argv)
    return run_odds(args)


if __name__ == "__main__":
    raise SystemExit(main())
