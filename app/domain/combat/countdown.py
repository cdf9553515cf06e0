"""The countdown: the GM calls each step from the Ace down, and cards are played.

Called cards act in suit order (spades, hearts, diamonds, clubs); the same card and
suit on both decks act simultaneously. A card not played when its step is called can
go up the sleeve; when the GM calls the next step, cards left at the old step are gone.
The Red Joker and the card up the sleeve may be played at any time.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import StringConstraints
from typing_extensions import TypedDict

from ..arguments import Args, NoArgs, described, optional
from ..changes import Change, Put
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import Draft
from ..fatechips.system import ChipSystem
from ..jsonvalue import JsonDict
from . import able, body, cards
from .deck import Piles
from .events.countdown import (
    COMBAT_ACTED,
    COMBAT_PASSED,
    COMBAT_SLEEVED,
    COMBAT_SLEEVED_CARD,
    COMBAT_STEP,
)
from .fight_args import CARD_SAYS, WHO, Card, Who
from .state import (
    COMBAT,
    SIDES,
    Combat,
    Fighter,
    fighter_path,
    fput,
    is_seat,
    name_of,
    require_combat,
    require_fighter,
    resolve,
    secret_to,
)
from .view_types import FightSide


class CardArgs(Args):
    """``combat.sleeve`` and ``combat.pass``: whose card, and which."""

    who: Who | None = optional(WHO)
    card: Card = described('the card, e.g. "QS", "10H"')


COMBAT_SLEEVE = CommandType("combat.sleeve", CardArgs)
COMBAT_PASS = CommandType("combat.pass", CardArgs)


class ActArgs(Args):
    """``combat.act``."""

    who: Who | None = optional(WHO)
    card: Card = described('the called card, the Red Joker ("RJ") or the card up the sleeve')
    action: Annotated[str, StringConstraints(strip_whitespace=True, max_length=120)] = optional(
        "what you do (for the log)", ""
    )


COMBAT_ACT = CommandType("combat.act", ActArgs)


def held_ranks(found: Combat) -> set[str]:
    """Every rank still in a hand (the countdown only stops where someone holds one)."""
    return {
        cards.rank(c)
        for f in found["fighters"].values()
        for c in f.get("hand", [])
        if not cards.is_joker(c)
    }


class Turn(TypedDict):
    """One combatant acting at the current step (``acting``)."""

    who: str
    card: str
    side: FightSide
    together: list[str]  # same rank and suit on the other deck: they act together


def acting(found: Combat) -> list[Turn]:
    """Who acts at the current step, in order: [{who, card, side, together}]; cards of
    the same rank and suit on both decks act together."""
    step = found.get("step")
    if found["phase"] != "countdown" or step is None:
        return []
    out: list[Turn] = [
        {"who": cid, "card": c, "side": f["side"], "together": []}
        for cid, f in found["fighters"].items()
        for c in f.get("hand", [])
        if cards.rank(c) == step
    ]
    out.sort(key=lambda e: (-cards.value(e["card"]), e["side"] != "players", e["who"]))
    for entry in out:
        entry["together"] = sorted(
            e["who"] for e in out if e["card"] == entry["card"] and e["who"] != entry["who"]
        )
    return out


COMBAT_NEXT = CommandType("combat.next", NoArgs)


def call_next(ctx: Context, system: ChipSystem, args: NoArgs) -> None:
    """``combat.next`` (GM): start the countdown, or call the next step."""
    ctx.require_gm("run the countdown")
    found = require_combat(ctx)
    changes: list[Change] = []
    passed: list[str] = []
    old_step = found.get("step")
    if found["phase"] == "draw":
        choosing = [
            name_of(ctx.state, c) for c, f in found["fighters"].items() if f["status"] == "choosing"
        ]
        if choosing:
            raise RuleViolation(
                f"Still choosing which cards to keep: {', '.join(sorted(choosing))}."
            )
        changes.append(Put((*COMBAT, "phase"), "draw", "countdown"))
        for cid, f in sorted(found["fighters"].items()):
            # "no cards" and "a single card" rulings last one draw phase; a catatonic
            # hero "During the following draw phase ... becomes terrified"
            terrified_next = bool(body.extra(ctx.state, cid, "terrified_next", False))
            for key in ("no_cards", "one_card"):
                if key == "one_card" and terrified_next:
                    changes.append(fput(ctx.state, cid, key, "terrified"))
                elif f.get(key):
                    changes.append(fput(ctx.state, cid, key, None))
            if terrified_next:
                changes.append(body.put_extra(ctx.state, cid, "terrified_next", None))
        top = 15  # the countdown starts from the Ace (14)
    else:
        if old_step is None:
            raise RuleViolation("Every step has been called: end the round (combat.round).")
        top = cards.step_value(old_step)
        piles = {side: Piles.load(ctx.state, side) for side in SIDES}
        for cid, f in sorted(found["fighters"].items()):
            left = [c for c in f.get("hand", []) if cards.rank(c) == old_step]
            if left:
                # A called card that wasn't played or put up the sleeve is lost.
                piles[f["side"]].discard += left
                changes.append(
                    fput(ctx.state, cid, "hand", [c for c in f["hand"] if c not in left])
                )
                passed.append(cid)
        for side in SIDES:
            changes += piles[side].changes()
    lower = sorted(
        (r for r in held_ranks(found) if cards.step_value(r) < top),
        key=cards.step_value,
        reverse=True,
    )
    new_step = lower[0] if lower else None
    counted = top - (cards.step_value(new_step) if new_step else 2)
    changes.append(Put((*COMBAT, "step"), old_step, new_step))
    for cid, f in sorted(found["fighters"].items()):
        aim = f.get("aim")
        if aim and counted > 0:
            path = fighter_path(cid, "aim", "markers")
            changes.append(Put(path, aim["markers"], int(aim["markers"]) + counted))
    text = f"{cards.RANK_WORDS.get(new_step, new_step)}!" if new_step else "No cards left to call."
    public = [name_of(ctx.state, c) for c in passed if is_seat(ctx.state, c)]
    if passed:
        text = f"Unplayed cards are lost ({', '.join(public) or 'NPCs'}). " + text
    ctx.emit(
        Draft(
            COMBAT_STEP,
            text,
            data={"step": new_step, "counted": counted, "passed": public},
            changes=tuple(changes),
        )
    )


def require_countdown(ctx: Context) -> Combat:
    found = require_combat(ctx)
    if found["phase"] != "countdown":
        raise RuleViolation("Cards are played during the countdown, after everyone has drawn.")
    return found


def card_named(named: object) -> str:
    """A card a command names, normalised; the rule's words if there's no such card."""
    try:
        return cards.check(named)
    except ValueError:
        raise InvalidArgs(CARD_SAYS) from None


def check_playable(ctx: Context, found: Combat, cid: str, record: Fighter, card: str) -> None:
    if card == record.get("sleeve") or (card == cards.RED_JOKER and card in record.get("hand", [])):
        return
    if card not in record.get("hand", []):
        raise RuleViolation(f"{name_of(ctx.state, cid)} doesn't hold the {cards.name(card)}.")
    if cards.rank(card) != found.get("step"):
        raise RuleViolation(f"Wait until the {cards.name(card)}'s step is called.")


def may_interrupt(found: Combat, record: Fighter) -> bool:
    """ "If you want to interrupt someone else's action with a wait card ... you have to
    beat it in an opposed Quickness match": a card up the sleeve, or an aim (while it is
    laid, and on the step its shot is fired: "If the target attempts to move out of the
    field of view before the completed aim ... If it is a hit, resolve an opposed
    Quickness test")."""
    now = [found["round"], found.get("step")]
    return bool(record.get("sleeve") or record.get("aim")) or record.get("aim_fired") == now


