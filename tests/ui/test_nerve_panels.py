"""The phone and the tablet offer what surprise, Terror, Fear and the hazards allow (#26):
a catatonic or surprised hero's phone says why and offers no act; a terrified one
is told to run; the GM's Terror test takes the Black Joker; the tablet keeps someone in
rough water or on fire, and the phone offers this round's swimming roll."""

from __future__ import annotations

from app.domain.actors import GM
from app.ui.combat.gm import gm_combat_panel

from .fakes import FakeHost
from .test_chips_calls import switch_on
from .test_combat_panels import Screen, combat, drawn, fight


async def test_a_catatonic_phone_says_why_and_offers_no_act() -> None:
    """ "If a Hero goes bust on a Terror test, he draws no cards in the next draw phase,
    takes no actions (including active defenses) and just cowers in place.\""""
    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    screen = await drawn(host, ann)
    host.run(GM, "combat.draw_npcs", {})
    host.run(GM, "combat.next", {})
    while not combat(host)["combatants"]["p1"]["acting_now"]:
        host.run(GM, "combat.next", {})
    screen.refresh()
    assert screen.button("Dodge") is not None  # before the test: her card is up
    host.run(GM, "combat.fear", {"who": "p1", "tn": 5, "terror": True, "faces": [[1]]})
    screen.refresh()
    assert screen.has("Ann is catatonic and cowers in place")
    assert screen.has("Catatonic: you can't act this round.")
    assert not screen.has("Acting now: Ann")  # her called card isn't an action
    assert not screen.has("Dodge")
    assert not any(t.startswith("Act on") for t in screen.texts())
    assert not screen.has("Other actions")


async def test_a_terrified_phone_is_told_to_run() -> None:
    """ "A terrified Hero breaks and runs. During the next draw phase, the Hero draws a
    single card, and when it comes up, must run full movement away from the Terror
    causing event.\""""
    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    screen = await drawn(host, ann)
    host.run(GM, "combat.draw_npcs", {})
    host.run(GM, "combat.next", {})
    host.run(GM, "combat.fear", {"who": "p1", "tn": 5, "faces": [[1]]})
    screen.refresh()
    assert screen.has("Terrified: you can only run your full movement away (Move).")
    assert not screen.has("Dodge")
    assert screen.has("Other actions")  # the move is there


async def test_the_gm_marks_a_black_joker_in_a_terror_test() -> None:
    """ "Going bust or drawing a black joker is extra bad. ... Same goes for drawing the
    black joker.\""""
    host = FakeHost("spacelands")
    gm, _, _ = await fight(host)
    desk = Screen(gm_combat_panel, gm)
    await desk.tap("Fear")
    await desk.tap("Ann")
    labels = [getattr(c, "label", "") for c in desk.controls]
    assert "Drew the Black Joker" not in labels  # only in a Terror test
    await switch_on(desk, "Terror (no chips; bust: catatonic)")
    await switch_on(desk, "Drew the Black Joker")
    await desk.type("Fear TN", "3")
    await desk.tap("Ann: Fear test")
    fear = [e for e in host.table.events if e.type == "combat.fear"]
    assert fear and fear[-1].data["black_joker"] and fear[-1].data["effect"] == "catatonic"


async def test_the_tablet_keeps_ann_in_the_river_and_her_phone_swims_first() -> None:
    """ "Every round a character swims in rough water, his first action must be a
    swimming roll.\" — the tablet puts her in it for good; her phone offers the roll."""
    host = FakeHost("spacelands", seed=3)
    gm, ann, _ = await fight(host)
    screen = await drawn(host, ann)
    host.run(GM, "combat.draw_npcs", {})
    host.run(GM, "combat.next", {})
    while not combat(host)["combatants"]["p1"]["acting_now"]:
        host.run(GM, "combat.next", {})
    desk = Screen(gm_combat_panel, gm)
    await switch_on(desk, "Show GM actions")
    await desk.tap("Ann")
    await desk.tap("Rapid river")
    await desk.tap("Ann stays in it (every round)")
    screen.refresh()
    assert screen.has("Ann is in a rapid river: the first action each round must be a swimming")
    await screen.tap("Swimming roll (rapid river, TN 7)")
    swim = [e for e in host.table.events if e.type == "combat.hazard"]
    assert swim and swim[-1].data["who"] == "p1" and swim[-1].data["tn"] == 7
    # the swimming roll is her first action: it played the card that was up
    assert [e for e in host.table.events if e.type == "combat.acted"][-1].data["who"] == "p1"
    assert not screen.has("Swimming roll (rapid river")  # made for this round
    await desk.type("Area on fire (small, large)", "left arm")
    await desk.tap("Set Ann on fire")
    host.run(GM, "combat.round", {})
    burns = [e for e in host.table.events if e.type == "combat.damaged"]
    assert burns and burns[-1].data["location"]["part"] == "left_arm"
