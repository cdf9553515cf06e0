"""``roll.trait`` and ``roll.damage``: start a character's roll in progress.

Dice are rolled on the host (every face and ace is in the event's ``data``; only the
GM may undo, so nobody rerolls by undoing) or entered from real dice by the player.
"""

from __future__ import annotations

from .. import args as a
from ..changes import Put, get_path
from ..context import Context
from ..events import UNDO_GM, UNDO_OWNER, Draft
from ..jsonvalue import JsonDict, clone
from .characters import ROLLS, Character, resolve
from .rolls import (
    MODIFIER_RANGE,
    TN_RANGE,
    damage_record,
    describe_damage,
    describe_trait,
    entered,
    read_damage_dice,
    read_damage_spec,
    read_trait_dice,
    trait_record,
)
from .sheet import find_trait
from .visibility import emit_for

TRAIT_MAX = 30


def read_tn(ctx: Context, args: JsonDict) -> int:
    """The target number: 4 unless the table or the roll says otherwise."""
    default = int(ctx.settings["target_number"])
    return a.integer(args, "tn", lo=TN_RANGE[0], hi=TN_RANGE[1], default=default)


def start_roll(ctx: Context, who: Character, record: JsonDict, text: str, typed: bool) -> None:
    """Make ``record`` the character's roll in progress (replacing any earlier one)."""
    old = get_path(ctx.state, who.path(ROLLS))
    emit_for(
        ctx,
        who,
        Draft(
            f"roll.{record['kind']}",
            text,
            data={"character": who.id, "roll": record},
            changes=(Put(who.path(ROLLS), clone(old), record),),
            undo=UNDO_OWNER if typed else UNDO_GM,
        ),
        public="The GM rolls for a Wild Card NPC.",
    )


def roll_trait(ctx: Context, args: JsonDict) -> None:
    """A Trait roll (attribute or skill) with the Wild Die, vs the target number."""
    who = resolve(ctx, args)
    name = a.text(args, "trait", max_len=TRAIT_MAX)
    trait, die, unskilled = find_trait(who.sheet(ctx.state), name)
    lo, hi = MODIFIER_RANGE
    modifier = a.integer(args, "modifier", lo=lo, hi=hi, default=0) + die.bonus + unskilled
    tn = read_tn(ctx, args)
    typed = entered(args, "trait_faces", "wild_faces")
    dice = read_trait_dice(ctx, args, die.sides)
    record = trait_record("trait", trait, die, modifier, tn, dice, typed)
    note = " (unskilled)" if unskilled else ""
    start_roll(ctx, who, record, f"{who.name} rolls {describe_trait(record)}{note}.", typed)


def roll_damage(ctx: Context, args: JsonDict) -> None:
    """A damage roll: the listed dice, each acing, no Wild Die."""
    who = resolve(ctx, args)
    dice, modifier = read_damage_spec(args)
    typed = entered(args, "faces")
    faces = read_damage_dice(ctx, args, dice)
    record = damage_record(dice, modifier, faces, typed)
    start_roll(ctx, who, record, f"{who.name} rolls {describe_damage(record)}.", typed)
