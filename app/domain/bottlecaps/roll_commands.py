"""``roll.trait`` and ``roll.damage``: start a character's roll in progress.

Dice are rolled on the host (every face and ace is in the event's ``data``; only the
GM may undo, so nobody rerolls by undoing) or entered from real dice by the player.
"""

from __future__ import annotations

from ..changes import Put
from ..context import Context
from ..event_types import AnyEventType
from ..events import UNDO_GM, UNDO_OWNER, Draft
from ..jsonvalue import clone
from .arguments import RollDamageArgs, RollTraitArgs
from .characters import ROLLS, Character, resolve
from .events.roll_commands import (
    ROLL_DAMAGE_EVENT,
    ROLL_DAMAGE_PUBLIC,
    ROLL_TRAIT_EVENT,
    ROLL_TRAIT_PUBLIC,
)
from .rolls import (
    damage_record,
    describe_damage,
    describe_trait,
    read_damage_dice,
    read_damage_spec,
    read_trait_dice,
    trait_record,
)
from .settings import caps_settings
from .sheet import find_trait
from .view_types import Roll
from .visibility import emit_for

#: A roll's event by its kind, and the one the table hears of an NPC's.
ROLLED: dict[str, AnyEventType] = {"trait": ROLL_TRAIT_EVENT, "damage": ROLL_DAMAGE_EVENT}
ROLLED_PUBLIC: dict[str, AnyEventType] = {"trait": ROLL_TRAIT_PUBLIC, "damage": ROLL_DAMAGE_PUBLIC}

TRAIT_MAX = 30


def read_tn(ctx: Context, tn: int | None) -> int:
    """The target number: 4 unless the table or the roll says otherwise."""
    return int(caps_settings(ctx)["target_number"]) if tn is None else tn


def start_roll(ctx: Context, who: Character, record: Roll, text: str, typed: bool) -> None:
    """Make ``record`` the character's roll in progress (replacing any earlier one)."""
    old = who.roll(ctx.state)
    emit_for(
        ctx,
        who,
        Draft(
            ROLLED[record["kind"]],
            text,
            data={"character": who.id, "roll": record},
            changes=(Put(who.path(ROLLS), clone(old), record),),
            undo=UNDO_OWNER if typed else UNDO_GM,
        ),
        public=(ROLLED_PUBLIC[record["kind"]], "The GM rolls for a Wild Card NPC."),
    )


def roll_trait(ctx: Context, args: RollTraitArgs) -> None:
    """A Trait roll (attribute or skill) with the Wild Die, vs the target number."""
    who = resolve(ctx, args)
    trait, die, unskilled = find_trait(who.sheet(ctx.state), args.trait)
    modifier = args.modifier + die.bonus + unskilled
    tn = read_tn(ctx, args.tn)
    typed = args.typed
    dice = read_trait_dice(ctx, args, die.sides)
    record = trait_record("trait", trait, die, modifier, tn, dice, typed)
    note = " (unskilled)" if unskilled else ""
    start_roll(ctx, who, record, f"{who.name} rolls {describe_trait(record)}{note}.", typed)


def roll_damage(ctx: Context, args: RollDamageArgs) -> None:
    """A damage roll: the listed dice, each acing, no Wild Die."""
    who = resolve(ctx, args)
    dice, modifier = read_damage_spec(args.dice, args.modifier)
    typed = args.faces is not None
    faces = read_damage_dice(ctx, args.faces, dice)
    record = damage_record(dice, modifier, faces, typed)
    start_roll(ctx, who, record, f"{who.name} rolls {describe_damage(record)}.", typed)
