"""The countdown: the GM calls each step from the Ace down, and cards are played.

Called cards act in suit order (spades, hearts, diamonds, clubs); the same card and
suit on both decks act simultaneously. A card not played when its step is called can
go up the sleeve; when the GM calls the next step, cards left at the old step are gone.
The Red Joker and the card up the sleeve may be played at any time.
"""

from __future__ import annotations

from .. import args as a
from ..changes import Change, Put
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import UNDO_GM, Draft
from ..fatechips.system import ChipSystem
from ..jsonvalue import JsonDict
from . import body, cards, checks
from .deck import Piles
from .rounds import fput
from .state import (
    COMBAT,
    SIDES,
    fighter_path,
    is_seat,
    name_of,
    require_combat,
    require_fighter,
    resolve,
)

MAX_SPEED = 10


def held_ranks(found: JsonDict) -> set[str]:
    """Every rank still in a hand (the countdown only stops where someone holds one)."""
    return {
        cards.rank(c)
        for f in found["fighters"].values()
        for c in f.get("hand", [])
        if not cards.is_joker(c)
    }


def acting(found: JsonDict) -> list[JsonDict]:
    """Who acts at the current step, in order: [{who, card, side, together}]; cards of
    the same rank and suit on both decks act together."""
    step = found.get("step")
    if found["phase"] != "countdown" or step is None:
        return []
    out = [
        {"who": cid, "card": c, "side": f["side"]}
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


def call_next(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
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
            "combat.step",
            text,
            data={"step": new_step, "counted": counted, "passed": public},
            changes=tuple(changes),
        )
    )


def _require_countdown(ctx: Context) -> JsonDict:
    found = require_combat(ctx)
    if found["phase"] != "countdown":
        raise RuleViolation("Cards are played during the countdown, after everyone has drawn.")
    return found


def _card(args: JsonDict) -> str:
    try:
        return cards.check(args.get("card"))
    except ValueError:
        raise InvalidArgs('\'card\' names a card, e.g. "QS", "10H" or "RJ".') from None


def _playable(ctx: Context, found: JsonDict, cid: str, record: JsonDict, card: str) -> None:
    if card == record.get("sleeve") or (card == cards.RED_JOKER and card in record.get("hand", [])):
        return
    if card not in record.get("hand", []):
        raise RuleViolation(f"{name_of(ctx.state, cid)} doesn't hold the {cards.name(card)}.")
    if cards.rank(card) != found.get("step"):
        raise RuleViolation(f"Wait until the {cards.name(card)}'s step is called.")


