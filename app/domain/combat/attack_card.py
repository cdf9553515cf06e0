"""An attack as an action (spacelands-combat.txt, "Two Weapons", "Shooting"): the card
it plays in a fight, and a weapon in each hand, whose second attack on the same action
is the other hand's and needs no card of its own.
"""

from __future__ import annotations

from ..context import Context
from ..errors import RuleViolation
from ..events import Draft
from ..fatechips.system import ChipSystem
from . import body, countdown
from .attack_args import AttackArgs
from .events.attack import COMBAT_SECOND_HAND, COMBAT_TWO_WEAPONS
from .state import combat, fighter, fput, name_of


def require_both_hands(ctx: Context, cid: str) -> None:
    """ "If a limb becomes maimed, it is severed, crushed, burned to a cinder, or
    otherwise out of action forever": a maimed arm holds no weapon, so no weapon in each
    hand."""
    lost = sorted(
        loc for loc, n in body.wounds(ctx.state, cid).items() if n >= body.MAIMED and "arm" in loc
    )
    if lost:
        raise RuleViolation(
            f"{name_of(ctx.state, cid)}'s {lost[0].replace('_', ' ')} is maimed, out of action "
            "forever: no weapon in each hand."
        )


def play_attack_card(
    ctx: Context, system: ChipSystem, cid: str, args: AttackArgs, text: str
) -> None:
    """In a fight the attack is an action: it plays the card (or the sleeve's, or the
    Red Joker) like ``combat.act``, ``text`` for the log; outside a fight no card is
    needed, and the Master may leave it out (the card was played with ``combat.act``,
    or a ruling)."""
    found = combat(ctx.state)
    record = fighter(ctx.state, cid)
    if found is None or record is None:
        return
    two = args.two_weapons
    now = [found["round"], found.get("step")]
    if two and args.card is None and record.get("second_hand") == now:
        # "If a character has a weapon in each hand he can make two attacks during one
        # action": the second needs no card of its own, and is the other hand's ("The
        # off-hand attack takes an additional -4 penalty too")
        left = "off" if record.get("off_hand_left", True) else "main"
        if args.off_hand != (left == "off"):
            raise RuleViolation(
                f"{name_of(ctx.state, cid)}'s other attack on this action is with the "
                f"{left} hand: one attack with each hand (the off hand's at -6 in all)."
            )
        ctx.emit(
            Draft(
                COMBAT_SECOND_HAND,
                f"{name_of(ctx.state, cid)} attacks with the other hand on the same action.",
                data={"who": cid},
                changes=(
                    fput(ctx.state, cid, "second_hand", None),
                    fput(ctx.state, cid, "off_hand_left", None),
                ),
            )
        )
        return
    if ctx.actor.is_gm and args.card is None:
        return  # the Master resolves an attack whose card was played with combat.act
    prep = record.get("prepare")
    if prep and int(prep["spent"]) < int(prep["speed"]) - 1:
        raise RuleViolation(
            f"This card prepares the Speed {prep['speed']} action (combat.act); the attack "
            "comes on the card after."
        )
    countdown.play(ctx, system, cid, args.card, text)
    if two:  # the other hand may attack on this same action
        ctx.emit(
            Draft(
                COMBAT_TWO_WEAPONS,
                f"{name_of(ctx.state, cid)} has a weapon in each hand: one more attack on "
                "this action.",
                data={"who": cid},
                changes=(
                    fput(ctx.state, cid, "second_hand", now),
                    fput(ctx.state, cid, "off_hand_left", not args.off_hand),
                ),
            )
        )
