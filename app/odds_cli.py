"""``fatepot odds <system> ...``: exact odds of one roll, as a short table or JSON.

The main CLI calls ``add_odds_parser(sub)``; the parser it adds sets ``handler`` to
``run_odds`` (returns the exit code). ``python -m app.odds_cli deadlands --dice 3d8
--tn 7`` runs the same commands without the main CLI.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from .domain.errors import DomainError, InvalidArgs
from .domain.odds import (
    LADDERS,
    TN_LADDER,
    deadlands_odds,
    fates_edge_odds,
    parse_die,
    parse_pool,
    savage_odds,
    wheel_odds,
)

BONUS_CHIPS = {"deadlands": ("red", "blue", "legend"), "spacelands": ("red", "blue")}


def _tn(text: str) -> int:
    """A TN as a number or a ladder name (Foolproof 3 ... Incredible 11)."""
    named = TN_LADDER.get(text.strip().lower())
    if named is not None:
        return named
    try:
        return int(text)
    except ValueError:
        names = ", ".join(f"{k} {v}" for k, v in TN_LADDER.items())
        raise InvalidArgs(f"'{text}' is not a TN: a number or one of {names}.") from None


def _trait(args: argparse.Namespace) -> dict[str, Any]:
    dice, sides = parse_pool(args.dice)
    chips: list[str] = args.chip or []
    bonus = [c for c in chips if c != "white"]
    if len(bonus) > 1:
        raise InvalidArgs("Only one red, blue or Legend chip can be spent on a single roll.")
    odds = deadlands_odds(dice, sides, _tn(args.tn), chips.count("white"), bool(bonus))
    return odds.as_dict()


def _savage(args: argparse.Namespace) -> dict[str, Any]:
    trait, trait_mod = parse_die(args.trait)
    wild, wild_mod = parse_die(args.wild)
    if wild_mod:
        raise InvalidArgs("The Wild Die takes no modifier: put it in --mod.")
    odds = savage_odds(
        trait,
        _tn(args.tn),
        wild=wild,
        mod=trait_mod + args.mod,
        extra_effort=args.extra_effort or args.effort_aces,
        effort_aces=args.effort_aces,
    )
    return odds.as_dict()


def _fates_edge(args: argparse.Namespace) -> dict[str, Any]:
    return fates_edge_odds(args.pool, args.dv, args.ladder).as_dict()


def _wheel(args: argparse.Namespace) -> dict[str, Any]:
    return wheel_odds(args.dice, args.difficulty, args.bonus, args.penalty).as_dict()


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
    try:
        answer: dict[str, Any] = args.odds_compute(args)
    except DomainError as exc:
        print(f"fatepot odds: {exc.message}", file=sys.stderr)
        return 2
    print(json.dumps(answer) if args.json else _show(answer))
    return 0


def _add_systems(parser: argparse.ArgumentParser) -> None:
    systems = parser.add_subparsers(dest="system", required=True, metavar="SYSTEM")

    for name in ("deadlands", "spacelands"):
        trait = systems.add_parser(name, help=f"{name} trait roll (acing dice, bust, chips)")
        trait.add_argument("--dice", required=True, help="the pool, e.g. 3d8")
        trait.add_argument("--tn", required=True, help="target number or ladder name")
        trait.add_argument(
            "--chip",
            action="append",
            choices=("white", *BONUS_CHIPS[name]),
            help="a chip spent on the roll (repeat for several whites)",
        )
        trait.set_defaults(odds_compute=_trait)

    savage = systems.add_parser("savage", help="Savage Worlds trait + Wild Die (bottlecaps)")
    savage.add_argument("--trait", required=True, help="trait die, e.g. d8 or d12+2")
    savage.add_argument("--wild", default="d6", help="Wild Die (default d6)")
    savage.add_argument("--tn", default="4", help="target number (default 4)")
    savage.add_argument("--mod", type=int, default=0, help="modifier added to the total")
    savage.add_argument(
        "--extra-effort", action="store_true", help="a blue cap's Extra Effort: +1d6"
    )
    savage.add_argument(
        "--effort-aces", action="store_true", help="Extra Effort's d6 aces (implies it)"
    )
    savage.set_defaults(odds_compute=_savage)

    fates = systems.add_parser("fates-edge", help="Fate's Edge d10 pool vs DV")
    fates.add_argument("--pool", type=int, required=True, help="number of d10s")
    fates.add_argument("--dv", type=int, required=True, help="successes needed")
    fates.add_argument("--ladder", choices=LADDERS, default="basic", help="description")
    fates.set_defaults(odds_compute=_fates_edge)

    wheel = systems.add_parser("wheel", help="Wheel of Fate Xd6 vs difficulty")
    wheel.add_argument("--dice", type=int, required=True, help="base dice (kept)")
    wheel.add_argument("--bonus", type=int, default=0, help="bonus dice (keep highest)")
    wheel.add_argument("--penalty", type=int, default=0, help="penalty dice (keep lowest)")
    wheel.add_argument("--difficulty", type=int, required=True, help="match or beat this")
    wheel.set_defaults(odds_compute=_wheel)

    for sub in (*systems.choices.values(),):
        sub.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(handler=run_odds)


def add_odds_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``odds`` with one sub-command per rule system to the main CLI."""
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
