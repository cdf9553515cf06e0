"""The Fate's Edge screens' one typed read (``common.fe_view``) holds what the model
really has: the GM's and a player's ``model.rules``, as the client keeps them after the
host's views and patches, validate strictly against ``FeView``."""

from __future__ import annotations

from pydantic import TypeAdapter

from app.domain.actors import GM, player
from app.domain.fatesedge.view_types import FeView
from app.ui.fatesedge.common import fe_view

from .test_fates_edge_panels import table

CHECK: TypeAdapter[FeView] = TypeAdapter(FeView)


async def test_the_models_fates_edge_view_is_the_declared_one() -> None:
    host, gm, ann, _ = await table()
    host.run(GM, "cp.grant", {"cp": 2, "reason": "x"})
    host.run(GM, "clock.create", {"name": "Doom", "size": 6, "visible": False})
    host.run(GM, "boon.award", {"player": "p1", "complication": "x"})
    host.run(player("p1"), "roll.pool", {"attribute": "body"})
    for model in (gm, ann):
        CHECK.validate_python(fe_view(model), strict=True)
    assert fe_view(gm)["cp_bank"] == 2 and "cp_bank" not in fe_view(ann)
    assert fe_view(ann)["you"]["boons"] == 1 and fe_view(gm)["clocks"]
    assert fe_view(ann)["last_roll"] is not None and not fe_view(ann)["clocks"]
