"""What each viewer sees of a Bottlecaps table.

Everyone sees the pot, every player's caps (they lie on the table), players' rolls in
progress and Moments of Greatness. A player also sees their own sheet, their open hit
and, per cap colour, what it can do right now (or why not). The GM sees every sheet
and the same options for every character, plus its own caps per Wild Card NPC.
Its shape is ``view_types.CapsView``.
"""

from __future__ import annotations

from ..actors import Actor
from ..changes import get_path, tokens_in
from ..jsonvalue import clone
from ..tokens import GM_HAND, POT, hand
from .caps import BLUE, COLOURS, RED, USES, WHITE
from .characters import TURN, CapsTable, Character, all_characters, npc_pool
from .settings import CapsSettings, settings_of
from .uses import options
from .view_types import CapCounts, CapsView, CharacterView, WildCardView


def _counts(state: CapsTable, container: str) -> CapCounts:
    found = tokens_in(state, container)
    return {
        WHITE: int(found.get(WHITE, 0)),
        RED: int(found.get(RED, 0)),
        BLUE: int(found.get(BLUE, 0)),
    }


def _character(state: CapsTable, settings: CapsSettings, who: Character) -> CharacterView:
    """Everything about one character that its player (or the GM) may see."""
    return {
        "id": who.id,
        "name": who.name,
        "sheet": clone(who.sheet(state)),
        "roll": clone(who.roll(state)),
        "hit": clone(who.hit(state)),
        "greatness": clone(who.greatness(state)),
        "options": options(state, settings, who),
    }


def _wild_card(state: CapsTable, settings: CapsSettings, npc: Character) -> WildCardView:
    return {**_character(state, settings, npc), "caps": _counts(state, npc_pool(npc.id))}


def view(state: CapsTable, viewer: Actor) -> CapsView:
    """The Bottlecaps part of the table as ``viewer`` may see it."""
    settings = settings_of(state)
    characters = all_characters(state)
    players = [c for c in characters if not c.npc]
    turn = get_path(state, TURN)
    out: CapsView = {
        "colours": list(COLOURS),
        "uses": {
            u.name: {"colour": u.colour, "label": u.label, "needs": list(u.needs)}
            for u in USES.values()
        },
        "pot": _counts(state, POT),
        "hands": {p.id: _counts(state, hand(p.id)) for p in players},
        "rolls": {p.id: clone(p.roll(state)) for p in players},
        "greatness": {p.id: clone(p.greatness(state)) for p in players},
        "turn": turn if viewer.is_gm or turn is None or not str(turn).startswith("npc") else "gm",
    }
    if viewer.is_gm:
        out["gm"] = {
            "caps": _counts(state, GM_HAND),
            "players": {p.id: _character(state, settings, p) for p in players},
            "wild_cards": [_wild_card(state, settings, c) for c in characters if c.npc],
        }
    else:
        me = next((p for p in players if p.id == viewer.player_id), None)
        out["you"] = _character(state, settings, me) if me else None
    return out
