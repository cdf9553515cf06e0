"""Arguments of the clock, character, resource and retinue commands, parsed by their
declared models: a bad value is refused in a player's words naming the rule's limit,
and a left-out (or null) choice falls back to what the rules or the table decide."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs
from app.domain.fatesedge.awards_args import BOND_PROPOSE
from app.domain.fatesedge.catalog import COMMANDS
from app.host.catalogue import rulesets

from .helpers import Game


def test_a_deficit_beyond_two_xp_is_refused_by_its_limit() -> None:
    """'Obligation Deficit: You may begin with a deficit of up to 2 XP.'"""
    with pytest.raises(InvalidArgs, match=r"^'xp' must be between 1 and 2\.$"):
        Game().p("p1", "character.deficit", xp=3)
    with pytest.raises(InvalidArgs, match=r"^'xp' must be a whole number\.$"):
        Game().p("p1", "character.deficit", xp="2")


def test_a_clock_size_names_the_sizes() -> None:
    """'Size: 4, 6, 8 segments' and 'Ace (Pivotal): 10-segment clock'."""
    with pytest.raises(InvalidArgs, match=r"^'size' must be one of: 4, 6, 8, 10\.$"):
        Game().gm("clock.create", name="Patrol Sweep", size=5)


def test_kept_assets_must_be_a_list_of_ids() -> None:
    """An heir keeps 'a reasonable share' of assets: named by their ids."""
    with pytest.raises(InvalidArgs, match=r"^'keep_assets' is a list of asset ids\.$"):
        Game().gm("character.replace", player="p1", mode="heir", name="Corin", keep_assets="a1")


def test_a_null_reveal_leaves_the_table_setting_in_charge() -> None:
    """'Spend CP immediately or bank (declare what the table can see)': with
    ``reveal`` null the table's reveal_cp_spends setting decides, as when it's left out."""
    g = Game(reveal_cp_spends=True)
    g.give_cp(2)
    shown = g.gm("fatigue.change", player="p1", cp=1, reveal=None)[-1]
    assert "the GM spends 1 CP" in shown.text
    drawn = g.gm("deck.draw", cp=1, reveal=None)[-1]
    assert drawn.visible_to == "all"


def test_an_asset_activation_with_pay_null_pays_2_xp_without_a_boon() -> None:
    """'To activate any Off-Screen Asset, the player must spend 1 Boon or 2 XP.'"""
    g = Game()
    g.p("p1", "character.pregen", pregen="ash")
    asset = next(iter(g.pc("p1")["assets"]))  # Ash's Safehouse
    g.gm("xp.award", player="p1", xp=3, reason="the heist")
    before = g.xp("p1")
    g.p("p1", "asset.activate", asset=asset, ask="Who bought the warehouse?", pay=None)
    assert g.xp("p1") == before - 2  # no Boon yet: 2 XP


def test_every_command_is_named_by_its_command_type() -> None:
    """Each catalogue entry is made by the command type the UI calls it with, so the
    name on the wire is spelled once."""
    assert all(spec.name == name for name, spec in COMMANDS.items())


def test_a_bond_is_proposed_with_the_argument_named_with() -> None:
    """'Consent Required: Both players must agree to the bond.' The other player is
    sent as ``with`` (a Python keyword: the model's field is ``with_``), published as
    ``with`` in the catalogue, and parsed from ``with``."""
    call = BOND_PROPOSE(tie="same doomed levy", with_="p2")
    assert call.args == {"tie": "same doomed levy", "with": "p2"}
    published = next(r for r in rulesets() if r["name"] == "fates-edge")["commands"]
    assert "with" in published["bond.propose"]["args"]
    assert "with" in published["bond.propose"]["schema"]["required"]
    g = Game()
    bond = g.p("p1", "bond.propose", **call.args)[-1].data
    assert (bond["a"], bond["b"]) == ("p1", "p2")
    with pytest.raises(InvalidArgs, match=r"^'with' is required\.$"):
        g.p("p1", "bond.propose", tie="kin")
