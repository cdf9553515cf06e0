"""Argument types the Fate-chip commands share (their models sit beside each handler).

Checks that depend on the system (its colours, hit locations, archetypes) stay in the
handlers: one model serves both games, so a field takes the superset and the rule
code refuses what this game doesn't have, with the same words as before.
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import MaxLen
from pydantic import StringConstraints

from ..arguments import Says, SeatId

#: Whose chips or roll: a player acts for themselves; the GM names a seat or 'marshal'.
Who = SeatId | None
WHO = "seat id (GM only; 'marshal' for the GM's own)"
SEAT = "seat id (GM only)"

#: A chip colour; which colours exist is the game's (white, red, blue, legend...).
Colour = Annotated[str, StringConstraints(max_length=20)]
COLOUR = "chip colour: white, red, blue (legend where the game has Legend chips)"


#: Optional free text ('' when absent): labels, reasons, purposes.
Label = Annotated[str, StringConstraints(strip_whitespace=True, max_length=80)]
Reason = Annotated[str, StringConstraints(strip_whitespace=True, max_length=120)]

#: {colour: count}; the handler checks colours and counts against the game.
ChipCounts = Annotated[dict[str, int], MaxLen(10)]


def counts_say(name: str) -> Says:
    """The message for a malformed {colour: count} argument ``name``."""
    return Says(f"'{name}' must map chip colours to counts, e.g. {{\"white\": 2}}.")


#: One die entered by hand: its ace chain ([8, 8, 3]) or one face if it didn't ace.
Die = int | Annotated[list[int], MaxLen(40)]
#: Dice entered by hand: a list of dice (each a chain, or one face).
Dice = Annotated[list[Die], MaxLen(40)]
FACES_SAY = "'faces' lists the dice rolled at the table: ace chains, e.g. [[8, 8, 3], [5]]."

#: {location: wounds}; the handler checks the locations against the game.
Wounds = Annotated[dict[str, int], MaxLen(20)]
WOUNDS_SAY = Says("'wounds' maps locations to wounds, e.g. {\"right_arm\": 3}.")
