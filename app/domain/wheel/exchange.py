"""One exchange of a contest: an attacker rolls against one target, who defends.

Both sides roll the contest's attribute and high roll wins (a tie: nobody wins). In a
fight or argument the loser takes a stress die, plus one per whammy of the winner
(every full 5 points of the winner's margin). A side that fails automatically (more
penalty dice than dice) or is stressed out of this kind of conflict loses without a
comparison, so it takes the one stress die and no whammies. Everyone defends against
everyone; an attack names a single target for its stress.
"""

from __future__ import annotations

from typing import Annotated

from ..arguments import Says, described
from ..changes import Add, Change
from ..command_types import CommandType
from ..context import Context
from ..errors import RuleViolation
from ..events import UNDO_GM, Draft
from ..jsonvalue import JsonDict
from . import contest as c
from . import dice
from .events.exchange import CONTEST_ATTACK_EVENT, CONTEST_DEFEND_EVENT, CONTEST_RESOLVED
from .rolling import RollArgs, read_request, throw
from .state import (
    OUT_WORDS,
    acting_character,
    char,
    char_name,
    char_path,
    character_ref,
    is_out,
    put,
)
from .view_types import Exchange, Rolled
from .wargs import CharId


class AttackArgs(RollArgs):
    """``contest.attack``: a roll of the contest's attribute against one participant."""

    target: Annotated[CharId, Says("Say which character 'target' is.")] = described(
        "the character acted against (a seat id, or a GM-side character's id)"
    )


class DefendArgs(RollArgs):
    """``contest.defend``: a roll of the contest's attribute against the attack."""


CONTEST_ATTACK = CommandType("contest.attack", AttackArgs)
CONTEST_DEFEND = CommandType("contest.defend", DefendArgs)


def _rolled(thrown_data: JsonDict) -> Rolled:
    return {"total": thrown_data["total"], "auto_fail": thrown_data["auto_fail"]}


def attack(ctx: Context, args: AttackArgs) -> None:
    """Act against one other participant: roll now, then they defend."""
    contest = c.require_running(ctx)
    if contest.get("exchange"):
        raise RuleViolation("Another attack is waiting for its defence.")
    cid = acting_character(ctx, args.player, args.npc)
    c.may_act(ctx, contest, cid)
    target = character_ref(ctx, args.target)
    c.participant(ctx, contest, target)
    if target == cid:
        raise RuleViolation("Pick someone else to act against.")
    haste = int(contest["haste"].get(cid, 0))
    thrown = throw(ctx, read_request(ctx, cid, args, attribute=contest["kind"], haste=haste))
    exchange: Exchange = {"attacker": cid, "target": target, "attack": _rolled(thrown.data)}
    ctx.emit(
        Draft(
            CONTEST_ATTACK_EVENT,
            f"{thrown.phrase}, against {char_name(ctx, target)}.",
            data=dict(thrown.data, target=target),
            changes=(*thrown.changes, put(ctx, (*c.C, "exchange"), exchange)),
            undo=UNDO_GM,
        )
    )
    out = is_out(char(ctx.state, target), contest["kind"])
    if out or thrown.outcome.auto_fail:
        _resolve(ctx, exchange, None)


def defend(ctx: Context, args: DefendArgs) -> None:
    """Roll against the attack aimed at you."""
    contest = c.require_running(ctx)
    exchange = contest.get("exchange")
    if not exchange:
        raise RuleViolation("No attack is waiting for a defence.")
    cid = acting_character(ctx, args.player, args.npc)
    if cid != exchange["target"]:
        raise RuleViolation(f"The attack is aimed at {char_name(ctx, exchange['target'])}.")
    if is_out(char(ctx.state, cid), contest["kind"]):
        _resolve(ctx, exchange, None)  # stressed out since the attack: loses outright
        return
    thrown = throw(ctx, read_request(ctx, cid, args, attribute=contest["kind"]))
    ctx.emit(
        Draft(
            CONTEST_DEFEND_EVENT,
            f"{thrown.phrase}, defending.",
            data=thrown.data,
            changes=thrown.changes,
            undo=UNDO_GM,
        )
    )
    _resolve(ctx, exchange, _rolled(thrown.data))


def winner_of(attack: Rolled, defence: Rolled | None, target_out: bool) -> tuple[str, int]:
    """("attacker" | "target" | "none", whammies) for one exchange."""
    if attack["auto_fail"]:
        return "target", 0
    if target_out or defence is None or defence["auto_fail"]:
        return "attacker", 0
    margin = int(attack["total"]) - int(defence["total"])
    if margin == 0:
        return "none", 0
    return ("attacker" if margin > 0 else "target"), dice.whammies(abs(margin))


def _resolve(ctx: Context, exchange: Exchange, defence: Rolled | None) -> None:
    contest = c.require_running(ctx)
    attacker, target = exchange["attacker"], exchange["target"]
    target_out = is_out(char(ctx.state, target), contest["kind"])
    side, whams = winner_of(exchange["attack"], defence, target_out)
    changes: list[Change] = [put(ctx, (*c.C, "exchange"), None)]
    data: JsonDict = {"attacker": attacker, "target": target, "winner": None, "whammies": whams}
    if side == "none":
        text = f"{char_name(ctx, attacker)} and {char_name(ctx, target)} tie: nobody wins."
    else:
        win, lose = (attacker, target) if side == "attacker" else (target, attacker)
        data["winner"] = win
        text = f"{char_name(ctx, win)} wins"
        if whams:
            text += f" with {whams} whamm{'y' if whams == 1 else 'ies'}"
        if target_out and side == "attacker":
            text += f" ({char_name(ctx, target)} is {OUT_WORDS[contest['kind']]})"
        if contest["harmful"]:
            stress = 1 + whams
            data["stress"] = stress
            wait_for = c.tie_group(ctx.state, contest, attacker)
            if wait_for:
                held = [*contest["held"], {"target": lose, "stress": stress, "wait_for": wait_for}]
                changes.append(put(ctx, (*c.C, "held"), held))
                still = " and ".join(char_name(ctx, w) for w in wait_for)
                text += (
                    f": {char_name(ctx, lose)} will take {stress} stress once {still} "
                    f"{'has' if len(wait_for) == 1 else 'have'} acted too "
                    "(they act at the same time)"
                )
            else:
                changes.append(Add(char_path(lose, "stress"), stress))
                text += f": {char_name(ctx, lose)} takes {stress} stress"
                text += _now_out(ctx, lose, contest["kind"], stress)
    haste = put(ctx, (*c.C, "haste", attacker), None)
    if haste.old is not None:
        changes.append(haste)
    changes.append(c.mark_acted(ctx, attacker))
    ctx.emit(Draft(CONTEST_RESOLVED, text + ".", data=data, changes=tuple(changes)))
    c.after_action(ctx)


def _now_out(ctx: Context, cid: str, kind: str, stress: int) -> str:
    """' and is incoherent' when this stress takes the loser out of the conflict."""
    record = char(ctx.state, cid)
    value = int(record.get("attributes", {}).get(kind, 0))
    was = int(record.get("stress", 0))
    if was <= value < was + stress:
        return f" and is {OUT_WORDS[kind]}"
    return ""
