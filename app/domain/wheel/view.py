"""What one viewer may see of a Wheel of Fate table.

Everyone sees the Bowl, every character's fate points, aspects, summary and stress,
and the running contest. A player sees their own sheet in full, what creation still
misses, their pending compel, and what they can do right now (``options``). The GM
sees every sheet, the GM-side characters and every pending compel.
"""

from __future__ import annotations

from ..actors import Actor
from ..changes import token_count
from ..jsonvalue import JsonDict, clone
from . import contest as c
from .sheet import missing, steps
from .state import ATTRIBUTES, BOWL, FATE, LAST_QUESTION, fate_of, is_out
from .stress import out_words

DIFFICULTIES = {
    "5": "Basic",
    "10": "Hard",
    "15": "Very hard",
    "20": "Needs help even at 4d6",
    "25": "Needs 5d6 for a chance",
}


def _public(state: JsonDict, cid: str, record: JsonDict) -> JsonDict:
    return {
        "name": record.get("name") or state["seats"].get(cid, {}).get("name", cid),
        "npc": False,
        "summary": record.get("summary", ""),
        "aspects": clone(record.get("aspects", {})),
        "fate": fate_of(state, cid),
        "stress": int(record.get("stress", 0)),
        "out": out_words(record),
        "complete": bool(record.get("complete")),
    }


def _full(state: JsonDict, cid: str, record: JsonDict) -> JsonDict:
    others = [p for p, s in state["seats"].items() if s.get("active", True) and p != cid]
    sheet: JsonDict = clone(record)
    sheet.update(_public(state, cid, record))
    sheet["missing"] = missing(record, others, state["rules"]["pools"])
    sheet["steps"] = steps(sheet["missing"])
    return sheet


def _options(state: JsonDict, pid: str, record: JsonDict) -> JsonDict:
    """What the player can do right now, for the UI to offer."""
    fate = fate_of(state, pid)
    values = record.get("attributes", {})
    special = {p["name"] for p in state["rules"]["pools"] if p["special"]}
    seats = state["seats"]
    contest = c.running(state)
    opts: JsonDict = {
        "fate": fate,
        "bonus_die": fate >= 1,
        "declare": fate >= 1,
        "invoke": [{"number": int(k), "text": v} for k, v in record.get("aspects", {}).items() if v]
        if fate >= 1
        else [],
        "compel": {"accept": True, "refuse": fate >= 1} if record.get("compel") else None,
        "bowl_give": [p for p, s in seats.items() if p != pid and s.get("active", True)]
        if token_count(state, BOWL, FATE) > 0
        else [],
        "rollable": [n for n in ATTRIBUTES if n in values and not is_out(record, n)],
        "pools": [n for n, d in record.get("pools", {}).items() if d and n not in special],
        "help_dice": sum(int(h["dice"]) for h in record.get("help", [])),
        "stress": int(record.get("stress", 0)),
    }
    if contest is not None and pid in contest["participants"]:
        exchange: JsonDict = contest.get("exchange") or {}
        free = pid not in contest["acted"] and not is_out(record, contest["kind"])
        opts["contest"] = {
            "attack": free and not exchange,
            "defend": exchange.get("target") == pid,
            "help": free,
            "haste": free,
        }
    return opts


def _contest(state: JsonDict, viewer: Actor) -> JsonDict | None:
    contest = c.running(state)
    if contest is None:
        return None
    every = state["rules"]["chars"]
    shown: JsonDict = clone(contest)
    shown["order"] = c.order(state, contest)
    shown["waiting"] = c.waiting(state, contest)
    present = c.members(state, contest)
    shown["out"] = [p for p in present if is_out(every[p], contest["kind"])]
    shown["names"] = {
        p: every[p].get("name") or state["seats"].get(p, {}).get("name", p) for p in present
    }
    shown["stress"] = {p: int(every[p].get("stress", 0)) for p in present}
    if viewer.is_gm:
        shown["initiative"] = {p: c.initiative(state, contest, p) for p in c.active(state, contest)}
    return shown


def build(state: JsonDict, viewer: Actor) -> JsonDict:
    """The rules part of the table view for ``viewer``."""
    rules = state.get("rules", {})
    every: dict[str, JsonDict] = rules.get("chars", {})
    seats = state.get("seats", {})
    pcs = {
        cid: r for cid, r in every.items() if not r.get("npc") and seats.get(cid, {}).get("active")
    }
    out: JsonDict = {
        "fate_kind": FATE,
        "bowl": token_count(state, BOWL, FATE),
        "questions": clone(rules.get("questions", [])),
        "last_question": LAST_QUESTION,
        "pools": clone(rules.get("pools", [])),
        "difficulties": DIFFICULTIES,
        "characters": {cid: _public(state, cid, r) for cid, r in pcs.items()},
        "contest": _contest(state, viewer),
    }
    pid = viewer.player_id
    if pid is not None and pid in pcs:
        out["me"] = _full(state, pid, pcs[pid])
        out["options"] = _options(state, pid, pcs[pid])
    if viewer.is_gm:
        out["sheets"] = {cid: _full(state, cid, r) for cid, r in pcs.items()}
        out["npcs"] = {
            cid: dict(clone(r), out=out_words(r)) for cid, r in every.items() if r.get("npc")
        }
        out["compels"] = {cid: clone(r["compel"]) for cid, r in pcs.items() if r.get("compel")}
    return out
