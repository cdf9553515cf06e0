"""Every other Fate's Edge command (XP purchases, downtime, bonds, casting, rituals...)
as a form, so nothing the rules allow is out of reach of the screens."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import flet as ft

from app.domain.fatesedge.adventure import ADVENTURE_DRAW
from app.domain.fatesedge.awards_args import BOON_AWARD, BOON_CONVERT, XP_MILESTONE, XP_SESSION
from app.domain.fatesedge.catalog import COMMANDS
from app.domain.fatesedge.clocks import (
    CLOCK_CREATE,
    CLOCK_REMOVE,
    CLOCK_REVEAL,
    CLOCK_TICK,
    FATIGUE_CHANGE,
    FATIGUE_REST,
    SUPPLY_TICK,
)
from app.domain.fatesedge.cp import CP_GRANT, CP_REVEAL, CP_SPEND
from app.domain.fatesedge.creation import CHARACTER_FINISH, CHARACTER_KIT, CHARACTER_PREGEN
from app.domain.fatesedge.decks import DECK_DIVIDEND, DECK_DRAW, DECK_SHUFFLE
from app.domain.fatesedge.field_repair import GEAR_FIELD_REPAIR
from app.domain.fatesedge.resources import (
    RESOURCE_DEGRADE,
    RESOURCE_FLAG,
    RESOURCE_MAINTAIN,
    RESOURCE_RECOVER,
    RESOURCE_REPAIR,
)
from app.domain.fatesedge.retinue import (
    ASSET_ACTIVATE,
    FOLLOWER_TREAT,
    SCENE_END,
)
from app.domain.fatesedge.roll_args import ROLL_ENTER, ROLL_POOL
from app.domain.fatesedge.rolls import BOON_REROLL, ROLL_BARGAIN, ROLL_NPC

from ..component import keyed
from ..model import AppModel
from ..systems.generic import command_form, seats_of, shared_labels
from ..widgets import muted
from .common import fe_view

#: Commands with their own controls on the other tabs.
COVERED = frozenset(
    t.name
    for t in (
        ROLL_POOL, ROLL_ENTER, BOON_REROLL, ROLL_BARGAIN, ROLL_NPC,
        CP_SPEND, CP_GRANT, CP_REVEAL, BOON_CONVERT, BOON_AWARD,
        XP_SESSION, XP_MILESTONE, CHARACTER_PREGEN, CHARACTER_KIT,
        CHARACTER_FINISH, CLOCK_CREATE, CLOCK_TICK, CLOCK_REVEAL, CLOCK_REMOVE,
        SUPPLY_TICK, FATIGUE_CHANGE, FATIGUE_REST, SCENE_END,
        RESOURCE_FLAG, RESOURCE_MAINTAIN, RESOURCE_DEGRADE, RESOURCE_RECOVER,
        RESOURCE_REPAIR, FOLLOWER_TREAT, ASSET_ACTIVATE, GEAR_FIELD_REPAIR,
        DECK_DRAW, DECK_DIVIDEND, DECK_SHUFFLE, ADVENTURE_DRAW,
    )
)  # fmt: skip


def named_things(model: AppModel) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """What the forms' id arguments may name, in words: the bonds, every follower, asset
    and item (with its owner's name for the GM, who sees every sheet) and the trainings
    under way, so nobody types an id the screens never show."""
    view = fe_view(model)
    names = dict(seats_of(model))
    sheets = dict(view.get("characters") or {})
    you = view.get("you")
    if you is not None:
        sheets[model.player_id or ""] = you

    def owner(pid: str) -> str:
        """Whose it is: the GM sees every sheet's followers and items in one menu."""
        return f" ({names.get(pid, pid)})" if model.is_gm else ""

    bonds = tuple(
        (bid, f"{names.get(str(b.get('a')), '?')} & {names.get(str(b.get('b')), '?')}: "
              f"{b.get('tie', '')}")
        for bid, b in sorted(view["bonds"].items()) if isinstance(b, dict)
    )  # fmt: skip
    followers = tuple(
        (fid, f"{f.get('name', fid)}{owner(pid)}")
        for pid, sheet in sorted(sheets.items()) for fid, f in sheet["followers"].items()
    )  # fmt: skip
    gear = tuple(
        (gid, f"{g.get('name', gid)}{owner(pid)}")
        for pid, sheet in sorted(sheets.items()) for gid, g in sheet["gear"].items()
    )  # fmt: skip
    assets = tuple(
        (aid, f"{a.get('name', aid)}{owner(pid)}")
        for pid, sheet in sorted(sheets.items()) for aid, a in sheet["assets"].items()
    )  # fmt: skip
    trainings = tuple(
        (tid, f"{t.get('label', tid)} ({names.get(str(t.get('player')), '?')})")
        for tid, t in sorted((view.get("trainings") or {}).items())
    )
    abilities = tuple(
        (a["key"], f"{a['name']}{owner(pid)}: {a['when']}")
        for pid, sheet in sorted(sheets.items()) for a in sheet["abilities"]
        if a["effect"] != "dice"  # those are chosen on the roller, when rolling
    )  # fmt: skip
    return (
        ("bond", bonds),
        ("follower", followers),
        ("gear", gear),
        ("asset", assets),
        ("training", trainings),
        ("ability", abilities),
    )


#: The labels several More forms share, per (system, GM or not, the forms shown).
_SHARED: dict[tuple[str, bool, tuple[str, ...]], frozenset[str]] = {}


def more_panel(model: AppModel) -> ft.Control:
    """The rest of the catalogue this role may send, one form each."""
    role = "gm" if model.is_gm else "player"
    catalogue: Mapping[str, Any] = next(
        (r for r in model.ruleset_list if r.get("name") == model.ruleset), {"commands": {}}
    )
    seats, named = seats_of(model), named_things(model)
    shown = {
        t: spec
        for t, spec in sorted(catalogue["commands"].items())
        if role in spec.get("roles", [])
        and t not in COVERED
        and t in COMMANDS  # the table's own commands (seats, sessions, undo) are elsewhere
    }
    key = (model.ruleset, model.is_gm, tuple(shown))
    if key not in _SHARED:  # the catalogue never changes while the host runs
        _SHARED[key] = shared_labels(list(shown.values()), model.is_gm)
    shared = _SHARED[key]
    forms = [
        keyed(t, command_form, model, t, spec, seats, named, COMMANDS[t].args, shared)
        for t, spec in shown.items()
    ]
    intro = muted("More of the rules: XP purchases, downtime, bonds, casting, rituals.", 15)
    return ft.Column([intro, *(forms or [muted("Loading the commands…")])], spacing=8)
