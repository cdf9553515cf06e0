"""Surprise (spacelands-combat.txt, "Surprise")."""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, RuleViolation

from .driver import Fight


def test_guts_tn_fair_or_incredible() -> None:
    """ "The difficulty is Fair (5) if your character's expecting some sort of danger-
    lncredible (11) if he's not.\""""
    f = Fight()
    f.gm("combat.start")
    assert f.gm("combat.surprise", who="p1", faces=[[5]])[0].data["tn"] == 5
    assert f.gm("combat.surprise", who="p2", expecting=False, faces=[[5]])[0].data["tn"] == 11


def test_surprised_gets_no_cards_then_needs_easy_guts() -> None:
    """ "If you don't make the roll, you don't get any cards, and your character can't
    act that round. He can act normally in the next round as long as he makes an Easy
    (3) guts check.\""""
    f = Fight()
    f.gm("combat.start")
    f.gm("combat.surprise", who="p1", expecting=False, faces=[[5]])
    with pytest.raises(RuleViolation, match="surprised"):
        f.as_("p1", "combat.draw")
    f.gm("combat.round")
    with pytest.raises(RuleViolation, match="Easy"):
        f.as_("p1", "combat.draw")
    check = f.gm("combat.surprise", who="p1", faces=[[6, 1]])  # 7, −4 unskilled
    assert check[0].data["tn"] == 3 and check[0].data["success"]
    f.as_("p1", "combat.draw", faces=[[4]])
    assert len(f.fighter("p1")["hand"]) == 2


def test_only_the_gm_calls_surprise() -> None:
    """ "the Master is going to ask you to make a Guts check\""""
    f = Fight()
    f.gm("combat.start")
    with pytest.raises(Forbidden):
        f.as_("p1", "combat.surprise")
