"""Wheel of Fate creation: text typed but not saved is named as such, not as missing."""

from __future__ import annotations

from app.ui.wheel.sheet import character_panel

from .harness import Screen
from .test_wheel_panels import sheet, table


async def test_a_typed_name_is_listed_as_not_saved_yet_until_save_is_tapped() -> None:
    """The checklist is what the host has saved; a name in the field but not saved says
    so (with the button to tap) instead of "missing", and a blank field is missing.
    The field starts empty (not with the seat's name the view shows until a name is
    saved), so a name in it is one the player typed."""
    host, _, ann, _, _ = await table()
    screen = Screen(character_panel, ann)
    assert screen.field("Character name").value == ""
    assert screen.has("• Your character's name")
    assert not screen.has("not saved yet")
    await screen.type("Character name", "Calamity")
    assert screen.has(
        "• Your character's name: typed, not saved yet: tap “Save name and summary” (step 1)"
    )
    assert "name" in sheet(host)["missing"]  # still nothing saved on the host
    await screen.type("Character name", "   ")
    assert not screen.has("not saved yet")  # blank again: plainly missing
    await screen.type("Character name", "Calamity")
    await screen.type("Who they are", "A gunslinger with a past.")
    await screen.tap("Save name and summary")
    assert sheet(host)["name"] == "Calamity"
    assert not screen.has("Your character's name") and not screen.has("not saved yet")


async def test_typed_text_on_a_step_left_behind_names_that_step() -> None:
    """A connection typed, then the player moves on: the list still says where to save."""
    _, _, ann, _, _ = await table()
    screen = Screen(character_panel, ann)
    await screen.tap("Step 2: Connections")
    await screen.type("Connection to Bob", "My brother, who owes me money.")
    await screen.tap("Step 3: Attributes")
    assert screen.has(
        "• A connection to Bob: typed, not saved yet: tap “Save connection to Bob” (step 2)"
    )
