"""`SharedViews` (app.inproc.views): one view per viewer per change, shared by the pages
that see the same thing, and never older than the change or the presence it shows."""

from __future__ import annotations

from pathlib import Path

import pytest

import app.inproc.views
import tests.support.ledger_rules  # noqa: F401  (registers test-ledger)
from app.domain.actors import GM, player
from app.domain.commands import Command
from app.host.feed import table_view
from app.host.hub import Hub
from app.inproc import SharedViews


async def test_pages_of_one_viewer_share_one_view_until_the_table_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub = Hub(tmp_path / "data")
    try:
        live = await hub.create_table("Saloon", "test-ledger", {})
        await hub.join(live, "Ann")
        views = SharedViews()
        gm, also_gm, ann = (
            views.view(live, GM),
            views.view(live, GM),
            views.view(live, player("p1")),
        )
        assert gm is also_gm and gm is not ann
        assert gm == table_view(live, GM) and ann == table_view(live, player("p1"))
        await hub.execute(live, Command("c1", "ledger.draw", {"n": 1}, player("p1"), 0.0))
        after = views.view(live, GM)
        assert after is not gm and after["version"] == live.table.version
        live.seen("p1")  # Ann arrives: presence changes, so does the view
        assert views.view(live, GM) is not after and views.view(live, GM)["seats"][0]["online"]
        shown = views.view(live, GM)
        monkeypatch.setattr(app.inproc.views, "FRESH_SECONDS", -1.0)  # time has passed
        assert views.view(live, GM) is not shown
    finally:
        hub.close()
