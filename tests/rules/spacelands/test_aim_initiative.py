"""A weapon's Aim value in the draw (spacelands-combat.txt, "Aiming")."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs
from tests.rules.combat.driver import Fight


def test_the_aim_values_second_number_is_an_initiative_penalty() -> None:
    """ "The number after the slash is the to-hit penalty the weapon receives when it is
    not aimed, as well as the initiative penalty." — a blast rifle (3/2) in hand: −2 on
    the Quickness roll that draws the cards."""
    f = Fight()
    f.gm("combat.start")
    drew = f.as_("p1", "combat.draw", aim="3/2", faces=[[4]])
    e = next(x for x in drew if x.type == "combat.drew")
    assert e.data["modifier"] == -2 and e.data["count"] == 1  # 4 - 2 = 2: under Easy (3)
    assert "Aim 3/2: initiative −2" in e.text
    plain = next(x for x in f.as_("p2", "combat.draw", faces=[[4]]) if x.type == "combat.drew")
    assert plain.data["count"] == 2
    with pytest.raises(InvalidArgs, match="Aim value x/y"):
        f.gm("combat.round")
        f.as_("p1", "combat.draw", aim="fast")
