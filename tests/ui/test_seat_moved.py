"""A seat moved to another device, as its old phone sees it (play test, session 14).

The GM reissues Ann's seat link and another phone opens it: Ann's old phone can't
play the seat any more. Before, its page kept her hand under a red "Offline" badge
(its link to the host was fine) and said nothing until she tapped something, then
only "That token doesn't open this table." It must say at once what happened, as a
page opened afresh on that phone does.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from app.host.hub import Hub
from app.ui.routes import parse_route

from .test_sessions_in_process import page_model, sessions_gateway


async def test_the_old_phone_of_a_moved_seat_says_so_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub = Hub(tmp_path / "data")
    try:
        live = await hub.create_table("Deadwood", "deadlands", {})
        gateway = sessions_gateway(hub, monkeypatch)
        gm = page_model(gateway, "192.168.1.10")
        await gm.open_route(parse_route(f"/gm?table={live.table_id}&token={live.gm_token}"))
        old = page_model(gateway, "192.168.1.20")
        await old.open_route(parse_route(f"/join/{live.join_code}"))
        await old.join(live.join_code, "Ann")
        assert old.screen == "player"
        pid = old.player_id
        assert pid is not None
        await gm.issue_claim(pid)
        new = page_model(gateway, "192.168.1.21")
        await new.open_route(parse_route(gm.claim_links[pid].removeprefix(new.origin)))
        assert new.screen == "player" and new.player_id == pid
        deadline = time.monotonic() + 5
        while old.screen == "player" and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        screen: str = old.screen  # read again after the awaits above (mypy narrows it)
        assert screen == "home", f"still on the seat, badge {old.status!r}"
        assert "another device" in old.message, old.message
    finally:
        for model in (gm, old, new):
            await model.suspend()
        hub.close()
