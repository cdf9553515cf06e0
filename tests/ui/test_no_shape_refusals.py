"""A tap on a form left empty is answered in the player's words by the screen, not sent
for the host to refuse in its argument-shape words ("'wounds' maps locations ...")."""

from __future__ import annotations

from app.domain.actors import GM, player
from app.domain.fatesedge.roll_args import ROLL_ENTER
from app.domain.rules.deadlands import DEADLANDS
from app.domain.table_commands import SESSION_END, SESSION_START
from app.ui.app import App
from app.ui.caps.panels import caps_panel
from app.ui.caps.panels import roll_panel as caps_roll_panel
from app.ui.chips.hand import hand_panel
from app.ui.chips.sheet import sheet_panel
from app.ui.fatesedge.gm import rolls_panel
from app.ui.fatesedge.gm_play import contest_gm_card
from app.ui.fatesedge.roll import roll_panel as fe_roll_panel
from app.ui.routes import parse_route
from app.ui.wheel.sheet import character_panel
from app.ui.wheel.table import setup_panel

from .conftest import Recorder, make_model
from .fakes import FakeClient, FakeHost
from .harness import Screen
from .test_chips_calls import switch_on
from .test_panels_more import table_of


def sent(host: FakeHost) -> list[str]:
    """Every command type any screen sent to ``host``."""
    return [t for c in host.clients if isinstance(c, FakeClient) for t, _ in c.sent]


def refused(host: FakeHost, seen: Recorder, command: str, message: str) -> None:
    """The screen said ``message`` as an error, and no ``command`` reached the host."""
    assert command not in sent(host)
    assert seen.toasts[-1].error
    assert seen.toasts[-1].message == message


async def test_assigning_no_wounds_is_answered_by_the_screen() -> None:
    host = FakeHost("deadlands")
    gm, seen = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    player, _ = make_model(host)
    await player.join("ABC123", "Ann")
    await gm.send(SESSION_START())
    screen = Screen(App, gm)
    await screen.tap("Wounds")
    await screen.tap("Assign these wounds")  # no location got a wound
    refused(host, seen, "wounds.assign", "Add a wound to at least one location first.")


async def test_converting_no_chosen_chips_is_answered_by_the_screen() -> None:
    host = FakeHost("deadlands")
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    player, seen = make_model(host)
    await player.join("ABC123", "Ann")
    await gm.send(SESSION_START())
    for i in range(12):  # past Deadlands' hand limit of 10, in two colours (a choice)
        colour = ("white", "red")[i % 2]
        host.run(GM, "chips.award", {"player": "p1", "colour": colour, "reason": "test"})
    over = host.table.view(GM)["rules"]["players"]["p1"]["over_limit"]
    assert over > 0
    screen = Screen(hand_panel, player, DEADLANDS)
    await screen.tap("Convert to Bounty")  # no chip chosen yet
    refused(
        host,
        seen,
        "chips.convert_excess",
        f"Choose exactly {over} chip{'s' * (over > 1)} to convert.",
    )


async def test_wheel_creation_texts_left_empty_are_answered_by_the_screen() -> None:
    host = FakeHost("wheel-of-fate")
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    ann, seen = make_model(host)
    await ann.join("ABC123", "Ann")
    bob, _ = make_model(host)
    await bob.join("ABC123", "Bob")
    screen = Screen(character_panel, ann)
    await screen.type("Character name", " ")  # the seat's name, wiped
    await screen.tap("Save name and summary")
    assert seen.toasts[-1].message == "Write your character's name first."
    await screen.type("Character name", "Calamity")
    await screen.tap("Save name and summary")
    assert seen.toasts[-1].message == "Write who they are first."
    await screen.tap("Step 2: Connections")
    await screen.tap("Save connection to Bob")
    assert seen.toasts[-1].message == "Write how your character knows Bob first."
    await screen.tap("Step 6: ")
    await screen.tap("Save the answer")
    assert seen.toasts[-1].message == "Write what just went wrong first."
    assert all(t.error for t in seen.toasts[-4:])
    assert [t for t in sent(host) if t.startswith("char.")] == []


async def test_a_moment_of_greatness_without_its_edge_is_answered_by_the_screen() -> None:
    """Bottlecaps: "Moment of Greatness" needs the Combat Edge gained; left empty, the
    screen asks for it (the host would say "'edge' can't be empty.")."""
    host, _gm, [(ann, seen)] = await table_of("bottlecaps", "Ann")
    host.run(GM, "cap.award", {"player": "p1", "colour": "red", "n": 1})
    host.run(player("p1"), "turn.start", {})
    screen = Screen(caps_panel, ann, None)
    await screen.tap("Red")
    await screen.tap("Moment of Greatness: red cap")
    refused(host, seen, "cap.spend", "Name the Combat Edge the Moment of Greatness gives first.")
    await screen.type("Combat Edge gained", "Frenzy")
    await screen.tap("Moment of Greatness: red cap")
    assert host.table.view(GM)["rules"]["greatness"]["p1"]["edge"] == "Frenzy"


