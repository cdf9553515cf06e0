"""Guarded mistakes without a browser: a reason field is empty again once its award
is in the log (the next award must not carry the last one's reason)."""

from __future__ import annotations

from app.domain.actors import GM
from app.domain.table_commands import SESSION_START
from app.ui.app import App
from app.ui.routes import parse_route

from .conftest import make_model
from .fakes import FakeHost
from .harness import Screen


async def test_the_award_reason_clears_after_sending_and_stays_after_a_refusal() -> None:
    host = FakeHost("deadlands")
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    player, _ = make_model(host)
    await player.join("ABC123", "Ann")
    await gm.send(SESSION_START())
    screen = Screen(App, gm)
    await screen.tap("Chips")
    await screen.tap("Red")
    await screen.type("Reason (for the log)", "a fine speech")
    await screen.tap("Award from the pot")
    screen.refresh()
    assert screen.field("Reason (for the log)").value == ""
    logged = [e.text for e in host.table.events if "a fine speech" in e.text]
    assert logged, "the reason reached the log"
    # A refused spend keeps the text, to send again once fixed.
    for _ in range(60):  # empty the GM's hand of red chips
        if not host.table.view(GM)["rules"]["gm_hand"]["chips"].get("red"):
            break
        host.run(GM, "marshal.spend", {"colour": "red", "purpose": "x"})
    await screen.type("Reason (for the log)", "a trick")
    await screen.tap("The Marshal spends one")
    screen.refresh()
    assert screen.field("Reason (for the log)").value == "a trick"
