"""What each viewer sees of combat (the ``combat`` key of the Fate-chip view).

Everyone: the round, phase and step, who acts now (called cards are face up), each
combatant's name, side, card count, whether it has a card up its sleeve, and the body of
every seat. A player also gets ``me``: their own cards, sleeve, turn and nudge, what they
may do, their body and any attack waiting on them. The GM sees every hand and sleeve,
both decks' counts and discards, NPC records and bodies, and the attacks in progress.
The draw piles' order is shown to nobody.
"""

from __future__ import annotations

from ..actors import ONLOOKER, Actor
from ..fatechips.state import ChipsTable, rules_of
from ..fatechips.system import ChipSystem
from ..fatechips.wounds import window
from ..jsonvalue import clone
from ..memo import shared_part
from . import able, body, cards, nerve, ongoing
from .countdown import Turn, acting, may_interrupt
from .deck import all_cards, deck_of
from .draw import no_cards_reason
from .state import Combat, Fighter, combat, combatants, is_seat, name_of, npc
from .view_types import (
    CombatAmmo,
    CombatAttack,
    CombatEntry,
    CombatMe,
    CombatNpc,
    CombatView,
    FightActing,
    FightDeck,
    FightDecks,
)

HELD_BACK = ("surprised", "recovering", "catatonic")


def _turn(found: Combat, record: Fighter) -> tuple[bool, list[str]]:
    """Whether a combatant may act right now, and with which cards."""
    if found["phase"] != "countdown":
        return False, []
    step = found.get("step")
    playable = [c for c in record.get("hand", []) if cards.rank(c) == step]
    if cards.RED_JOKER in record.get("hand", []):
        playable.append(cards.RED_JOKER)
    if record.get("sleeve"):
        playable.append(record["sleeve"])
    called = any(cards.rank(c) == step for c in record.get("hand", []))
    return called, playable


def _nudge(
    state: ChipsTable,
    found: Combat,
    cid: str,
    record: Fighter,
    fear: nerve.Nerve | None,
    due: str | None,
) -> str | None:
    """The sentence this combatant's phone shows; ``fear`` and ``due``: its
    ``nerve.state_of`` and ``ongoing.due``, worked out once by the caller."""
    called, _ = _turn(found, record)
    if found["phase"] == "draw" and record["status"] == "waiting":
        return no_cards_reason(state, cid, record) or "Roll Quickness and draw your cards."
    if record["status"] == "choosing":
        return "Choose the two cards to keep."
    if found["phase"] == "countdown" and fear in HELD_BACK:
        return able.reason(state, cid, "act")  # why the host refuses any act
    if called:
        card = next(c for c in record["hand"] if cards.rank(c) == found["step"])
        down = able.state_of(state, cid)
        stun_due = body.extra(state, cid, "stun_due") is not None
        if down is None and fear is None and (due or stun_due):
            # the stun check, the swimming roll or the smoke check first
            return able.reason(state, cid, "act")
        if down is None and fear == "terrified":
            return (
                f"You're terrified: your {cards.name(card)} is up — run your full movement "
                "away (Move), then let the card go."
            )
        if down == "stunned":
            return (
                f"You're stunned: your {cards.name(card)} is up — use it for a recovery "
                "check, or let it go."
            )
        if down is not None:
            return able.reason(state, cid, "act")
        return f"Your {cards.name(card)} is up: act, put it up your sleeve, or let it go."
    return None


def _combatants(
    system: ChipSystem, state: ChipsTable, found: Combat | None, ids: list[str], viewer: Actor
) -> dict[str, CombatEntry]:
    """Every combatant's entry: the others' as every player sees them (computed once per
    state and shared by all players), the viewer's own in full."""
    if viewer.is_gm:
        return {c: _entry(system, state, found, c, viewer) for c in ids}
    public: dict[str, CombatEntry] = shared_part(
        state,
        "combat.combatants",
        lambda: {c: _entry(system, state, found, c, ONLOOKER) for c in ids},
    )
    out = dict(public)
    me = viewer.player_id
    if me is not None and me in out:
        out[me] = _entry(system, state, found, me, viewer)
    return out


