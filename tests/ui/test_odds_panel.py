"""The generic UI's odds panel finds the table's calculator in the odds registry."""

from __future__ import annotations

from types import SimpleNamespace

from app.ui.systems.generic import odds_panel

from .harness import Screen


async def test_the_odds_panel_builds_its_form_from_the_registry() -> None:
    screen = Screen(odds_panel, SimpleNamespace(ruleset="wheel-of-fate"))
    assert screen.has("Odds: Wheel of Fate Xd6 vs difficulty")
    await screen.type("dice", "3")
    await screen.type("difficulty", "10")
    await screen.tap("Work out the odds")
    assert screen.has("p_success: 62%")  # 3d6 >= 10: 135/216


async def test_a_missing_value_is_named_and_a_system_without_odds_says_so() -> None:
    screen = Screen(odds_panel, SimpleNamespace(ruleset="wheel-of-fate"))
    await screen.type("dice", "3")
    await screen.tap("Work out the odds")
    assert screen.has("'difficulty' is required")
    none = Screen(odds_panel, SimpleNamespace(ruleset="test-ledger"))
    assert none.has("registers no odds calculator")
