"""Property tests run over every registered rule system (a sixth gets them by registering).

Random command sequences — the system's own vocabulary where the kit has one, and
commands drawn from its catalogue for every system — must keep, after every command:

- nothing but a DomainError is ever raised (a bad command is a clear refusal);
- deciding never changes the state it started from (accepted or refused);
- replaying the log gives the same state;
- tokens are conserved (per kind the sum over all containers is 0), and a removed
  seat's tokens go back (docs/protocol.md);
- every viewer's view equals the view computed from scratch (no memo, folded log);
- nothing GM-only reaches a player: no event meant for others, no GM-only name in a
  view, and ids of GM-only things, guessed, answer like made-up ids.

A defect found in a system this kit does not own is listed in its profile's ``known``
and shows here as an xfail case with the reason, until the system is fixed.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from app.domain.errors import DomainError
from app.domain.ruleset import ruleset_names

from . import invariants as inv
from .driver import KitTable
from .fuzz import generic_step
from .systems import profile_for

EXAMPLES = int(os.environ.get("KIT_EXAMPLES", "12"))
STEPS = int(os.environ.get("KIT_STEPS", "25"))
# KIT_SHRINK=0 reports the first failing plan as found (a long search, quick answers).
PHASES = tuple(
    p for p in Phase if os.environ.get("KIT_SHRINK", "1") != "0" or p is not Phase.shrink
)


def cases() -> list[object]:
    out: list[object] = []
    for name in ruleset_names():
        known = profile_for(name).known
        checked = tuple(i for i in inv.EVERY if i not in known)
        out.append(pytest.param(name, checked, id=name))
        for invariant, reason in sorted(known.items()):
            mark = pytest.mark.xfail(reason=reason, strict=False)
            out.append(pytest.param(name, (invariant,), id=f"{name}-{invariant}", marks=mark))
    return out


def play(name: str, checked: tuple[str, ...], data: st.DataObject) -> None:
    profile = profile_for(name)
    kit = KitTable(name, seed=data.draw(st.integers(0, 10**6), label="seed"))
    profile.setup(kit)
    vocabulary = profile.vocabulary
    for _ in range(data.draw(st.integers(3, STEPS), label="length")):
        if vocabulary is not None and data.draw(st.integers(0, 2), label="mix"):
            steps = vocabulary(data, kit)
        else:
            steps = [data.draw(generic_step(kit), label="catalogue step")]
        for step in steps:
            before = kit.state
            frozen = inv.snapshot(kit)
            try:
                result = kit.attempt(step)
            except Exception as error:
                if inv.NEVER_RAISES in checked:
                    raise AssertionError(f"{step} raised {error!r}") from error
                return
            if inv.DECIDE_PURE in checked:
                import json

                after = json.dumps(before, sort_keys=True, default=str)
                assert after == frozen, f"deciding {step} changed the state it started from"
            if isinstance(result, DomainError):
                continue
            if inv.CONSERVED in checked:
                inv.tokens_conserved(kit)
            if inv.SEATS_RETURN in checked:
                inv.removed_seats_return_their_tokens(kit)
            if inv.FRESH_VIEWS in checked:
                inv.views_equal_views_from_scratch(kit)
            if inv.JSON_VIEWS in checked:
                inv.views_are_plain_json(kit)
            if inv.SECRETS in checked:
                inv.nothing_gm_only_reaches_a_player(kit)
    if inv.REPLAYS in checked:
        inv.replay_gives_the_same_state(kit)
    if inv.GUESSES in checked:

        def pick(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
            if not pairs:
                return []
            chosen = data.draw(st.lists(st.sampled_from(pairs), max_size=8), label="guesses")
            return list(dict.fromkeys(chosen))

        inv.guessed_ids_reveal_nothing(kit, pick)


@pytest.mark.parametrize(("name", "checked"), cases())
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    phases=PHASES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_random_commands_keep_every_invariant(
    name: str, checked: tuple[str, ...], data: st.DataObject
) -> None:
    play(name, checked, data)


def test_every_registered_system_is_in_the_kit() -> None:
    """The kit runs over what is registered, not a hand-kept list: the five systems and
    the platform tests' own ledger system (a sixth, registered by tests/support)."""
    names = ruleset_names()
    for expected in ("deadlands", "spacelands", "bottlecaps", "wheel-of-fate", "fates-edge"):
        assert expected in names
    assert "test-ledger" in names
