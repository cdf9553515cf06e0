"""Traits past d12 (spacelands-combat.txt, "Damage"): "Traits above the human norm go
from a d12 to a d12+2, then d12+4, and so on.\""""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs
from tests.rules.combat.driver import Fight
from tests.rules.combat.test_countdown import dealt

from .driver import QUIET, Game


def test_a_d12_plus_2_trait_roll_adds_two() -> None:
    """ "Traits above the human norm go from a d12 to a d12+2, then d12+4, and so on."
    A roll.trait from the sheet keeps the highest d12, then adds the +2."""
    g = Game(settings=QUIET)
    g.gm("sheet.update", player="p1", path="traits.strength.die", value=12)
    g.gm("sheet.update", player="p1", path="traits.strength.plus", value=2)
    g.as_("p1", "roll.trait", trait="strength", faces=[[7]], tn=9)
    roll = g.roll()
    assert roll["modifier"] == 2 and roll["trait_plus"] == 2
    events = g.as_("p1", "roll.trait", trait="strength", faces=[[7]], tn=9)
    assert events[-1].data["outcome"]["total"] == 9 and "1d12+2" in events[-1].text


def test_only_a_d12_goes_plus_two_four() -> None:
    """ "Traits above the human norm go from a d12 to a d12+2, then d12+4, and so on."
    The +N is 2, 4...; it sits only on a d12, and a d12+N comes down
    through d12."""
    g = Game(settings=QUIET)
    before = g.state
    with pytest.raises(InvalidArgs, match="d12 first"):
        g.gm("sheet.update", player="p1", path="traits.strength.plus", value=2)
    g.gm("sheet.update", player="p1", path="traits.strength.die", value=12)
    with pytest.raises(InvalidArgs, match="0, 2, 4"):
        g.gm("sheet.update", player="p1", path="traits.strength.plus", value=3)
    g.gm("sheet.update", player="p1", path="traits.strength.plus", value=4)
    with pytest.raises(InvalidArgs, match="'plus' to 0 first"):
        g.gm("sheet.update", player="p1", path="traits.strength.die", value=10)
    assert before is not g.state


def test_the_deadlands_sheet_has_no_plus() -> None:
    """Spacelands' text allows it; the sheet of a game whose text doesn't refuses it."""
    g = Game("deadlands", settings=QUIET)
    g.gm("sheet.update", player="p1", path="traits.strength.die", value=12)
    with pytest.raises(InvalidArgs, match="not a place on the sheet"):
        g.gm("sheet.update", player="p1", path="traits.strength.plus", value=2)


def test_raising_a_d12_goes_to_d12_plus_2_for_three_times_14() -> None:
    """ "Traits above the human norm go from a d12 to a d12+2, then d12+4, and so on."
    / "Traits can be raised as well. The cost equal to three times the die
    type of the level." — d12 to d12+2 costs 3 x 14."""
    g = Game(settings=QUIET, start=False)
    g.gm("sheet.update", player="p1", path="bounty.earned", value=42)
    g.gm("sheet.update", player="p1", path="traits.vigor.die", value=12)
    g.as_("p1", "advance.buy", what="die", name="vigor")
    assert g.rules("sheets", "p1", "traits", "vigor") == {"die": 12, "coordination": 1, "plus": 2}
    assert g.rules("bounty", "p1", "spent") == 42


def test_checks_pace_and_throwing_count_the_plus() -> None:
    """ "Traits above the human norm go from a d12 to a d12+2, then d12+4, and so on."
    A combat check adds it ("The Pace of characters ... is its Deftness": a
    d12+2 Deftness runs 14 m; "Strength die type x 5 meters": d12+2 throws 70 m)."""
    f: Fight = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.sheet("p1", "traits.deftness.die", 12)
    f.sheet("p1", "traits.deftness.plus", 2)
    f.sheet("p1", "traits.strength.die", 12)
    f.sheet("p1", "traits.strength.plus", 2)
    events = f.gm(
        "combat.attack",
        who="p1",
        target="p2",
        mode="thrown",
        distance=70,
        damage="1d6",
        faces=[[9]],
    )
    shot = next(x for x in events if x.type == "combat.attacked")
    # default roll (no throwing aptitude): (9 + 2) halved = 5, TN 5 + 70/5 = 19
    assert shot.data["tn"] == 19 and shot.data["roll"]["total"] == 5
    e = f.as_("p1", "combat.move", meters=14)[0]
    assert e.data["pace"] == 14
    f.as_("p1", "combat.sleeve", card="KD")  # a wait card to interrupt with
    quick = f.gm("combat.interrupt", who="p1", against="p2", faces=[[5]], against_faces=[[5]])
    assert quick[-1].data["winner"] is None  # Quickness d6: no plus, a tie
