"""What each viewer sees of a Fate-chip table, and what each chip can do right now.

Players see how many chips the pot holds (its mix only if the table allows: the mix
and the hands on the table would give away the GM's hand), every player's chips
(they lie on the table), wounds and rolls; their own sheet, Bounty and chip options.
The GM sees everything, the GM's hand included.

Parts of the state appear in a view as they are, not copied: a state is never changed
once made (app.domain.cow) and views are read-only once built (app.domain.memo), and
an unchanged part is then the same object from one view to the next, which the patch
sent to followers skips at once (app.protocol.view_patch).
"""

from __future__ import annotations

from typing import cast

from ..actors import ONLOOKER, Actor
from ..changes import get_path
from ..combat import view as combat_view
from ..memo import lineage, remembered, shared_part
from ..tokens import GM_HAND, POT, hand
from .awards import current_arc
from .chips import CASHED, MARSHAL, REMOVED, counts, excess, unspent
from .dice import bonuses, evaluate
from .spending import holding_reason, impetus_reason, reroll_reason, roll_reason
from .state import ChipsTable, in_session, rules_of
from .system import WHITE, ChipSystem
from .view_types import (
    Bounty,
    ChipOption,
    ChipsView,
    GmColourOptions,
    PlayerView,
    Roll,
    Sheet,
    UseName,
)
from .wounds import negate_reason, window


def _effects(system: ChipSystem, colour: str) -> dict[UseName, str]:
    wind = system.recover_wind[colour]
    wounds = system.negate_wounds[colour]
    effects: dict[UseName, str] = {
        "negate": f"negate {wounds} wound{'s' * (wounds > 1)} (split over locations)",
        "wind": "recover all Wind" if wind is None else f"recover {wind} Wind",
        "cash": f"{system.bounty[colour]} Bounty Points",
    }
    if colour == WHITE:
        effects["roll"] = "roll one more die of the same type"
    elif colour in system.bonus_colours:
        text = "roll a bonus die and add it to your highest die (one per action)"
        if colour in system.tithe_colours:
            text += f"; {system.gm()} draws a chip"
        if colour in system.after_bust:
            text += "; allowed even after going bust"
        effects["roll"] = text
    if colour in system.reroll_colours:
        effects["reroll"] = "reroll any roll from scratch; the chip leaves the game"
    if system.impetus:
        effects["impetus"] = "make an unskilled check a skilled one (invoking an Impetus)"
    if system.trading:
        effects["trade"] = f"give to another player, paying the pot {system.bounty[colour]}+"
    return effects


def chip_options(
    state: ChipsTable, system: ChipSystem, pid: str
) -> dict[str, dict[UseName, ChipOption]]:
    """Per colour and use: {effect, allowed, why} — "what this chip can do right now".

    Remembered by everything it reads (see app.domain.memo.remembered): a roll at the
    table recomputes only the roller's options, not every player's.
    """
    rules = rules_of(state)
    settings = state.get("settings", {})
    session = state.get("session")
    inputs = (
        system,
        session["active"] if session is not None else None,
        settings.get("hand_limit"),
        settings.get("bonus_chips"),
        state.get("tokens", {}).get(hand(pid)),
        rules.get("recorded", {}).get(pid),
        rules.get("rolls", {}).get(pid),
        rules.get("window", {}).get(pid),
        rules.get("sheets", {}).get(pid),
    )
    name = ("fatechips.options", lineage(state), pid)
    return remembered(name, inputs, lambda: _options(state, system, pid))


def _options(
    state: ChipsTable, system: ChipSystem, pid: str
) -> dict[str, dict[UseName, ChipOption]]:
    active = in_session(state)
    recorded = rules_of(state).get("recorded", {}).get(pid) or {}
    out: dict[str, dict[UseName, ChipOption]] = {}
    for colour in system.colours:
        reasons: dict[UseName, str | None] = {}
        for use in _effects(system, colour):
            if use == "cash":
                why = None if not active else "Chips are cashed in between sessions."
                if why is None and not recorded.get(colour):
                    why = f"No {colour} chip written down from last session."
            elif not active:
                why = "Only during a session."
            elif use == "roll":
                why = roll_reason(state, system, pid, pid, colour)
            elif use == "reroll":
                why = reroll_reason(state, system, pid, colour)
            elif use == "impetus":
                why = impetus_reason(state, system, pid, pid, colour)
            elif use in ("negate", "wind"):
                what = "wounds" if use == "negate" else "wind"
                why = negate_reason(state, system, pid, pid, colour, what)
            else:
                why = holding_reason(state, system, pid, colour)
            reasons[use] = why
        effects = _effects(system, colour)
        out[colour] = {
            use: {"effect": effects[use], "allowed": why is None, "why": why}
            for use, why in reasons.items()
        }
    return out


def gm_options(state: ChipsTable, system: ChipSystem) -> dict[str, GmColourOptions]:
    """What each of the GM's own chips can do now: improve the GM's roll, or be spent."""
    idle = None if in_session(state) else "Only during a session."
    out: dict[str, GmColourOptions] = {}
    for colour in system.colours:
        on_roll = idle or roll_reason(state, system, MARSHAL, MARSHAL, colour)
        spend = idle or holding_reason(state, system, MARSHAL, colour)
        out[colour] = {
            "roll": {"allowed": on_roll is None, "why": on_roll},
            "spend": {"allowed": spend is None, "why": spend},
        }
    return out


