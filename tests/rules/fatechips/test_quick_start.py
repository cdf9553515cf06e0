"""A quick start for a blank sheet (issue #15: "a new player must be rolling within a
minute"; "the phone leads to whatever the system needs before the first roll ... with
sensible defaults").

The rules texts give no creation procedure, only improvements: "Timing: You can only
make improvements before or after a game session, not during play." A quick start is
creation, not an improvement, so it is allowed during play, but only on a blank sheet.
"""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, InvalidArgs, RuleViolation
from app.domain.fatechips.starting import ARCHETYPES
from tests.rules.fatechips.driver import QUIET, Game


@pytest.mark.parametrize("ruleset", ["deadlands", "spacelands"])
def test_a_player_takes_an_archetype_during_play_onto_a_blank_sheet(ruleset: str) -> None:
    g = Game(ruleset, settings=QUIET)  # a session running
    key, chosen = next(iter(ARCHETYPES[ruleset].items()))
    (event,) = g.as_("p1", "sheet.quick", archetype=key)
    sheet = g.rules("sheets", "p1")
    assert {t: (v["coordination"], v["die"]) for t, v in sheet["traits"].items()} == (chosen.traits)
    name, level, conc = chosen.aptitude
    assert sheet["aptitudes"] == {name: {"level": level, "concentrations": conc}}
    assert event.text.startswith(f"Ann starts as the {chosen.title}: ")
    assert event.visible_to == "p1"
    # "You can only make improvements before or after a game session": after the quick
    # start, the sheet is no longer blank, so a second one is refused.
    with pytest.raises(RuleViolation, match="already filled in"):
        g.as_("p1", "sheet.quick", archetype=key)
    with pytest.raises(RuleViolation, match="between sessions"):
        g.as_("p1", "sheet.update", path="traits.smarts.die", value=8)


def test_one_undo_takes_the_whole_quick_start_back() -> None:
    g = Game(settings=QUIET)
    before = g.rules("sheets", "p1")
    (event,) = g.as_("p1", "sheet.quick", archetype="gunslinger")
    g.as_("p1", "undo", command_id=event.command_id)
    assert g.rules("sheets", "p1") == before


def test_a_filled_in_sheet_gets_no_quick_start_and_others_are_refused() -> None:
    g = Game(settings=QUIET)
    g.gm("sheet.update", player="p2", path="traits.smarts.die", value=8)
    with pytest.raises(RuleViolation, match="Bob's sheet is already filled in"):
        g.as_("p2", "sheet.quick", archetype="scout")
    with pytest.raises(Forbidden):
        g.as_("p2", "sheet.quick", player="p1", archetype="scout")
    with pytest.raises(InvalidArgs, match="archetype"):
        g.as_("p1", "sheet.quick", archetype="pilot")  # a Spacelands one
    g.gm("sheet.quick", player="p1", archetype="talker")  # the GM prepares a sheet
    assert g.rules("sheets", "p1", "traits", "mien") == {"die": 10, "coordination": 3}
