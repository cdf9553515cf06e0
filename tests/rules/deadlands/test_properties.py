"""Invariants of the Deadlands chip economy under random command sequences, and the
blindness of draws."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.rules.fatechips.properties import Runner, Step, conserved, plans

from .driver import Game

COLOURS = ("white", "red", "blue", "legend")
RUN = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@RUN
@given(st.integers(0, 2**32), plans(COLOURS, 30))
def test_random_sequences_keep_every_invariant(seed: int, plan: list[Step]) -> None:
    """Chips are conserved (pot + hands + Marshal + removed/cashed/escrow == what entered
    from ``supply``); no hand stays over 10 unless its owner is blocked until they convert;
    nothing but DomainError is ever raised; ``fold(events) == state``."""
    run = Runner("deadlands", seed, check_undo=False)
    for actor, type_, args in plan:
        run.apply(actor, type_, args)
        assert conserved(run.table)
        assert run.limit_holds()
    assert run.replays()


@RUN
@given(st.integers(0, 2**32), plans(COLOURS, 20))
def test_undo_round_trips(seed: int, plan: list[Step]) -> None:
    """Where undo is allowed, undoing a command gives back the state before it."""
    run = Runner("deadlands", seed, check_undo=True)
    for actor, type_, args in plan:
        run.apply(actor, type_, args)
    assert conserved(run.table) and run.replays()


def test_blind_draws_match_the_pots_make_up() -> None:
    """ "Don't peek—just reach in and grab three.\" — 1,700 blind draws (each chip returned)
    fit the pot's 50/25/10 make-up (chi-square, 2 degrees of freedom, p > 0.001)."""
    g = Game(settings={"session_draw": 0, "gm_draw": 0})
    seen = {"white": 0, "red": 0, "blue": 0}
    for _ in range(1700):
        (_public, secret) = g.gm("joker.black")
        (colour,) = secret.data["chips"]
        seen[colour] += 1
        g.gm("marshal.spend", colour=colour)
    expected = {"white": 1000, "red": 500, "blue": 200}
    chi2 = sum((seen[c] - e) ** 2 / e for c, e in expected.items())
    assert chi2 < 13.8, (seen, chi2)


def test_draws_follow_what_is_actually_in_the_pot() -> None:
    """Draws come "from what is actually in the pot": with the reds and blues out, only
    whites can come up."""
    g = Game(settings={"session_draw": 0, "gm_draw": 0, "pot_red": 0, "pot_blue": 0})
    for _ in range(20):
        g.gm("joker.red", player="p1")
    assert g.hand("p1") == {"white": 10}  # (the other 10 became Bounty Points at once)