def act_on(ctx: Context, system: ChipSystem, args: ActArgs) -> None:
    """``combat.act``: play a called card, the Red Joker or the card up the sleeve."""
    play(ctx, system, resolve(ctx, args.who), args.card, args.action)


def play(
    ctx: Context, system: ChipSystem, cid: str, named: str | None, action: str, kind: str = "act"
) -> None:
    """``cid`` plays the card ``named`` with ``action`` for the log: ``combat.act``, and
    the actions that play one (attack, reload, entangle, will, the swimming roll). The
    card is checked here (those actions take it as text and haven't); ``kind``: what
    ``able`` is asked about."""
    found = require_countdown(ctx)
    record = require_fighter(ctx, cid)
    card = card_named(named)
    check_playable(ctx, found, cid, record, card)
    able.require(ctx, cid, kind)
    who = name_of(ctx.state, cid)
    from_sleeve = card == record.get("sleeve")
    changes: list[Change] = []
    if from_sleeve:
        changes.append(fput(ctx.state, cid, "sleeve", None))
    else:
        changes.append(fput(ctx.state, cid, "hand", [c for c in record["hand"] if c != card]))
    prep = record.get("prepare")
    piles = Piles.load(ctx.state, record["side"])
    data: JsonDict = {"who": cid, "card": card, "from_sleeve": from_sleeve, "action": action}
    if prep and int(prep["spent"]) < int(prep["speed"]) - 1:
        spent = int(prep["spent"]) + 1
        changes.append(Put(fighter_path(cid, "prepare", "spent"), prep["spent"], spent))
        changes.append(
            Put(fighter_path(cid, "prepare", "cards"), prep["cards"], [*prep["cards"], card])
        )
        needed = int(prep["speed"]) - 1
        text = (
            f"{who} plays the {cards.name(card)} preparing a Speed {prep['speed']} action "
            f"({spent}/{needed})."
        )
        data["preparing"] = {"spent": spent, "needed": int(prep["speed"]) - 1}
    else:
        piles.discard.append(card)
        if record.get("sleeve") and not from_sleeve:
            # "You have to ditch it when you resolve another action card"
            piles.discard.append(record["sleeve"])
            changes.append(fput(ctx.state, cid, "sleeve", None))
            data["sleeve_lost"] = True
        if prep:
            piles.discard += prep["cards"]
            changes.append(fput(ctx.state, cid, "prepare", None))
        aim = record.get("aim")
        if aim:
            data["aim"] = {**aim, "aimed": int(aim["markers"]) >= int(aim["steps"])}
            changes.append(fput(ctx.state, cid, "aim", None))
            # the shot of an aim may still call for the opposed Quickness test this step
            now: list[int | str | None] = [found["round"], found.get("step")]
            changes.append(fput(ctx.state, cid, "aim_fired", now))
        text = f"{who} acts on the {cards.name(card)}" + (
            " from up the sleeve" if from_sleeve else ""
        )
        text += f": {action}." if action else "."
        if data.get("sleeve_lost"):
            text += " The card up the sleeve is discarded."
        if aim:
            text += " Aimed." if data["aim"]["aimed"] else " The aim isn't complete: unaimed."
    changes += piles.changes()
    ctx.emit(Draft(COMBAT_ACTED, text, data=data, changes=tuple(changes)))


