"""The phone's "Your weapons" form sends what combat.weapon's model takes, and says
what to fix in the words of its own two fields ("Name of the gun", "Rounds"): the
host's "'weapon' can't be empty." names no field a player can see."""

from __future__ import annotations

import pytest

from app.domain.arguments import parse
from app.domain.changes import get_path
from app.domain.combat.ammo import AMMO, MAX_ROUNDS, WEAPON_NAME_MAX, WeaponArgs
from app.domain.command_types import CommandCall
from app.ui.combat.player import combat_panel
from app.ui.combat.weapons import weapon_call

from .conftest import make_model
from .fakes import FakeHost
from .harness import Screen


async def test_an_unnamed_gun_is_refused_in_the_forms_words_and_nothing_is_sent() -> None:
    host = FakeHost("spacelands", seed=3)
    ann, seen = make_model(host)
    await ann.join("ABC123", "Ann")
    screen = Screen(combat_panel, ann)
    await screen.type("Rounds", "6")
    await screen.tap("Carry this weapon")
    assert seen.toasts[-1].error and seen.toasts[-1].message == "Name the gun first."
    await screen.type("Name of the gun", "blaster")
    await screen.type("Rounds", "0")
    await screen.tap("Carry this weapon")
    assert seen.toasts[-1].message == f"Rounds is from 1 to {MAX_ROUNDS}."
    await screen.type("Rounds", "6")
    await screen.tap("Carry this weapon")
    assert not seen.toasts[-1].error, seen.toasts[-1].message
    assert get_path(host.table.state, (*AMMO, "p1", "blaster", "capacity")) == 6


@pytest.mark.parametrize(
    ("name", "rounds", "message"),
    [
        ("  ", "6", "Name the gun first."),
        (
            "x" * (WEAPON_NAME_MAX + 1),
            "6",
            f"A gun's name is at most {WEAPON_NAME_MAX} characters.",
        ),
        ("blaster", "six", "Rounds is a whole number."),
        ("blaster", str(MAX_ROUNDS + 1), f"Rounds is from 1 to {MAX_ROUNDS}."),
    ],
)
def test_what_the_model_would_refuse_is_said_before_sending(
    name: str, rounds: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        weapon_call(name, rounds)


def test_what_the_form_sends_is_what_the_model_takes() -> None:
    call = weapon_call(" blast rifle ", " 12 ", who="n1")
    assert call == CommandCall(
        "combat.weapon", {"who": "n1", "weapon": "blast rifle", "capacity": 12}
    )
    assert parse(WeaponArgs, call.args).capacity == 12


async def test_a_heavy_weapon_is_carried_with_its_reload_value_and_reloads_once() -> None:
    """ "each has a Reload attribute listed on the Weapons table. This attribute is the
    amount of rounds it takes to reload the weapon." — typed beside the rounds."""
    host = FakeHost("spacelands", seed=3)
    ann, _ = make_model(host)
    await ann.join("ABC123", "Ann")
    screen = Screen(combat_panel, ann)
    await screen.type("Name of the gun", "rail gun")
    await screen.type("Rounds", "2")
    await screen.type("Reload (heavy)", "3")
    await screen.tap("Carry this weapon")
    assert get_path(host.table.state, (*AMMO, "p1", "rail gun", "reload")) == 3
    assert screen.has("Rail gun: 2/2 rounds (Reload 3)")
