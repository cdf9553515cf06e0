"""Trait and Aptitude checks combat asks for (Quickness, Guts, Vigor, medicine...).

Each check can be made three ways, so phones, the host and real dice all work:

- rolled by the host from the combatant's dice (the sheet, or the NPC's record; or
  ``dice``/``sides`` given), every die an ace chain in the event's data;
- entered by hand: ``faces`` (a list of ace chains) from dice rolled at the table;
- ``from_roll: true``: the owner's latest ``roll.trait`` (chips already spent on it), used
  once and then closed to chips. The GM's own roll (owner ``gm``) serves the NPCs.

The wound penalty is subtracted from every check (it applies "to everything else" but
damage); a roll made with ``roll.trait`` must already carry it in its modifier.

:func:`roll` takes a command's parsed arguments: any model with the fields of
:class:`~.check_args.CheckArgs` (see :class:`HowRolled`), their limits declared there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, Self, TypeVar

from ..changes import Put
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..fatechips import dice
from ..fatechips.chips import MARSHAL
from ..fatechips.state import Rolled, rules_of, settings_of, sheet_of
from ..fatechips.system import trait_plus
from ..jsonvalue import JsonDict
from . import body
from .state import fighter, is_seat, name_of, npc_dice

# Which trait and aptitude a check rolls from a seat's sheet.
SHEET = {
    "quickness": ("quickness", None),
    "vigor": ("vigor", None),
    "strength": ("strength", None),
    "deftness": ("deftness", None),
    "guts": ("spirit", "guts"),
    "medicine": ("knowledge", "medicine"),
    "dodge": ("deftness", "dodge"),
    "fighting": ("deftness", "fighting"),
    "swimming": ("deftness", "swimming"),
    "bluff": ("smarts", "bluff"),
    "overawe": ("mien", "overawe"),
    "ridicule": ("smarts", "ridicule"),
    "scrutinize": ("cognition", "scrutinize"),
}
UNNERVED = -4  # "The target suffers -4 to his next action"


class HowRolled(Protocol):
    """How a check's dice are rolled: the fields of :class:`~.check_args.CheckArgs`
    (and of the fight's own ``CheckArgs``), read-only, checked by the model."""

    @property
    def faces(self) -> list[int | list[int]] | None: ...
    @property
    def from_roll(self) -> bool: ...
    @property
    def dice(self) -> int | None: ...
    @property
    def sides(self) -> int | None: ...
    @property
    def modifier(self) -> int: ...

    def model_copy(self, *, update: dict[str, int]) -> Self: ...


H = TypeVar("H", bound=HowRolled)


def unnerved(ctx: Context, cid: str, args: H) -> tuple[H, list[Put]]:
    """An Unnerved combatant's next action is at −4 ("This includes any "passive" defense
    Aptitudes like fighting or resisting further tests of wills"); making it ends the
    effect."""
    if not body.extra(ctx.state, cid, "unnerved", False):
        return args, []
    return with_modifier(args, UNNERVED), [body.put_extra(ctx.state, cid, "unnerved", None)]


RUNNING = -4  # "Running incurs a -4 penalty to a character or creature's other actions"


def running(ctx: Context, cid: str, args: H) -> H:
    """A combatant who ran this round (``combat.move``) makes every other action at −4:
    "Running incurs a -4 penalty to a character or creature's other actions." (Attacks
    add it as a listed modifier, ``attack.py``.)"""
    record = fighter(ctx.state, cid)
    return with_modifier(args, RUNNING) if record and record.get("running") else args


def with_modifier(args: H, extra: int) -> H:
    """The same check with ``extra`` added to its situational modifier."""
    return args.model_copy(update={"modifier": args.modifier + extra})


@dataclass
class Check:
    """A finished check: its dice, total and reading against the TN."""

    what: str
    tn: int
    dice: list[list[int]]
    modifier: int
    total: int
    bust: bool
    success: bool
    raises: int
    mode: str  # host | faces | roll
    changes: list[Put] = field(default_factory=list)

    def data(self) -> JsonDict:
        return {
            "check": self.what,
            "tn": self.tn,
            "dice": self.dice,
            "modifier": self.modifier,
            "total": self.total,
            "bust": self.bust,
            "success": self.success,
            "raises": self.raises,
            "mode": self.mode,
        }

    def text(self) -> str:
        faces = ", ".join("+".join(map(str, c)) for c in self.dice)
        mod = f" {self.modifier:+d}" if self.modifier else ""
        if self.bust:
            return f"[{faces}]{mod} → BUST"
        if self.tn <= 0:  # an opposed roll: the total is what counts
            return f"[{faces}]{mod} → {self.total}"
        outcome = "success" if self.success else "failure"
        if self.raises:
            outcome += f", {self.raises} raise{'s' * (self.raises > 1)}"
        return f"[{faces}]{mod} → {self.total} vs TN {self.tn}: {outcome}"


def _sheet_dice(ctx: Context, cid: str, what: str) -> tuple[int, int, int]:
    """(dice, sides, unskilled penalty less the +N of a trait above d12) from a seat's
    sheet."""
    trait, aptitude = SHEET[what]
    sheet = sheet_of(ctx.state, cid)
    traits = sheet.get("traits", {}) if sheet else {}
    entry = traits.get(trait, {"die": 6, "coordination": 1})
    sides = int(entry["die"])
    plus = trait_plus(entry)  # d12+2: the highest die, then +2
    if aptitude is None:
        return int(entry["coordination"]), sides, -plus
    levels = [
        int(v.get("level", 0))
        for k, v in (sheet.get("aptitudes", {}) if sheet else {}).items()
        if k == aptitude or k.startswith((aptitude + ":", aptitude + " "))
    ]
    if levels and max(levels) > 0:
        return max(levels), sides, -plus
    unskilled = int(settings_of(ctx.state).get("unskilled_penalty", 0))
    return int(entry["coordination"]), sides, unskilled - plus


def _npc_dice(ctx: Context, cid: str, what: str) -> tuple[int, int, int]:
    found = npc_dice(ctx.state, cid, what)
    if not isinstance(found, dict):
        raise InvalidArgs(
            f"{name_of(ctx.state, cid)} has no {what.capitalize()} dice: "
            "the GM gives an NPC its dice on the NPCs tab."
        )
    return int(found["dice"]), int(found["sides"]), 0


def dice_for(
    ctx: Context, cid: str, what: str, count: int | None, sides: int | None
) -> tuple[int, int, int]:
    """(dice, sides, unskilled penalty) the check rolls: ``count`` dice of ``sides``
    when given (the two go together: the arguments ``dice`` and ``sides``), else the
    sheet's or the NPC's."""
    if count is None and sides is None:
        return _sheet_dice(ctx, cid, what) if is_seat(ctx.state, cid) else _npc_dice(ctx, cid, what)
    if count is None:
        raise InvalidArgs("'dice' is required.")
    if sides is None:
        raise InvalidArgs(f"'sides' is required (one of: {', '.join(map(str, dice.SIDES))}).")
    return count, sides, 0


def from_roll(ctx: Context, cid: str, what: str, tn: int, penalty: int) -> Check:
    """The owner's latest ``roll.trait`` read as this check (used once)."""
    return _from_roll(ctx, cid, what, tn, penalty)


def _from_roll(ctx: Context, cid: str, what: str, tn: int, penalty: int, extra: int = 0) -> Check:
    """The owner's latest ``roll.trait`` read against ``tn``; ``extra``: the situational
    modifiers the host adds (unnerved, running, giving no ground, a weapon's initiative
    penalty), which the roll's own modifier can't have known."""
    owner = cid if is_seat(ctx.state, cid) else MARSHAL
    rules = rules_of(ctx.state)
    roll = rules.get("rolls", {}).get(owner)
    used = int(rules.get("used_rolls", {}).get(owner, 0))
    if roll is None or int(roll["id"]) <= used:
        raise RuleViolation(f"Make the {what} roll first (roll.trait), then use it.")
    if roll["kind"] != dice.TRAIT:
        raise RuleViolation(f"A {what} check is a Trait roll, not a {roll['kind']} roll.")
    if int(roll.get("modifier", 0)) - int(roll.get("trait_plus", 0) or 0) > penalty:
        raise RuleViolation(
            f"Subtract the wound penalty ({penalty}) from the roll: make it with "
            f"modifier {penalty} or lower."
        )
    modifier = int(roll.get("modifier", 0)) + extra
    scored = roll.copy()
    scored["modifier"] = modifier
    scored["tn"] = tn
    outcome = dice.evaluate(scored)
    changes = [
        Put(
            ("rules", "used_rolls", owner),
            rules.get("used_rolls", {}).get(owner),
            int(roll["id"]),
        )
    ]
    if not roll["finished"]:
        changes.append(Put(("rules", "rolls", owner, "finished"), False, True))
    return Check(
        what,
        tn,
        [list(c) for c in roll["dice"]],
        modifier,
        int(outcome["total"]),
        bool(outcome["bust"]),
        bool(outcome["success"]),
        int(outcome["raises"]),
        "roll",
        changes,
    )


def roll(
    ctx: Context,
    cid: str,
    what: str,
    tn: int,
    args: HowRolled,
    *,
    wound_penalty: bool = True,
) -> Check:
    """Roll (or read) one check of ``cid`` against ``tn`` with the wound penalty."""
    penalty = body.penalty(ctx.state, cid) if wound_penalty else 0
    if args.from_roll:
        return _from_roll(ctx, cid, what, tn, penalty, args.modifier)
    count, sides, unskilled = dice_for(ctx, cid, what, args.dice, args.sides)
    if args.faces is None:
        rolled = [dice.roll_die(ctx.rng, sides) for _ in range(count)]
        mode = "host"
    else:
        rolled = dice.parse_faces(list(args.faces), sides, count)
        mode = "faces"
    return _read(what, tn, rolled, penalty - unskilled + args.modifier, mode)


def _read(what: str, tn: int, rolled: list[list[int]], modifier: int, mode: str) -> Check:
    """The dice read as a Trait roll against ``tn``."""
    record: Rolled = {
        "kind": dice.TRAIT,
        "dice": rolled,
        "bonus": None,
        "tn": tn,
        "modifier": modifier,
    }
    outcome = dice.evaluate(record)
    return Check(
        what,
        tn,
        rolled,
        modifier,
        int(outcome["total"]),
        bool(outcome["bust"]),
        bool(outcome["success"]),
        int(outcome["raises"]),
        mode,
    )
