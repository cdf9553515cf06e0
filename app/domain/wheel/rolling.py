"""One Wheel of Fate roll from a command's arguments: gather every die, throw, read.

Shared by plain rolls and both sides of a contest. A roll counts an attribute's dice
(or a number of dice the GM names) plus extra dice; pools, help, tools and fate points
give bonus dice; impairment, stress and haste give penalty dice; invoked aspects give
extra dice. Dice come from the table's RNG or are entered by hand from physical dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from annotated_types import Ge, Le, MaxLen

from ..arguments import optional
from ..changes import Change, Move
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..jsonvalue import JsonDict
from ..tokens import hand
from . import dice
from .state import (
    FATE,
    WheelChar,
    char,
    char_name,
    char_path,
    put,
    require_attribute,
    require_fate,
    rules_of,
    spent_to,
)
from .wargs import AsGmOrNpc, Attribute, Numbers, PoolNames

MAX_DICE = 30

#: A count of dice a roll adds (0-30).
Dice = Annotated[int, Ge(0), Le(MAX_DICE)]
#: The faces of physical dice entered by hand.
Faces = Annotated[list[Annotated[int, Ge(1), Le(dice.SIDES)]], MaxLen(3 * MAX_DICE)]


class RollArgs(AsGmOrNpc):
    """Every source of dice a roll, an attack or a defence can name."""

    attribute: Attribute | None = optional("the attribute rolled: physical | mental | social")
    dice: int | None = optional(
        "a number of dice to count instead of an attribute", ge=0, le=MAX_DICE
    )
    pools: PoolNames = optional(
        "names of the character's normal pools that help (their dice are bonus dice)", []
    )
    extra: Dice = optional("extra dice the GM grants (counted)", 0)
    bonus: Dice = optional("bonus dice (tools, time, knowledge...)", 0)
    penalty: Dice = optional("penalty dice (working blind, impaired...)", 0)
    fate: Dice = optional("fate points to spend, one bonus die each", 0)
    invoke: Numbers = optional(
        "aspect numbers to invoke: one fate point and one extra die each", []
    )
    faces: Faces | None = optional(
        "the faces of physical dice, if rolled by hand (as many as the roll throws)"
    )


@dataclass(frozen=True)
class RollRequest:
    """Every source of dice for one roll, before cancelling."""

    cid: str | None
    attribute: str | None
    base: int
    extra: int = 0
    bonus: int = 0
    penalty: int = 0
    pools: dict[str, int] = field(default_factory=dict)
    stress: int = 0
    help: int = 0
    haste: int = 0
    fate: int = 0
    invoke: tuple[int, ...] = ()
    faces: tuple[int, ...] | None = None

    @property
    def plan(self) -> dice.DicePlan:
        return dice.plan(
            self.base + self.extra + len(self.invoke),
            self.bonus + sum(self.pools.values()) + self.help + self.fate,
            self.penalty + self.stress + self.haste,
        )


def _pools(ctx: Context, record: WheelChar | None, names: list[str]) -> dict[str, int]:
    if names and record is None:
        raise InvalidArgs("Only a character has pools.")
    special = {p["name"] for p in rules_of(ctx.state)["pools"] if p["special"]}
    out: dict[str, int] = {}
    for name in names:
        if name in special:
            raise RuleViolation(f"{name} is a special pool: the GM rules on what it does.")
        value = int((record or {}).get("pools", {}).get(name, 0))
        if not value:
            raise RuleViolation(f"There are no dice in a {name} pool on this sheet.")
        out[name] = value
    return out


def _invoked(ctx: Context, cid: str | None, numbers: list[int]) -> tuple[int, ...]:
    if numbers and cid is None:
        raise InvalidArgs("Only a character can invoke aspects.")
    aspects = char(ctx.state, cid).get("aspects", {}) if cid else {}
    for n in numbers:
        if not aspects.get(str(n)):
            raise InvalidArgs(f"There is no aspect {n} on this sheet.")
    return tuple(numbers)


def read_request(
    ctx: Context, cid: str | None, args: RollArgs, *, attribute: str | None = None, haste: int = 0
) -> RollRequest:
    """Validate a roll's arguments for character ``cid`` (None: a bare GM roll)."""
    record = char(ctx.state, cid) if cid else None
    if args.attribute is not None:
        if attribute not in (None, args.attribute):
            raise InvalidArgs(f"This contest is {attribute.title()}: everyone rolls that.")
        attribute = args.attribute
    if attribute is not None:
        if cid is None:
            raise InvalidArgs("Say whose attribute to roll.")
        base = require_attribute(ctx, cid, attribute)
    elif args.dice is None:
        raise InvalidArgs("'dice' is required.")
    else:
        base = args.dice
    invoke = _invoked(ctx, cid, args.invoke)
    if cid is not None:
        require_fate(ctx, cid, args.fate + len(invoke), "That roll")
    elif args.fate:
        raise InvalidArgs("Only a character can spend fate points.")
    request = RollRequest(
        cid=cid,
        attribute=attribute,
        base=base,
        extra=args.extra,
        bonus=args.bonus,
        penalty=args.penalty,
        pools=_pools(ctx, record, args.pools),
        stress=int(record.get("stress", 0)) if record else 0,
        help=sum(int(h["dice"]) for h in record.get("help", [])) if record else 0,
        haste=haste,
        fate=args.fate,
        invoke=invoke,
        faces=None if args.faces is None else tuple(args.faces),
    )
    if request.faces is not None and len(request.faces) != request.plan.rolled:
        raise InvalidArgs(
            f"This roll throws {request.plan.rolled} dice: enter {request.plan.rolled} faces."
        )
    return request


