"""The cap economy: filling the pot, the draws each session, awards, and the reset.

"Each session, you start with three Caps drawn randomly from the pot and modified by
appropriate Edges and Hindrances." "The GM gets one each session for each PC, plus 2
specific to any Wild Card NPCs he controls." "Caps are reset at the beginning of each
session": every cap goes back to the pot, then everyone draws afresh.

Players' hands are public (caps lie on the table); the colours the GM holds are told
only to the GM, with a public line saying how many caps the GM drew.
"""

from __future__ import annotations

from ..changes import SUPPLY, Change, Move, Put, get_path, tokens_in
from ..context import Context
from ..events import GM_ONLY, Draft
from ..jsonvalue import JsonDict, clone
from ..tokens import GM_HAND, POT, draw_blind, hand, move_all
from .caps import COLOURS, caps_text
from .characters import (
    GREATNESS,
    HITS,
    ROLLS,
    SHEETS,
    TURN,
    CapsTable,
    Character,
    npc_pool,
    wild_cards,
)
from .events.economy import (
    CAPS_DRAWN,
    CAPS_GM_DREW,
    CAPS_GM_DREW_COUNT,
    CAPS_PLAY_CLEARED,
    CAPS_POT_FILLED,
    CAPS_RETURNED,
)
from .view_types import Sheet

PLAYER_DRAW = 3
GM_PER_PC = 1
GM_PER_WILD_CARD = 2
# Per-session play data; cleared at every session boundary with the caps.
SESSION_DATA = (ROLLS, HITS, GREATNESS)


def pot_setting(colour: str) -> str:
    """The table setting holding how many caps of ``colour`` the pot starts with."""
    return f"pot_{colour}"


def fill_pot(ctx: Context) -> None:
    """Put the table's caps in the pot (at table creation)."""
    moves = [Move(c, SUPPLY, POT, int(ctx.settings[pot_setting(c)])) for c in COLOURS]
    counts = ", ".join(f"{m.n} {m.kind}" for m in moves)
    ctx.emit(Draft(CAPS_POT_FILLED, f"The pot holds {counts} caps.", changes=tuple(moves)))


def player_draw_count(sheet: Sheet) -> int:
    """Three caps, plus the GM's modifier for the player's Edges and Hindrances."""
    return max(0, PLAYER_DRAW + int(sheet["draw_modifier"]))


def active_players(state: CapsTable) -> list[str]:
    seats = state.get("seats", {})
    return [pid for pid, seat in seats.items() if seat.get("active", True)]


def draw_for_player(ctx: Context, pid: str, n: int, why: str) -> None:
    """Draw ``n`` caps blind from the pot into a player's hand (a public event)."""
    moves = draw_blind(ctx.rng, ctx.state, POT, hand(pid), n)
    drawn = [m.kind for m in moves]
    short = f" (the pot had only {len(moves)})" if len(moves) < n else ""
    ctx.emit(
        Draft(
            CAPS_DRAWN,
            f"{ctx.name_of(pid)} {why} {caps_text(drawn)}{short}.",
            data={"player_id": pid, "caps": drawn, "wanted": n},
            changes=tuple(moves),
        )
    )


def draw_for_gm(ctx: Context, pools: list[tuple[str, int]], why: str = "") -> None:
    """Draw into the GM's pools: colours told to the GM only, the count to everyone
    ("The GM draws 5 caps{why}.")."""
    moves: list[Move] = []
    lines = []
    # draw_blind reads the pot from a state: keep a scratch pot that shrinks per draw.
    scratch: JsonDict = {"tokens": {POT: tokens_in(ctx.state, POT)}}
    for pool, n in pools:
        drawn = draw_blind(ctx.rng, scratch, POT, pool, n)
        for move in drawn:
            scratch["tokens"][POT][move.kind] -= 1
        moves += drawn
        lines.append(f"{caps_text([m.kind for m in drawn])} {_pool_name(ctx.state, pool)}")
    if not moves:
        return
    ctx.emit(
        Draft(
            CAPS_GM_DREW,
            f"The GM draws {'; '.join(lines)}.",
            data={"pools": {p: [m.kind for m in moves if m.target == p] for p, _ in pools}},
            changes=tuple(moves),
            visible_to=GM_ONLY,
        )
    )
    count = "a cap" if len(moves) == 1 else f"{len(moves)} caps"
    ctx.emit(Draft(CAPS_GM_DREW_COUNT, f"The GM draws {count}{why}."))


def _pool_name(state: CapsTable, pool: str) -> str:
    if pool == GM_HAND:
        return "for any Wild Card NPC"
    npc_id = pool.removeprefix(f"{GM_HAND}:")
    card = wild_cards(state).get(npc_id)
    return f"for {npc_id if card is None else card['name']}"


def return_all(ctx: Context, why: str) -> None:
    """Every cap held by anyone goes back to the pot ("you can't save them up")."""
    held = [c for c in get_path(ctx.state, ("tokens",), {}) if c not in (POT, SUPPLY)]
    moves = [m for c in sorted(held) for m in move_all(ctx.state, c, POT)]
    if moves:
        players = {
            pid: caps_text(
                [k for k, n in tokens_in(ctx.state, hand(pid)).items() for _ in range(n)]
            )
            for pid in active_players(ctx.state)
            if tokens_in(ctx.state, hand(pid))
        }
        ctx.emit(
            Draft(
                CAPS_RETURNED,
                f"{why}: every cap goes back to the pot.",
                data={"players": players},
                changes=tuple(moves),
            )
        )


def clear_session_data(ctx: Context) -> None:
    """Rolls in progress, open hits, Moments of Greatness and the turn marker end."""
    changes: list[Change] = [
        Put(path, clone(get_path(ctx.state, path)), {})
        for path in SESSION_DATA
        if get_path(ctx.state, path)
    ]
    if get_path(ctx.state, TURN) is not None:
        changes.append(Put(TURN, get_path(ctx.state, TURN), None))
    if changes:
        ctx.emit(
            Draft(
                CAPS_PLAY_CLEARED,
                "Rolls and effects in play are cleared.",
                changes=tuple(changes),
            )
        )


def session_started(ctx: Context) -> None:
    """Reset, then the draws: three each (± modifier), the GM one per PC + 2 per Wild Card."""
    return_all(ctx, "New session")
    clear_session_data(ctx)
    players = active_players(ctx.state)
    for pid in players:
        sheet = get_path(ctx.state, (*SHEETS, pid))
        draw_for_player(ctx, pid, player_draw_count(sheet), "draws")
    pools = [(GM_HAND, GM_PER_PC * len(players))]
    pools += [(npc_pool(nid), GM_PER_WILD_CARD) for nid in wild_cards(ctx.state)]
    draw_for_gm(ctx, pools)


def session_ended(ctx: Context) -> None:
    """Caps left at the end of a session give nothing: they go back to the pot."""
    return_all(ctx, "Session over")
    clear_session_data(ctx)


def session_active(state: CapsTable) -> bool:
    return bool(get_path(state, ("session", "active"), False))


def clear_character(ctx: Context, who: Character) -> list[Change]:
    """Changes removing a character's roll, open hit, Moment of Greatness and turn."""
    changes: list[Change] = []
    for base in SESSION_DATA:
        old = get_path(ctx.state, who.path(base))
        if old is not None:
            changes.append(Put(who.path(base), clone(old), None))
    if get_path(ctx.state, TURN) == who.id:
        changes.append(Put(TURN, who.id, None))
    return changes
