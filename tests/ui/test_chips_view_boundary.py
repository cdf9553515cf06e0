"""The chip screens' one typed read (``common.chips_view``) holds what the model really
has: the GM's and a player's ``model.rules``, as the client keeps them after the host's
views and patches, validate strictly against ``ChipsView``; and the screens' titles
cover every chip use the domain declares."""

from __future__ import annotations

from typing import get_args

from pydantic import TypeAdapter

from app.domain.actors import GM, player
from app.domain.combat.view_types import CombatView
from app.domain.fatechips.view_types import ChipsView, UseName
from app.ui.chips.common import USE_TITLES, chips_view
from app.ui.combat.common import combat_of, me_of

from .test_chips_calls import table_of

CHECK: TypeAdapter[ChipsView] = TypeAdapter(ChipsView)
COMBAT: TypeAdapter[CombatView] = TypeAdapter(CombatView)


async def test_the_models_chip_view_is_the_declared_one() -> None:
    host, (gm, _), [(ann, _), _] = await table_of("deadlands", "Ann", "Bob")
    host.run(GM, "chips.award", {"player": "p1", "colour": "white", "reason": "x"})
    host.run(player("p1"), "roll.trait", {"dice": 3, "sides": 8, "tn": 9})
    host.run(player("p1"), "chips.spend", {"colour": "white"})
    host.run(GM, "wounds.assign", {"player": "p2", "wounds": {"head": 1}})
    for model in (gm, ann):
        CHECK.validate_python(chips_view(model), strict=True)
    assert chips_view(ann)["players"]["p1"]["roll"] is not None
    assert chips_view(gm)["players"]["p2"]["negatable"] == {"head": 1}


def test_every_chip_use_has_a_title_on_the_screens() -> None:
    assert set(USE_TITLES) == set(get_args(UseName))


async def test_the_models_combat_view_is_the_declared_one() -> None:
    """``combat.common.combat_of`` (the combat screens' typed read) holds mid-fight: an
    NPC, cards dealt, a seat hit and its negation window open."""
    host, (gm, _), [(ann, _), _] = await table_of("deadlands", "Ann", "Bob")
    host.run(GM, "npc.add", {"name": "Bandit", "quickness": "2d6"})
    host.run(GM, "combat.start", {})
    host.run(player("p1"), "combat.draw", {"faces": [[4]]})
    host.run(GM, "combat.draw", {"who": "n1", "faces": [[4], [2]]})
    host.run(
        GM,
        "combat.damage",
        {"who": "p1", "location_face": 12, "dice": 1, "sides": 8, "faces": [[7]]},
    )
    for model in (gm, ann):
        COMBAT.validate_python(combat_of(model.rules), strict=True)
    me = me_of(ann.rules)
    assert me is not None and me["cards"] == 2 and me["attack"] is not None
    assert combat_of(gm.rules)["npcs"]["n1"]["name"] == "Bandit" and me_of(gm.rules) is None
