"""The Fate's Edge screens' pure helpers: the pool the roller shows, odds, dice text."""

from __future__ import annotations

from typing import Any, cast

import pytest

from app.domain.arguments import parse
from app.domain.fatesedge.roll_args import RollArgs
from app.domain.fatesedge.view_types import FeSheet, FeView
from app.domain.odds import fates_edge_odds
from app.ui.fatesedge.common import (
    PoolChoice,
    acting_for,
    character,
    die_text,
    follower_dice,
    odds,
    parse_faces,
    pool_parts,
    pool_size,
    roll_headline,
)
from app.ui.fatesedge.roll import roll_call
from app.ui.forms import Form

# the parts of a sheet the pool reads
SHEET = cast(
    FeSheet,
    {
        "attributes": {"body": 3, "wits": 2, "spirit": 2, "presence": 2},
        "skills": {"melee": 2, "stealth": 4},
        "followers": {
            "f1": {"name": "Scout", "cap": 4, "condition": "maintained"},
            "f2": {"name": "Porter", "cap": 3, "condition": "neglected", "injured": True},
        },
        "gear": {
            "g1": {"name": "Rope", "condition": "compromised"},
            "g2": {"name": "Lamp", "condition": "compromised", "field_repaired": True},
        },
    },
)


def test_the_pool_is_attribute_plus_skill() -> None:
    parts = pool_parts(SHEET, PoolChoice("body", "melee"))
    assert parts == [("Body", 3), ("Melee", 2)] and pool_size(parts) == 5


def test_a_follower_adds_min_of_cap_and_skill_at_most_three() -> None:
    assert follower_dice(SHEET["followers"]["f1"], 2) == 2  # min(Cap 4, Skill 2)
    parts = pool_parts(SHEET, PoolChoice("wits", "stealth", follower="f1"))
    assert parts[-1] == ("Scout", 3)  # min(4, 4) capped at +3


def test_an_injured_neglected_follower_loses_a_cap_step_and_a_die() -> None:
    assert follower_dice(SHEET["followers"]["f2"], 4) == 1  # Cap 3-1 = 2, Neglected -1


def test_compromised_gear_costs_a_die_unless_field_repaired() -> None:
    assert pool_parts(SHEET, PoolChoice("body", gear="g1"))[-1] == ("Compromised Rope", -1)
    assert pool_parts(SHEET, PoolChoice("body", gear="g2")) == [("Body", 3)]


def test_a_pool_never_drops_below_one_die() -> None:
    assert pool_size(pool_parts(SHEET, PoolChoice("wits", penalty=5))) == 1


def test_odds_are_the_exact_ones_and_no_dv_means_any_success() -> None:
    shown = odds(5, 2, "detailed")
    exact = fates_edge_odds(5, 2, "detailed")
    assert shown is not None and shown.p_success == exact.p_success
    assert shown.p_clean == exact.p_clean and shown.expected_cp == exact.expected_cp
    no_dv = odds(5, 0, "basic")
    assert no_dv is not None and no_dv.p_success == pytest.approx(1 - 0.5**5)
    assert no_dv.text(0).startswith("Any success 97%")


def test_faces_are_parsed_with_plain_errors() -> None:
    assert parse_faces("3, 7 10") == [3, 7, 10]
    with pytest.raises(ValueError, match="'x' is not a die face"):
        parse_faces("3 x")
    with pytest.raises(ValueError, match="A d10 shows 1 to 10"):
        parse_faces("11")


def test_a_rerolled_die_shows_every_face_and_why() -> None:
    assert die_text({"face": 8, "faces": [1, 8], "why": ["detailed"]}) == "1 -> 8 (detailed)"
    roll = {"successes": 1, "cp": 2, "outcome_name": "Partial", "dv": 3, "difficulty": "Hard"}
    assert roll_headline(roll) == "Partial: 1 success, 2 CP (DV 3 Hard)"
    assert roll_headline({"successes": 2, "cp": 0}) == "2 successes, 0 CP"


def test_players_act_for_themselves_and_the_gm_names_the_seat() -> None:
    me, bo = cast(FeSheet, {"name": "Me"}), cast(FeSheet, {"name": "Bo"})
    view = cast(FeView, {"you": me, "characters": {"p2": bo}})  # the keys character() reads
    assert character(view, False, None) is me
    assert character(view, True, "p2") is bo
    assert character(view, True, "p3") is None and character(cast(FeView, {}), False, None) is None
    assert acting_for("p2", False) is None and acting_for("p2", True) == "p2"


def test_a_roll_names_its_dv_unless_the_gm_set_one() -> None:
    """'Difficulty Ladder (Set Before the Roll)': a DV the GM set is applied by the host
    to a roll that names none, so the roller leaves ``dv`` out then (0 in a contest)."""
    f = Form(
        attribute="wits", skill="lore", ladder="detailed", dv=3, label=" the map ",
        follower="", gear="g1", helper="", bonus=1, penalty=0, use=["k1"],
    )  # fmt: skip
    own = roll_call(f, None)
    assert own.type == "roll.pool"
    assert (own.args["dv"], own.args["label"], own.args["use"]) == (3, "the map", ["k1"])
    assert "dv" not in roll_call(f, "p2", gm_dv=2).args
    assert roll_call(f, "p2", gm_dv=0).args["dv"] == 0
    typed = roll_call(f, None, physical=([1, 7], [9]))
    assert typed.type == "roll.enter"
    assert (typed.args["faces"], typed.args["rerolls"]) == ([1, 7], [9])
    # What the host parses is what was chosen (the GM names the player).
    parsed = parse(RollArgs, roll_call(f, "p2", gm_dv=2).args)
    assert (parsed.player, parsed.attribute, parsed.gear, parsed.bonus) == ("p2", "wits", "g1", 1)
    assert "dv" not in parsed.model_fields_set


def test_an_asset_leveraged_on_screen_is_in_the_roll_and_its_pool() -> None:
    """'Assets ... grant +1–2 dice when you personally leverage them on-screen' and
    'Neglected: The asset functions, but any roll leveraging it suffers -1 die.'"""
    f = Form(
        attribute="wits", skill="lore", ladder="basic", dv=2, label="", follower="",
        gear="", helper="", bonus=0, penalty=0, use=[], asset="a1", asset_dice=2,
    )  # fmt: skip
    parsed = parse(RollArgs, roll_call(f, None).args)
    assert (parsed.asset, parsed.asset_dice) == ("a1", 2)
    sheet: Any = {
        "attributes": {"wits": 3}, "skills": {"lore": 2}, "followers": {}, "gear": {},
        "assets": {"a1": {"name": "The Gilded Cup", "condition": "neglected"}},
    }  # fmt: skip
    parts = pool_parts(sheet, PoolChoice("wits", "lore", asset="a1", asset_dice=2))
    assert parts[2:] == [("Leverage: The Gilded Cup", 2), ("Neglected The Gilded Cup", -1)]
