"""The Casting Loop (Channel, Weave, Backlash) and Ritual Casting (optional rule)."""

from __future__ import annotations

import math
from typing import Annotated

from annotated_types import MaxLen

from ..arguments import Args, Says, SeatId, Text, described, optional
from ..changes import SUPPLY, Change, Move
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import UNDO_GM
from ..jsonvalue import JsonDict
from ..tokens import GM_HAND
from . import dice as d
from .economy import pay_cp
from .events.casting import (
    CAST_BACKLASH_EVENT,
    CAST_CHANNEL_EVENT,
    CAST_WEAVE_EVENT,
    RITUAL_BACKLASH_EVENT,
    RITUAL_CHANNEL_EVENT,
    RITUAL_DECLARED,
    RITUAL_WEAVE_EVENT,
)
from .fatigue_rolls import faces_text, fatigued_dice, out_of_scene, require_in_scene
from .pool import rating
from .roll_args import ChannelArgs, Ladder, Maybe40, Name40, RollArgs, WeaveArgs
from .rolls import perform
from .rules_types import Ritual
from .spend_notes import spend_words
from .state import CP, RITUAL_POOL, emit, fe_rules, hits, name_of, put, rules_path, sheet
from .tables import RITUAL_TIERS, backlash_tier

MAX_HELPERS = 3


class BacklashArgs(Args):
    """``cast.backlash``."""

    player: SeatId = described("the caster's seat id")
    cp: int = described("CP the GM spends as Backlash", ge=1, le=30)
    reveal: bool | None = optional("show the table the CP spent (default: the table's setting)")


CAST_BACKLASH = CommandType("cast.backlash", BacklashArgs)


class RitualStartArgs(Args):
    """``ritual.start``."""

    player: SeatId | None = optional("seat id (the GM names one; a player acts for themselves)")
    effect: Text = described("the ritual's effect")
    helpers: Annotated[
        dict[str, Maybe40],
        MaxLen(10),
        Says("'helpers' maps each assistant to the Skill they help with."),
    ] = described("{assistant's seat id: the Skill they help with}")


RITUAL_START = CommandType("ritual.start", RitualStartArgs)


class RitualChannelArgs(Args):
    """``ritual.channel``."""

    ladder: Ladder = optional("the caster's description ladder", default="basic")


RITUAL_CHANNEL = CommandType("ritual.channel", RitualChannelArgs)


class RitualWeaveArgs(Args):
    """``ritual.weave``."""

    art: Name40 = described("the Art (a Skill) the caster weaves with")
    ladder: Ladder = optional("the caster's description ladder", default="basic")
    assist_dice: int = optional("narrated assistant dice (0–9)", default=0, ge=0, le=9)


RITUAL_WEAVE = CommandType("ritual.weave", RitualWeaveArgs)


class RitualBacklashArgs(Args):
    """``ritual.backlash``."""

    bank: bool = optional("the ritual pool's CP go to the GM's bank instead", default=False)


RITUAL_BACKLASH = CommandType("ritual.backlash", RitualBacklashArgs)


def _spell_roll(args: ChannelArgs, skill: str, label: str) -> RollArgs:
    """A casting's roll: the caster's pool arguments (only those sent, so a DV the GM
    set applies unless the casting names one) with the spell's Attribute and Skill."""
    sent = {k: getattr(args, k) for k in args.model_fields_set if k in RollArgs.model_fields}
    return RollArgs.model_validate({**sent, "attribute": "wits", "skill": skill, "label": label})


def channel(ctx: Context, args: ChannelArgs) -> None:
    """'Channel — roll Wits + Arcana to gather Potential. Each success becomes fuel;
    each 1 adds Complication Points immediately.'"""
    pid = ctx.target(args.player)
    roll_args = _spell_roll(args, "arcana", "Channel")
    record, changes, text = perform(ctx, pid, roll_args)
    state = {"stage": "channeled", "potential": record["successes"], "cp": record["cp"]}
    state["roll"] = record["id"]
    changes.append(put(ctx, rules_path("casting", pid), state))
    emit(
        ctx,
        CAST_CHANNEL_EVENT,
        f"{text} Potential {record['successes']}.",
        changes,
        data={**record},
        undo=UNDO_GM,
    )


