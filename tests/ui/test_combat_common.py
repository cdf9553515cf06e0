"""Reading the combat view for the screens: pure functions, no Flet."""

from __future__ import annotations

from app.domain.combat.view_types import CombatBody, CombatEntry, CombatView
from app.ui.combat.common import (
    acting_lines,
    body_summary,
    card_name,
    conditions,
    default_split,
    no_fight,
    plain_cards,
    split_problem,
    step_text,
    wind_fraction,
)


def body_of(**changed: object) -> CombatBody:
    """An unhurt body with ``changed`` (the declared shape, every key)."""
    body: CombatBody = {
        "wounds": {},
        "levels": {},
        "penalty": 0,
        "wind": {"current": 10, "max": 10},
        "winded": False,
        "bleeding": 0,
        "bleeding_by_location": {},
        "bled_out": False,
        "stunned": False,
        "unconscious": False,
        "unnerved": False,
        "size": 6,
        "lost_limbs": [],
        "critical": False,
        "staunched": [],
        "fresh": [],
    }
    body.update(changed)  # type: ignore[typeddict-item]
    return body


def entry_of(name: str) -> CombatEntry:
    return {"name": name, "side": "players", "npc": False, "in_fight": True}


def test_cards_and_host_text_spell_the_suits_out_for_the_offline_font() -> None:
    assert card_name("QS") == "Queen of spades"
    assert card_name("10H") == "10 of hearts"
    assert card_name("RJ") == "Red Joker"
    assert plain_cards("Your Q♠ is up: act.") == "Your Queen of spades is up: act."
    assert plain_cards("Ann's cards: 10♥, 2♣.") == "Ann's cards: 10 of hearts, 2 of clubs."


def test_the_default_split_negates_the_worst_fresh_wounds_first_up_to_the_chip() -> None:
    assert default_split({"head": 1, "left_arm": 3}, 2) == {"left_arm": 2}
    assert default_split({"head": 1, "left_arm": 1}, 3) == {"head": 1, "left_arm": 1}
    assert default_split({"guts": 2}, 0) == {}


def test_a_split_is_refused_in_plain_words_when_the_chip_or_the_wounds_dont_allow_it() -> None:
    fresh = {"head": 1, "left_arm": 2}
    assert split_problem({"head": 1, "left_arm": 1}, fresh, 2) is None
    assert split_problem({"head": 0}, fresh, 2) == "Choose at least one wound to negate."
    assert split_problem({"left_arm": 2, "head": 1}, fresh, 2) == (
        "This chip negates at most 2 wounds."
    )
    assert split_problem({"head": 2}, fresh, 3) == "Only 1 fresh wound(s) to the Head."


def test_the_fight_line_and_who_acts_together() -> None:
    combat: CombatView = {
        "active": True,
        "round": 2,
        "phase": "countdown",
        "step": "Q",
        "acting": [
            {"who": "p1", "name": "Ann", "card": "QS", "side": "players", "together": ["n1"]},
            {"who": "n1", "name": "Rattler", "card": "QS", "side": "gm", "together": ["p1"]},
        ],
        "combatants": {"p1": entry_of("Ann"), "n1": entry_of("Rattler")},
        "wound_tns": {},
    }
    assert step_text(combat) == "Round 2 · Countdown: Queens"
    assert acting_lines(combat) == [
        "Ann: Queen of spades (together with Rattler)",
        "Rattler: Queen of spades (together with Ann)",
    ]
    assert step_text(no_fight()) == "No fight"
    assert step_text({**combat, "step": None}) == "Round 2 · Countdown: every card called"


def test_a_body_reads_in_words_penalty_bleeding_stun_and_wind() -> None:
    body = body_of(
        levels={"head": "none", "left_arm": "serious"},
        penalty=-3,
        wind={"current": -2, "max": 10},
        winded=True,
        bleeding=1,
        stunned=True,
    )
    assert conditions(body, 9) == [
        "Wound penalty -3",
        "Bleeding 1 Wind a round",
        "Stunned",
        "Stun check due (TN 9)",
    ]
    assert body_summary(body) == "Left arm Serious · Wind -2/10 · Winded"
    assert wind_fraction(body) == 0.0
    assert wind_fraction(body_of(wind={"current": 5, "max": 10})) == 0.5


def test_someone_elses_one_card_is_read_in_the_singular() -> None:
    """A screen reader read "Rattler: 1 cards" for the face-down hand."""
    import flet as ft

    from app.ui.combat.cards import backs

    row = backs(1, "Rattler")
    assert isinstance(row, ft.Row)
    labels = [c.semantics_label for c in row.controls if isinstance(c, ft.Text)]
    assert labels == ["Rattler: 1 card"]
