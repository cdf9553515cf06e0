"""What each viewer may see of a Fate's Edge table, with what the UI needs to offer."""

from __future__ import annotations

from typing import cast

from ..actors import Actor
from ..changes import token_count
from ..jsonvalue import clone
from ..tokens import hand
from . import costs
from .clocks import SUPPLY_SIZE, SUPPLY_STATES
from .creation import Kit, Pregen
from .dice import DIFFICULTY, LADDER, OUTCOMES, fatigue_rerolls
from .grants import auras, waiting
from .menus import menu_json
from .pregens import PREGENS
from .prestige import PRESTIGE_SKILLS
from .rules_types import Rules
from .sheet_types import Character
from .state import BOON, CP, FeTable, boons, cp_bank, rules_of, settings_of, xp, xp_spent
from .tables import (
    CHECKLIST,
    CORE_SKILLS,
    KITS,
    SESSION_AWARDS,
    SKILL_LINKS,
    STARTING_COMPLICATIONS,
    USUAL_AWARD,
)
from .talents import TALENTS
from .uses import owned, uses_left
from .view_types import (
    FeAbility,
    FeBoonActions,
    FeClock,
    FeDeck,
    FeMenu,
    FePrices,
    FeReference,
    FeSheet,
    FeView,
    FeYou,
)


def _sheet(state: FeTable, pid: str, pc: Character) -> FeSheet:
    # the stored sheet's keys are FeSheet's own (creation.blank_sheet and the pc_path puts)
    out = cast(FeSheet, clone(pc))
    spent = xp_spent(state, pid)
    out["player"] = pid
    out["xp"] = {"unspent": xp(state, pid), "spent": spent, "deficit": pc.get("deficit", 0)}
    out["tier"] = costs.tier_of(spent)
    out["boons"] = boons(state, pid)
    out["abilities"] = _abilities(state, pid, pc)
    return out


