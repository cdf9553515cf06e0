"""More of the three chip games reachable from the screens: Spacelands' crew help and
Impetus, fresh wounds, trades, seats, notes, Bottlecaps NPCs (no browser)."""

from __future__ import annotations

from app.domain.actors import GM, player
from app.domain.fatechips.trade import TRADE_PROPOSE
from app.domain.rules.spacelands import SPACELANDS
from app.domain.table_commands import SESSION_START
from app.ui.app import App
from app.ui.chips.hand import hand_panel
from app.ui.model import AppModel
from app.ui.routes import parse_route

from .conftest import Recorder, make_model
from .fakes import FakeHost
from .harness import Screen


async def table_of(
    ruleset: str, *names: str
) -> tuple[FakeHost, AppModel, list[tuple[AppModel, Recorder]]]:
    """A started table: the host, the GM's model, each player's model and recorder."""
    host = FakeHost(ruleset)
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    models: list[tuple[AppModel, Recorder]] = []
    for name in names:
        model, seen = make_model(host)
        await model.join("ABC123", name)
        models.append((model, seen))
    await gm.send(SESSION_START())
    return host, gm, models


async def test_spacelands_chips_help_a_crewmates_roll_and_invoke_an_impetus() -> None:
    host, _, [(ann, _), _] = await table_of("spacelands", "Ann", "Bob")
    host.run(GM, "chips.award", {"player": "p1", "colour": "white", "reason": "x"})
    host.run(player("p2"), "roll.trait", {"dice": 2, "sides": 6, "tn": 5, "unskilled": True})
    screen = Screen(hand_panel, ann, SPACELANDS)
    assert screen.has("Help the crew")
    await screen.tap("White chip on Bob's roll")
    assert host.table.view(GM)["rules"]["players"]["p2"]["roll"]["whites"] == 1
    host.run(player("p1"), "roll.trait", {"dice": 1, "sides": 6, "tn": 5, "unskilled": True})
    screen.refresh()
    await screen.tap("White chips")
    assert screen.has("Invoke an Impetus")


async def test_fresh_wounds_can_be_negated_or_accepted_from_the_phone() -> None:
    host, _, [(ann, _)] = await table_of("deadlands", "Ann")
    host.run(GM, "chips.award", {"player": "p1", "colour": "red", "reason": "x"})
    host.run(GM, "wounds.assign", {"player": "p1", "wounds": {"left_arm": 2, "head": 1}})
    screen = Screen(App, ann)
    await screen.tap("Red chips")
    assert screen.has("Negates: Left arm 2")
    assert screen.has("Fresh wounds")
    await screen.tap("Let the wounds stand")
    assert host.table.view(GM)["rules"]["players"]["p1"]["negatable"] == {}


async def test_a_trade_offer_can_be_withdrawn_and_the_gm_sees_it_waiting() -> None:
    host, gm, [(ann, _), _] = await table_of("deadlands", "Ann", "Bob")
    for colour in ("white", "white"):
        host.run(GM, "chips.award", {"player": "p1", "colour": colour, "reason": "x"})
    await ann.send(TRADE_PROPOSE(to="p2", colour="white", payment={"white": 1}, fiction="cover"))
    gm_screen = Screen(App, gm)
    await gm_screen.tap("Approvals")
    assert gm_screen.has("Trade: Ann to Bob")
    screen = Screen(App, ann)
    await screen.tap("Withdraw the offer")
    assert host.table.view(GM)["rules"]["trades"] == {}


async def test_the_gm_adds_a_seat_and_anyone_writes_a_note() -> None:
    host, gm, [(ann, _)] = await table_of("deadlands", "Ann")
    screen = Screen(App, gm)
    await screen.type("Player's name", "Dora")
    await screen.tap("Add a seat")
    assert [s["name"] for s in host.table.view(GM)["seats"]] == ["Ann", "Dora"]
    await screen.type("Note for the log", "Dora is on her way")
    await screen.tap("Write the note")
    assert ann.log[0]["text"] == "GM: Dora is on her way"


async def test_bottlecaps_gm_adds_a_wild_card_and_rolls_for_it() -> None:
    host, gm, [(_cat, _)] = await table_of("bottlecaps", "Cat")
    screen = Screen(App, gm)
    await screen.tap("NPCs")
    await screen.type("NPC name", "Boss")
    await screen.tap("Add NPC")
    assert screen.has("Boss")
    await screen.tap("Roll")
    await screen.tap("Roll Agility")
    npc = host.table.view(GM)["rules"]["gm"]["wild_cards"][0]
    assert npc["roll"]["trait"] == "Agility"
