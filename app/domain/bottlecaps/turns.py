"""Turns, as far as caps care: a Moment of Greatness is spent during your turn and
"lasts for one round, until the beginning of your next turn". The player or the GM
marks the start of a character's turn; that ends the character's Moment of Greatness.

A player can't mark their own turn again while it is still theirs: that would end a
Moment of Greatness within the round and let a second red cap buy a second Combat
Edge. Only the GM, who runs the rounds, may start a character's next turn with no
other turn marked in between (a lone PC against Extras).
"""

from __future__ import annotations

from ..arguments import NoArgs
from ..changes import Change, Put, get_path
from ..context import Context
from ..errors import RuleViolation
from ..events import Draft
from ..jsonvalue import clone
from .arguments import ForWho
from .characters import GREATNESS, TURN, all_characters, resolve
from .events.turns import COMBAT_ENDED, TURN_STARTED, TURN_STARTED_PUBLIC
from .view_types import Greatness
from .visibility import emit_for


def start_turn(ctx: Context, args: ForWho) -> None:
    """Mark the start of a character's turn (ends their Moment of Greatness)."""
    who = resolve(ctx, args)
    current = get_path(ctx.state, TURN)
    greatness = who.greatness(ctx.state)
    if current == who.id and (greatness is None or not ctx.actor.is_gm):
        raise RuleViolation(_already(who.name, greatness))
    changes: list[Change] = [Put(TURN, current, who.id)]
    text = f"{who.name}'s turn begins."
    if greatness is not None:
        changes.append(Put(who.path(GREATNESS), clone(greatness), None))
        text += f" Their Moment of Greatness ({greatness['edge']}) ends."
    emit_for(
        ctx,
        who,
        Draft(TURN_STARTED, text, data={"character": who.id}, changes=tuple(changes)),
        public=(TURN_STARTED_PUBLIC, "A Wild Card NPC's turn begins."),
    )


def _already(name: str, greatness: Greatness | None) -> str:
    if greatness is None:
        return f"It's already {name}'s turn."
    return (
        f"It's already {name}'s turn: a Moment of Greatness lasts for one round, until the "
        f"beginning of your next turn, so {greatness['edge']} holds until the GM or another "
        "character's turn moves the round on."
    )


def end_combat(ctx: Context, args: NoArgs) -> None:
    """The fight is over: nobody's turn, and every Moment of Greatness ends."""
    ended = [
        (who, who.greatness(ctx.state))
        for who in all_characters(ctx.state)
        if who.greatness(ctx.state) is not None
    ]
    current = get_path(ctx.state, TURN)
    if current is None and not ended:
        raise RuleViolation("No turn is marked and no Moment of Greatness is active.")
    changes: list[Change] = [Put(TURN, current, None)] if current is not None else []
    changes += [Put(who.path(GREATNESS), clone(g), None) for who, g in ended]
    ctx.emit(
        Draft(
            COMBAT_ENDED,
            "Combat is over: every Moment of Greatness ends.",
            data={"ended": [who.id for who, _ in ended if not who.npc]},
            changes=tuple(changes),
        )
    )
