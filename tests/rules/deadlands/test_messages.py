"""Every message names the right thing: the colour that doesn't exist, the roll that is
finished, the role a command needs."""

from __future__ import annotations

import pytest

from app.domain.errors import DomainError, Forbidden, RuleViolation

from .driver import QUIET, Game


def test_an_unknown_colour_says_so() -> None:
    """ "The Four Types of Chips": white, red, blue and Legend — a green chip is named as
    not existing, not as a chip that "can't improve a roll"."""
    g = Game(settings=QUIET)
    g.as_("p1", "roll.trait", dice=2, sides=6)
    for command in ("chips.spend", "chips.negate"):
        with pytest.raises(DomainError, match="There are no green chips in Deadlands"):
            g.as_("p1", command, colour="green")


def test_a_finished_roll_says_it_is_finished() -> None:
    """ "You can spend multiple white chips on the same roll, one at a time, until you're
    satisfied with the result." — once settled, the roll says it is finished."""
    g = Game(settings=QUIET)
    g.award("p1", white=1)
    g.as_("p1", "roll.trait", dice=2, sides=6, label="shootin'")
    g.as_("p1", "roll.finish")
    with pytest.raises(RuleViolation, match=r"The roll \(shootin'\) is finished"):
        g.as_("p1", "chips.spend", colour="white")
    with pytest.raises(RuleViolation, match="already finished"):
        g.as_("p1", "roll.finish")


def test_a_role_mismatch_names_the_role_needed() -> None:
    g = Game(settings=QUIET)
    with pytest.raises(Forbidden, match=r"^Only the GM can do that \(Award a chip"):
        g.as_("p1", "chips.award", player="p1", colour="white")