def _boon_actions(state: FeTable, pid: str, pc: Character) -> FeBoonActions:
    """What a Boon can do for this player right now."""
    rules = rules_of(state)
    have = boons(state, pid)
    last = rules.get("last_roll")
    can_reroll = bool(have and isinstance(last, dict) and last.get("player") == pid)
    session = bool(state.get("session", {}).get("active"))
    return {
        "boons": have,
        "cap": settings_of(state).get("boon_cap", 5),
        "reroll": {
            "possible": can_reroll,
            "dice": len(last["dice"]) if can_reroll and last is not None else 0,
        },
        "activate": [
            {"asset": aid, "name": a["name"], "neglected": a["condition"] == "neglected"}
            for aid, a in pc.get("assets", {}).items()
            if a["condition"] != "compromised" and (have or xp(state, pid) >= 2)
        ],
        "convert": {"possible": not session and have >= 2, "xp": have // 2},
    }


def _abilities(state: FeTable, pid: str, pc: Character) -> list[FeAbility]:
    """Talents and gear that act in play, with what they do and the uses left, and the
    dice other characters gave this one (a shield's cover, a captain's rally)."""
    own: list[FeAbility] = [
        {
            "key": key,
            "name": label,
            "when": ab.when,
            "per": ab.per,
            "effect": ab.effect,
            "amount": ab.amount,
            "ally": ab.ally,
            "left": uses_left(state, pid, key, ab),
        }
        for key, (label, ab) in owned(pc).items()
    ]
    given: list[FeAbility] = [
        {
            "key": key,
            "name": f"{g['name']} from {g['from']}",
            "when": g["when"],
            "per": "scene",
            # chosen on the roll it applies to ('dice'), or added to the next roll by itself
            "effect": "given_next" if g.get("auto") else "dice",
            "amount": g["dice"],
            "ally": False,
            "left": 1,
        }
        for key, g in waiting(state, pid).items()
    ]
    offered: list[FeAbility] = [
        {
            "key": key,
            "name": f"{g['name']} of {g['from']}",
            "when": g["when"],
            "per": "roll",
            "effect": "dice",
            "amount": g["dice"],
            "ally": False,
            "left": None,
        }
        for key, g in auras(state, pid).items()
    ]
    return own + given + offered


def _prices(state: FeTable, pc: Character) -> FePrices:
    settings = settings_of(state)
    return {
        "attributes": {
            k: costs.attribute_cost(v + 1) for k, v in pc["attributes"].items() if v < 5
        },
        "skills": {k: costs.skill_cost(v + 1, settings) for k, v in pc["skills"].items() if v < 5},
        "new_skill": costs.skill_cost(1, settings),
        "followers": {str(cap): costs.follower_cost(cap, settings) for cap in range(1, 6)},
        "assets": costs.ASSET_COST,
        "gear": costs.GEAR_TIERS,
        "talents": {name: t.cost or None for name, t in TALENTS.items()},  # None: GM prices
    }


def _clocks(rules: Rules, gm: bool) -> dict[str, FeClock]:
    return {cid: clone(c) for cid, c in rules.get("clocks", {}).items() if gm or c.get("visible")}


def _decks(rules: Rules, gm: bool) -> dict[str, FeDeck]:
    out: dict[str, FeDeck] = {}
    for name, deck in rules.get("decks", {}).items():
        counts: FeDeck = {"remaining": len(deck.get("order", [])), "discards": len(deck["discard"])}
        if gm:
            counts |= {"order": list(deck["order"]), "discard": list(deck["discard"])}
        out[name] = counts
    return out


#: The rules' reference tables the screens show (ladder, DVs, pregens, kits, prices...):
#: fixed by the SRD, so made once, not on every view (views are read, never changed).
_REFERENCE: FeReference = {
    "ladder": list(LADDER),
    "difficulty": {str(dv): name for dv, name in DIFFICULTY.items()},
    "outcomes": OUTCOMES,
    "skills": sorted(set(CORE_SKILLS) | set(SKILL_LINKS)),
    "asset_types": {k: v[0] for k, v in costs.ASSET_KINDS.items()},
    # PREGENS and KITS are keyed by the commands' Pregen and Kit names
    "pregens": {
        cast(Pregen, k): {"name": p["name"], "title": p["title"]} for k, p in PREGENS.items()
    },
    "starting_complications": {str(roll): list(c) for roll, c in STARTING_COMPLICATIONS.items()},
    "kits": {cast(Kit, k): {"name": n, "effect": e} for k, (n, e) in KITS.items()},
    "tiers": [list(t) for t in costs.TIERS],
    "prestige_skills": {
        name: {"cost": p.cost, "unlock": p.unlock, "needs": dict(p.needs), "role": p.role}
        for name, p in PRESTIGE_SKILLS.items()
    },
}


def build(state: FeTable, viewer: Actor) -> FeView:
    """The rules part of the table view."""
    rules = rules_of(state)
    settings = settings_of(state)
    seats = {p: s for p, s in state.get("seats", {}).items() if s.get("active", True)}
    pcs = rules.get("pcs", {})
    gm = viewer.is_gm
    view: FeView = {
        "party": [
            {"player": pid, "name": pcs[pid]["name"], "boons": boons(state, pid)}
            for pid in seats
            if pid in pcs
        ],
        "clocks": _clocks(rules, gm),
        "supply": {
            "filled": rules.get("supply", 0),
            "size": SUPPLY_SIZE,
            "state": SUPPLY_STATES[int(rules.get("supply", 0))],
        },
        "last_roll": clone(rules.get("last_roll")),
        "contest": clone(rules.get("contest")),
        "group_last": clone(rules.get("group_last")),
        "bonds": clone(rules.get("bonds", {})),
        "arc": clone(rules.get("arc", {"number": 1})),
        "scene": rules.get("scene", 1),
        "rallied": rules.get("rallied"),  # the roll whose CP a captain already converted
        "decks": _decks(rules, gm),
        # The same for every view and every table: built once (see _REFERENCE).
        "reference": _REFERENCE,
    }
    if settings.get("show_cp_bank") or gm:
        view["cp_bank"] = cp_bank(state)
    casting = rules.get("casting", {})
    ritual = rules.get("ritual")
    if gm:
        view["characters"] = {pid: _sheet(state, pid, pc) for pid, pc in pcs.items()}
        view["trainings"] = clone(rules.get("trainings", {}))
        view["rushed"] = clone(rules.get("rushed", {}))
        view["front_loaded"] = clone(rules.get("front_loaded", []))
        menu = cast(FeMenu, menu_json())  # menus.menu_json writes FeMenu's rows
        view["menu"] = menu
        bank = cp_bank(state)
        for row in menu["universal"]:
            row["affordable"] = row["cost"] <= bank
        for rows in menu["pillars"].values():
            for row in rows:
                row["affordable"] = row["cost"] <= bank
        view["checklist"] = {
            "questions": list(CHECKLIST),
            "awards": [
                {"id": i, "label": lbl, "lo": lo, "hi": hi, "usual": USUAL_AWARD[i]}
                for i, lbl, lo, hi in SESSION_AWARDS
            ],
            "pace": list(costs.PACING[str(settings.get("pacing", "standard"))]),
        }
        view["dv_set"] = clone(rules.get("dv_set", {}))
        view["boon_offer"] = clone(rules.get("boon_offer"))
        view["casting"] = clone(casting)
        view["ritual"] = clone(ritual)
        view["ritual_pool"] = token_count(state, "ritual", CP)
        view["overflow"] = {pid: token_count(state, f"boon-overflow:{pid}", BOON) for pid in pcs}
        return view
    pid = viewer.player_id
    if pid is None or pid not in pcs:
        return view
    pc = pcs[pid]
    level = int(pc.get("fatigue", 0))
    view["you"] = FeYou(
        **_sheet(state, pid, pc),
        hand={"boons": token_count(state, hand(pid), BOON)},
        boon_actions=_boon_actions(state, pid, pc),
        prices=_prices(state, pc),
        fatigue_effect={
            "forced_rerolls": fatigue_rerolls(level, bool(pc.get("fatigue_fresh", False))),
            "out_of_scene": level >= 4,
        },
        trainings={
            t: clone(v) for t, v in rules.get("trainings", {}).items() if v["player"] == pid
        },
        casting=clone(casting.get(pid)),
        dv_set=clone(rules.get("dv_set", {}).get(pid)),
    )
    if isinstance(ritual, dict) and pid in [ritual.get("caster"), *ritual.get("helpers", [])]:
        view["ritual"] = {k: v for k, v in ritual.items() if k != "cp"}
    return view