def weave(ctx: Context, args: WeaveArgs) -> None:
    """'Weave — roll Wits + (Art) to shape Potential into a defined effect.' The
    description ladder applies."""
    pid = ctx.target(args.player)
    cast = fe_rules(ctx).get("casting", {}).get(pid)
    if not isinstance(cast, dict) or cast.get("stage") != "channeled":
        raise RuleViolation("Channel first: the Weave shapes Potential already gathered.")
    art = args.art.casefold()
    roll_args = _spell_roll(args, art, f"Weave ({art.title()})")
    record, changes, text = perform(ctx, pid, roll_args)
    total_cp = int(cast["cp"]) + int(record["cp"])
    tier, guidance = backlash_tier(total_cp)
    woven = {
        "stage": "woven",
        "art": art,
        "potential": cast["potential"],
        "weave": record["successes"],
        "cp": total_cp,
        "channel_cp": int(cast["cp"]),
        "roll": record["id"],
    }
    changes.append(put(ctx, rules_path("casting", pid), woven))
    emit(
        ctx,
        CAST_WEAVE_EVENT,
        f"{text} Potential {cast['potential']} shaped with {hits(record['successes'])}; "
        f"the casting raised {total_cp} CP.",
        changes,
        data={**record, "casting": woven, "backlash_tier": tier, "backlash": guidance},
        undo=UNDO_GM,
    )


def backlash(ctx: Context, args: BacklashArgs) -> None:
    """'Backlash — CP spent by the GM manifest as uncontrolled consequences', scaled by
    the points spent (Backlash Severity Table)."""
    ctx.require_gm("spend CP as Backlash")
    pid = args.player
    pc = sheet(ctx, pid)
    cp = args.cp
    tier, guidance = backlash_tier(cp)
    cast = fe_rules(ctx).get("casting", {}).get(pid)
    art = cast.get("art", "the Art") if isinstance(cast, dict) else "the Art"
    changes = pay_cp(ctx, cp)
    if cast is not None:
        changes.append(put(ctx, rules_path("casting", pid), None))
    words, spent = spend_words(ctx, args.reveal, cp, f"Backlash on {pc['name']}")
    emit(
        ctx,
        CAST_BACKLASH_EVENT,
        f"Backlash on {pc['name']}'s {art}{words}: {guidance}",
        changes,
        data={"player": pid, "tier": tier, "guidance": guidance, **spent},
    )


# ---- rituals ------------------------------------------------------------------------


def helper_cap(arcana: int) -> int:
    """'You may draw on ceil(Arcana/2) helpers (max 3).'"""
    return min(MAX_HELPERS, math.ceil(arcana / 2))


def ritual_start(ctx: Context, args: RitualStartArgs) -> None:
    """Declare the ritual: the effect, and who helps (each with their relevant Skill)."""
    pid = ctx.target(args.player)
    if isinstance(fe_rules(ctx).get("ritual"), dict):
        raise RuleViolation("A ritual is already under way.")
    pc = sheet(ctx, pid)
    require_in_scene(pc, "begin a ritual")
    effect = args.effect
    helpers = args.helpers
    if not helpers:
        raise InvalidArgs("'helpers' maps each assistant to the Skill they help with.")
    cap = helper_cap(rating(pc, "arcana"))
    if len(helpers) > cap:
        raise RuleViolation(
            f"With Arcana {rating(pc, 'arcana')}, {pc['name']} may draw on {cap} helper(s)."
        )
    chosen: dict[str, str] = {}
    for helper, skill in helpers.items():
        if helper == pid:
            raise InvalidArgs("Each helper is another player with a Skill name.")
        ctx.seat(helper)
        require_in_scene(sheet(ctx, helper), "assist the ritual")
        chosen[helper] = skill.casefold()
    ritual: Ritual = {"caster": pid, "effect": effect, "helpers": chosen, "stage": "declared"}
    emit(
        ctx,
        RITUAL_DECLARED,
        f"{pc['name']} begins a ritual — {effect} — helped by "
        + ", ".join(f"{name_of(ctx, h)} ({s.title()})" for h, s in chosen.items())
        + ".",
        [put(ctx, rules_path("ritual"), ritual)],
        data={**ritual},
    )


def _ritual(ctx: Context, stage: str) -> Ritual:
    ritual = fe_rules(ctx).get("ritual")
    if not isinstance(ritual, dict):
        raise RuleViolation("No ritual is under way.")
    if ritual["caster"] != ctx.actor.player_id and not ctx.actor.is_gm:
        raise RuleViolation("Only the primary caster leads the ritual.")
    if ritual["stage"] != stage:
        raise RuleViolation(f"The ritual is at its {ritual['stage']} step.")
    return ritual


def _assistant_dice(ctx: Context, n: int) -> tuple[list[int], int, int]:
    faces = [ctx.rng.die(10) for _ in range(n)]
    return faces, sum(1 for f in faces if f >= d.SUCCESS), faces.count(1)


