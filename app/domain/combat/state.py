"""Where combat lives in the table state, and who a command acts on.

- ``rules.combat``: the fight in progress: ``active``, ``round``, ``phase`` (``draw`` |
  ``countdown``), ``step`` (the rank being called, None before the countdown), ``decks``
  (``players`` and ``gm``: ``draw`` pile, ``discard`` pile, ``reshuffle`` flag) and
  ``fighters.<id>`` (cards in hand, the card up the sleeve, preparation...).
- ``rules.npcs.<id>``: the GM's combatants (name, dice, Size, wounds, Wind...).
- ``rules.body.<pid>``: a seat's Size and conditions beside its sheet's wounds and Wind.
- ``rules.attacks.<id>``: an attack being resolved on a combatant (the damage flow).

A combatant id is a seat id (``p1``...) or an NPC id (``n1``...).
"""

from __future__ import annotations

from ..changes import Path, Put, get_path
from ..context import Context
from ..errors import Forbidden, InvalidArgs, RuleViolation
from ..jsonvalue import Json, JsonDict

PLAYERS = "players"
GM_SIDE = "gm"
SIDES = (PLAYERS, GM_SIDE)
COMBAT: Path = ("rules", "combat")
NPCS: Path = ("rules", "npcs")


def combat(state: JsonDict) -> JsonDict | None:
    """The fight in progress, or None."""
    found = get_path(state, COMBAT)
    return found if isinstance(found, dict) and found.get("active") else None


def require_combat(ctx: Context) -> JsonDict:
    found = combat(ctx.state)
    if found is None:
        raise RuleViolation("There's no fight going on: the GM starts combat first.")
    return found


def fighter_path(cid: str, *rest: str) -> Path:
    return (*COMBAT, "fighters", cid, *rest)


def fighter(state: JsonDict, cid: str) -> JsonDict | None:
    found = get_path(state, fighter_path(cid))
    return found if isinstance(found, dict) else None


def npc(state: JsonDict, cid: str) -> JsonDict | None:
    found = get_path(state, (*NPCS, cid))
    return found if isinstance(found, dict) else None


def is_seat(state: JsonDict, cid: str) -> bool:
    seat = get_path(state, ("seats", cid))
    return isinstance(seat, dict) and bool(seat.get("active", True))


def exists(state: JsonDict, cid: str) -> bool:
    return is_seat(state, cid) or npc(state, cid) is not None


def side_of(state: JsonDict, cid: str) -> str:
    """Seats draw from the players' deck; NPCs from the GM's."""
    return PLAYERS if is_seat(state, cid) else GM_SIDE


def name_of(state: JsonDict, cid: str) -> str:
    found = npc(state, cid)
    if found is not None:
        return str(found["name"])
    return str(get_path(state, ("seats", cid, "name"), cid))


def combatants(state: JsonDict) -> list[str]:
    """Every seat and NPC, seats first, in a stable order."""
    seats = [p for p, s in state.get("seats", {}).items() if s.get("active", True)]
    npcs = list(get_path(state, NPCS) or {})
    return sorted(seats, key=_order) + sorted(npcs, key=_order)


def _order(cid: str) -> tuple[int, str]:
    digits = cid[1:]
    return (int(digits) if digits.isdigit() else 0, cid)


def resolve(ctx: Context, named: str | None, key: str = "who") -> str:
    """The combatant a command acts on: a player acts for their own seat; the GM names
    any seat or NPC (``named``, the command's argument ``key``)."""
    if ctx.actor.role == "player":
        me = ctx.actor.player_id
        assert me is not None
        if named not in (None, me):
            raise Forbidden("You can only act for your own character.")
        ctx.seat(me)
        return me
    if named is None or not exists(ctx.state, named):
        raise InvalidArgs(f"Say which combatant: '{key}' is a seat id or an NPC id.")
    return named


def require_fighter(ctx: Context, cid: str) -> JsonDict:
    """The combatant's place in the fight."""
    require_combat(ctx)
    found = fighter(ctx.state, cid)
    if found is None:
        raise RuleViolation(f"{name_of(ctx.state, cid)} isn't in this fight.")
    return found


def fput(state: JsonDict, cid: str, key: str, new: Json) -> Put:
    """A precise change to one field of a combatant's place in the fight."""
    path = fighter_path(cid, key)
    return Put(path, get_path(state, path), new)


def new_fighter(state: JsonDict, cid: str) -> JsonDict:
    return {"side": side_of(state, cid), "hand": [], "status": "waiting"}


def secret_to(state: JsonDict, cid: str) -> str:
    """Who may see a combatant's cards: its player (and the GM), or the GM for NPCs."""
    return cid if is_seat(state, cid) else "gm"


def named_target(ctx: Context, named: str | None, words: str) -> str:
    """Someone a command names besides its actor: any seat, or an NPC the sender may know
    of (the GM: any; a player: only one in the fight). An id that doesn't exist and one a
    player may not know of get the same answer (``words``), so a failed request reveals
    nothing."""
    if named is not None:
        if is_seat(ctx.state, named):
            return named
        found = combat(ctx.state)
        if npc(ctx.state, named) is not None and (
            ctx.actor.is_gm or (found is not None and named in found["fighters"])
        ):
            return named
    raise InvalidArgs(words)
