"""Invariants of Bottlecaps tables under random play.

- caps are conserved: for every colour the sum over all containers is 0 (``supply`` is
  where the pot's caps came from);
- nothing carries over a session boundary;
- random command sequences (legal or not) never raise anything but DomainError;
- the state is always the fold of the events;
- players never learn the GM's Wild Card NPCs;
- draws match the pot (chi-square).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.domain.actors import Actor
from app.domain.bottlecaps.caps import COLOURS, USES
from app.domain.changes import get_path
from app.domain.errors import DomainError
from tests.rules.kit.driver import KitTable

from .driver import GM, HOST, Driver, player

TRAITS = ["Agility", "Vigor", "Shooting", "Fighting", "Spirit"]
DICE = ["d4", "d6", "d8", "d10", "d12", "d12+1"]
# Weighted so that caps get spent often: most spends need a roll or a hit first.
KINDS = [
    *["spend"] * 6,
    *["trait"] * 3,
    *["damage", "hit", "turn"] * 2,
    *["join", "start", "end", "sheet", "combat", "award", "npc", "unnpc", "undo", "leave"],
]
GM_KINDS = {"combat", "award", "npc", "unnpc", "leave", "sheet", "undo"}


def _who(data: st.DataObject, d: KitTable, actor: Actor) -> dict[str, Any]:
    if not actor.is_gm:
        return {}
    npcs = list(get_path(d.state, ("rules", "wild_cards")))
    if bool(npcs) and data.draw(st.booleans()):  # bool(): mypy reads `and` in npcs' type
        return {"npc": data.draw(st.sampled_from(npcs))}
    return {"player": data.draw(st.sampled_from([*_seats(d), "p9"]))}


def _seats(d: KitTable) -> list[str]:
    return [pid for pid, seat in d.state["seats"].items() if seat["active"]]


def _allowed_spend(
    data: st.DataObject, d: KitTable, actor: Actor, who: dict[str, Any]
) -> dict[str, Any]:
    """A spend the view says is allowed right now (if there is one)."""
    gm = d.table.view(GM)["rules"]["gm"]
    cid = who.get("npc") or who.get("player") or actor.player_id
    found = [c for c in [*gm["players"].values(), *gm["wild_cards"]] if c["id"] == cid]
    allowed = [
        (colour, use["use"])
        for character in found
        for colour, option in character["options"].items()
        for use in option["uses"]
        if use["allowed"]
    ]
    if not allowed:
        return {"use": data.draw(st.sampled_from(list(USES)))}
    colour, use = data.draw(st.sampled_from(allowed))
    return {"use": use, "cap": colour}


def _faces(data: st.DataObject, sides: int) -> list[int]:
    aces = data.draw(st.integers(0, 2))
    return [sides] * aces + [data.draw(st.integers(1, sides))]


def _dice_args(data: st.DataObject, *names: str, sides: int = 8) -> dict[str, Any]:
    """Sometimes faces entered by hand (sometimes for the wrong die), else host dice."""
    if not data.draw(st.booleans()):
        return {}
    out: dict[str, Any] = {}
    for name in names:
        if name == "faces":
            out[name] = [_faces(data, sides)]
        else:
            out[name] = _faces(data, 6 if name != "trait_faces" else sides)
    return out


def _command(data: st.DataObject, d: KitTable) -> tuple[Actor, str, dict[str, Any]]:
    kind = data.draw(st.sampled_from(KINDS))
    actor = data.draw(st.sampled_from([GM, *map(player, _seats(d))]))
    if kind in GM_KINDS and data.draw(st.integers(0, 4)):
        actor = GM
    who = _who(data, d, actor)
    if kind == "join":
        return HOST, "seat.join", {"name": data.draw(st.sampled_from(["Ann", "Dee"]))}
    if kind == "start":
        return GM, "session.start", {}
    if kind == "end":
        return GM, "session.end", {}
    if kind == "sheet":
        field = data.draw(
            st.sampled_from(["no_mercy", "rank", "shaken", "wounds", "skills", "draw_modifier"])
        )
        value = {
            "no_mercy": st.booleans(),
            "rank": st.sampled_from(["Novice", "Heroic", "Legendary", "Boss"]),
            "shaken": st.booleans(),
            "wounds": st.integers(-1, 4),
            "skills": st.fixed_dictionaries({"Shooting": st.sampled_from([*DICE, None])}),
            "draw_modifier": st.integers(-4, 6),
        }[field]
        return actor, "sheet.update", {**who, field: data.draw(value)}
    if kind == "trait":
        trait = data.draw(st.sampled_from(TRAITS))
        return (
            actor,
            "roll.trait",
            {**who, "trait": trait, **_dice_args(data, "trait_faces", "wild_faces", sides=4)},
        )
    if kind == "damage":
        die = data.draw(st.sampled_from(DICE))
        extra = _dice_args(data, "faces", sides=int(die[1:].split("+")[0]))
        return actor, "roll.damage", {**who, "dice": [die], **extra}
    if kind == "spend":
        if data.draw(st.integers(0, 4)):
            args = _allowed_spend(data, d, actor, who)
        else:
            args = {"use": data.draw(st.sampled_from([*USES, "bogus"]))}
            args["cap"] = data.draw(st.sampled_from([*COLOURS, "green", None]))
        use = args["use"]
        args["edge"] = "Frenzy"
        if use == "extra_effort":
            args |= _dice_args(data, "effort_faces")
        elif use in ("reroll", "soak"):
            args |= _dice_args(data, "trait_faces", "wild_faces", sides=4)
        return actor, "cap.spend", {**who, **args}
    if kind == "hit":
        return actor, "damage.take", {**who, "wounds": data.draw(st.integers(0, 4))}
    if kind == "turn":
        return actor, "turn.start", who
    if kind == "combat":
        return actor, "combat.end", {}
    if kind == "award":
        colour = data.draw(st.sampled_from(["random", *COLOURS]))
        return actor, "cap.award", {**who, "colour": colour, "n": data.draw(st.integers(1, 3))}
    if kind == "npc":
        return actor, "npc.add", {"name": data.draw(st.sampled_from(["Jack", "Sue"]))}
    if kind == "unnpc":
        return actor, "npc.remove", {"npc": data.draw(st.sampled_from(["npc1", "npc2"]))}
    if kind == "leave":
        return actor, "seat.remove", {"player": data.draw(st.sampled_from(["p1", "p2", "p3"]))}
    return actor, "undo", {"version": data.draw(st.integers(1, 200))}


def _check_conservation(d: Driver) -> None:
    totals = dict.fromkeys(COLOURS, 0)
    for container in d.state["tokens"].values():
        for kind, n in container.items():
            totals[kind] += n
    assert totals == dict.fromkeys(COLOURS, 0)
    assert all(
        n >= 0 for name, c in d.state["tokens"].items() if name != "supply" for n in c.values()
    )


def _check_session_boundary(d: Driver, type_: str) -> None:
    """After a session ends nobody holds a cap; after one starts, exactly the fresh draws."""
    held = {
        name: sum(c.values())
        for name, c in d.state["tokens"].items()
        if name not in ("pot", "supply")
    }
    if type_ == "session.end":
        assert not any(held.values())
        assert not get_path(d.state, ("rules", "rolls")) and not get_path(
            d.state, ("rules", "hits")
        )
    elif type_ == "session.start":
        seats = [p for p, s in d.state["seats"].items() if s["active"]]
        for pid in seats:
            wanted = max(0, 3 + d.sheet(pid)["draw_modifier"])
            assert held.get(f"hand:{pid}", 0) == wanted
        assert held.get("gm", 0) == len(seats)
        for npc in get_path(d.state, ("rules", "wild_cards")):
            assert held.get(f"gm:{npc}", 0) == 2
        assert not get_path(d.state, ("rules", "rolls")) and not get_path(
            d.state, ("rules", "turn")
        )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_play_keeps_the_invariants(data: st.DataObject) -> None:
    d = Driver(seed=data.draw(st.integers(0, 1000)))
    d.join("Ann", "Bob", "Cid")
    d.do(GM, "npc.add", name="Jack")
    d.start()
    for _ in range(data.draw(st.integers(5, 40))):
        actor, type_, args = _command(data, d)
        try:
            d.do(actor, type_, **args)
        except DomainError:
            continue
        _check_conservation(d)
        _check_session_boundary(d, type_)
    assert d.replays()
    for viewer in (GM, player("p1"), player("p2")):
        seen = json.dumps(d.table.view(viewer))
        if not viewer.is_gm:  # Wild Card NPCs are the GM's secret
            told = [e.to_public() for e in d.table.events_after(0, viewer)]
            assert "Jack" not in seen and "Sue" not in seen
            assert "Jack" not in json.dumps(told) and "Sue" not in json.dumps(told)


def test_draws_match_the_pot() -> None:
    """Chi-square: the colours drawn at session starts follow the pot's make-up."""
    d = Driver(seed=2024).join("Ann", "Bob", "Cid", "Dee")
    for _ in range(120):
        d.start()
        d.do(GM, "session.end")
    counts = dict.fromkeys(COLOURS, 0)
    for event in d.table.events:
        if event.type == "caps.drawn":
            for kind in event.data["caps"]:
                counts[kind] += 1
        if event.type == "caps.gm_drew":
            for kinds in event.data["pools"].values():
                for kind in kinds:
                    counts[kind] += 1
    total = sum(counts.values())
    assert total == 120 * (4 * 3 + 4)
    pot = {"white": 50, "red": 25, "blue": 10}
    expected = {c: total * n / sum(pot.values()) for c, n in pot.items()}
    chi2 = sum((counts[c] - expected[c]) ** 2 / expected[c] for c in COLOURS)
    assert chi2 < 13.82, (counts, expected, chi2)  # df = 2, p = 0.001