def sleeve(ctx: Context, system: ChipSystem, args: CardArgs) -> None:
    """``combat.sleeve``: when a card is called, put it up the sleeve instead (one at
    most; never a Joker)."""
    cid = resolve(ctx, args.who)
    found = require_countdown(ctx)
    record = require_fighter(ctx, cid)
    card = args.card
    if cards.is_joker(card):
        raise RuleViolation("Jokers can never be hidden up your sleeve.")
    if record.get("sleeve"):
        raise RuleViolation("You can only ever have one card up your sleeve.")
    check_playable(ctx, found, cid, record, card)
    able.require(ctx, cid, "sleeve")
    who = name_of(ctx.state, cid)
    # The card goes face down: the table sees that it happened, not which card.
    ctx.emit(Draft(COMBAT_SLEEVED, f"{who} puts a card up the sleeve.", data={"who": cid}))
    ctx.emit(
        Draft(
            COMBAT_SLEEVED_CARD,
            f"{who} puts the {cards.name(card)} up the sleeve.",
            data={"who": cid, "card": card},
            changes=(
                fput(ctx.state, cid, "hand", [c for c in record["hand"] if c != card]),
                fput(ctx.state, cid, "sleeve", card),
            ),
            visible_to=secret_to(ctx.state, cid),
        )
    )


def pass_card(ctx: Context, system: ChipSystem, args: CardArgs) -> None:
    """``combat.pass``: discard a card instead of acting on it (keeping the sleeve)."""
    cid = resolve(ctx, args.who)
    require_countdown(ctx)
    record = require_fighter(ctx, cid)
    card = args.card
    able.require(ctx, cid, "pass")  # a terrified hero runs first
    if card not in record.get("hand", []):
        raise RuleViolation(f"{name_of(ctx.state, cid)} doesn't hold the {cards.name(card)}.")
    piles = Piles.load(ctx.state, record["side"])
    piles.discard.append(card)
    ctx.emit(
        Draft(
            COMBAT_PASSED,
            f"{name_of(ctx.state, cid)} lets the {cards.name(card)} go.",
            data={"who": cid, "card": card},
            changes=(
                *piles.changes(),
                fput(ctx.state, cid, "hand", [c for c in record["hand"] if c != card]),
            ),
        )
    )
