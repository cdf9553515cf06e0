"""Who a cap command acts for, and where that character's data and caps live.

A *character* is a player's seat (id ``p1``...) or a Wild Card NPC the GM runs (id
``npc1``...). Players act only for themselves; the GM names ``player`` or ``npc``.
A player's caps lie in ``hand:<pid>``. The GM's caps are split: ``gm`` holds the one
per PC (spendable for any Wild Card NPC), ``gm:<npc id>`` the two specific to that NPC.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict, cast

from ..changes import Path, get_path, token_count
from ..context import Context
from ..errors import Forbidden, InvalidArgs
from ..state_types import TableState
from ..tokens import GM_HAND, hand

if TYPE_CHECKING:  # view_types reads this package's constants; its records are the state's
    from .arguments import ForWho
    from .settings import CapsSettings  # noqa: F401 (named in CapsTable, a runtime alias)
    from .view_types import Greatness, Hit, Roll, Sheet

SHEETS = ("rules", "sheets")
ROLLS = ("rules", "rolls")
HITS = ("rules", "hits")
GREATNESS = ("rules", "greatness")
WILD_CARDS = ("rules", "wild_cards")
TURN = ("rules", "turn")


class WildCard(TypedDict):
    """A Wild Card NPC the GM runs, ``state["rules"]["wild_cards"][<npc id>]``
    (``roster.add_npc``; its sheet is under ``sheets`` with the same id)."""

    name: str


class CapsRules(TypedDict, total=False):
    """Bottlecaps' part of the table state, ``state["rules"]``, each by character id.

    ``sheets`` (every seat and Wild Card NPC), ``wild_cards`` and ``next_npc`` are
    written when the table is set up; ``rolls``, ``hits`` and ``greatness`` hold what
    is in play (emptied between sessions); ``turn`` is whose turn was marked, and
    ``hit_seq`` numbers the hits. The records are those the view shows as they are
    (``view_types``): the code that writes them builds plain dicts.
    """

    sheets: dict[str, Sheet]
    wild_cards: dict[str, WildCard]
    next_npc: int
    rolls: dict[str, Roll]
    hits: dict[str, Hit]
    greatness: dict[str, Greatness]
    turn: str
    hit_seq: int


#: A Bottlecaps table's whole state.
CapsTable = TableState[CapsRules, "CapsSettings"]


def npc_pool(npc_id: str) -> str:
    """The container of the caps specific to one Wild Card NPC."""
    return f"{GM_HAND}:{npc_id}"


@dataclass(frozen=True)
class Character:
    """A character caps are spent for."""

    id: str
    name: str
    npc: bool

    @property
    def pools(self) -> tuple[str, ...]:
        """The containers this character's caps may come from, in spending order."""
        return (npc_pool(self.id), GM_HAND) if self.npc else (hand(self.id),)

    def path(self, base: Path, *rest: str) -> Path:
        """A path of this character's data, e.g. ``path(ROLLS, "total")``."""
        return (*base, self.id, *rest)

    def sheet(self, state: CapsTable) -> Sheet:
        """The character's sheet (every seat and Wild Card NPC has one)."""
        return cast("Sheet", get_path(state, self.path(SHEETS)))

    def roll(self, state: CapsTable) -> Roll | None:
        """The character's roll in progress, if any."""
        return cast("Roll | None", get_path(state, self.path(ROLLS)))

    def hit(self, state: CapsTable) -> Hit | None:
        """The character's open hit (one a white cap may still Soak), if any."""
        return cast("Hit | None", get_path(state, self.path(HITS)))

    def greatness(self, state: CapsTable) -> Greatness | None:
        """The character's active Moment of Greatness, if any."""
        return cast("Greatness | None", get_path(state, self.path(GREATNESS)))

    def caps(self, state: CapsTable, colour: str) -> int:
        """How many caps of ``colour`` this character may spend right now."""
        return sum(token_count(state, pool, colour) for pool in self.pools)


def wild_cards(state: CapsTable) -> dict[str, WildCard]:
    """The GM's Wild Card NPCs by id."""
    return cast("dict[str, WildCard]", get_path(state, WILD_CARDS, {}))


def player_character(ctx: Context, pid: str) -> Character:
    return Character(pid, ctx.name_of(pid), npc=False)


def npc_character(state: CapsTable, npc_id: str) -> Character:
    card = wild_cards(state).get(npc_id)
    if card is None:
        raise InvalidArgs(f"There is no Wild Card NPC '{npc_id}'.")
    return Character(npc_id, str(card["name"]), npc=True)


def resolve(ctx: Context, args: ForWho) -> Character:
    """The character a command acts for: the player's own, or the one the GM names."""
    npc = args.npc
    if npc is None:
        return player_character(ctx, ctx.target(args.player))
    if not ctx.actor.is_gm:
        raise Forbidden("Only the GM plays the Wild Card NPCs.")
    if "player" in args.model_fields_set:
        raise InvalidArgs("Name either a 'player' or an 'npc', not both.")
    return npc_character(ctx.state, npc)


def all_characters(state: CapsTable) -> list[Character]:
    """Every active seat and every Wild Card NPC."""
    seats = get_path(state, ("seats",), {})
    found = [
        Character(pid, str(seat["name"]), npc=False)
        for pid, seat in seats.items()
        if seat.get("active", True)
    ]
    found += [
        Character(nid, str(card["name"]), npc=True) for nid, card in wild_cards(state).items()
    ]
    return found
