"""Bottlecaps GM tools at a table nobody has joined yet: Award and Start of their turn
say so in the table's words instead of sending an empty seat id (the strict model's
"'player' can't be empty." named no rule a GM could act on)."""

from __future__ import annotations

from app.ui.caps.gm import award_panel
from app.ui.routes import parse_route

from .conftest import make_model
from .fakes import FakeHost
from .harness import Screen


async def test_award_and_turn_with_no_one_seated_are_explained_not_sent() -> None:
    host = FakeHost("bottlecaps")
    gm, seen = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    screen = Screen(award_panel, gm)
    await screen.tap("Award")
    await screen.tap("Start of their turn")
    said = [t.message for t in seen.toasts]
    assert said == [
        "No one is at the table yet: caps go to a player.",
        "No one is at the table yet: a turn is a character's.",
    ]