@dataclass(frozen=True)
class Thrown:
    """A roll made: the outcome, the changes it costs, its data and a log phrase."""

    outcome: dice.Outcome
    changes: tuple[Change, ...]
    data: JsonDict
    phrase: str


def _sources(ctx: Context, req: RollRequest) -> JsonDict:
    aspects = char(ctx.state, req.cid).get("aspects", {}) if req.cid else {}
    return {
        "base": req.base,
        "extra": req.extra,
        "bonus": req.bonus,
        "penalty": req.penalty,
        "pools": req.pools,
        "stress": req.stress,
        "help": req.help,
        "haste": req.haste,
        "fate": req.fate,
        "invoked": [aspects[str(n)] for n in req.invoke],
    }


def _phrase(ctx: Context, req: RollRequest, outcome: dice.Outcome) -> str:
    who = char_name(ctx, req.cid) if req.cid else "The GM"
    what = req.attribute.title() + " " if req.attribute else ""
    notes = [f"{k} {v}" for k, v in (("stress", req.stress), ("help", req.help)) if v]
    notes += [f"{name} {n}" for name, n in req.pools.items()]
    if req.fate:
        notes.append(f"{req.fate} fate point{'s' if req.fate > 1 else ''}")
    notes += [f"invoked “{s}”" for s in _sources(ctx, req)["invoked"]]
    if req.haste:
        notes.append(f"{req.haste} for haste")
    extra = f" ({', '.join(notes)})" if notes else ""
    head = f"{who} rolled {what}{outcome.plan.notation()}{extra}"
    if outcome.plan.counted == 0:
        return f"{head}: no dice to count, an automatic failure"
    if outcome.auto_fail:
        return f"{head}: more penalty dice than dice, an automatic failure"
    shown = " ".join(str(f) if i in outcome.kept else f"({f})" for i, f in enumerate(outcome.faces))
    return f"{head}: {shown or 'no dice'} = {outcome.total}"


def throw(ctx: Context, req: RollRequest) -> Thrown:
    """Throw the dice (or read the entered faces) and pay for the roll."""
    plan = req.plan
    if req.faces is not None:
        faces = list(req.faces)
    else:
        faces = [ctx.rng.die(dice.SIDES) for _ in range(plan.rolled)]
    outcome = dice.resolve(plan, faces)
    changes: list[Change] = []
    paid = req.fate + len(req.invoke)
    if req.cid is not None and paid:
        changes.append(Move(FATE, hand(req.cid), spent_to(ctx), paid))
    if req.cid is not None and req.help:
        changes.append(put(ctx, char_path(req.cid, "help"), []))
    data: JsonDict = {
        "character": req.cid,
        "attribute": req.attribute,
        "notation": plan.notation(),
        "counted": plan.counted,
        "bonus": plan.bonus,
        "penalty": plan.penalty,
        "keep": plan.keep,
        "faces": list(outcome.faces),
        "kept": list(outcome.kept),
        "total": outcome.total,
        "auto_fail": outcome.auto_fail,
        "entered": req.faces is not None,
        "sources": _sources(ctx, req),
    }
    return Thrown(outcome, tuple(changes), data, _phrase(ctx, req, outcome))
