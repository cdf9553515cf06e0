"""The book's items bind (#27): an item named as in the book costs what the book says
and is of the book's tier; rare gear and artifacts are the GM's to grant; a player's
own invention, named otherwise, borrows no book item's effect."""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, RuleViolation
from app.domain.jsonvalue import JsonDict

from .helpers import Game, player


def _item(g: Game, pid: str, name: str) -> JsonDict:
    gear: JsonDict = g.pc(pid)["gear"]
    found: JsonDict = next(v for v in gear.values() if v["name"] == name)
    return found


def _powers(g: Game, pid: str) -> set[str]:
    return {str(a["name"]) for a in g.table.view(player(pid))["rules"]["you"]["abilities"]}


def test_a_priced_book_item_costs_the_books_price_at_the_books_tier() -> None:
    """ "Plate Harness Heavy, Bulky +2 dice resisting harm; -2 stealth. 6 XP" and
    "Superior (6 XP) Specialized or rare items with strong hooks.": Plate Harness can't
    be bought as Basic gear for 1 XP; named as in the book it costs 6 XP and is
    Superior, whatever spelling is used."""
    g = Game()
    with pytest.raises(RuleViolation, match="Plate Harness is Superior gear at 6 XP"):
        g.p("p1", "xp.buy", what="gear", tier="basic", name="Plate Harness")
    with pytest.raises(RuleViolation, match="Superior gear at 6 XP"):
        g.p("p1", "xp.buy", what="gear", tier="basic", name="plate-harness")
    assert g.xp("p1") == 30 and not g.pc("p1")["gear"]
    g.p("p1", "xp.buy", what="gear", name="plate  harness")
    assert g.xp("p1") == 24
    assert _item(g, "p1", "Plate Harness")["tier"] == "superior"
    assert "Plate Harness" in _powers(g, "p1")  # it acts as the book says
    g.p("p1", "xp.buy", what="gear", tier="basic", name="Dagger")  # Dagger: 1 XP, Basic
    assert g.xp("p1") == 23 and _item(g, "p1", "Dagger")["tier"] == "basic"
    g.check()


def test_artifacts_and_rare_gear_are_found_not_bought() -> None:
    """ "Artifact (12 XP or GM Award) Legendary or magical gear." / "These are not
    purchased; they are discovered, inherited, or earned. A GM may attach XP
    "Attunement" costs if players want to keep and rely on them.": a player can't buy
    the Silent Bell or a Rothari War-Kit; the GM grants them, the Bell as an Artifact."""
    g = Game(starting_xp=40)
    with pytest.raises(Forbidden, match="artifacts are found, not bought"):
        g.p("p1", "xp.buy", what="gear", tier="basic", name="Silent Bell")
    with pytest.raises(Forbidden, match="the GM may attach an XP Attunement cost"):
        g.p("p1", "xp.buy", what="gear", tier="basic", name="Rothari War-Kit")
    assert g.xp("p1") == 40 and not g.pc("p1")["gear"]
    with pytest.raises(RuleViolation, match="its tier is Artifact"):
        g.gm("xp.buy", player="p1", what="gear", tier="basic", name="The Silent Bell")
    g.gm("xp.buy", player="p1", what="gear", name="the silent bell")
    assert _item(g, "p1", "Silent Bell")["tier"] == "artifact" and g.xp("p1") == 28
    g.gm("xp.buy", player="p1", what="gear", tier="superior", name="Rothari War-Kit", cost=3)
    assert g.xp("p1") == 25  # the GM's attunement cost
    assert {"Silent Bell", "Rothari War-Kit"} <= _powers(g, "p1")
    g.check()


def test_an_unpriced_book_item_is_priced_by_the_gm() -> None:
    """ "Coin buys mundane versions. XP upgrades represent cultural edges or masterwork
    reliability." — the book prices no Aeler-forged Hauberk: the GM sets its price."""
    g = Game()
    with pytest.raises(Forbidden, match="set the XP price of Aeler-forged Hauberk"):
        g.p("p1", "xp.buy", what="gear", tier="basic", name="Aeler-forged Hauberk")
    g.gm("xp.buy", player="p1", what="gear", tier="superior", name="Aeler-Forged Hauberk")
    assert g.xp("p1") == 24 and _item(g, "p1", "Aeler-forged Hauberk")["tier"] == "superior"
    g.check()


def test_an_invention_borrows_no_book_effect() -> None:
    """ "GMs should keep new items simple and narrative-facing." — a player's own item,
    at any tier, is just its own name: it acts as no book item."""
    g = Game()
    g.p("p1", "xp.buy", what="gear", tier="basic", name="Harness of Plates")
    assert g.xp("p1") == 29
    assert "Harness of Plates" not in _powers(g, "p1")
    g.check()
