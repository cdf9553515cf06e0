"""``chips.spend``'s arguments (beside ``spending``, which holds the rule code)."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from ..arguments import Args, Says, SeatId, optional
from ..command_types import CommandType
from .fields import COLOUR, FACES_SAY, WHO, Colour, Dice, Die, Label, Who

USES = ("roll", "reroll", "impetus")
Use = Literal["roll", "reroll", "impetus"]
assert set(get_args(Use)) == set(USES)


class SpendArgs(Args):
    """``chips.spend``: a chip on a roll. ``roll_of`` (another's roll) only where the
    game lets players help each other; ``reroll`` and ``impetus`` only where the game
    has them: elsewhere the rule code refuses them as before."""

    player: Who = optional(WHO)
    colour: Colour = optional(COLOUR, "")
    use: Use = optional("roll (default); reroll (Legend chips); impetus (Spacelands)", "roll")
    faces: Annotated[Die | Dice | None, Says(FACES_SAY)] = optional(
        "the new die's ace chain if rolled at the table (a list of chains for a reroll)"
    )
    label: Label = optional("a roll made off the app that a Legend chip rerolls", "")
    roll_of: SeatId | None = optional(
        "whose roll the chip helps (default: your own; where players may help each other)"
    )


CHIPS_SPEND = CommandType("chips.spend", SpendArgs)
