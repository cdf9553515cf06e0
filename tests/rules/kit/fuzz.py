"""Random commands for any rule system, read from its command catalogue.

Every registered system lists its commands with the roles that may send them and their
argument names (``CommandSpec``). From that alone this module draws commands: a command
type, an actor (usually one the spec allows, sometimes not), and for each argument
either nothing or a value from a pool of what tables hold: seat ids, ids and words
harvested from the GM's view (so players guess ids of things they can't see), small
numbers, colours, dice, lists, maps, and canary texts that mark GM-only names.
A sixth rule system gets all of this by registering; a system's own vocabulary
(``systems.py``) adds steps that reach deeper states.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from app.domain.actors import GM, HOST, Actor, player

from .driver import KitTable, Step

CANARY = "Zed Secret"  # free texts of GM commands: a GM-only name a player must not see
LITERALS: list[Any] = [
    None, True, False, 0, 1, 2, 3, 5, -1, 12, 99,
    "", "white", "red", "blue", "legend", "fate", "gm", "pot", "marshal",
    "physical", "mental", "social", "Agility", "Vigor", "Shooting", "d6", "d8", "d12+1",
    "roll", "reroll", "fact", "head", "guts", "trait", "firearm", "p9", "npc9", "n9",
    [], [1, 2], [[6, 2], [3]], ["d8", "d6"], ["p1", "p2"],
    {}, {"white": 1}, {"red": 2, "blue": 1}, {"head": 1}, {"Kung Fu": 1},
]  # fmt: skip


def harvest(kit: KitTable, limit: int = 80) -> list[Any]:
    """Ids, words and numbers from the GM's view of the table: what a guess might hit."""
    found: list[Any] = []
    seen: set[str] = set()

    def add(value: Any) -> None:
        key = repr(value)
        if key not in seen and len(found) < limit:
            seen.add(key)
            found.append(value)

    def walk(value: Any, depth: int) -> None:
        if len(found) >= limit or depth > 6:
            return
        if isinstance(value, dict):
            for key, inner in value.items():
                if isinstance(key, str) and 0 < len(key) <= 24:
                    add(key)
                walk(inner, depth + 1)
        elif isinstance(value, list):
            for inner in value[:8]:
                walk(inner, depth + 1)
        elif (isinstance(value, str) and 0 < len(value) <= 24) or (
            isinstance(value, int) and not isinstance(value, bool) and abs(value) < 1000
        ):
            add(value)

    walk(kit.table.view(GM).get("rules", {}), 0)
    return found


def actors_for(kit: KitTable, roles: frozenset[str]) -> list[Actor]:
    """Who may send a command with these roles (the host for role-less commands)."""
    out: list[Actor] = []
    if "gm" in roles:
        out.append(GM)
    if "player" in roles:
        out += [player(p) for p in kit.seats()]
    return out or [HOST]


@st.composite
def generic_step(draw: st.DrawFn, kit: KitTable) -> Step:
    """One command drawn from the system's own catalogue."""
    specs = kit.specs()
    type_ = draw(st.sampled_from(sorted(specs)))
    spec = specs[type_]
    allowed = actors_for(kit, spec.roles)
    anyone = [GM, *(player(p) for p in kit.seats(active_only=False)), player("p9")]
    actor = draw(st.sampled_from(allowed if draw(st.integers(0, 5)) else anyone))
    pool = [*LITERALS, *kit.seats(), *harvest(kit)]
    if actor.is_gm:
        pool += [f"{CANARY} {draw(st.integers(1, 3))}"]
    args: dict[str, Any] = {}
    for name in spec.descriptions():
        if draw(st.booleans()):
            args[name] = draw(st.sampled_from(pool))
    return actor, type_, args
