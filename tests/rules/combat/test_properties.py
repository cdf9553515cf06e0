"""Property tests: random combat command sequences keep every card accounted for, shuffle
exactly when the rules say, conserve chips, replay to the live state and undo cleanly."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.domain.actors import GM, Actor, player
from app.domain.changes import get_path
from app.domain.combat.cards import FULL_DECK
from app.domain.combat.deck import all_cards
from app.domain.errors import DomainError

from .driver import Fight

WHO = ("p1", "p2", "n1")
CARD_COMMANDS = ("combat.act", "combat.sleeve", "combat.pass", "combat.aim", "combat.recover")
PLAIN = (
    "combat.draw",
    "combat.draw",
    "combat.draw",
    "combat.keep",
    "combat.hold",
    "combat.defend",
    "combat.stun",
    "combat.accept",
    "combat.next",
    "combat.next",
    "combat.round",
    "combat.lose_card",
    "combat.surprise",
    "combat.keep",
    "combat.prepare",
    "combat.damage",
    "combat.damage",
    "wounds.accept",
    "chips.negate",
    "heal.medicine",
    "heal.hour",
    "combat.condition",
    "combat.interrupt",
)
Step = tuple[int, str, int, int]
step = st.tuples(
    st.integers(0, 2),
    st.sampled_from(PLAIN + CARD_COMMANDS * 3),
    st.integers(0, 3),
    st.integers(1, 20),
)


def build(f: Fight, who: str, kind: str, pick: int, n: int) -> tuple[Actor, dict[str, Any]]:
    """Arguments that are often legal, read from the live state."""
    actor: Actor = (
        GM if who == "n1" or kind.startswith(("combat.next", "combat.round")) else player(who)
    )
    if kind in ("combat.next", "combat.round", "heal.hour"):
        return GM, {}
    if kind in ("combat.lose_card", "combat.surprise", "combat.damage", "combat.condition"):
        actor = GM
    args: dict[str, Any] = {"who": who} if actor == GM else {}
    record = f.combat("fighters", who) or {}
    held = list(record.get("hand", [])) + ([record["sleeve"]] if record.get("sleeve") else [])
    if kind in CARD_COMMANDS:
        step_now = f.combat("step")
        called = [c for c in held if c[:-1] == step_now or c == "RJ" or c == record.get("sleeve")]
        options = called or held
        args["card"] = options[pick % len(options)] if options else "AS"
        args["steps"] = 1 + pick
    if kind == "combat.keep":
        args["cards"] = list(record.get("drawn", []))[pick : pick + 2]
    if kind == "combat.prepare":
        args["speed"] = 2 + pick
    if kind == "combat.damage":
        args.update(location_face=n, dice=1 + pick, sides=6, brawling=pick == 3)
    if kind == "chips.negate":
        args["colour"] = ("white", "red", "blue", "white")[pick]
    if kind in ("wounds.accept",) and actor == GM:
        args = {"player": who}
    if kind == "heal.medicine":
        args.update(patient=WHO[pick % 3], location="left_leg", surgery=True)
        args.setdefault("healer", who)
    if kind == "combat.condition":
        args["stunned"] = pick % 2 == 0
    if kind == "combat.interrupt":
        args["against"] = WHO[(WHO.index(who) + 1) % 3]
    return actor, args


def accepted(f: Fight, steps: list[Step]) -> Iterator[str]:
    """Run each step as ``build`` makes it; after each one the rules accept, yield its
    command id (refused ones are skipped, as a player would just try something else)."""
    for index, kind, pick, n in steps:
        actor, args = build(f, WHO[index], kind, pick, n)
        try:
            f.run(actor, kind, args)
        except DomainError:
            continue
        yield f"c{f.n}"


def check_invariants(f: Fight) -> None:
    if f.combat() is not None and f.combat("active"):
        for side in ("players", "gm"):
            assert Counter(all_cards(f.state, side)) == Counter(FULL_DECK), side
    for kind in ("white", "red", "blue", "legend"):
        total = sum(int(c.get(kind, 0)) for c in f.state.get("tokens", {}).values())
        assert total == 0, kind


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    st.lists(step, min_size=5, max_size=40),
    st.sampled_from(("deadlands", "spacelands")),
    st.booleans(),
)
def test_random_fights_keep_the_invariants(
    steps: list[Step], ruleset: str, every_round: bool
) -> None:
    f = Fight(
        ruleset, settings={"session_draw": 2, "gm_draw": 1, "shuffle_every_round": every_round}
    )
    f.npc("Bug", quickness="2d6", vigor="2d6", guts="1d6")
    f.gm("combat.start")
    for index, kind, pick, n in steps:
        who = WHO[index]
        actor, args = build(f, who, kind, pick, n)
        before = {
            side: (
                bool(get_path(f.state, ("rules", "combat", "decks", side, "reshuffle"))),
                list(get_path(f.state, ("rules", "combat", "decks", side, "discard")) or []),
            )
            for side in ("players", "gm")
        }
        try:
            f.run(actor, kind, args)
        except DomainError:
            continue
        check_invariants(f)
        if kind == "combat.round":
            for side, (flag, discard) in before.items():
                now = f.combat("decks", side, "discard")
                if every_round or flag:
                    assert now == [], "a deck is reshuffled at the end of the round"
                else:
                    assert not Counter(discard) - Counter(now), "no shuffle without a reason"
    assert f.replays()


@settings(max_examples=15, deadline=None)
@given(st.lists(step, min_size=3, max_size=20))
def test_gm_undo_walks_back_to_the_start(steps: list[Step]) -> None:
    """Every accepted combat command can be undone by the GM, newest first."""
    f = Fight("deadlands")
    f.npc("Bug", quickness="2d6", vigor="2d6")
    f.gm("combat.start")
    start = f.n
    done = list(accepted(f, steps))
    snapshot = Counter(all_cards(f.state, "players"))
    assert snapshot == Counter(FULL_DECK)
    for cid in reversed(done):
        f.gm("undo", command_id=cid)
        check_invariants(f)
    assert f.combat("round") == 1 and f.combat("phase") == "draw"
    assert f.n > start and f.replays()


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.integers(0, 9), min_size=10, max_size=120),
    st.sampled_from(("deadlands", "spacelands")),
    st.booleans(),
)
def test_played_rounds_keep_every_card(choices: list[int], ruleset: str, every_round: bool) -> None:
    """Whole rounds played out (draws, keeps, every step's choices, damage between), so the
    countdown, sleeves, preparation and reshuffles are exercised deeply."""
    f = Fight(ruleset, settings={"shuffle_every_round": every_round, "starting_wind": 60})
    f.npc("Bug", quickness="2d6", vigor="2d6")
    f.gm("combat.start")
    stream = iter(choices)
    actions = ("combat.act", "combat.sleeve", "combat.pass", "combat.aim", "combat.defend")
    for _ in range(4):
        for who in WHO:
            actor, args = build(f, who, "combat.draw", 0, 1)
            with contextlib.suppress(DomainError):
                f.run(actor, "combat.draw", args)
            record = f.combat("fighters", who)
            if record["status"] == "choosing":
                actor, args = build(f, who, "combat.keep", 0, 1)
                f.run(actor, "combat.keep", args)
        while True:
            try:
                f.gm("combat.next")
            except DomainError:
                break
            for entry in f.view()["acting"]:
                pick = next(stream, 0)
                kind = actions[pick % len(actions)]
                if pick == 9 and not f.fighter(entry["who"]).get("prepare"):
                    with contextlib.suppress(DomainError):  # (a fallen fighter can't)
                        f.gm("combat.prepare", who=entry["who"], speed=2)
                actor, args = build(f, entry["who"], kind, pick, 1 + pick)
                args["card"] = entry["card"] if kind != "combat.defend" else None
                args = {k: v for k, v in args.items() if v is not None}
                with contextlib.suppress(DomainError):
                    f.run(actor, kind, args)
                check_invariants(f)
                if pick in (7, 8):
                    with contextlib.suppress(DomainError):
                        f.gm("combat.damage", who=WHO[pick % 3], dice=2, sides=6)
        f.gm("combat.round")
        check_invariants(f)
        if every_round:
            assert f.combat("decks", "players", "discard") == []
    assert f.replays()
