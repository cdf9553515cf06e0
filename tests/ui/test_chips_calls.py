"""The chip screens send each command with exactly the arguments the form set, under
the names the host parses (the calls are built by each command's type, so a typo in
an argument's name no longer reaches the host: mypy refuses it)."""

from __future__ import annotations

from typing import Any

from app.domain.actors import GM
from app.domain.rules.deadlands import DEADLANDS
from app.domain.rules.spacelands import SPACELANDS
from app.domain.table_commands import SESSION_END, SESSION_START
from app.ui.chips.gm import rolls_panel
from app.ui.chips.hand import hand_panel
from app.ui.chips.roller import roller_panel
from app.ui.chips.sheet import sheet_panel
from app.ui.model import AppModel
from app.ui.routes import parse_route

from .conftest import make_model
from .fakes import FakeClient, FakeHost
from .harness import Screen


async def table_of(
    ruleset: str, *names: str
) -> tuple[FakeHost, tuple[AppModel, FakeClient], list[tuple[AppModel, FakeClient]]]:
    """A started table: the GM's and each player's model, with the client it sends by."""
    host = FakeHost(ruleset)
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    gm_client = host.clients[-1]
    seated = []
    for name in names:
        model, _ = make_model(host)
        await model.join("ABC123", name)
        seated.append((model, host.clients[-1]))
    await gm.send(SESSION_START())
    return host, (gm, gm_client), seated


def last(client: FakeClient) -> tuple[str, dict[str, Any]]:
    """The last command the client sent: its type and its JSON arguments."""
    return client.sent[-1]


async def switch_on(screen: Screen, label: str) -> None:
    switch = next(c for c in screen.controls if getattr(c, "label", "") == label)
    switch.value = True
    await screen.fire(switch.on_change, switch)


async def test_a_roll_from_the_sheet_then_a_chip_then_settling() -> None:
    host, _, [(ann, sent)] = await table_of("deadlands", "Ann")
    host.run(GM, "chips.award", {"player": "p1", "colour": "white", "reason": "x"})
    screen = Screen(roller_panel, ann, DEADLANDS)
    await screen.tap("Roll 1d6")
    assert last(sent) == (
        "roll.trait",
        {"kind": "trait", "modifier": 0, "trait": "deftness", "tn": 5, "label": "Deftness"},
    )
    await screen.tap("White chip")
    assert last(sent) == ("chips.spend", {"colour": "white", "use": "roll"})
    await screen.tap("Settle on this roll")
    assert last(sent) == ("roll.finish", {})


async def test_an_ad_hoc_roll_of_dice_rolled_at_the_table_without_a_tn() -> None:
    _, _, [(ann, sent)] = await table_of("deadlands", "Ann")
    screen = Screen(roller_panel, ann, DEADLANDS)
    await screen.tap("Ad hoc")
    await screen.tap("Other")
    await screen.type("What for", "  the mule  ")
    await switch_on(screen, "Enter dice rolled at the table")
    await screen.type("2 dice", "8+8+3, 5")
    await screen.tap("Record these dice")
    assert last(sent) == (
        "roll.trait",
        {
            "kind": "other",
            "modifier": 0,
            "dice": 2,
            "sides": 8,
            "label": "the mule",
            "faces": [[8, 8, 3], [5]],
        },
    )


async def test_the_marshals_hidden_roll_and_chip_name_the_marshal() -> None:
    _, (gm, sent), _ = await table_of("deadlands", "Ann")
    screen = Screen(rolls_panel, gm, DEADLANDS)
    hidden = next(
        c for c in screen.controls if getattr(c, "label", "") == "Hidden from the players"
    )
    hidden.value = True
    await screen.fire(hidden.on_change, hidden)
    await screen.tap("Roll 2d8")
    assert last(sent) == (
        "roll.trait",
        {
            "kind": "trait",
            "modifier": 0,
            "player": "marshal",
            "dice": 2,
            "sides": 8,
            "tn": 5,
            "hidden": True,
        },
    )
    await screen.tap("Settle on this roll")
    assert last(sent) == ("roll.finish", {"player": "marshal"})


async def test_a_chip_soaks_a_crewmates_wounds_sent_as_for() -> None:
    host, _, [(ann, sent), _] = await table_of("spacelands", "Ann", "Bob")
    host.run(GM, "chips.award", {"player": "p1", "colour": "red", "reason": "x"})
    host.run(GM, "wounds.assign", {"player": "p2", "wounds": {"head": 1}})
    screen = Screen(hand_panel, ann, SPACELANDS)
    await screen.tap("Red chip: Bob's wounds")
    assert last(sent) == ("chips.negate", {"colour": "red", "for": "p2", "wounds": {"head": 1}})


async def test_an_improvement_bought_between_sessions_sends_what_the_form_set() -> None:
    _, (gm, _), [(ann, sent)] = await table_of("deadlands", "Ann")
    await gm.send(SESSION_END())
    screen = Screen(sheet_panel, ann, DEADLANDS)
    await screen.type("Which", "shootin'")
    await screen.type("Concentrations (new aptitude)", "pistol")
    await screen.tap("Spend Bounty")
    assert last(sent) == (
        "advance.buy",
        {"what": "aptitude", "name": "shootin'", "concentrations": "pistol"},
    )


async def test_the_gm_edits_a_players_sheet_naming_the_seat() -> None:
    _, (gm, sent), _ = await table_of("deadlands", "Ann")
    screen = Screen(sheet_panel, gm, DEADLANDS, "p1")
    await screen.tap("More Wind max")
    assert last(sent) == ("sheet.update", {"path": "wind.max", "value": 11, "player": "p1"})