async def test_gear_that_broke_after_it_was_tapped_on_is_left_out_of_the_roll() -> None:
    """Fate's Edge: broken gear does nothing, so the roll goes ahead without it (the host
    refuses a roll naming gear that no longer acts: "... has no talent or gear 'g8'")."""
    host = FakeHost("fates-edge")
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    ann, seen = make_model(host)
    await ann.join("ABC123", "Ann")
    await gm.send(SESSION_START())
    host.run(player("p1"), "character.pregen", {"pregen": "sable"})
    host.run(GM, "xp.award", {"player": "p1", "xp": 10})
    host.run(
        GM, "xp.buy", {"player": "p1", "what": "gear", "name": "Scholar's Satchel", "tier": "basic"}
    )
    screen = Screen(fe_roll_panel, ann, None)
    await screen.tap("Scholar's Satchel +1 die")
    assert screen.has("— on")
    for _ in range(2):  # Compromised, then broken
        host.run(GM, "gear.damage", {"player": "p1", "gear": "g8"})
    screen.refresh()
    await screen.tap("Roll ")
    assert not any(t.error for t in seen.toasts), seen.toasts[-1].message
    assert host.table.view(GM)["rules"]["last_roll"]["player"] == "p1"


async def test_a_devils_bargain_with_no_complication_is_answered_by_the_screen() -> None:
    host = FakeHost("fates-edge")
    gm, gm_seen = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    ann, _ = make_model(host)
    await ann.join("ABC123", "Ann")
    await gm.send(SESSION_START())
    await ann.send(ROLL_ENTER(attribute="body", dv=2, faces=[2, 3]))  # a miss
    screen = Screen(rolls_panel, gm)
    await screen.tap("Offer the bargain")  # the complication left empty
    refused(
        host, gm_seen, "roll.bargain", "Name the complication they accept for the bargain first."
    )


async def test_wheel_questions_with_one_left_empty_are_answered_by_the_screen() -> None:
    host = FakeHost("wheel-of-fate")
    gm, gm_seen = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    screen = Screen(setup_panel, gm)
    await screen.type("Question 3", "  ")
    await screen.tap("Save the questions")
    refused(host, gm_seen, "creation.questions", "Write every question first (empty: 3).")


async def test_a_contest_against_no_one_named_is_answered_by_the_screen() -> None:
    host = FakeHost("fates-edge")
    gm, gm_seen = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    ann, _ = make_model(host)
    await ann.join("ABC123", "Ann")
    await gm.send(SESSION_START())
    screen = Screen(contest_gm_card, gm)
    await screen.type("Who opposes", "  ")
    await screen.tap("Open the contest")
    refused(host, gm_seen, "contest.start", "Name who opposes first (e.g. The opposition).")


async def test_faces_the_die_cannot_show_are_answered_by_the_screen() -> None:
    """Bottlecaps: typed faces are checked against the trait die and the Wild Die (the
    host would say "Every entry of 'trait_faces' must be a whole number 1–6.")."""
    host, _gm, [(ann, seen)] = await table_of("bottlecaps", "Ann")
    host.run(GM, "sheet.update", {"player": "p1", "attributes": {"Agility": "d6"}})
    screen = Screen(caps_roll_panel, ann, None)
    await switch_on(screen, "Enter dice rolled at the table")
    await screen.type("Trait die", "6+9")
    await screen.type("Wild Die", "3")
    await screen.tap("Roll Agility")
    assert seen.toasts[-1].message == "A d6 shows 1 to 6: 9 can't be rolled on it."
    await screen.type("Trait die", "6+2")
    await screen.type("Wild Die", "7")
    await screen.tap("Roll Agility")
    assert seen.toasts[-1].message == "The Wild Die shows 1 to 6: 7 can't be rolled on it."
    assert all(t.error for t in seen.toasts[-2:])
    assert "roll.trait" not in sent(host)
    await screen.type("Wild Die", "6+1")
    await screen.tap("Roll Agility")  # every face on its die: sent, and rolled
    assert host.table.view(GM)["rules"]["rolls"]["p1"]["trait"] == "Agility"


async def test_an_improvement_with_nothing_named_is_answered_by_the_screen() -> None:
    host, gm, [(ann, seen)] = await table_of("deadlands", "Ann")
    await gm.send(SESSION_END())
    screen = Screen(sheet_panel, ann, DEADLANDS)
    await screen.tap("Spend Bounty")  # "Which" left empty
    refused(host, seen, "advance.buy", "Name what to improve first.")


async def test_pool_limits_saved_unchanged_are_answered_by_the_screen() -> None:
    host = FakeHost("wheel-of-fate")
    gm, gm_seen = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    screen = Screen(setup_panel, gm)
    await screen.tap("Save the pool limits")  # nothing changed
    refused(
        host,
        gm_seen,
        "pools.limits",
        "The pool limits are unchanged (3 pool dice, at most 3 in one pool): change one first.",
    )


async def test_damage_faces_that_do_not_fit_the_dice_are_answered_by_the_screen() -> None:
    """Bottlecaps damage: one chain of faces per die, each on its die (the host would say
    "'faces' must hold one list ..." or "Every entry of 'faces' must be ...")."""
    host, _gm, [(ann, seen)] = await table_of("bottlecaps", "Ann")
    screen = Screen(caps_roll_panel, ann, None)
    await switch_on(screen, "Enter dice rolled at the table")
    await screen.type("Damage dice", "d8, d4")
    await screen.type("Faces per die", "8+3")
    await screen.tap("Roll damage")
    assert seen.toasts[-1].message == "Enter faces for each of the 2 damage dice."
    await screen.type("Faces per die", "8+3, 5")
    await screen.tap("Roll damage")
    assert seen.toasts[-1].message == "A d4 shows 1 to 4: 5 can't be rolled on it."
    assert all(t.error for t in seen.toasts[-2:])
    assert "roll.damage" not in sent(host)
    await screen.type("Faces per die", "8+3, 4+1")
    await screen.tap("Roll damage")
    assert host.table.view(GM)["rules"]["rolls"]["p1"]["kind"] == "damage"
