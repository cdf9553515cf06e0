"""``cap.spend``: pay a cap into the pot and apply what it was spent on.

"When you spend a cap, it goes back in the pot." Each use checks its rule first (see
``uses.blocker``), then the cheapest cap that may pay is spent unless ``cap`` names
a colour: "better chips can also be spent to act like the lower ones".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from ..changes import Change, Move, Put
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import UNDO_GM, UNDO_OWNER, Draft
from ..jsonvalue import JsonDict, clone
from ..tokens import POT
from .arguments import SpendArgs
from .caps import COLOURS
from .characters import GREATNESS, ROLLS, SHEETS, Character, resolve
from .dice import describe_chains, parse_die
from .events.spending import CAP_SPENT, CAP_SPENT_PUBLIC
from .extras import spend_for_extra
from .health import soak_changes
from .roll_commands import read_tn
from .rolls import (
    changed,
    describe_damage,
    describe_trait,
    read_damage_dice,
    read_effort,
    read_trait_dice,
    retotal,
    trait_record,
)
from .settings import caps_settings
from .sheet import find_trait, rank_value
from .uses import blocker, pick_cap, use_named
from .view_types import Hit, Roll, TraitRoll
from .visibility import emit_for

EDGE_MAX = 40


@dataclass
class Effect:
    """What a spent cap does: state changes, a log phrase, detail for the UI."""

    changes: list[Change]
    text: str
    data: JsonDict = field(default_factory=dict)
    rolled: bool = False  # dice rolled on the host: only the GM may undo


def spend(ctx: Context, args: SpendArgs) -> None:
    """Spend one cap for one use (see ``caps.USES``); the GM may name an ``extra``."""
    if args.extra is not None:
        spend_for_extra(ctx, args)
        return
    who = resolve(ctx, args)
    use = use_named(args.use)
    colour = args.cap
    if colour is not None and colour not in COLOURS:
        raise InvalidArgs(f"There are no {colour} caps in Bottlecaps: white, red or blue.")
    reason = blocker(ctx.state, caps_settings(ctx), who, use.name)
    if reason:
        raise RuleViolation(reason)
    colour, pool = pick_cap(ctx.state, who, use, args.cap, args.pool)
    effect = EFFECTS[use.name](ctx, who, args)
    emit_for(
        ctx,
        who,
        Draft(
            CAP_SPENT,
            f"{who.name} spends a {colour} cap: {effect.text}.",
            data={"character": who.id, "cap": colour, "use": use.name, **effect.data},
            changes=(Move(colour, pool, POT), *effect.changes),
            undo=UNDO_GM if effect.rolled else UNDO_OWNER,
        ),
        public=(CAP_SPENT_PUBLIC, f"The GM spends a {colour} cap."),
    )


def _roll(ctx: Context, who: Character) -> Roll:
    # The use's blocker has checked there is one.
    return cast("Roll", who.roll(ctx.state))


def _record_changes(who: Character, old: Roll, new: Roll) -> list[Change]:
    return [Put(who.path(ROLLS, k), clone(old.get(k)), v) for k, v in changed(old, new).items()]


def _with_soak(
    ctx: Context, who: Character, old: TraitRoll, new: TraitRoll
) -> tuple[list[Change], str]:
    """Changes updating the roll, and the hit if the roll is a soak roll ('; soaks...')."""
    soak, phrase = soak_changes(ctx.state, who, new)
    return _record_changes(who, old, new) + soak, f"; {phrase}" if phrase else ""


def reroll(ctx: Context, who: Character, args: SpendArgs) -> Effect:
    """White: reroll all the dice of the Trait roll (Wild Die too), keep the better.
    With No Mercy it may reroll a damage roll instead (without adding the Rank)."""
    old = _roll(ctx, who)
    if old["kind"] == "damage":
        return _reroll_damage(ctx, who, args, add_rank=False)
    sides = parse_die(old["die"]).sides
    dice = read_trait_dice(ctx, args, sides)
    new = old.copy()
    new["rerolls"] = int(old["rerolls"]) + 1
    keep = dice.best > int(old["best"])
    if keep:
        new["trait_dice"], new["wild_dice"] = list(dice.trait), list(dice.wild)
        retotal(new)
    changes, soaked = _with_soak(ctx, who, old, new)
    verdict = "keeps the new roll" if keep else "keeps the old roll"
    text = f"rerolls ({dice.describe()}) and {verdict}: {describe_trait(new)}{soaked}"
    data = {"dice": {"trait": list(dice.trait), "wild": list(dice.wild)}, "kept": keep, "roll": new}
    return Effect(changes, text, data, rolled=not args.typed)


def reroll_damage(ctx: Context, who: Character, args: SpendArgs) -> Effect:
    """Red: reroll the damage roll, keep the better; No Mercy then adds the Rank."""
    return _reroll_damage(ctx, who, args, add_rank=True)


def _reroll_damage(ctx: Context, who: Character, args: SpendArgs, *, add_rank: bool) -> Effect:
    old = _roll(ctx, who)
    assert old["kind"] == "damage"  # the use's blocker has checked
    faces = read_damage_dice(ctx, args.faces, [parse_die(d) for d in old["dice"]])
    best = sum(sum(chain) for chain in faces)
    keep = best > int(old["best"])
    new = old.copy()
    new["rerolls"] = int(old["rerolls"]) + 1
    if keep:
        new["faces"], new["best"] = faces, best
    sheet = who.sheet(ctx.state)
    if add_rank and sheet["no_mercy"] and not old["rank_bonus"]:
        new["rank_bonus"] = rank_value(sheet, int(caps_settings(ctx)["novice_rank_value"]))
    new["total"] = int(new["best"]) + int(new["modifier"]) + int(new["rank_bonus"])
    verdict = "keeps the new roll" if keep else "keeps the old roll"
    text = f"rerolls damage ({describe_chains(faces)}) and {verdict}: "
    data = {"faces": faces, "kept": keep, "roll": new}
    return Effect(
        _record_changes(who, old, new),
        text + describe_damage(new),
        data,
        rolled=args.faces is None,
    )


def extra_effort(ctx: Context, who: Character, args: SpendArgs) -> Effect:
    """Blue: add 1d6 to the result of the Trait roll (not damage)."""
    old = _roll(ctx, who)
    assert old["kind"] != "damage"  # the use's blocker has checked
    faces = read_effort(ctx, args.effort_faces, bool(caps_settings(ctx)["extra_effort_aces"]))
    new = old.copy()
    new["effort"] = faces
    retotal(new)
    changes, soaked = _with_soak(ctx, who, old, new)
    text = f"Extra Effort {'+'.join(map(str, faces))}: {describe_trait(new)}{soaked}"
    rolled = args.effort_faces is None
    return Effect(changes, text, {"effort": faces, "roll": new}, rolled=rolled)


def unshake(ctx: Context, who: Character, args: SpendArgs) -> Effect:
    """White: recover from Shaken at once, without an action or a roll."""
    return Effect([Put(who.path(SHEETS, "shaken"), True, False)], "no longer Shaken")


def soak(ctx: Context, who: Character, args: SpendArgs) -> Effect:
    """White: a Vigor roll; each success and raise negates one Wound of the last hit."""
    hit = cast("Hit", who.hit(ctx.state))  # the use's blocker has checked there is one
    trait, die, _ = find_trait(who.sheet(ctx.state), "Vigor")
    modifier = args.modifier + die.bonus
    tn = read_tn(ctx, args.tn)
    dice = read_trait_dice(ctx, args, die.sides)
    typed = args.typed
    new = trait_record("soak", trait, die, modifier, tn, dice, typed) | {"hit": hit["no"]}
    old = who.roll(ctx.state)
    changes: list[Change] = [Put(who.path(ROLLS), clone(old), new)]
    soaked, phrase = soak_changes(ctx.state, who, new)
    text = f"Soak, {describe_trait(new)}; {phrase}"
    return Effect(changes + soaked, text, {"roll": new}, rolled=not typed)


def greatness(ctx: Context, who: Character, args: SpendArgs) -> Effect:
    """Red, during your turn: a Combat Edge you qualify for until your next turn."""
    edge = args.edge
    if edge is None:
        raise InvalidArgs("'edge' is required.")
    change = Put(who.path(GREATNESS), None, {"edge": edge})
    text = f"Moment of Greatness, {edge} until the start of {who.name}'s next turn"
    return Effect([change], text, {"edge": edge})


EFFECTS: dict[str, Callable[[Context, Character, SpendArgs], Effect]] = {
    "reroll": reroll,
    "unshake": unshake,
    "soak": soak,
    "greatness": greatness,
    "reroll_damage": reroll_damage,
    "extra_effort": extra_effort,
}
