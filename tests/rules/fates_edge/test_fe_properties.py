"""Invariants under random legal play: conservation, replay, only DomainErrors."""

from __future__ import annotations

import contextlib
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.domain.errors import DomainError

from .helpers import GM, Game, player
from .test_fe_hidden import assert_players_see_no_gm_numbers

PIDS = ("p1", "p2", "p3")
ids = st.sampled_from(["@followers", "@assets", "@gear", "@clocks", "x"])
small = st.integers(min_value=-2, max_value=6)


def resolve(g: Game, actor: str, args: dict[str, Any], pick: int) -> dict[str, Any]:
    """Replace '@group' placeholders by an id that exists now (most of the time)."""
    owner = str(args.get("player", actor))
    out = {}
    for key, value in args.items():
        if isinstance(value, str) and value.startswith("@"):
            group = value[1:]
            pool = (
                g.rules.get(group, {})
                if group == "clocks"
                else (g.rules["pcs"].get(owner, {}).get(group, {}))
            )
            found = sorted(pool)
            value = found[pick % len(found)] if found else "x"
        out[key] = value
    return out


def commands() -> st.SearchStrategy[tuple[str, str, dict[str, Any]]]:
    who = st.sampled_from(PIDS)
    ladder = st.sampled_from(["basic", "detailed", "intricate"])
    attr = st.sampled_from(["body", "wits", "spirit", "presence"])
    skill = st.sampled_from(["melee", "lore", "arcana", "stealth", "fire", ""])
    gm = st.just("gm")
    options: list[st.SearchStrategy[tuple[str, str, dict[str, Any]]]] = [
        st.tuples(who, st.just("roll.pool"), st.fixed_dictionaries(
            {"attribute": attr, "skill": skill, "ladder": ladder, "dv": st.integers(0, 4)},
            optional={"follower": ids, "helper": who, "gear": ids, "asset": ids})),
        st.tuples(who, st.just("boon.reroll"), st.fixed_dictionaries({"die": small})),
        st.tuples(who, st.just("ability.use"), st.fixed_dictionaries({"ability": ids})),
        st.tuples(gm, st.just("roll.dv"), st.fixed_dictionaries(
            {"player": who, "dv": st.integers(0, 4)})),
        st.tuples(gm, st.just("boon.decline"), st.just({})),
        st.tuples(gm, st.just("contest.start"), st.fixed_dictionaries(
            {"a": who}, optional={"b": who, "npc_pool": st.integers(1, 5)})),
        st.tuples(gm, st.just("roll.group"), st.fixed_dictionaries(
            {"players": st.lists(who, min_size=2, max_size=3), "attribute": attr,
             "dv": st.integers(0, 4), "forage": st.booleans()})),
        st.tuples(who, st.just("xp.buy"), st.fixed_dictionaries(
            {"what": st.sampled_from(["attribute", "skill", "follower", "asset", "gear"]),
             "name": st.sampled_from(["body", "wits", "presence", "melee", "Bo"]),
             "cap": st.integers(1, 5), "lane": st.just("x"),
             "tier": st.sampled_from(["minor", "basic", "standard"]),
             "type": st.sampled_from(["civic", "spy"])},
            optional={"rush": st.booleans()})),
        st.tuples(who, st.just("character.finish"), st.just({})),
        st.tuples(who, st.just("character.trade"), st.just({})),
        st.tuples(who, st.just("character.deficit"), st.fixed_dictionaries({"xp": small})),
        st.tuples(who, st.just("boon.convert"), st.just({})),
        st.tuples(who, st.just("asset.activate"), st.fixed_dictionaries(
            {"asset": st.just("@assets"), "ask": st.just("help")})),
        st.tuples(who, st.just("cast.channel"), st.just({})),
        st.tuples(who, st.just("cast.weave"), st.just({"art": "fire"})),
        st.tuples(gm, st.just("boon.award"), st.fixed_dictionaries(
            {"player": who, "complication": st.just("ouch")})),
        st.tuples(gm, st.just("cp.spend"), st.fixed_dictionaries(
            {"option": st.sampled_from(["trace", "attention", "twist", "supply", "out-of-supply",
                                        "travel-3", "fatigue", "threat", "compromise"]),
             "player": who, "clock": st.just("@clocks"), "gear": st.just("@gear"),
             "reveal": st.booleans()})),
        st.tuples(gm, st.just("clock.create"), st.fixed_dictionaries(
            {"name": st.just("Doom"), "size": st.sampled_from([4, 6, 8, 10]),
             "visible": st.booleans()})),
        st.tuples(gm, st.just("clock.tick"), st.fixed_dictionaries(
            {"clock": st.just("@clocks"), "ticks": small, "cp": st.integers(0, 2)})),
        st.tuples(gm, st.just("supply.tick"), st.fixed_dictionaries({"ticks": small})),
        st.tuples(gm, st.just("fatigue.change"), st.fixed_dictionaries(
            {"player": who, "levels": small})),
        st.tuples(gm, st.just("fatigue.rest"), st.just({})),
        st.tuples(gm, st.just("deck.draw"), st.fixed_dictionaries({"cp": st.integers(0, 3)})),
        st.tuples(gm, st.just("adventure.draw"), st.fixed_dictionaries(
            {"procedure": st.sampled_from(["quick", "seed", "act"])})),
        st.tuples(gm, st.just("xp.award"), st.fixed_dictionaries(
            {"player": who, "xp": st.integers(1, 5)})),
        st.tuples(gm, st.just("resource.degrade"), st.fixed_dictionaries(
            {"player": who, "kind": st.just("follower"), "id": st.just("@followers")})),
        st.tuples(who, st.just("resource.repair"), st.fixed_dictionaries(
            {"kind": st.just("follower"), "id": st.just("@followers"),
             "mode": st.sampled_from(["xp", "downtime"])})),
        st.tuples(who, st.just("gear.field_repair"), st.just({"gear": "@gear"})),
        st.tuples(gm, st.just("gear.damage"), st.fixed_dictionaries(
            {"player": who, "gear": st.just("@gear")})),
        st.tuples(gm, st.just("follower.harm"), st.fixed_dictionaries(
            {"player": who, "follower": st.just("@followers"),
             "harm": st.sampled_from(["pin", "wound", "burn"]), "cp": st.integers(0, 2)})),
        st.tuples(gm, st.just("downtime.pass"), st.fixed_dictionaries({"days": st.integers(1, 9)})),
        st.tuples(gm, st.just("arc.end"), st.just({"complication": "fallout"})),
        st.tuples(gm, st.just("scene.end"), st.just({})),
        st.tuples(gm, st.just("session.start"), st.just({})),
        st.tuples(gm, st.just("session.end"), st.just({})),
        st.tuples(gm, st.just("undo"), st.fixed_dictionaries(
            {"version": st.integers(1, 200)})),
    ]  # fmt: skip
    return st.one_of(options)


