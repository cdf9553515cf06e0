"""Random legal command sequences for the Fate-chip property tests (both games).

Each step is (actor, command type, args) drawn from a small vocabulary that hits every
command; whatever the rules refuse must be a DomainError, and after every accepted
command the invariants hold.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from app.domain.actors import GM, Actor, player
from app.domain.changes import get_path
from app.domain.commands import Command
from app.domain.errors import DomainError
from app.domain.evolve import fold
from app.domain.table import Table

PIDS = ("p1", "p2")
LOCS = ("head", "left_arm", "right_leg", "guts")
Step = tuple[Actor, str, dict[str, Any]]


def steps(colours: tuple[str, ...]) -> st.SearchStrategy[list[Step]]:
    """One random command of the Fate-chip vocabulary, or a few that belong together."""
    pid = st.sampled_from(PIDS)
    colour = st.sampled_from(colours)
    small = st.integers(1, 3)
    chips = st.dictionaries(colour, small, min_size=1, max_size=2)
    me = pid.map(player)
    spend = st.builds(
        lambda a, c, u: (a, "chips.spend", {"colour": c, "use": u}),
        me,
        colour,
        st.sampled_from(("roll", "reroll", "impetus")),
    )
    negate = st.builds(lambda a, c: (a, "chips.negate", {"colour": c}), me, colour)
    single = st.one_of(
        spend,
        negate,
        st.builds(lambda p, c: (GM, "chips.award", {"player": p, "colour": c}), pid, colour),
        st.builds(lambda to: (GM, "legend.award", {"to": to}), st.sampled_from(("pot", "p1"))),
        st.builds(lambda p: (GM, "joker.red", {"player": p}), pid),
        st.just((GM, "joker.black", {})),
        st.builds(lambda c: (GM, "marshal.spend", {"colour": c}), colour),
        st.builds(
            lambda p, loc, n: (GM, "wounds.assign", {"player": p, "wounds": {loc: n}}),
            pid,
            st.sampled_from(LOCS),
            small,
        ),
        st.builds(lambda p, n: (GM, "wind.lose", {"player": p, "amount": n}), pid, small),
        st.builds(
            lambda t, ok: (GM, "trade.approve" if ok else "trade.deny", {"trade": t}),
            st.sampled_from(("1", "2", "3")),
            st.booleans(),
        ),
        st.builds(
            lambda r, ok: (GM, "advance.decide", {"request": r, "approve": ok}),
            st.sampled_from(("1", "2")),
            st.booleans(),
        ),
        st.builds(
            lambda p, n: (GM, "sheet.update", {"player": p, "path": "bounty.earned", "value": n}),
            pid,
            st.integers(0, 40),
        ),
        st.builds(
            lambda a, n, s, k, h: (
                a,
                "roll.trait",
                {
                    "dice": n,
                    "sides": s,
                    "kind": k,
                    "tn": 5 if k == "trait" else None,
                    "unskilled": h,
                },
            ),
            me,
            small,
            st.sampled_from((4, 6)),
            st.sampled_from(("trait", "strength", "firearm", "other")),
            st.booleans(),
        ),
        st.builds(
            lambda n: (GM, "roll.trait", {"player": "marshal", "dice": n, "sides": 6}), small
        ),
        st.builds(lambda a, c, o: (a, "chips.spend", {"colour": c, "roll_of": o}), me, colour, pid),
        st.builds(lambda a: (a, "roll.finish", {}), me),
        st.builds(
            lambda a, c, w: (a, "chips.negate", {"colour": c, "wind": w}), me, colour, st.booleans()
        ),
        st.builds(lambda a, c, o: (a, "chips.negate", {"colour": c, "for": o}), me, colour, pid),
        st.builds(lambda a: (a, "wounds.accept", {}), me),
        st.builds(lambda a, c: (a, "chips.convert_excess", {"chips": c}), me, chips),
        st.builds(lambda a, c: (a, "chips.cash", {"chips": c}), me, chips),
        st.builds(
            lambda a, c, pay: (
                a,
                "trade.propose",
                {
                    "to": "p2" if a.player_id == "p1" else "p1",
                    "colour": c,
                    "payment": pay,
                    "fiction": "helps",
                },
            ),
            me,
            colour,
            chips,
        ),
        st.builds(
            lambda a, w, n: (
                a,
                "advance.buy",
                {"what": w, "name": n, "value": 1, "story": "practice"},
            ),
            me,
            st.sampled_from(("aptitude", "coordination", "die", "edge", "hindrance")),
            st.sampled_from(("vigor", "shootin'")),
        ),
        st.builds(lambda: (GM, "arc.end", {})),
        st.builds(lambda n: (GM, "bounty.crew", {"points": n}), st.integers(0, 7)),
    )
    # Moves that only mean something together: a roll and chips on it, a hit and a chip
    # against it, so random plans reach deep states instead of bouncing off "no roll".
    roll = st.builds(
        lambda a, n, s: (a, "roll.trait", {"dice": n, "sides": s}),
        me,
        small,
        st.sampled_from((4, 6, 8)),
    )
    rolled = st.builds(
        lambda r, spends: [r, *((r[0], "chips.spend", {"colour": c, "use": u}) for c, u in spends)],
        roll,
        st.lists(
            st.tuples(colour, st.sampled_from(("roll", "roll", "reroll"))), min_size=1, max_size=3
        ),
    )
    hurt = st.builds(
        lambda p, loc, n, cs: [
            (GM, "wounds.assign", {"player": p, "wounds": {loc: n}}),
            *((player(p), "chips.negate", {"colour": c, "wounds": {loc: 1}}) for c in cs),
        ],
        pid,
        st.sampled_from(LOCS),
        small,
        st.lists(colour, min_size=1, max_size=2),
    )
    between = st.lists(
        st.one_of(
            st.builds(lambda a, c: (a, "chips.cash", {"chips": c}), me, chips),
            st.builds(
                lambda a, w, n: (
                    a,
                    "advance.buy",
                    {"what": w, "name": n, "value": 1, "story": "practice"},
                ),
                me,
                st.sampled_from(("aptitude", "coordination", "die", "edge")),
                st.sampled_from(("vigor", "shootin'")),
            ),
            st.builds(
                lambda r, ok: (GM, "advance.decide", {"request": r, "approve": ok}),
                st.sampled_from(("1", "2")),
                st.booleans(),
            ),
        ),
        max_size=4,
    )
    intermission = between.map(
        lambda inner: [(GM, "session.end", {}), *inner, (GM, "session.start", {})]
    )
    return st.one_of(rolled, hurt, intermission, single.map(lambda step: [step]))


def plans(colours: tuple[str, ...], max_size: int) -> st.SearchStrategy[list[Step]]:
    """A random plan: a flat list of steps."""
    return st.lists(steps(colours), min_size=3, max_size=max_size).map(
        lambda groups: [step for group in groups for step in group]
    )


def conserved(table: Table) -> bool:
    """For every kind of chip, the sum over all containers (supply included) is zero, and
    what left ``supply`` is exactly what entered the game: the pot's make-up and every
    Legend chip awarded (so no chip ever leaks back out, not even into ``supply``)."""
    state = table.state
    totals: dict[str, int] = {}
    for container in state.get("tokens", {}).values():
        for kind, n in container.items():
            totals[kind] = totals.get(kind, 0) + n
    undone = state.get("undone", {})
    legends = sum(
        1 for e in table.events if e.type == "legend.awarded" and e.command_id not in undone
    )
    entered = {c: state["settings"].get(f"pot_{c}", 0) for c in ("white", "red", "blue")}
    entered["legend"] = legends
    supply = get_path(state, ("tokens", "supply"), {})
    return all(n == 0 for n in totals.values()) and all(
        supply.get(kind, 0) == -n for kind, n in entered.items()
    )


def prune(value: Any) -> Any:
    """A state without empty containers, zero counts or bookkeeping, for comparisons."""
    if isinstance(value, dict):
        out = {k: prune(v) for k, v in value.items() if k not in ("version", "undone", "rng")}
        return {k: v for k, v in out.items() if v not in ({}, 0, None)}
    return value


class Runner:
    """Applies steps to a table, checking the invariants after each accepted command."""

    def __init__(self, ruleset: str, seed: int, check_undo: bool) -> None:
        self.table, decision = Table.create("t", "T", ruleset, {}, seed, 0.0)
        self.table.accept(decision)
        self.n = 0
        self.check_undo = check_undo
        for name in ("Ann", "Bob"):
            self.apply(Actor("host"), "seat.join", {"name": name})
        self.apply(GM, "session.start", {})
        for pid in PIDS:  # a few chips of every colour, so plans can spend them
            self.apply(GM, "legend.award", {"to": pid})
            for colour in ("white", "red", "blue"):
                self.apply(GM, "chips.award", {"player": pid, "colour": colour})

    def apply(self, actor: Actor, type_: str, args: dict[str, Any]) -> bool:
        """Try one command; True if it was accepted."""
        self.n += 1
        command = Command(f"c{self.n}", type_, args, actor, float(self.n))
        try:
            decision = self.table.decide(command)
        except DomainError:
            return False
        before = self.table.state
        self.table.accept(decision)
        if self.check_undo and self.n % 3 == 0:
            self.undo_round_trip(command.id, before)
        return True

    def undo_round_trip(self, command_id: str, before: dict[str, Any]) -> None:
        """Undo the last command (where allowed) and expect the earlier state back."""
        self.n += 1
        undo = Command(f"c{self.n}", "undo", {"command_id": command_id}, GM, float(self.n))
        try:
            decision = self.table.decide(undo)
        except DomainError:
            return
        self.table.accept(decision)
        assert prune(self.table.state) == prune(before)

    def limit_holds(self) -> bool:
        """No hand above the limit unless that player's chip actions are all blocked."""
        view = self.table.view(GM)["rules"]
        cap = view["hand_limit"]
        for entry in view["players"].values():
            if cap and sum(entry["hand"].values()) > cap:
                options = entry["options"]
                if any(o["allowed"] for c in options.values() for u, o in c.items() if u != "cash"):
                    return False
        return True

    def replays(self) -> bool:
        return fold(self.table.events) == self.table.state

    def hand_total(self, pid: str) -> int:
        return sum(get_path(self.table.state, ("tokens", f"hand:{pid}"), {}).values())
