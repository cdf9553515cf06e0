"""What one viewer may see of a Wheel of Fate table.

Everyone sees the Bowl, every character's fate points, aspects, summary and stress,
and the running contest. A player sees their own sheet in full, what creation still
misses, their pending compel, and what they can do right now (``options``). The GM
sees every sheet, the GM-side characters and every pending compel.

The shape is declared in ``view_types`` (``WheelView``); the parts are built key by key
so that mypy checks them against it and nothing else in a record leaks into the view.
"""

from __future__ import annotations

from ..actors import Actor
from ..changes import token_count
from ..jsonvalue import clone
from . import contest as c
from .sheet import missing, steps
from .state import (
    ATTRIBUTES,
    BOWL,
    FATE,
    LAST_QUESTION,
    WheelChar,
    WheelTable,
    chars,
    fate_of,
    is_out,
    rules_of,
    seat_name,
    seated,
)
from .stress import out_words
from .view_types import (
    Character,
    Compel,
    Contest,
    ContestOptions,
    Npc,
    Options,
    Sheet,
    WheelView,
)

DIFFICULTIES = {
    "5": "Basic",
    "10": "Hard",
    "15": "Very hard",
    "20": "Needs help even at 4d6",
    "25": "Needs 5d6 for a chance",
}


def _public(state: WheelTable, cid: str, record: WheelChar) -> Character:
    return {
        "name": record.get("name") or seat_name(state, cid),
        "npc": False,
        "summary": record.get("summary", ""),
        "aspects": clone(record.get("aspects", {})),
        "fate": fate_of(state, cid),
        "stress": int(record.get("stress", 0)),
        "out": out_words(record),
        "complete": bool(record.get("complete")),
    }


def _compel(record: WheelChar) -> Compel:
    offer = record["compel"]
    return {"aspect": offer["aspect"], "aspect_text": offer["aspect_text"], "text": offer["text"]}


def _full(state: WheelTable, cid: str, record: WheelChar) -> Sheet:
    others = [p for p, s in state["seats"].items() if s.get("active", True) and p != cid]
    todo = missing(record, others, rules_of(state)["pools"])
    public = _public(state, cid, record)
    sheet: Sheet = {
        "name": public["name"],
        "npc": False,
        "summary": public["summary"],
        "aspects": public["aspects"],
        "fate": public["fate"],
        "stress": public["stress"],
        "out": public["out"],
        "complete": public["complete"],
        "connections": clone(record.get("connections", {})),
        "attributes": clone(record.get("attributes", {})),
        "answers": clone(record.get("answers", {})),
        "pools": clone(record.get("pools", {})),
        "went_wrong": record.get("went_wrong", ""),
        "help": clone(record.get("help", [])),
        "missing": todo,
        "steps": steps(todo),
    }
    if record.get("compel"):
        sheet["compel"] = _compel(record)
    return sheet


def _npc(record: WheelChar) -> Npc:
    return {
        "npc": True,
        "name": record["name"],
        "attributes": clone(record.get("attributes", {})),
        "stress": int(record.get("stress", 0)),
        "help": clone(record.get("help", [])),
        "out": out_words(record),
    }


def _options(state: WheelTable, pid: str, record: WheelChar) -> Options:
    """What the player can do right now, for the UI to offer."""
    fate = fate_of(state, pid)
    values = record.get("attributes", {})
    special = {p["name"] for p in rules_of(state)["pools"] if p["special"]}
    seats = state["seats"]
    contest = c.running(state)
    opts: Options = {
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
        exchange = contest.get("exchange")
        free = pid not in contest["acted"] and not is_out(record, contest["kind"])
        mine: ContestOptions = {
            "attack": free and not exchange,
            "defend": exchange is not None and exchange["target"] == pid,
            "help": free,
            "haste": free,
        }
        opts["contest"] = mine
    return opts


def _contest(state: WheelTable, viewer: Actor) -> Contest | None:
    contest = c.running(state)
    if contest is None:
        return None
    every = chars(state)
    present = c.members(state, contest)
    shown: Contest = {
        "kind": contest["kind"],
        "harmful": contest["harmful"],
        "participants": clone(contest["participants"]),
        "round": contest["round"],
        "acted": clone(contest["acted"]),
        "haste": clone(contest["haste"]),
        "held": clone(contest["held"]),
        "order": c.order(state, contest),
        "waiting": c.waiting(state, contest),
        "out": [p for p in present if is_out(every[p], contest["kind"])],
        "names": {p: every[p].get("name") or seat_name(state, p) for p in present},
        "stress": {p: int(every[p].get("stress", 0)) for p in present},
    }
    if contest.get("exchange"):
        shown["exchange"] = clone(contest["exchange"])
    if viewer.is_gm:
        shown["initiative"] = {p: c.initiative(state, contest, p) for p in c.active(state, contest)}
    return shown


def build(state: WheelTable, viewer: Actor) -> WheelView:
    """The rules part of the table view for ``viewer``."""
    rules = rules_of(state)
    every = rules.get("chars", {})
    pcs = {cid: r for cid, r in every.items() if not r.get("npc") and seated(state, cid)}
    out: WheelView = {
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
        out["npcs"] = {cid: _npc(r) for cid, r in every.items() if r.get("npc")}
        out["compels"] = {cid: _compel(r) for cid, r in pcs.items() if r.get("compel")}
    return out
