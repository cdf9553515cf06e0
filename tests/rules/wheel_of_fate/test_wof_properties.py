"""Wheel of Fate invariants under random play: whatever players and the GM send, only
DomainErrors come back, fate points are conserved, the log replays to the live state
and every view is JSON."""

from __future__ import annotations

import contextlib
import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.domain.actors import Actor
from app.domain.errors import DomainError

from .driver import GM, P1, P2, P3, Game

ACTORS = [GM, GM, P1, P2, P3]
ATTRS = st.sampled_from(["physical", "mental", "social"])
WHO = st.sampled_from(["p1", "p2", "p3", "n1", "n2"])


def _as(actor: Actor, draw: Any) -> dict[str, Any]:
    """The GM names a character; players usually act for themselves."""
    if actor.is_gm:
        who = draw(WHO)
        return {"npc": who} if who.startswith("n") else {"player": who}
    return {}


def command(draw: Any, actor: Actor, last: int) -> tuple[str, dict[str, Any]]:
    kind = draw(
        st.sampled_from(
            [
                "char.attributes", "char.aspect", "char.summary", "char.pools", "creation.pools",
                "roll", "roll", "fate.declare", "compel.offer", "compel.accept",
                "compel.refuse", "compel.withdraw", "bowl.give", "help", "contest.start",
                "contest.haste", "contest.attack", "contest.attack", "contest.defend",
                "contest.defend", "contest.round", "contest.end", "stress.add", "scene.end",
                "npc.add", "npc.edit", "npc.remove", "session.start", "session.end", "undo",
                "seat.remove", "aspect.add", "char.finish", "char.connection",
            ]
        )
    )  # fmt: skip
    me = _as(actor, draw)
    player = {"player": me["player"]} if "player" in me else {}

    def n(hi: int = 3) -> int:
        return int(draw(st.integers(0, hi)))

    def who() -> str:
        return str(draw(WHO))

    def roll() -> dict[str, Any]:
        return {"bonus": n(), "penalty": n(), "fate": n(2), "invoke": [n(5)] if n(1) else []}

    table: dict[str, Any] = {
        "char.attributes": lambda: {
            **player,
            "physical": (x := n() + 1),
            "mental": 3,
            "social": 5 - x,
        },
        "char.aspect": lambda: {**player, "number": n(4) + 1, "text": "Bold"},
        "char.summary": lambda: {**player, "name": "Jo", "summary": "A hero."},
        "char.pools": lambda: {**player, "dice": {"Kung Fu": n()}},
        "creation.pools": lambda: {"normal": ["Kung Fu"], "special": ["X"] if n(1) else []},
        "roll": lambda: {**me, "attribute": draw(ATTRS), "difficulty": n(25), **roll()},
        "fate.declare": lambda: {**player, "kind": "fact", "text": "x", "aspect": n(4) + 1},
        "compel.offer": lambda: {"player": who(), "aspect": n(4) + 1, "text": "Oops"},
        "compel.accept": lambda: player,
        "compel.refuse": lambda: player,
        "compel.withdraw": lambda: {"player": who()},
        "bowl.give": lambda: {"to": who(), "reason": "cool"},
        "help": lambda: {**me, "to": who(), "attribute": draw(ATTRS)},
        "contest.start": lambda: {
            "kind": draw(ATTRS),
            "harmful": bool(n(1)),
            "participants": draw(st.lists(WHO, min_size=2, max_size=4, unique=True)),
        },
        "contest.haste": lambda: {**me, "dice": n()},
        "contest.attack": lambda: {**me, "target": who(), **roll()},
        "contest.defend": lambda: {**me, **roll()},
        "contest.round": dict,
        "contest.end": dict,
        "stress.add": lambda: {**me, "dice": n(5) - 2},
        "scene.end": dict,
        "npc.add": lambda: {"name": "AB"[n(1)], "physical": 3, "mental": 2, "social": n()},
        "npc.edit": lambda: {"npc": who(), "physical": 2, "mental": 2, "social": 2},
        "npc.remove": lambda: {"npc": who()},
        "session.start": dict,
        "session.end": dict,
        "undo": lambda: {"version": max(1, last - n(4))},
        "seat.remove": lambda: {"player": "p3"},
        "aspect.add": lambda: {**player, "text": "Scarred"},
        "char.finish": lambda: player,
        "char.connection": lambda: {**player, "other": who(), "text": "Pals"},
    }
    args: dict[str, Any] = table[kind]()
    return kind, args


@settings(
    max_examples=int(os.environ.get("WOF_EXAMPLES", "30")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_play_keeps_every_invariant(data: st.DataObject) -> None:
    """Random legal-looking commands never raise anything but DomainError; fate points
    are conserved (per kind, the sum over containers is 0); fold(events) == state."""
    game = Game(("Ann", "Bob", "Cid"), seed=data.draw(st.integers(0, 10**6)))
    game.attributes("p1", 3, 3, 2)
    game.attributes("p2", 2, 3, 3)
    for i in range(1, 6):
        game.do(GM, "char.aspect", player="p1", number=i, text=f"A{i}")
    game.npc("Thug", 3, 2, 2)
    if data.draw(st.booleans()):
        kind = data.draw(ATTRS)
        game.do(GM, "contest.start", kind=kind, participants=["p1", "p2", "n1"])
    for _ in range(data.draw(st.integers(5, 30))):
        actor = data.draw(st.sampled_from(ACTORS))
        kind, args = command(data.draw, actor, len(game.table.events))
        with contextlib.suppress(DomainError):
            game.do(actor, kind, **args)  # checks conservation and replay
        for viewer in (GM, P1, P2, P3):
            json.dumps(game.table.view(viewer))
