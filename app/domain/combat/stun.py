"""Stun checks and recovery.

Every wound calls for a stun check (Vigor against the wound level's TN, wound penalty
applied) unless the character is already stunned; failing it stuns. A recovery check
takes one entire action, against the highest current wound level. Going bust on any
stun check knocks the character out for 1d6 hours (or until a Fair (5) medicine roll).
"""

from __future__ import annotations

from ..arguments import optional
from ..changes import Change
from ..command_types import CommandType
from ..context import Context
from ..errors import RuleViolation
from ..events import UNDO_GM, Draft
from ..fatechips.system import ChipSystem
from . import able, body, cards, checks, wind
from .check_args import CARD, CheckArgs, WhoArgs
from .deck import Piles
from .events.stun import COMBAT_RECOVERED, COMBAT_RECOVERY_FAILED, COMBAT_STUN_EVENT
from .state import Fighter, combat, fighter, fput, name_of, resolve

HOURS_DIE = 6


class StunArgs(WhoArgs, CheckArgs):
    """``combat.stun``: the Vigor check."""


COMBAT_STUN = CommandType("combat.stun", StunArgs)


class RecoverArgs(WhoArgs, CheckArgs):
    """``combat.recover``: the Vigor check, on the card being played in a fight."""

    card: str | None = optional(CARD)


COMBAT_RECOVER = CommandType("combat.recover", RecoverArgs)


def _knocked_out(ctx: Context, cid: str) -> tuple[list[Change], str, int]:
    hours = ctx.rng.die(HOURS_DIE)
    changes: list[Change] = [body.put_extra(ctx.state, cid, "unconscious", True)]
    return changes, f" — BUST: unconscious for {hours} hour{'s' * (hours > 1)}", hours


def stun_check(ctx: Context, system: ChipSystem, args: StunArgs) -> None:
    """``combat.stun``: the stun check a wound called for."""
    cid = resolve(ctx, args.who)
    tn = body.extra(ctx.state, cid, "stun_due")
    if tn is None:
        raise RuleViolation(f"{name_of(ctx.state, cid)} has no stun check to make.")
    check = checks.roll(ctx, cid, "vigor", int(tn), args)
    changes: list[Change] = [*check.changes, body.put_extra(ctx.state, cid, "stun_due", None)]
    who = name_of(ctx.state, cid)
    text = f"{who}'s stun check: Vigor {check.text()}"
    hours = 0
    if check.bust:
        extra, note, hours = _knocked_out(ctx, cid)
        changes += extra
        text += note
    elif not check.success:
        changes.append(body.put_extra(ctx.state, cid, "stunned", True))
        text += " — stunned"
    ctx.emit(
        Draft(
            COMBAT_STUN_EVENT,
            text + ".",
            data={"who": cid, **check.data(), "stunned": not check.success, "hours": hours},
            changes=tuple(changes),
            visible_to=wind.visible(ctx.state, cid),
            undo=UNDO_GM,
        )
    )


def recover(ctx: Context, system: ChipSystem, args: RecoverArgs) -> None:
    """``combat.recover``: a recovery check (one whole action: in a fight it uses the
    card being played) against the highest current wound level."""
    cid = resolve(ctx, args.who)
    if not body.extra(ctx.state, cid, "stunned", False):
        raise RuleViolation(f"{name_of(ctx.state, cid)} isn't stunned.")
    able.require(ctx, cid, "recover")
    changes: list[Change] = []
    record = fighter(ctx.state, cid) if combat(ctx.state) else None
    card = None
    if record is not None:
        card = _spend_card(ctx, cid, record, args.card, changes)
    tn = body.LEVEL_TN[body.highest_level(ctx.state, cid)]
    # the recovery check is an action: running's −4 and an Unnerved's (then spent)
    sub, spent = checks.unnerved(ctx, cid, checks.running(ctx, cid, args))
    check = checks.roll(ctx, cid, "vigor", tn, sub)
    changes += [*check.changes, *spent]
    who = name_of(ctx.state, cid)
    text = f"{who}'s recovery check: Vigor {check.text()}"
    if card is not None and record is not None and record.get("sleeve") not in (None, card):
        text = f"{who} discards the card up the sleeve. " + text
    hours = 0
    if check.bust:
        extra, note, hours = _knocked_out(ctx, cid)
        changes += extra
        text += note
    elif check.success:
        changes.append(body.put_extra(ctx.state, cid, "stunned", None))
        text += " — no longer stunned"
    ctx.emit(
        Draft(
            COMBAT_RECOVERED if check.success else COMBAT_RECOVERY_FAILED,
            text + ".",
            data={"who": cid, **check.data(), "card": card, "hours": hours},
            changes=tuple(changes),
            visible_to=wind.visible(ctx.state, cid),
            undo=UNDO_GM,
        )
    )


def _spend_card(
    ctx: Context, cid: str, record: Fighter, named: str | None, changes: list[Change]
) -> str:
    """The recovery check takes an action: the card being called (or the sleeve's,
    or the Red Joker) is used up."""
    found = combat(ctx.state)
    assert found is not None
    try:
        card = cards.check(named)
    except ValueError:
        raise RuleViolation("A recovery check takes an action: name the card ('card').") from None
    in_hand = card in record.get("hand", [])
    if card != record.get("sleeve") and not in_hand:
        raise RuleViolation(f"{name_of(ctx.state, cid)} doesn't hold the {cards.name(card)}.")
    called = found["phase"] == "countdown" and (
        card == record.get("sleeve") or card == cards.RED_JOKER or cards.rank(card) == found["step"]
    )
    if not called:
        raise RuleViolation(f"Wait until the {cards.name(card)}'s step is called.")
    piles = Piles.load(ctx.state, record["side"])
    piles.discard.append(card)
    sleeve = record.get("sleeve")
    if in_hand and sleeve:
        # "You have to ditch it when you resolve another action card"
        piles.discard.append(sleeve)
    changes += piles.changes()
    if in_hand:
        changes.append(fput(ctx.state, cid, "hand", [c for c in record["hand"] if c != card]))
    if sleeve:
        changes.append(fput(ctx.state, cid, "sleeve", None))
    return card
