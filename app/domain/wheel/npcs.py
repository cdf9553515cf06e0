"""GM-side characters: a GM-managed list of named characters with attributes.

They roll, defend, help and take stress like player characters, but have no fate
points, aspects or pools; the GM grants their bonus and penalty dice by hand.
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le

from ..arguments import Args, described
from ..changes import Add
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import Draft
from . import contest as c
from .events.npcs import NPC_ADDED, NPC_EDITED, NPC_REMOVED
from .state import ATTRIBUTES, char_path, chars, is_npc, put, rules_of
from .wargs import CharId, short_text

NAME_MAX = 60
MAX_DICE = 10

AttributeDice = Annotated[int, Ge(0), Le(MAX_DICE)]


class NpcArgs(Args):
    """``npc.remove``: which GM-side character."""

    npc: CharId = described("the GM-side character's id, such as 'n1'")


class NpcAttributesArgs(Args):
    """The three attributes of a GM-side character."""

    physical: AttributeDice = described("Physical dice")
    mental: AttributeDice = described("Mental dice")
    social: AttributeDice = described("Social dice")

    def attributes(self) -> dict[str, int]:
        """The three attributes by name."""
        return {"physical": self.physical, "mental": self.mental, "social": self.social}


class AddNpcArgs(NpcAttributesArgs):
    """``npc.add``."""

    name: Annotated[str, short_text(NAME_MAX)] = described("the character's name")


class EditNpcArgs(NpcAttributesArgs):
    """``npc.edit``."""

    npc: CharId = described("the GM-side character's id, such as 'n1'")


NPC_REMOVE = CommandType("npc.remove", NpcArgs)
NPC_ADD = CommandType("npc.add", AddNpcArgs)
NPC_EDIT = CommandType("npc.edit", EditNpcArgs)


def _npc(ctx: Context, nid: str) -> str:
    if not is_npc(ctx.state, nid):
        raise InvalidArgs(f"There is no GM-side character '{nid}'.")
    return nid


def _split(values: dict[str, int]) -> str:
    return ", ".join(f"{n.title()} {values[n]}d" for n in ATTRIBUTES)


def add(ctx: Context, args: AddNpcArgs) -> None:
    """GM: add a GM-side character with its three attributes."""
    ctx.require_gm("add GM-side characters")
    name = args.name
    values = args.attributes()
    taken = {str(r.get("name", "")).casefold() for r in chars(ctx.state).values() if r.get("npc")}
    if name.casefold() in taken:
        raise RuleViolation(f"There's already a GM-side character called {name}.")
    nid = f"n{int(rules_of(ctx.state)['next_npc'])}"
    record = {"npc": True, "name": name, "attributes": values, "stress": 0, "help": []}
    ctx.emit(
        Draft(
            NPC_ADDED,
            f"The GM added {name} ({_split(values)}).",
            data={"npc": nid, "name": name, "attributes": values},
            changes=(put(ctx, char_path(nid), record), Add(("rules", "next_npc"), 1)),
            visible_to="gm",
        )
    )


def edit(ctx: Context, args: EditNpcArgs) -> None:
    """GM: change a GM-side character's attributes."""
    ctx.require_gm("edit GM-side characters")
    nid = _npc(ctx, args.npc)
    values = args.attributes()
    name = chars(ctx.state)[nid]["name"]
    ctx.emit(
        Draft(
            NPC_EDITED,
            f"The GM changed {name}: {_split(values)}.",
            data={"npc": nid, "attributes": values},
            changes=tuple(put(ctx, char_path(nid, "attributes", n), values[n]) for n in ATTRIBUTES),
            visible_to="gm",
        )
    )


def remove(ctx: Context, args: NpcArgs) -> None:
    """GM: remove a GM-side character who isn't in a running contest."""
    ctx.require_gm("remove GM-side characters")
    nid = _npc(ctx, args.npc)
    contest = c.running(ctx.state)
    if contest is not None and nid in contest["participants"]:
        raise RuleViolation("End the contest before removing one of its characters.")
    name = chars(ctx.state)[nid]["name"]
    ctx.emit(
        Draft(
            NPC_REMOVED,
            f"The GM removed {name}.",
            data={"npc": nid},
            changes=(put(ctx, char_path(nid), None),),
            visible_to="gm",
        )
    )