def act(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``combat.act``: play a called card, the Red Joker or the card up the sleeve."""
    cid = resolve(ctx, args)
    found = _require_countdown(ctx)
    record = require_fighter(ctx, cid)
    card = _card(args)
    _playable(ctx, found, cid, record, card)
    if body.extra(ctx.state, cid, "stunned", False):
        raise RuleViolation(
            f"{name_of(ctx.state, cid)} is stunned: the only action is a recovery check "
            "(combat.recover)."
        )
    action = a.text(args, "action", max_len=120, default="", allow_empty=True)
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
        text = f"{who} acts on the {cards.name(card)}" + (
            " from up the sleeve" if from_sleeve else ""
        )
        text += f": {action}." if action else "."
        if data.get("sleeve_lost"):
            text += " The card up the sleeve is discarded."
        if aim:
            text += " Aimed." if data["aim"]["aimed"] else " The aim isn't complete: unaimed."
    changes += piles.changes()
    ctx.emit(Draft("combat.acted", text, data=data, changes=tuple(changes)))


def sleeve(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``combat.sleeve``: when a card is called, put it up the sleeve instead (one at
    most; never a Joker)."""
    cid = resolve(ctx, args)
    found = _require_countdown(ctx)
    record = require_fighter(ctx, cid)
    card = _card(args)
    if cards.is_joker(card):
        raise RuleViolation("Jokers can never be hidden up your sleeve.")
    if record.get("sleeve"):
        raise RuleViolation("You can only ever have one card up your sleeve.")
    _playable(ctx, found, cid, record, card)
    who = name_of(ctx.state, cid)
    ctx.emit(
        Draft(
            "combat.sleeved",
            f"{who} puts the {cards.name(card)} up the sleeve.",
            data={"who": cid},
            changes=(
                fput(ctx.state, cid, "hand", [c for c in record["hand"] if c != card]),
                fput(ctx.state, cid, "sleeve", card),
            ),
        )
    )


def pass_card(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``combat.pass``: discard a card instead of acting on it (keeping the sleeve)."""
    cid = resolve(ctx, args)
    _require_countdown(ctx)
    record = require_fighter(ctx, cid)
    card = _card(args)
    if card not in record.get("hand", []):
        raise RuleViolation(f"{name_of(ctx.state, cid)} doesn't hold the {cards.name(card)}.")
    piles = Piles.load(ctx.state, record["side"])
    piles.discard.append(card)
    ctx.emit(
        Draft(
            "combat.passed",
            f"{name_of(ctx.state, cid)} lets the {cards.name(card)} go.",
            data={"who": cid, "card": card},
            changes=(
                *piles.changes(),
                fput(ctx.state, cid, "hand", [c for c in record["hand"] if c != card]),
            ),
        )
    )


def highest_card(record: JsonDict) -> tuple[str | None, bool]:
    """The card lost first: the one up the sleeve, else the highest card (a Joker
    last); and whether it came from the sleeve."""
    if record.get("sleeve"):
        return record["sleeve"], True
    hand = list(record.get("hand", []))
    plain = [c for c in hand if not cards.is_joker(c)]
    return cards.highest(plain) or cards.highest(hand), False


def lose_highest(ctx: Context, cid: str, record: JsonDict, why: str, kind: str) -> None:
    card, from_sleeve = highest_card(record)
    if card is None:
        raise RuleViolation(f"{name_of(ctx.state, cid)} has no Action Card to discard.")
    piles = Piles.load(ctx.state, record["side"])
    piles.discard.append(card)
    if from_sleeve:
        change = fput(ctx.state, cid, "sleeve", None)
    else:
        change = fput(ctx.state, cid, "hand", [c for c in record["hand"] if c != card])
    where = "the card up the sleeve" if from_sleeve else "the highest Action Card"
    ctx.emit(
        Draft(
            kind,
            f"{name_of(ctx.state, cid)} {why}, discarding {where} ({cards.name(card)}).",
            data={"who": cid, "card": card, "from_sleeve": from_sleeve},
            changes=(*piles.changes(), change),
        )
    )


def defend(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``combat.defend``: an active defense discards the highest remaining Action Card
    (the sleeve's first); then roll dodge or fighting."""
    cid = resolve(ctx, args)
    _require_countdown(ctx)
    lose_highest(ctx, cid, require_fighter(ctx, cid), "makes an active defense", "combat.defended")


def lose_card(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``combat.lose_card`` (GM): a Distracted test of wills: the highest Action Card is
    lost, the card up the sleeve first."""
    ctx.require_gm("take a card away")
    cid = resolve(ctx, args)
    require_combat(ctx)
    lose_highest(ctx, cid, require_fighter(ctx, cid), "is distracted", "combat.card_lost")


def prepare(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``combat.prepare``: start a Speed 2+ action; the next Speed − 1 cards played are
    laid aside preparing it, the one after resolves it."""
    cid = resolve(ctx, args)
    record = require_fighter(ctx, cid)
    speed = a.integer(args, "speed", lo=2, hi=MAX_SPEED)
    if record.get("prepare"):
        raise RuleViolation(f"{name_of(ctx.state, cid)} is already preparing an action.")
    ctx.emit(
        Draft(
            "combat.preparing",
            f"{name_of(ctx.state, cid)} starts a Speed {speed} action.",
            data={"who": cid, "speed": speed},
            changes=(fput(ctx.state, cid, "prepare", {"speed": speed, "spent": 0, "cards": []}),),
        )
    )


def aim(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``combat.aim``: lay down the called card and aim for ``steps`` steps; each step
    counted down adds a marker. Aiming doesn't lose the card up the sleeve."""
    cid = resolve(ctx, args)
    found = _require_countdown(ctx)
    record = require_fighter(ctx, cid)
    card = _card(args)
    if card == record.get("sleeve"):
        raise RuleViolation("Aim with the card being called, not the one up your sleeve.")
    _playable(ctx, found, cid, record, card)
    steps = a.integer(args, "steps", lo=1, hi=13)
    piles = Piles.load(ctx.state, record["side"])
    piles.discard.append(card)
    ctx.emit(
        Draft(
            "combat.aiming",
            f"{name_of(ctx.state, cid)} lays down the {cards.name(card)} and aims for "
            f"{steps} step{'s' * (steps > 1)}.",
            data={"who": cid, "card": card, "steps": steps},
            changes=(
                *piles.changes(),
                fput(ctx.state, cid, "hand", [c for c in record["hand"] if c != card]),
                fput(ctx.state, cid, "aim", {"steps": steps, "markers": 0}),
            ),
        )
    )


def interrupt(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``combat.interrupt``: an opposed Quickness roll to act before someone else
    (a card up the sleeve, or a target moving out of an aimed shot); the winner goes
    first, a tie is simultaneous. A Red Joker never needs it."""
    cid = resolve(ctx, args)
    record = require_fighter(ctx, cid)
    other = args.get("against")
    if not isinstance(other, str) or require_fighter(ctx, other) is None or other == cid:
        raise InvalidArgs("'against' names the combatant being interrupted.")
    if cards.RED_JOKER in record.get("hand", []):
        raise RuleViolation("The Red Joker goes at any time without a Quickness check.")
    mine = checks.make(ctx, cid, "quickness", 0, args)
    theirs_args = {k[8:]: v for k, v in args.items() if k.startswith("against_")}
    theirs = checks.make(ctx, other, "quickness", 0, theirs_args)
    me, them = name_of(ctx.state, cid), name_of(ctx.state, other)
    score_a = -1 if mine.bust else mine.total
    score_b = -1 if theirs.bust else theirs.total
    winner = cid if score_a > score_b else other if score_b > score_a else None
    outcome = "at the same time" if winner is None else f"{name_of(ctx.state, winner)} goes first"
    ctx.emit(
        Draft(
            "combat.interrupt",
            f"{me} tries to interrupt {them}: Quickness {mine.total}{' (bust)' * mine.bust} vs "
            f"{theirs.total}{' (bust)' * theirs.bust} — {outcome}.",
            data={
                "who": cid,
                "against": other,
                "roll": mine.data(),
                "against_roll": theirs.data(),
                "winner": winner,
            },
            changes=(*mine.changes, *theirs.changes),
            undo=UNDO_GM,
        )
    )
