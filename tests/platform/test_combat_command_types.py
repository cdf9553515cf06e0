"""The combat chapter's commands are declared once, as ``CommandType``s beside their
models: both Fate-chip games' catalogues carry each combat command under its type's
name, with its model, and a name given twice is refused."""

from __future__ import annotations

import pytest

from app.domain.combat import catalogue as combat
from app.domain.combat.fight_args import entries
from app.domain.rules.deadlands import DeadlandsRules
from app.domain.rules.spacelands import SpacelandsRules


@pytest.mark.parametrize("game", [DeadlandsRules, SpacelandsRules])
def test_every_combat_command_is_named_by_its_command_type(
    game: type[DeadlandsRules] | type[SpacelandsRules],
) -> None:
    rules = game()
    specs = rules.commands()
    declared = combat.commands(rules.system)
    assert len(declared) >= 45  # the fight, NPCs and healing
    for name, (_, _, _, command) in declared.items():
        assert command.name == name
        assert (specs[name].name, specs[name].args) == (name, command.model)


def test_a_combat_command_given_twice_is_refused() -> None:
    one = next(iter(combat.commands(SpacelandsRules().system).values()))
    with pytest.raises(ValueError, match=r"combat\.start"):
        entries(one, one)
