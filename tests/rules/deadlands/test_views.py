"""Who sees what, and what the view tells the UI a chip can do right now."""

from __future__ import annotations

from app.domain.actors import GM, player

from .driver import QUIET, Game


def test_players_see_pot_counts_not_the_marshals_hand() -> None:
    """ "Don't peek—just reach in and grab three." — players see how many chips are in the
    pot and on the table, the Marshal's hand only as a count."""
    g = Game()
    rules = g.table.view(player("p2"))["rules"]
    assert rules["pot"]["total"] == 85 - 9 and rules["pot"]["chips"] is None
    assert rules["gm_hand"] == {"total": 3, "chips": None}
    assert rules["players"]["p1"]["hand"] == {
        c: g.hand("p1").get(c, 0) for c in ("white", "red", "blue", "legend")
    }
    assert "sheet" not in rules["players"]["p1"] and "sheet" in rules["players"]["p2"]
    assert "wounds" in rules["players"]["p1"]
    gm = g.table.view(GM)["rules"]
    assert sum(gm["pot"]["chips"].values()) == 76 and gm["gm_hand"]["chips"] is not None


def test_chip_options_say_what_and_why_not() -> None:
    """The view carries, per colour, the uses allowed right now, with the reason if not."""
    g = Game(settings=QUIET)
    g.award("p1", white=1, red=1)
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[3]])
    g.as_("p1", "chips.spend", colour="red")
    options = g.table.view(player("p1"))["rules"]["players"]["p1"]["options"]
    assert options["white"]["roll"]["allowed"] is False
    assert "after a red" in options["white"]["roll"]["why"]
    assert options["legend"]["reroll"]["why"] == "No Legend chip in hand."
    assert "Marshal draws" in options["red"]["roll"]["effect"]


def test_the_gm_sees_what_the_marshals_chips_can_do() -> None:
    """The Marshal's chips "can be used for any NPCs or bad guys" — the GM's view says how."""
    g = Game(settings={"session_draw": 0})
    gm = g.table.view(GM)["rules"]
    held = [c for c, n in gm["gm_hand"]["chips"].items() if n]
    assert all(gm["gm_options"][c]["spend"]["allowed"] for c in held)
    assert gm["gm_options"]["white"]["roll"]["why"] == "There's no roll in progress."
    assert "gm_options" not in g.table.view(player("p1"))["rules"]
