"""Bottlecaps' per-turn, per-round and per-session limits hold against any sequence of
commands a player can send (#27), re-marking one's own turn and undoing one's own
actions included.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.domain.events import Event

from .driver import GM, P1, table

# Everything a player can send for themselves in a fight (refused or not).
STEPS: list[tuple[str, dict[str, Any]]] = [
    ("turn.start", {}),
    ("cap.spend", {"use": "greatness", "edge": "Frenzy"}),
    ("cap.spend", {"use": "greatness", "edge": "Sweep", "cap": "blue"}),
    ("roll.trait", {"trait": "Agility"}),
    ("roll.damage", {"dice": ["d6"]}),
    ("cap.spend", {"use": "reroll"}),
    ("cap.spend", {"use": "reroll_damage"}),
    ("cap.spend", {"use": "extra_effort"}),
    ("damage.take", {"wounds": 1}),
    ("cap.spend", {"use": "soak"}),
    ("cap.spend", {"use": "unshake"}),
    ("sheet.update", {"no_mercy": True}),
    ("undo", {}),
]


def _live(events: list[Event], undone: dict[str, Any], use: str) -> int:
    return sum(
        1
        for e in events
        if e.type == "cap.spent"
        and e.data.get("use") == use
        and e.data.get("character") == "p1"
        and e.command_id not in undone
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(range(len(STEPS))), min_size=1, max_size=30))
def test_a_player_alone_gets_one_moment_of_greatness_per_turn_and_no_new_caps(
    picks: list[int],
) -> None:
    """ "You can only have one Moment of Greatness at a time, so you can't spend two Red
    Caps to get two Combat Edges." / "This lasts for one round, until the beginning of
    your next turn." / "Each session, you start with three Caps drawn randomly from the
    pot": whatever Ann sends on her own after the GM marks her turn, she holds at most
    one Moment of Greatness and never more caps than she had."""
    d = table("Ann")
    d.give("p1", red=3, blue=2)
    d.do(GM, "turn.start", player="p1")
    start = sum(d.hand("p1").values())
    for pick in picks:
        type_, args = STEPS[pick]
        if type_ == "undo":
            own = [e.command_id for e in d.table.events if e.actor == "p1"]
            if not own:
                continue
            args = {"command_id": own[-1]}
        d.attempt((P1, type_, dict(args)))
        undone = d.state.get("undone", {})
        assert _live(d.table.events, undone, "greatness") <= 1
        spent = sum(
            1
            for e in d.table.events
            if e.type == "cap.spent" and e.data.get("character") == "p1"
            if e.command_id not in undone
        )
        assert sum(d.hand("p1").values()) + spent == start
