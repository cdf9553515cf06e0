"""A GM and three players run a Deadlands session start to end through the screens
(no browser): every step is a tap on a rendered control."""

from __future__ import annotations

from app.domain.actors import GM
from app.ui.app import App
from app.ui.routes import parse_route

from .conftest import make_model
from .fakes import FakeHost
from .harness import Screen


async def test_a_deadlands_session_from_start_to_end() -> None:
    host = FakeHost("deadlands", seed=1)
    gm, gm_seen = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    players = []
    for name in ("Ann", "Bob", "Cid"):
        model, seen = make_model(host)
        await model.open_route(parse_route("/join/ABC123"))
        screen = Screen(App, model)
        await screen.type("Your name", name)
        await screen.tap("Join the table")
        players.append((model, seen))
    gm_screen = Screen(App, gm)
    assert all(gm_screen.has(n) for n in ("Ann", "Bob", "Cid"))

    # Between sessions: Ann writes her sheet.
    ann, _ = players[0]
    ann_screen = Screen(App, ann)
    await ann_screen.tab("Sheet")
    await ann_screen.tap("More Cognition Coordination")  # Cognition to 2d6
    assert (
        host.table.view(GM)["rules"]["players"]["p1"]["sheet"]["traits"]["cognition"][
            "coordination"
        ]
        == 2
    )

    # The session starts: everyone draws; the GM awards a red chip for a good line.
    gm_screen.refresh()
    await gm_screen.tap("Start session 1")
    await gm_screen.tap("Chips")
    await gm_screen.tap("Red")
    await gm_screen.type("Reason", "a fine line")
    await gm_screen.tap("Award from the pot")
    assert "a fine line" in gm_seen.toasts[-1].message

    # Ann rolls from her sheet and spends the red chip: the Marshal draws.
    marshal_before = host.table.view(GM)["rules"]["gm_hand"]["total"]
    ann_screen.refresh()
    await ann_screen.tab("Roll")
    await ann_screen.select("Trait", "cognition")
    await ann_screen.tap("Roll 2d6")
    await ann_screen.tap("Red chip")
    assert host.table.view(GM)["rules"]["gm_hand"]["total"] == marshal_before + 1
    await ann_screen.tap("Settle on this roll")

    # Bob is shot: the GM assigns wounds, Bob negates some with a chip.
    bob, _ = players[1]
    gm_screen.refresh()
    await gm_screen.tap("Wounds")
    await gm_screen.tap("Bob")
    await gm_screen.tap("More Left arm")
    await gm_screen.tap("Assign these wounds")
    bob_screen = Screen(App, bob)
    colour = next(c for c, n in bob.rules["players"]["p2"]["hand"].items() if n)
    await bob_screen.tap(f"{colour.capitalize()} chips")
    await bob_screen.tap(f"Negate wounds: {colour} chip")
    assert host.table.view(GM)["rules"]["players"]["p2"]["wounds"]["left_arm"] == 0

    # The session ends: chips are written down, then cashed in for Bounty.
    gm_screen.refresh()
    await gm_screen.tap("End session 1")
    cid, cid_seen = players[2]
    recorded = host.table.view(GM)["rules"]["players"]["p3"]["recorded"]
    colour = next(c for c, n in recorded.items() if n)
    cid_screen = Screen(App, cid)
    await cid_screen.tap(f"{colour.capitalize()} chips")
    await cid_screen.tap(f"Cash in for Bounty: {colour} chip")
    assert "cashes in" in cid_seen.toasts[-1].message
    assert host.table.view(GM)["rules"]["players"]["p3"]["bounty"]["earned"] >= 1
