"""`body.condition` (read once per view for every combatant) says exactly what the
one-fact helpers say, for seats and NPCs, whatever their wounds, Wind and extras."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.combat import body
from app.domain.fatechips.system import MAX_WOUND, WOUND_LEVELS
from app.domain.rules.deadlands import DEADLANDS as SYSTEM

LOCATIONS = list(SYSTEM.locations)
levels = st.dictionaries(st.sampled_from(LOCATIONS), st.integers(0, MAX_WOUND), max_size=4)
flags = st.dictionaries(st.sampled_from(LOCATIONS), st.booleans(), max_size=3)


def reference(state: Any, cid: str) -> dict[str, Any]:
    """The body as the separate helpers compute it."""
    wounds = body.wounds(state, cid)
    current, top = body.wind(state, cid)
    maimed = [loc for loc, n in wounds.items() if n >= body.MAIMED]
    return {
        "wounds": wounds,
        "levels": {loc: WOUND_LEVELS[min(MAX_WOUND, n)] for loc, n in wounds.items()},
        "penalty": body.penalty(state, cid),
        "wind": {"current": current, "max": top},
        "winded": current <= 0,
        "bleeding": body.bleeding(state, cid),
        "bleeding_by_location": body.bleeding_per_location(state, cid),
        "bled_out": body.bleeding(state, cid) > 0 and current <= -top,
        "stunned": bool(body.extra(state, cid, "stunned", False)),
        "unconscious": bool(body.extra(state, cid, "unconscious", False)),
        "unnerved": bool(body.extra(state, cid, "unnerved", False)),
        "size": body.size(state, cid),
        "lost_limbs": [loc for loc in maimed if not body.is_vital(loc)],
        "critical": any(body.is_vital(loc) for loc in maimed),
        "staunched": sorted(loc for loc, v in body.staunched(state, cid).items() if v),
        "fresh": sorted(body.extra(state, cid, "fresh") or {}),
    }


@settings(max_examples=200, deadline=None)
@given(
    seat=st.booleans(),
    wounds=levels,
    wind=st.tuples(st.integers(-30, 20), st.integers(0, 20)),
    staunched=flags,
    fresh=flags,
    extras=st.fixed_dictionaries(
        {},
        optional={
            "stunned": st.booleans(),
            "unnerved": st.booleans(),
            "unconscious": st.booleans(),
            "size": st.integers(0, 12),
        },
    ),
    summed=st.booleans(),
)
def test_condition_matches_the_helpers(
    seat: bool,
    wounds: dict[str, int],
    wind: tuple[int, int],
    staunched: dict[str, bool],
    fresh: dict[str, bool],
    extras: dict[str, Any],
    summed: bool,
) -> None:
    record = {"wounds": wounds, "wind": {"current": wind[0], "max": wind[1]}}
    more = {**extras, "staunched": staunched, "fresh": fresh}
    state: Any = {"settings": {"bleeding": "sum" if summed else "worst"}}
    if seat:
        state["seats"] = {"p1": {"name": "Ann", "active": True}}
        state["rules"] = {"sheets": {"p1": record}, "body": {"p1": more}}
        cid = "p1"
    else:
        state["rules"] = {"npcs": {"n1": {**record, "name": "Rattler", "body": more}}}
        cid = "n1"
    assert body.condition(SYSTEM, state, cid) == reference(state, cid)