def _roll(state: ChipsTable, owner: str, viewer: Actor) -> Roll | None:
    roll = rules_of(state).get("rolls", {}).get(owner)
    if roll is None or (roll.get("hidden") and not viewer.is_gm):
        return None
    # The stored record (rolls.make, changed by chips) plus its outcome; a roll logged
    # before several bonus dice could go on one action kept one "bonus": read the same.
    out = {**roll, "bonuses": bonuses(roll), "outcome": evaluate(roll)}
    out.pop("bonus", None)
    return cast(Roll, out)


def _players(
    state: ChipsTable, system: ChipSystem, seats: list[str], viewer: Actor
) -> dict[str, PlayerView]:
    """Every seat's entry: the others' as every player sees them (computed once per
    state and shared by all players), the viewer's own with its private part."""
    if viewer.is_gm:
        return {pid: _own_player(state, system, pid, viewer) for pid in seats}
    public: dict[str, PlayerView] = shared_part(
        state,
        "fatechips.players",
        lambda: {pid: _public_player(state, system, pid, ONLOOKER) for pid in seats},
    )
    out = dict(public)
    me = viewer.player_id
    if me is not None and me in out:
        out[me] = _own_player(state, system, me, viewer)
    return out


def _own_player(state: ChipsTable, system: ChipSystem, pid: str, viewer: Actor) -> PlayerView:
    entry = _public_player(state, system, pid, viewer)
    return {
        **entry,
        "sheet": _sheet(state, pid),
        "bounty": _bounty(state, pid),
        "options": chip_options(state, system, pid),
    }


def _public_player(state: ChipsTable, system: ChipSystem, pid: str, viewer: Actor) -> PlayerView:
    """A seat's entry as players other than its own see it (the GM sees hidden rolls)."""
    rules = rules_of(state)
    sheet = rules.get("sheets", {}).get(pid)
    return {
        "name": state["seats"][pid]["name"],
        "hand": counts(state, system, hand(pid)),
        "over_limit": excess(state, system, pid),
        "recorded": rules.get("recorded", {}).get(pid) or {},
        "wounds": sheet.get("wounds", {}) if sheet is not None else {},
        "negatable": window(state, pid),
        "roll": _roll(state, pid, viewer),
    }


def _sheet(state: ChipsTable, pid: str) -> Sheet:
    """A seat's sheet (every seat gets one when it is added: session.add_seat)."""
    found: Sheet = get_path(state, ("rules", "sheets", pid))
    return found


def _bounty(state: ChipsTable, pid: str) -> Bounty:
    """A seat's Bounty Points: earned, spent, what's left to spend, and the ledger."""
    rules = rules_of(state)
    bounty = rules.get("bounty", {}).get(pid) or {}
    ledger = rules.get("ledger", {}).get(pid) or {}
    return {
        "earned": int(bounty.get("earned", 0)),
        "spent": int(bounty.get("spent", 0)),
        "available": unspent(state, pid),
        "ledger": [ledger[k] for k in sorted(ledger, key=int)],
    }


def view(system: ChipSystem, state: ChipsTable, viewer: Actor) -> ChipsView:
    """The rule system's part of the table as ``viewer`` may see it (combat included)."""
    settings = state.get("settings", {})
    pot = counts(state, system, POT)
    gm_hand = counts(state, system, GM_HAND)
    show_mix = viewer.is_gm or bool(settings.get("show_pot_mix", False))
    seats = {p: s for p, s in state.get("seats", {}).items() if s.get("active", True)}
    rules = rules_of(state)
    requests = rules.get("requests") or {}
    out: ChipsView = {
        "system": system.name,
        "gm_title": system.gm_title,
        "colours": list(system.colours),
        "bounty_values": dict(system.bounty),
        "negation": {
            c: {"wounds": system.negate_wounds[c], "wind": system.recover_wind[c] or "all"}
            for c in system.colours
        },
        "locations": list(system.locations),
        "hand_limit": int(settings.get("hand_limit", 0)),
        "pot": {"total": sum(pot.values()), "chips": pot if show_mix else None},
        "gm_hand": {"total": sum(gm_hand.values()), "chips": gm_hand if viewer.is_gm else None},
        "gm_roll": _roll(state, MARSHAL, viewer),
        "removed": counts(state, system, REMOVED),
        "cashed": counts(state, system, CASHED),
        "players": _players(state, system, list(seats), viewer),
        "trades": rules.get("trades") or {},
        "requests": {
            rid: r for rid, r in requests.items() if viewer.is_gm or r["player"] == viewer.player_id
        },
        "combat": combat_view.view(system, state, viewer),
    }
    if viewer.is_gm:
        out["gm_options"] = gm_options(state, system)
    if system.crew_bounty:
        out["bounty_pool"] = int(rules.get("bounty_pool", 0))
    if "arc" in system.repeat_limit.values():
        out["arc"] = current_arc(state)
    return out