@settings(
    max_examples=int(os.environ.get("FE_EXAMPLES", "60")),  # raise it to fuzz longer
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    seed=st.integers(0, 10_000),
    steps=st.lists(st.tuples(commands(), st.integers(0, 9)), min_size=5, max_size=40),
)
def test_random_play_keeps_invariants(
    seed: int, steps: list[tuple[tuple[str, str, dict[str, Any]], int]]
) -> None:
    """Tokens are conserved, only DomainErrors are raised, fold(events) == state, and
    no event a player receives carries GM-only numbers (whatever the reveal flag)."""
    g = Game(seed=seed, players=3)
    g.give_cp(3)
    g.p("p1", "xp.buy", what="follower", cap=2, name="Bo", lane="guard")
    g.p("p1", "xp.buy", what="gear", tier="standard", name="Sword")
    g.gm("xp.buy", player="p1", what="gear", tier="standard", name="Rothari War-Kit")
    g.p("p2", "character.pregen", pregen="bryn")
    g.gm("xp.award", player="p2", xp=1)
    g.p("p2", "xp.buy", what="gear", tier="basic", name="Dagger")
    g.gm("character.pregen", player="p3", pregen="ash", build="full")  # the table's call
    g.gm("boon.award", player="p3", complication="fell")
    for (actor, cmd, args), pick in steps:
        with contextlib.suppress(DomainError):
            g.run(GM if actor == "gm" else player(actor), cmd, **resolve(g, actor, args, pick))
    g.check()
    assert_players_see_no_gm_numbers(g, PIDS)
    for pid in PIDS:
        g.table.view(player(pid))
    g.table.view(GM)
