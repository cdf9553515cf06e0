"""Who is at the table: seats (each gets a sheet) and the GM's Wild Card NPCs.

Someone who sits down mid-session draws their caps at once, and the GM draws the one
for their PC; a Wild Card NPC added mid-session brings its 2 caps. A character who
leaves puts their caps back in the pot.
"""

from __future__ import annotations

from ..changes import Add, Change, Put, get_path
from ..context import Context
from ..errors import RuleViolation
from ..events import GM_ONLY, Draft
from ..jsonvalue import clone
from ..tokens import GM_HAND, POT, hand, move_all
from .arguments import NpcAddArgs, NpcRemoveArgs
from .characters import SHEETS, WILD_CARDS, npc_character, npc_pool, player_character, wild_cards
from .economy import (
    GM_PER_PC,
    GM_PER_WILD_CARD,
    clear_character,
    draw_for_gm,
    draw_for_player,
    player_draw_count,
    session_active,
)
from .events.roster import CAPS_LEFT, NPC_ADDED, NPC_REMOVED, SHEET_CREATED
from .sheet import new_sheet

NEXT_NPC = ("rules", "next_npc")
NPC_NAME_MAX = 40


def seat_added(ctx: Context, pid: str) -> None:
    """A new seat gets a blank sheet, and its caps if a session is running."""
    sheet = new_sheet()
    ctx.emit(
        Draft(
            SHEET_CREATED,
            f"{ctx.name_of(pid)} gets a character sheet.",
            data={"character": pid},
            changes=(Put((*SHEETS, pid), clone(get_path(ctx.state, (*SHEETS, pid))), sheet),),
        )
    )
    if session_active(ctx.state):
        draw_for_player(ctx, pid, player_draw_count(sheet), "sits down and draws")
        draw_for_gm(ctx, [(GM_HAND, GM_PER_PC)], " for the new PC")


def seat_removed(ctx: Context, pid: str) -> None:
    """A player leaves: their caps go back to the pot; their roll and effects end."""
    changes: list[Change] = [*move_all(ctx.state, hand(pid), POT)]
    changes += clear_character(ctx, player_character(ctx, pid))
    if changes:
        ctx.emit(
            Draft(
                CAPS_LEFT,
                f"{ctx.name_of(pid)}'s caps go back to the pot.",
                data={"player_id": pid},
                changes=tuple(changes),
            )
        )


def add_npc(ctx: Context, args: NpcAddArgs) -> None:
    """GM: add a Wild Card NPC (gets a sheet; during a session, 2 caps of its own)."""
    name = args.name
    if any(str(c["name"]).casefold() == name.casefold() for c in wild_cards(ctx.state).values()):
        raise RuleViolation(f"There's already a Wild Card NPC called {name}.")
    npc_id = f"npc{int(get_path(ctx.state, NEXT_NPC, 1))}"
    ctx.emit(
        Draft(
            NPC_ADDED,
            f"The GM adds the Wild Card NPC {name}.",
            data={"npc": npc_id, "name": name},
            changes=(
                Add(NEXT_NPC, 1),
                Put((*WILD_CARDS, npc_id), None, {"name": name}),
                Put((*SHEETS, npc_id), None, new_sheet(name)),
            ),
            visible_to=GM_ONLY,
        )
    )
    if session_active(ctx.state):
        draw_for_gm(ctx, [(npc_pool(npc_id), GM_PER_WILD_CARD)], " for a new Wild Card NPC")


def remove_npc(ctx: Context, args: NpcRemoveArgs) -> None:
    """GM: a Wild Card NPC leaves the story; its own caps go back to the pot."""
    npc_id = args.npc
    who = npc_character(ctx.state, npc_id)
    changes: list[Change] = [*move_all(ctx.state, npc_pool(npc_id), POT)]
    changes += clear_character(ctx, who)
    changes += [
        Put((*WILD_CARDS, npc_id), clone(wild_cards(ctx.state)[npc_id]), None),
        Put((*SHEETS, npc_id), clone(who.sheet(ctx.state)), None),
    ]
    ctx.emit(
        Draft(
            NPC_REMOVED,
            f"The GM removes the Wild Card NPC {who.name}; its caps go back to the pot.",
            data={"npc": npc_id},
            changes=tuple(changes),
            visible_to=GM_ONLY,
        )
    )
