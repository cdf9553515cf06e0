"""A Fear bust before a fight still costs the next draw (spacelands-combat.txt, "Fear
and Terror", "Terrified")."""

from __future__ import annotations

from tests.rules.combat.driver import Fight


def test_terrified_before_the_fight_draws_one_card() -> None:
    """ "Going bust on a Fear test results in the Hero being terrified." / "A terrified
    Hero breaks and runs. During the next draw phase, the Hero draws a single card" —
    a Fear test called before combat starts: the fight's first draw is the next one."""
    f = Fight()
    f.gm("combat.fear", who="p2", tn=5, faces=[[1]])
    f.gm("combat.start")
    assert f.fighter("p2")["one_card"] == "terrified"
    drew = next(e for e in f.as_("p2", "combat.draw", faces=[[6, 4]]) if e.type == "combat.drew")
    assert drew.data["drawn"] == 1  # a raise would have drawn 3
    f.gm("combat.end")
    f.gm("combat.start")
    assert not f.fighter("p2").get("one_card")  # used up


def test_terror_bust_before_the_fight_draws_nothing() -> None:
    """ "If a Hero goes bust on a Terror test, he draws no cards in the next draw phase,
    takes no actions (including active defenses) and just cowers in place.\""""
    f = Fight()
    f.gm("combat.fear", who="p2", tn=5, terror=True, faces=[[1]])
    f.gm("combat.start")
    assert f.fighter("p2")["no_cards"] == "catatonic"
