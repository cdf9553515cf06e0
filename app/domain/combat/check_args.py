"""The arguments every combat check takes (see checks.py), declared once for the typed
command models: who acts, how the dice are rolled, and the other side's dice of an
opposed roll (``against_*``)."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from annotated_types import MaxLen

from ..arguments import Args, SeatId, optional
from ..fatechips import dice

WHO = "seat id or NPC id (GM only; a player acts for their own seat)"
CARD = 'the card this action plays in a fight, e.g. "QS", "10H" or "RJ"'

#: A die type the table rolls.
Sides = Literal[4, 6, 8, 10, 12, 20]
assert set(get_args(Sides)) == set(dice.SIDES)

#: Dice rolled at the table: one ace chain per die (a die that didn't ace may be one
#: number), e.g. [[6, 6, 2], [3]]. Each face is checked against the die type when rolled.
Faces = Annotated[list[int | list[int]], MaxLen(dice.MAX_DICE)]


class WhoArgs(Args):
    """A command made by a combatant."""

    who: SeatId | None = optional(WHO)


class CheckArgs(Args):
    """How a check's dice are rolled: by the host (from the sheet or the NPC's record, or
    ``dice``/``sides``), entered from the table (``faces``), or a ``roll.trait`` chips
    were spent on (``from_roll``)."""

    faces: Faces | None = optional(
        "dice rolled at the table: a list of ace chains, e.g. [[6, 6, 2], [3]]"
    )
    from_roll: bool = optional("true: use your latest roll.trait (chips spent on it)", False)
    dice: int | None = optional("override the number of dice", ge=1, le=dice.MAX_DICE)
    sides: Sides | None = optional("override the die type: 4, 6, 8, 10, 12 or 20")
    modifier: int = optional(
        "situational modifier (the wound penalty is added for you)", 0, ge=-50, le=50
    )


class AgainstArgs(Args):
    """The other side's dice of an opposed roll (rolled by the host when not given)."""

    against_faces: Faces | None = optional("the other side's dice rolled at the table")
    against_dice: int | None = optional(
        "override the other side's number of dice", ge=1, le=dice.MAX_DICE
    )
    against_sides: Sides | None = optional("override the other side's die type")
    against_modifier: int = optional("the other side's situational modifier", 0, ge=-50, le=50)

    def other_side(self) -> CheckArgs:
        """The other side's roll as a check of its own (never a ``roll.trait``)."""
        return CheckArgs(
            faces=self.against_faces,
            dice=self.against_dice,
            sides=self.against_sides,
            modifier=self.against_modifier,
        )
