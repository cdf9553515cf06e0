"""Invariants of the Spacelands chip economy under random command sequences."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.rules.fatechips.properties import Runner, Step, conserved, plans

from .driver import Game

COLOURS = ("white", "red", "blue")
RUN = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@RUN
@given(st.integers(0, 2**32), plans(COLOURS, 30))
def test_random_sequences_keep_every_invariant(seed: int, plan: list[Step]) -> None:
    """Chips are conserved (what left ``supply`` is exactly the pot's make-up); nothing but
    DomainError is ever raised; ``fold(events) == state``."""
    run = Runner("spacelands", seed, check_undo=False)
    for actor, type_, args in plan:
        run.apply(actor, type_, args)
        assert conserved(run.table)
    assert run.replays()


@RUN
@given(st.integers(0, 2**32), plans(COLOURS, 20))
def test_undo_round_trips(seed: int, plan: list[Step]) -> None:
    """Where undo is allowed, undoing a command gives back the state before it."""
    run = Runner("spacelands", seed, check_undo=True)
    for actor, type_, args in plan:
        run.apply(actor, type_, args)
    assert conserved(run.table) and run.replays()


def test_session_draws_match_the_pots_make_up() -> None:
    """ "every player gets to draw up to three Fate Chips at random from the pot\" — the
    Master's single draw over 1,700 sessions fits 50/25/10 (chi-square, 2 df, p > 0.001)."""
    g = Game(settings={"session_draw": 0})
    seen = {"white": 0, "red": 0, "blue": 0}
    for _ in range(1700):
        g.gm("session.end")
        events = g.gm("session.start")
        (colour,) = next(e for e in events if e.type == "chips.gm_drew_secret").data["chips"]
        seen[colour] += 1
    expected = {"white": 1000, "red": 500, "blue": 200}
    chi2 = sum((seen[c] - e) ** 2 / e for c, e in expected.items())
    assert chi2 < 13.8, (seen, chi2)
