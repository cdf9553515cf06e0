"""Cap colours, their order, and what each colour may be spent on.

"The order goes White < Red < Blue", and "better chips can also be spent to act like
the lower ones": a use needs a cap of its colour or better.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from ..tokens import describe

CapColour = Literal["white", "red", "blue"]
UseName = Literal["reroll", "unshake", "soak", "greatness", "reroll_damage", "extra_effort"]
WHITE: Final = "white"
RED: Final = "red"
BLUE: Final = "blue"
COLOURS: tuple[CapColour, ...] = (WHITE, RED, BLUE)
assert get_args(CapColour) == COLOURS
NOUN = "cap"


def rank(colour: str) -> int:
    """White 0 < Red 1 < Blue 2."""
    return COLOURS.index(colour)


def covers(colour: str, needed: str) -> bool:
    """Whether a cap of ``colour`` may be spent for a use that needs ``needed``."""
    return rank(colour) >= rank(needed)


@dataclass(frozen=True)
class Use:
    """One thing a cap can be spent on, the colour it needs, and a label for the UI."""

    name: UseName
    colour: CapColour
    label: str
    needs: tuple[str, ...] = ()  # args the player must give besides the cap


USES: dict[str, Use] = {
    use.name: use
    for use in (
        Use("reroll", WHITE, "Reroll the Trait roll, keep the better"),
        Use("unshake", WHITE, "Recover from Shaken"),
        Use("soak", WHITE, "Soak the last hit (Vigor roll)"),
        Use("greatness", RED, "Moment of Greatness: a Combat Edge for one round", ("edge",)),
        Use("reroll_damage", RED, "Reroll the damage roll, keep the better"),
        Use("extra_effort", BLUE, "Extra Effort: +1d6 to the Trait roll"),
    )
}
assert tuple(USES) == get_args(UseName)


def uses_for(colour: str) -> list[Use]:
    """Every use a cap of ``colour`` can pay for, its own colour's uses first."""
    found = [u for u in USES.values() if covers(colour, u.colour)]
    return sorted(found, key=lambda u: -rank(u.colour))


def caps_text(kinds: list[str]) -> str:
    """'2 white caps and a red cap'."""
    return describe(sorted(kinds, key=rank), NOUN)
