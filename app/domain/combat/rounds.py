"""Starting and ending a fight, combatants arriving and leaving, and the end of each
round: unplayed cards are discarded, bleeding costs Wind, and the decks are reshuffled
when the rules say (every round by the text, or after a Black Joker)."""

from __future__ import annotations

from ..arguments import NoArgs
from ..changes import Change, Put, get_path
from ..command_types import CommandType
from ..context import Context
from ..errors import RuleViolation
from ..events import UNDO_GM, Draft
from ..fatechips.chips import require_session
from ..fatechips.state import settings_of
from ..fatechips.system import ChipSystem
from . import body, hazards, ongoing, wind
from .deck import Piles, deck_path, new_deck
from .events.rounds import (
    COMBAT_ENDED,
    COMBAT_JOINED,
    COMBAT_LEFT,
    COMBAT_ROUND_EVENT,
    COMBAT_STARTED,
)
from .state import (
    COMBAT,
    PLAYERS,
    SIDES,
    Combat,
    Fighter,
    combat,
    combatants,
    fighter,
    fighter_path,
    fput,
    name_of,
    new_fighter,
    require_combat,
)

COMBAT_START = CommandType("combat.start", NoArgs)


def start(ctx: Context, system: ChipSystem, args: NoArgs) -> None:
    """``combat.start`` (GM): both decks shuffled, every seat and NPC joins, round 1."""
    ctx.require_gm("start combat")
    require_session(ctx, "start combat")
    if combat(ctx.state) is not None:
        raise RuleViolation("A fight is already going on.")
    record: Combat = {
        "active": True,
        "round": 1,
        "phase": "draw",
        "step": None,
        "decks": {side: new_deck(ctx.rng) for side in SIDES},
        "fighters": {cid: new_fighter(ctx.state, cid) for cid in combatants(ctx.state)},
    }
    # a Fear or Terror bust before the fight: its next draw phase is this one
    pending: list[Change] = []
    for cid, entry in record["fighters"].items():
        carried = body.extras_of(ctx.state, cid).get("next_draw")
        if carried is not None:
            record["fighters"][cid] = {**entry, **carried}
            pending.append(body.put_extra(ctx.state, cid, "next_draw", None))
    ctx.emit(
        Draft(
            COMBAT_STARTED,
            "Combat! Round 1: "
            + ", ".join(name_of(ctx.state, c) for c in record["fighters"])
            + " roll Quickness and draw Action Cards.",
            data={"round": 1, "fighters": sorted(record["fighters"])},
            changes=(Put(COMBAT, get_path(ctx.state, COMBAT), record), *pending),
            undo=UNDO_GM,
        )
    )


COMBAT_END = CommandType("combat.end", NoArgs)


def end(ctx: Context, system: ChipSystem, args: NoArgs) -> None:
    """``combat.end`` (GM): the fight is over; cards, sleeves and preparation go."""
    ctx.require_gm("end combat")
    found = require_combat(ctx)
    ctx.emit(
        Draft(
            COMBAT_ENDED,
            f"The fight is over after {found['round']} round{'s' * (found['round'] > 1)}.",
            data={"round": found["round"]},
            changes=(Put(COMBAT, found, None),),
        )
    )


def join(ctx: Context, cid: str) -> None:
    """A seat or NPC that appears mid-fight gets a place (it draws next round)."""
    if combat(ctx.state) is None or get_path(ctx.state, fighter_path(cid)) is not None:
        return
    ctx.emit(
        Draft(
            COMBAT_JOINED,
            f"{name_of(ctx.state, cid)} joins the fight.",
            data={"who": cid},
            changes=(Put(fighter_path(cid), None, new_fighter(ctx.state, cid)),),
            # everyone in the fight is on every screen (view.py): told to all
        )
    )


def leave(ctx: Context, cid: str) -> None:
    """A seat or NPC leaves: its cards go to its side's discard pile."""
    record = fighter(ctx.state, cid)
    if combat(ctx.state) is None or record is None:
        return
    piles = Piles.load(ctx.state, record["side"])
    piles.discard += held_cards(record)
    ctx.emit(
        Draft(
            COMBAT_LEFT,
            f"{name_of(ctx.state, cid)} leaves the fight.",
            data={"who": cid},
            changes=(*piles.changes(), Put(fighter_path(cid), record, None)),
        )
    )


def held_cards(record: Fighter) -> list[str]:
    out = list(record.get("hand", [])) + list(record.get("drawn", []))
    if record.get("sleeve"):
        out.append(record["sleeve"])
    if record.get("prepare"):
        out += record["prepare"].get("cards", [])
    return out


COMBAT_ROUND = CommandType("combat.round", NoArgs)


def next_round(ctx: Context, system: ChipSystem, args: NoArgs) -> None:
    """``combat.round`` (GM): the round ends: unplayed cards are discarded, bleeding
    costs Wind, decks are reshuffled when the rules say, and a new round's draw begins."""
    ctx.require_gm("end the round")
    found = require_combat(ctx)
    wind.bleed_all(ctx)
    hazards.smoke_rounds(ctx)  # the unconscious in smoke go on losing Wind
    found = require_combat(ctx)
    every_round = bool(settings_of(ctx.state).get("shuffle_every_round", True))
    changes: list[Change] = []
    shuffled: list[str] = []
    sides_shuffled: list[str] = []
    for side in SIDES:
        piles = Piles.load(ctx.state, side)
        reshuffle = every_round or bool(get_path(ctx.state, deck_path(side, "reshuffle")))
        for cid, record in sorted(found["fighters"].items()):
            if record["side"] != side:
                continue
            piles.discard += list(record.get("hand", [])) + list(record.get("drawn", []))
            changes += [fput(ctx.state, cid, "hand", []), fput(ctx.state, cid, "drawn", None)]
            changes.append(fput(ctx.state, cid, "status", "waiting"))
            for key in ("defence", "moves", "running"):  # these last the round
                if record.get(key) is not None:
                    changes.append(fput(ctx.state, cid, key, None))
            if record.get("surprise") == "surprised":
                changes.append(fput(ctx.state, cid, "surprise", "recovering"))
            prep = record.get("prepare")
            if reshuffle and prep and prep.get("cards"):
                # "any cards you're holding to prepare an action get shuffled back in"
                piles.discard += prep["cards"]
                changes.append(Put(fighter_path(cid, "prepare", "cards"), prep["cards"], []))
        if reshuffle:
            piles.draw = ctx.rng.shuffled(piles.draw + piles.discard)
            piles.discard = []
            shuffled.append("the players'" if side == PLAYERS else f"{system.gm()}'s")
            sides_shuffled.append(side)
            flag = get_path(ctx.state, deck_path(side, "reshuffle"))
            if flag:
                changes.append(Put(deck_path(side, "reshuffle"), flag, False))
        changes += piles.changes()
    n = int(found["round"]) + 1
    changes += [
        Put((*COMBAT, "round"), found["round"], n),
        Put((*COMBAT, "phase"), found["phase"], "draw"),
        Put((*COMBAT, "step"), found.get("step"), None),
    ]
    text = f"Round {n}: roll Quickness and draw."
    if shuffled:
        text = (
            f"End of round {n - 1}: {' and '.join(shuffled)} "
            f"deck{'s' * (len(shuffled) > 1)} reshuffled. " + text
        )
    ctx.emit(
        Draft(
            COMBAT_ROUND_EVENT,
            text,
            data={"round": n, "reshuffled": sides_shuffled},
            changes=tuple(changes),
            undo=UNDO_GM,
        )
    )
    ongoing.fires(ctx, system)  # "at the beginning of every turn"
