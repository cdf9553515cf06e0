"""The character sheet per seat (the issue: "Editable by the player between sessions and
by the GM at any time (a `sheet.update` command with precise paths)")."""

from __future__ import annotations

import pytest

from app.domain.actors import GM, player
from app.domain.errors import Forbidden, InvalidArgs, RuleViolation

from .driver import QUIET, Game


def test_players_edit_their_sheet_between_sessions_only() -> None:
    """ "Editable by the player between sessions and by the GM at any time\""""
    g = Game(settings=QUIET)
    with pytest.raises(RuleViolation, match="between sessions"):
        g.as_("p1", "sheet.update", path="traits.smarts.die", value=8)
    g.gm("sheet.update", player="p1", path="traits.smarts.die", value=8)
    g.gm("session.end")
    g.as_(
        "p1",
        "sheet.update",
        path=["aptitudes", "shootin': pistol"],
        value={"level": 3, "concentrations": "pistol"},
    )
    g.as_("p1", "sheet.update", path="hindrances", value="greedy\nlyin' eyes")
    sheet = g.rules("sheets", "p1")
    assert sheet["traits"]["smarts"]["die"] == 8
    assert sheet["aptitudes"]["shootin': pistol"] == {"level": 3, "concentrations": "pistol"}
    with pytest.raises(Forbidden):
        g.as_("p2", "sheet.update", player="p1", path="edges", value="x")


def test_precise_paths_only() -> None:
    """One entry per edit, checked: die types, levels 0–5, known locations and traits."""
    g = Game(settings=QUIET, start=False)
    for path, value in (
        ("traits.smarts.die", 7),
        ("traits.charm.die", 6),
        ("wounds.head", 6),
        ("wounds.tail", 1),
        ("aptitudes.guts.level", 2),  # no such aptitude yet
        ("rules", {}),
    ):
        with pytest.raises(InvalidArgs):
            g.as_("p1", "sheet.update", path=path, value=value)
    g.as_("p1", "sheet.update", path="wounds.gizzards", value=2)
    assert g.rules("sheets", "p1", "wounds", "lower_torso") == 2


def test_only_the_gm_corrects_bounty_points() -> None:
    """Bounty Points are earned and spent by the rules; only the GM corrects the ledger."""
    g = Game(settings=QUIET, start=False)
    with pytest.raises(Forbidden):
        g.as_("p1", "sheet.update", path="bounty.earned", value=50)
    g.gm("sheet.update", player="p1", path="bounty.earned", value=5)
    assert g.table.view(player("p1"))["rules"]["players"]["p1"]["bounty"]["available"] == 5


def test_a_sheet_is_private_to_its_player_and_the_gm() -> None:
    """ "their own sheet in full, others' names/wounds\""""
    g = Game(settings=QUIET)
    (event,) = g.gm("sheet.update", player="p1", path="edges", value="keen")
    assert event.visible_to == "p1"
    others = g.table.view(player("p2"))["rules"]["players"]["p1"]
    assert set(others) >= {"name", "wounds", "hand"} and "sheet" not in others
    assert g.table.view(GM)["rules"]["players"]["p1"]["sheet"]["edges"] == "keen"


def test_the_gms_hidden_rolls() -> None:
    """The Marshal may roll for the bad guys behind the screen."""
    g = Game(settings=QUIET)
    (event,) = g.gm("roll.trait", player="marshal", dice=2, sides=8, hidden=True)
    assert event.visible_to == "gm"
    assert g.table.view(player("p1"))["rules"]["gm_roll"] is None
    assert g.table.view(GM)["rules"]["gm_roll"]["sides"] == 8
    with pytest.raises(InvalidArgs):
        g.as_("p1", "roll.trait", dice=1, sides=6, hidden=True)
