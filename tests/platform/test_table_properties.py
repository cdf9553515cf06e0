"""Property tests: random command sequences from several seats replay to the same state."""

from __future__ import annotations

import contextlib
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.actors import GM, HOST, Actor, player
from app.domain.commands import Command
from app.domain.errors import DomainError
from app.domain.evolve import fold
from app.domain.table import Table

ACTORS = [GM, player("p1"), player("p2"), player("p3")]
step = st.tuples(
    st.sampled_from(ACTORS),
    st.sampled_from(
        [
            "ledger.draw",
            "ledger.return",
            "note",
            "undo",
            "session.start",
            "session.end",
            "seat.rename",
            "seat.remove",
            "ledger.secret",
        ]
    ),
    st.integers(0, 6),
    st.sampled_from(["white", "red"]),
)


def args_for(type_: str, n: int, kind: str, table: Table) -> dict[str, object]:
    if type_ == "ledger.draw":
        return {"n": max(1, n), "player": f"p{1 + n % 3}"}
    if type_ == "ledger.return":
        return {"kind": kind, "player": f"p{1 + n % 3}"}
    if type_ in ("note", "ledger.secret"):
        return {"text": f"note {n}"}
    if type_ == "undo":
        return {"version": max(1, table.version - n)}
    if type_ == "seat.rename":
        return {"player": f"p{1 + n % 3}", "name": f"Name{n}"}
    if type_ == "seat.remove":
        return {"player": f"p{1 + n % 3}"}
    return {}


def totals(table: Table) -> Counter[str]:
    out: Counter[str] = Counter()
    for container in table.state.get("tokens", {}).values():
        out.update(container)
    return out


@settings(max_examples=60, deadline=None)
@given(st.lists(step, max_size=40), st.integers(0, 2**32))
def test_random_sequences_replay_exactly_and_conserve_tokens(
    steps: list[tuple[Actor, str, int, str]], seed: int
) -> None:
    table, decision = Table.create("t", "Saloon", "test-ledger", {}, seed, 0.0)
    table.accept(decision)
    for name in ("Ann", "Bob", "Cy"):
        table.accept(table.decide(Command(f"j{name}", "seat.join", {"name": name}, HOST, 0.0)))
    for i, (actor, type_, n, kind) in enumerate(steps):
        command = Command(f"c{i}", type_, args_for(type_, n, kind, table), actor, float(i))
        with contextlib.suppress(DomainError):  # a refusal changes nothing
            table.accept(table.decide(command))
        assert all(v == 0 for v in totals(table).values())  # conservation
        assert all(
            n >= 0
            for c, kinds in table.state["tokens"].items()
            if c != "supply"
            for n in kinds.values()
        )
    replayed = Table.replay("t", table.events)
    assert replayed.state == table.state == fold(table.events)
    versions = [e.version for e in table.events]
    assert versions == list(range(1, len(versions) + 1))  # gap-free


def test_decide_does_not_change_the_table() -> None:
    table, decision = Table.create("t", "Saloon", "test-ledger", {}, 1, 0.0)
    table.accept(decision)
    table.accept(table.decide(Command("j", "seat.join", {"name": "Ann"}, HOST, 0.0)))
    before = fold(table.events)
    table.decide(Command("d", "ledger.draw", {"n": 3}, player("p1"), 1.0))
    assert table.state == before


def test_same_seed_same_draws() -> None:
    def draws(seed: int) -> list[str]:
        table, decision = Table.create("t", "S", "test-ledger", {}, seed, 0.0)
        table.accept(decision)
        table.accept(table.decide(Command("j", "seat.join", {"name": "A"}, HOST, 0.0)))
        actor: Actor = player("p1")
        d = table.decide(Command("d", "ledger.draw", {"n": 5}, actor, 1.0))
        return list(d.events[0].data["kinds"])

    assert draws(5) == draws(5)
    assert any(draws(5) != draws(s) for s in range(6, 12))


def test_setup_draws_from_the_tables_own_seed() -> None:
    """A rule system's setup (shuffling decks) must not be the same at every table."""
    from app.domain.context import Context
    from app.domain.event_types import AnyEventType, EventType, Payload
    from app.domain.events import Draft
    from app.domain.ruleset import BaseRuleset, register

    class Shuffled(Payload):
        deck: list[int]

    shuffled = EventType("shuffled", Shuffled)

    class Shuffler(BaseRuleset):
        name = "test-shuffler"
        title = "Shuffler"
        event_types: tuple[AnyEventType, ...] = (shuffled,)

        def setup(self, ctx: Context) -> None:
            deck = ctx.rng.shuffled(list(range(20)))
            ctx.emit(Draft(shuffled, "Shuffled.", data={"deck": deck}))

    register("test-shuffler", Shuffler)

    def deck(seed: int) -> list[int]:
        _, decision = Table.create("t", "S", "test-shuffler", {}, seed, 0.0)
        return list(decision.events[-1].data["deck"])

    assert deck(1) == deck(1)
    assert deck(1) != deck(2)
