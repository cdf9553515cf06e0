"""The header's session line fits a phone: the rule system's name and where the
evening stands, in a player's words."""

from __future__ import annotations

from app.ui.views.common import session_state

#: Characters of "Deadlands · Session 0 (between ses" shown before the ellipsis on a
#: 390 px phone next to the Online badge and the menu (docs: playtest screenshot).
PHONE_LINE = 34


def test_the_session_line_says_running_ended_or_not_yet_and_fits_a_phone() -> None:
    assert session_state({"number": 0, "active": False}) == "No session yet"
    assert session_state({"number": 1, "active": True}) == "Session 1 running"
    assert session_state({"number": 1, "active": False}) == "Session 1 ended"
    for ruleset in ("Deadlands", "Bottlecaps", "Wheel of Fate", "Fate's Edge"):
        for session in ({}, {"number": 12, "active": True}, {"number": 12}):
            line = f"{ruleset} · {session_state(session)}"
            assert len(line) <= PHONE_LINE, line