def _entry(
    system: ChipSystem, state: ChipsTable, found: Combat | None, cid: str, viewer: Actor
) -> CombatEntry:
    seat = is_seat(state, cid)
    sees_all = viewer.is_gm or viewer.player_id == cid
    record = found["fighters"].get(cid) if found else None
    entry: CombatEntry = {
        "name": name_of(state, cid),
        "side": "players" if seat else "gm",
        "npc": not seat,
        "in_fight": record is not None,
    }
    if seat or viewer.is_gm:
        entry["body"] = body.condition(system, state, cid)
        entry["stun_due"] = body.extra(state, cid, "stun_due")
    if record is not None:
        assert found is not None
        called, playable = _turn(found, record)
        if called and able.state_of(state, cid) not in (None, "stunned"):
            called, playable = False, []  # Winded, unconscious or dead: no prompt
        fear = nerve.state_of(state, cid)
        if fear is not None:
            playable = []  # no card may be played (nerve.py); terrified: prompted to run
            called = called and fear == "terrified"
        entry["status"] = record["status"]
        entry["cards"] = len(record.get("hand", []))
        entry["has_sleeve"] = bool(record.get("sleeve"))
        entry["acting_now"] = called
        entry["surprise"] = record.get("surprise")
        entry["preparing"] = clone(record.get("prepare"))
        entry["aim"] = clone(record.get("aim"))
        # whose reach this combatant has stepped inside (close.py): public
        entry["closed"] = sorted(record.get("closed") or {})
        entry["entangled"] = clone(record.get("entangled"))
        preparing = entry["preparing"]
        if preparing and not sees_all:
            preparing.pop("cards", None)
        if sees_all:
            entry["hand"] = list(record.get("hand", []))
            entry["drawn"] = list(record.get("drawn", []))
            entry["sleeve"] = record.get("sleeve")
            entry["playable"] = playable
            due = ongoing.due(state, cid)
            entry["nudge"] = _nudge(state, found, cid, record, fear, due)
            entry["nerve"] = fear
            entry["hazard_due"] = due
            entry["may_interrupt"] = may_interrupt(found, record)
            # a weapon in each hand: the other hand's attack on the action just taken
            entry["second_hand"] = record.get("second_hand") == [found["round"], found.get("step")]
            if entry["second_hand"]:
                entry["other_hand"] = "off" if record.get("off_hand_left", True) else "main"
    return entry


def _attack(state: ChipsTable, cid: str) -> CombatAttack | None:
    found = rules_of(state).get("attacks", {}).get(cid)
    if found is None:
        return None
    out: CombatAttack = clone(found)  # flow.strike's record
    out["negatable"] = window(state, cid) if is_seat(state, cid) else found.get("window") or {}
    return out


def _deck(state: ChipsTable, side: str) -> FightDeck:
    deck = deck_of(state, side)
    return {
        "draw": len(deck["draw"]) if deck else 0,
        "discard": list(deck["discard"]) if deck else [],
        "reshuffle": bool(deck["reshuffle"]) if deck else False,
        "accounted": len(all_cards(state, side)),
    }


def view(system: ChipSystem, state: ChipsTable, viewer: Actor) -> CombatView:
    """The combat part of the table as ``viewer`` may see it."""
    found = combat(state)
    if viewer.is_gm:
        ids = combatants(state)
    else:  # the seats and whoever is in the fight: the same for every player
        ids = shared_part(
            state,
            "combat.ids",
            lambda: [
                c
                for c in combatants(state)
                if is_seat(state, c) or (found and c in found["fighters"])
            ],
        )
    out: CombatView = {
        "active": found is not None,
        "round": found["round"] if found else None,
        "phase": found["phase"] if found else None,
        "step": found.get("step") if found else None,
        "acting": [],
        "combatants": _combatants(system, state, found, ids, viewer),
        "wound_tns": {
            ("wind" if n == 0 else body.level_name(n).lower()): tn
            for n, tn in body.LEVEL_TN.items()
        },
    }
    if found:
        # a hero who may not act (surprised, catatonic: told to all) isn't "acting now";
        # an NPC's nerve is the Master's, so its card stays listed
        out["acting"] = [
            _acting(state, e)
            for e in acting(found)
            if not (is_seat(state, e["who"]) and nerve.state_of(state, e["who"]) in HELD_BACK)
        ]
    me = viewer.player_id
    if me is not None and me in out["combatants"]:
        ammo: dict[str, CombatAmmo] = clone(rules_of(state).get("ammo", {}).get(me) or {})
        mine: CombatMe = {
            "who": me,
            **out["combatants"][me],
            "attack": _attack(state, me),
            "ammo": ammo,
        }
        out["me"] = mine
    if viewer.is_gm:
        attacks = {c: _attack(state, c) for c in combatants(state)}
        out["attacks"] = {c: a for c, a in attacks.items() if a is not None}
        npcs: dict[str, CombatNpc] = {  # npcs.add's records
            c: clone(npc(state, c)) for c in combatants(state) if not is_seat(state, c)
        }
        out["npcs"] = npcs
        out["ammo"] = clone(rules_of(state).get("ammo") or {})
        if found:
            decks: FightDecks = {"players": _deck(state, "players"), "gm": _deck(state, "gm")}
            out["decks"] = decks
    return out


def _acting(state: ChipsTable, entry: Turn) -> FightActing:
    """``countdown.acting``'s entry with the combatant's name."""
    return {
        "who": entry["who"],
        "card": entry["card"],
        "side": entry["side"],
        "together": entry["together"],
        "name": name_of(state, entry["who"]),
    }