def ritual_channel(ctx: Context, args: RitualChannelArgs) -> None:
    """Channel together: the caster rolls Wits + Arcana, each assistant Spirit + Skill;
    successes add Potential, every 1 goes to the shared ritual pool."""
    ritual = _ritual(ctx, "declared")
    pid = str(ritual["caster"])
    roll_args = RollArgs(
        attribute="wits", skill="arcana", label="Ritual channel", ladder=args.ladder
    )
    record, changes, text = perform(ctx, pid, roll_args, cp_to=RITUAL_POOL)
    potential, lines = int(record["successes"]), [text]
    cp_total = int(record["cp"])
    helper_cp = 0
    assistants: list[JsonDict] = []
    for helper, skill in ritual["helpers"].items():
        hp = sheet(ctx, helper)
        if out_of_scene(hp):  # collapsed since the ritual was declared
            lines.append(f"{hp['name']} has Fatigue 4, out of the scene: no dice")
            continue
        pool = max(1, int(hp["attributes"]["spirit"]) + rating(hp, skill))
        rolled, paid = fatigued_dice(ctx, helper, pool)
        changes += paid
        potential += d.successes(rolled)
        helper_cp += d.complications(rolled)
        lines.append(f"{hp['name']} (Spirit + {skill.title()}): {faces_text(rolled)}")
        assistants.append({"player": helper, "dice": [die.to_json() for die in rolled]})
    if helper_cp:
        changes.append(Move(CP, SUPPLY, RITUAL_POOL, helper_cp))
    cp_total += helper_cp
    changes.append(put(ctx, rules_path("ritual", "stage"), "channeled"))
    changes.append(put(ctx, rules_path("ritual", "potential"), potential))
    changes.append(put(ctx, rules_path("ritual", "roll"), record["id"]))
    helper_potential = potential - int(record["successes"])
    changes.append(put(ctx, rules_path("ritual", "helper_potential"), helper_potential))
    emit(
        ctx,
        RITUAL_CHANNEL_EVENT,
        " ".join(lines) + f". Potential {potential}; {cp_total} CP to the ritual pool.",
        changes,
        data={"potential": potential, "cp": cp_total, "assistants": assistants},
        undo=UNDO_GM,
    )


def ritual_weave(ctx: Context, args: RitualWeaveArgs) -> None:
    """Weave: the caster rolls Wits + Art; assistants may add narrated dice, whose 1s
    also feed the ritual pool."""
    ritual = _ritual(ctx, "channeled")
    pid = str(ritual["caster"])
    art = args.art.casefold()
    label = f"Ritual weave ({art.title()})"
    roll_args = RollArgs(attribute="wits", skill=art, label=label, ladder=args.ladder)
    record, changes, text = perform(ctx, pid, roll_args, cp_to=RITUAL_POOL)
    extra = args.assist_dice
    if extra and all(out_of_scene(sheet(ctx, h)) for h in ritual["helpers"]):
        raise RuleViolation(
            "Every assistant of this ritual has Fatigue 4 and is out of the scene: "
            "nobody is left to add dice to the weave."
        )
    faces, s, c = _assistant_dice(ctx, extra)
    if c:
        changes.append(Move(CP, SUPPLY, RITUAL_POOL, c))
    woven = int(record["successes"]) + s
    changes.append(put(ctx, rules_path("ritual", "stage"), "woven"))
    changes.append(put(ctx, rules_path("ritual", "weave"), woven))
    changes.append(put(ctx, rules_path("ritual", "roll"), record["id"]))
    changes.append(put(ctx, rules_path("ritual", "assist_successes"), s))
    assist = f" Assistants add {' '.join(map(str, faces))}." if extra else ""
    emit(
        ctx,
        RITUAL_WEAVE_EVENT,
        f"{text}{assist} The weave holds {hits(woven)} on Potential {ritual['potential']}.",
        changes,
        data={"weave": woven, "art": art},
        undo=UNDO_GM,
    )


def ritual_backlash(ctx: Context, args: RitualBacklashArgs) -> None:
    """'Total all CPs … Increase severity by +1 tier per assistant beyond the first.'"""
    ctx.require_gm("resolve a ritual's backlash")
    ritual = _ritual(ctx, "woven")
    pool = int(ctx.state.get("tokens", {}).get(RITUAL_POOL, {}).get(CP, 0))
    base, _ = backlash_tier(pool)
    tier = min(5, base + max(0, len(ritual["helpers"]) - 1)) if pool else 0
    to_bank = args.bank
    changes: list[Change] = []
    if pool:
        changes.append(Move(CP, RITUAL_POOL, GM_HAND if to_bank else SUPPLY, pool))
    changes.append(put(ctx, rules_path("ritual"), None))
    text = RITUAL_TIERS.get(tier, "No backlash: the ritual pool is empty.")
    emit(
        ctx,
        RITUAL_BACKLASH_EVENT,
        f"The ritual ends with {pool} CP in its pool: backlash tier {tier} — {text}"
        + (" The CP go to the GM's bank to spend." if to_bank and pool else ""),
        changes,
        data={"cp": pool, "tier": tier},
    )
