"""Log lines read well: counts agree with their nouns, and a character is named by
their character's name once they have one, not the seat's."""

from __future__ import annotations

from .helpers import Game


def test_one_day_of_downtime_passes() -> None:
    g = Game()
    assert g.gm("downtime.pass", days=1)[-1].text.startswith("1 day of downtime passes.")
    assert g.gm("downtime.pass", days=3)[-1].text.startswith("3 days of downtime pass.")


def test_shaped_with_one_success() -> None:
    g = Game(players=1, starting_xp=60)
    g.p("p1", "xp.buy", what="skill", name="arcana")
    g.p("p1", "xp.buy", what="skill", name="fire")
    g.p("p1", "cast.channel", faces=[7, 2, 3])
    text = g.p("p1", "cast.weave", art="fire", faces=[6, 2, 3])[-1].text
    assert "shaped with 1 success;" in text


def test_the_characters_name_once_taken() -> None:
    """After taking Sable Kestrel, log lines say 'Sable Kestrel', not the seat's 'P1'."""
    g = Game()
    g.p("p1", "character.pregen", pregen="sable")
    g.gm("session.start")
    texts = [
        g.gm("boon.award", player="p1", complication="the crowd jeers")[-1].text,
        g.gm("xp.award", player="p1", xp=1)[-1].text,
        g.gm("roll.dv", player="p1", dv=2)[-1].text,
    ]
    assert all("Sable Kestrel" in t and "P1" not in t for t in texts), texts
