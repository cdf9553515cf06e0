"""combat.attack's typed arguments: a bad value anywhere is refused before anything is
rolled or played, and the limits that depend on the attack itself (the rate of fire,
the raises) keep their words."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs
from tests.rules.spacelands.test_attack import attacked, shooter

SHOT = {"skill": "shooting: blasters", "distance": 1, "range_increment": 10, "damage": "1d6"}


def test_a_wrong_type_is_refused_even_where_a_miss_would_not_read_it() -> None:
    """Bad input gets a clear 4xx naming the argument and changes nothing: a shift sent
    as text is refused though the shot misses (it used to be read only on a hit)."""
    f = shooter()
    before = f.state
    with pytest.raises(InvalidArgs, match="'shift' must be a whole number"):
        attacked(f, **SHOT, faces=[[1], [1], [2]], shift="1")
    assert f.state is before


def test_shots_over_the_rate_of_fire_are_refused() -> None:
    """ "A Hero can fire up to his weapon's "rate of fire" each action." — no more shots
    than the rate of fire."""
    f = shooter()
    with pytest.raises(InvalidArgs, match="'shots' must be between 1 and 3"):
        attacked(f, **SHOT, rate_of_fire=3, shots=4)


def test_shift_beyond_the_raises_names_the_limit() -> None:
    """ "Every raise on an attack roll lets the shooter adjust his hit location by 1
    point up or down" — one raise: at most 1 either way."""
    f = shooter()
    with pytest.raises(InvalidArgs, match="'shift' must be between -1 and 1"):
        attacked(f, **SHOT, faces=[[8, 2], [2], [3]], shift=2)


def test_a_shot_needs_a_distance_and_the_weapon_s_range_increment() -> None:
    """ "count the number of meters between the shooter and the target and then divide
    it by the weapon's Range Increment": a shot without them is refused."""
    f = shooter()
    with pytest.raises(InvalidArgs, match="'distance' is required"):
        attacked(f, skill="shooting: blasters", range_increment=10, damage="1d6")
    with pytest.raises(InvalidArgs, match="'range_increment' is required"):
        attacked(f, skill="shooting: blasters", distance=3, damage="1d6")
