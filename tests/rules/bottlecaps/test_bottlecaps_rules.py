"""One test per rule of /work/shared/rules/bottlecaps.txt; each docstring quotes it."""

from __future__ import annotations

from .driver import GM, P1, P2, Driver, table


def test_three_kinds_of_caps() -> None:
    """ "There are three kinds of Caps – white, red, and blue.\""""
    d = Driver()
    assert set(d.pool("pot")) == {"white", "red", "blue"}
    assert d.pool("pot") == {"white": 50, "red": 25, "blue": 10}
    assert d.table.view(GM)["rules"]["colours"] == ["white", "red", "blue"]


def test_better_caps_act_as_lower_ones() -> None:
    """ "Each kind of cap can be used for different things, though better chips can also
    be spent to act like the lower ones.\""""
    d = table("Ann")
    d.give("p1", blue=1)
    d.do(P1, "roll.trait", trait="Agility", trait_faces=[2], wild_faces=[3])
    d.do(P1, "cap.spend", use="reroll", trait_faces=[3], wild_faces=[5])
    assert d.hand("p1")["blue"] == 0
    d.give("p1", white=1)
    d.do(P1, "turn.start")
    error = d.fails(P1, "cap.spend", use="greatness", edge="Frenzy", cap="white")
    assert "needs a red cap" in error.message
    assert "no red cap" in d.fails(P1, "cap.spend", use="greatness", edge="Frenzy").message


def test_order_white_red_blue() -> None:
    """ "The order goes White < Red < Blue.\""""
    d = table("Ann")
    d.give("p1", white=1, red=1, blue=1)
    d.do(GM, "damage.take", player="p1", wounds=0)
    d.do(P1, "cap.spend", use="unshake")  # the cheapest cap that may pay: white
    assert d.hand("p1") == {"white": 0, "red": 1, "blue": 1}
    d.do(P1, "roll.damage", dice=["d6"], faces=[[3]])
    d.do(P1, "cap.spend", use="reroll_damage", faces=[[2]])  # needs red: red, not blue
    assert d.hand("p1") == {"white": 0, "red": 0, "blue": 1}
    d.give("p1", red=1)
    d.do(P1, "roll.trait", trait="Agility", trait_faces=[2], wild_faces=[3])
    assert "needs a blue cap" in d.fails(P1, "cap.spend", use="extra_effort", cap="red").message


def test_three_caps_each_session_modified_by_edges_and_hindrances() -> None:
    """ "Each session, you start with three Caps drawn randomly from the pot and modified
    by appropriate Edges and Hindrances.\""""
    d = Driver().join("Ann", "Bob", "Cid")
    d.do(GM, "sheet.update", player="p2", draw_modifier=1)  # e.g. an Edge
    d.do(GM, "sheet.update", player="p3", draw_modifier=-1)  # e.g. a Hindrance
    d.start()
    assert [sum(d.hand(p).values()) for p in ("p1", "p2", "p3")] == [3, 4, 2]
    drawn = [e for e in d.table.events if e.type == "caps.drawn"]
    assert [len(e.data["caps"]) for e in drawn] == [3, 4, 2]


def test_more_caps_for_good_role_playing() -> None:
    """ "You can also get more through good role-playing and doing impressive or
    entertaining things.\""""
    d = table("Ann")
    d.do(GM, "cap.award", player="p1")  # drawn at random from the pot
    assert sum(d.hand("p1").values()) == 1
    pot_blue = d.pool("pot")["blue"]
    d.do(GM, "cap.award", player="p1", colour="blue", n=2)  # a colour the GM chooses
    assert d.hand("p1")["blue"] >= 2
    assert d.pool("pot")["blue"] == pot_blue - 2
    assert "Only the GM" in d.fails(P1, "cap.award", player="p1").message


def test_gm_gets_one_per_pc_and_two_per_wild_card() -> None:
    """ "The GM gets one each session for each PC, plus 2 specific to any Wild Card NPCs
    he controls.\""""
    d = Driver().join("Ann", "Bob", "Cid")
    d.do(GM, "npc.add", name="Black Jack")
    d.do(GM, "npc.add", name="Lady Sue")
    d.start()
    assert sum(d.pool("gm").values()) == 3
    assert sum(d.pool("gm:npc1").values()) == 2
    assert sum(d.pool("gm:npc2").values()) == 2
    # "specific to" the NPC: Black Jack spends his own caps, then the GM's general ones,
    # never Lady Sue's.
    d.do(GM, "roll.trait", npc="npc1", trait="Vigor", trait_faces=[2], wild_faces=[1])
    for _ in range(5):
        d.do(GM, "cap.spend", npc="npc1", use="reroll", trait_faces=[2], wild_faces=[1])
    assert sum(d.pool("gm:npc1").values()) == 0
    assert sum(d.pool("gm").values()) == 0
    assert sum(d.pool("gm:npc2").values()) == 2
    assert "has no white cap" in d.fails(GM, "cap.spend", npc="npc1", use="reroll").message


def test_spent_cap_goes_back_in_the_pot() -> None:
    """ "When you spend a cap, it goes back in the pot.\""""
    d = table("Ann")
    d.give("p1", red=1)
    pot = d.pool("pot")
    d.do(GM, "damage.take", player="p1", wounds=0)
    d.do(P1, "cap.spend", use="unshake")
    assert d.pool("pot") == {**pot, "red": pot["red"] + 1}
    assert d.conserved()


def test_caps_reset_each_session() -> None:
    """ "Caps are reset at the beginning of each session – you can't save them up between
    sessions, and you don't get anything from caps you still have at the end of the
    session.\""""
    d = Driver().join("Ann")
    d.start()
    d.do(GM, "cap.award", player="p1", colour="blue", n=3)
    assert sum(d.hand("p1").values()) == 6
    d.do(GM, "session.end")
    assert d.hand("p1") == {"white": 0, "red": 0, "blue": 0}
    assert d.pool("pot") == {"white": 50, "red": 25, "blue": 10}
    d.start()
    assert sum(d.hand("p1").values()) == 3


def test_white_rerolls_any_trait_roll() -> None:
    """ "Reroll any Trait roll (Reroll an Attribute or Skill check.\""""
    d = table("Ann")
    d.give("p1", white=2)
    d.do(GM, "sheet.update", player="p1", skills={"Shooting": "d8"})
    d.do(P1, "roll.trait", trait="Smarts", trait_faces=[1], wild_faces=[2])
    d.do(P1, "cap.spend", use="reroll", trait_faces=[3], wild_faces=[2])
    assert d.roll("p1")["total"] == 3
    d.do(P1, "roll.trait", trait="shooting", trait_faces=[1], wild_faces=[2])
    d.do(P1, "cap.spend", use="reroll", trait_faces=[7], wild_faces=[2])
    assert d.roll("p1")["trait"] == "Shooting"
    assert d.roll("p1")["total"] == 7
    assert d.roll("p1")["rerolls"] == 1


def test_reroll_all_dice_and_take_the_better() -> None:
    """ "You reroll all dice for the check, including the Wild Die, and take the better
    result.\""""
    d = table("Ann")
    d.give("p1", white=2)
    d.do(P1, "roll.trait", trait="Agility", trait_faces=[3], wild_faces=[2])
    d.do(P1, "cap.spend", use="reroll", trait_faces=[1], wild_faces=[5])
    assert (d.roll("p1")["trait_dice"], d.roll("p1")["wild_dice"]) == ([1], [5])
    assert d.roll("p1")["total"] == 5
    d.do(P1, "cap.spend", use="reroll", trait_faces=[2], wild_faces=[3])
    assert (d.roll("p1")["trait_dice"], d.roll("p1")["wild_dice"]) == ([1], [5])
    assert d.roll("p1")["rerolls"] == 2


def test_no_reroll_after_extra_effort() -> None:
    """ "You can't reroll a roll that you've spent a blue cap on for Extra Effort.\""""
    d = table("Ann")
    d.give("p1", white=1, blue=1)
    d.do(P1, "roll.trait", trait="Agility", trait_faces=[2], wild_faces=[3])
    d.do(P1, "cap.spend", use="extra_effort", effort_faces=[2])
    assert "Extra Effort" in d.fails(P1, "cap.spend", use="reroll").message
    assert d.hand("p1")["white"] == 1


def test_white_rerolls_damage_only_with_no_mercy() -> None:
    """ "You can't reroll a damage roll in this way, unless you have the No Mercy Edge.\""""
    d = table("Ann")
    d.give("p1", white=2)
    d.do(P1, "roll.damage", dice=["d8"], faces=[[2]])
    assert "No Mercy" in d.fails(P1, "cap.spend", use="reroll").message
    d.do(GM, "sheet.update", player="p1", no_mercy=True, rank="Heroic")
    d.do(P1, "cap.spend", use="reroll", faces=[[5]])
    assert d.roll("p1")["total"] == 5  # a white reroll adds no Rank
    assert d.hand("p1")["white"] == 1


def test_white_recovers_from_shaken() -> None:
    """ "Recover from being Shaken (you immediately recover from being Shaken without an
    action or a roll)\""""
    d = table("Ann")
    d.give("p1", white=1)
    assert "isn't Shaken" in d.fails(P1, "cap.spend", use="unshake").message
    d.do(GM, "damage.take", player="p1", wounds=0)
    assert d.sheet("p1")["shaken"]
    events = d.do(P1, "cap.spend", use="unshake")
    assert not d.sheet("p1")["shaken"]
    assert not any(e.type.startswith("roll") for e in events)


def test_soak_reduces_one_wound_per_success_and_raise() -> None:
    """ "Soak Damage (make a Vigor check, reduce damage by one Wound per success and
    raise.\""""
    d = table("Ann")
    d.give("p1", white=2)
    d.do(GM, "sheet.update", player="p1", attributes={"Vigor": "d8"})
    assert "no hit" in d.fails(P1, "cap.spend", use="soak").message
    d.do(GM, "damage.take", player="p1", wounds=3)
    assert d.sheet("p1")["wounds"] == 3
    d.do(P1, "cap.spend", use="soak", trait_faces=[8, 1], wild_faces=[2])  # 9: 2 successes
    assert d.sheet("p1")["wounds"] == 1
    assert d.sheet("p1")["shaken"]
    assert "reroll the Vigor roll" in d.fails(P1, "cap.spend", use="soak").message
    d.do(P1, "cap.spend", use="reroll", trait_faces=[8, 8, 3], wild_faces=[1])  # 19
    assert d.sheet("p1")["wounds"] == 0


def test_soaking_every_wound_also_clears_shaken() -> None:
    """ "If you negate all the Wounds, you're also not Shaken, even if you were before
    you got hit.\""""
    d = table("Ann")
    d.give("p1", white=1)
    d.do(GM, "sheet.update", player="p1", shaken=True, wounds=1)
    d.do(GM, "damage.take", player="p1", wounds=1)
    assert (d.sheet("p1")["shaken"], d.sheet("p1")["wounds"]) == (True, 2)
    d.do(P1, "cap.spend", use="soak", trait_faces=[4, 1], wild_faces=[2])
    assert (d.sheet("p1")["shaken"], d.sheet("p1")["wounds"]) == (False, 1)


def test_moment_of_greatness_during_your_turn() -> None:
    """ "Moment of Greatness (Spend during your turn to gain the benefits of a Combat Edge
    that you meet the prerequisites for.\""""
    d = table("Ann", "Bob")
    d.give("p1", red=1)
    assert "during your turn" in d.fails(P1, "cap.spend", use="greatness", edge="Frenzy").message
    d.do(P2, "turn.start")
    assert "during your turn" in d.fails(P1, "cap.spend", use="greatness", edge="Frenzy").message
    d.do(P1, "turn.start")
    assert "required" in d.fails(P1, "cap.spend", use="greatness").message  # name the Edge
    d.do(P1, "cap.spend", use="greatness", edge="Frenzy")
    assert d.table.view(P2)["rules"]["greatness"]["p1"] == {"edge": "Frenzy"}


def test_moment_of_greatness_lasts_until_your_next_turn() -> None:
    """ "This lasts for one round, until the beginning of your next turn.\""""
    d = table("Ann", "Bob")
    d.give("p1", red=1)
    d.do(P1, "turn.start")
    d.do(P1, "cap.spend", use="greatness", edge="Sweep")
    d.do(P2, "turn.start")
    assert d.table.view(P1)["rules"]["greatness"]["p1"] == {"edge": "Sweep"}
    events = d.do(P1, "turn.start")
    assert d.table.view(P1)["rules"]["greatness"]["p1"] is None
    assert "Sweep" in events[0].text


def test_one_moment_of_greatness_at_a_time() -> None:
    """ "You can only have one Moment of Greatness at a time, so you can't spend two Red
    Caps to get two Combat Edges.\""""
    d = table("Ann")
    d.give("p1", red=2)
    d.do(P1, "turn.start")
    d.do(P1, "cap.spend", use="greatness", edge="Frenzy")
    error = d.fails(P1, "cap.spend", use="greatness", edge="Sweep")
    assert "one Moment of Greatness at a time" in error.message
    assert d.hand("p1")["red"] == 1


def test_re_marking_your_own_turn_does_not_buy_a_second_moment() -> None:
    """ "This lasts for one round, until the beginning of your next turn. You can only have
    one Moment of Greatness at a time, so you can't spend two Red Caps to get two Combat
    Edges.\" (#27: a player re-marking their own turn ended the first Moment early.)"""
    d = table("Ann")
    d.give("p1", red=2)
    d.do(P1, "turn.start")
    d.do(P1, "cap.spend", use="greatness", edge="Frenzy")
    error = d.fails(P1, "turn.start")
    assert "already Ann's turn" in error.message
    assert "one round, until the beginning of your next turn" in error.message
    assert d.table.view(P1)["rules"]["greatness"]["p1"] == {"edge": "Frenzy"}
    second = d.fails(P1, "cap.spend", use="greatness", edge="Sweep")
    assert "one Moment of Greatness" in second.message
    assert d.hand("p1")["red"] == 1
    # The GM runs the rounds: a lone PC's next turn is the GM's to mark.
    d.do(GM, "turn.start", player="p1")
    assert d.table.view(P1)["rules"]["greatness"]["p1"] is None
    d.do(P1, "cap.spend", use="greatness", edge="Sweep")


def test_red_rerolls_damage_and_takes_the_better() -> None:
    """ "Reroll a damage roll (You can reroll a single damage roll and take the better
    result.\""""
    d = table("Ann")
    d.give("p1", red=2)
    assert "no damage roll" in d.fails(P1, "cap.spend", use="reroll_damage").message
    d.do(P1, "roll.trait", trait="Agility", trait_faces=[2], wild_faces=[3])
    assert "no damage roll" in d.fails(P1, "cap.spend", use="reroll_damage").message
    d.do(P1, "roll.damage", dice=["d8", "d6"], modifier=1, faces=[[3], [2]])
    d.do(P1, "cap.spend", use="reroll_damage", faces=[[8, 2], [1]])
    assert (d.roll("p1")["faces"], d.roll("p1")["total"]) == ([[8, 2], [1]], 12)
    d.do(P1, "cap.spend", use="reroll_damage", faces=[[1], [1]])
    assert d.roll("p1")["total"] == 12


def test_no_mercy_adds_rank_to_rerolled_damage() -> None:
    """ "If you have the No Mercy edge, reroll the damage roll, take the better one, and
    then add your Rank to the total damage roll.\""""
    d = table("Ann")
    d.give("p1", red=2)
    d.do(GM, "sheet.update", player="p1", no_mercy=True, rank="Veteran")  # Rank 3
    d.do(P1, "roll.damage", dice=["d6"], faces=[[4]])
    d.do(P1, "cap.spend", use="reroll_damage", faces=[[2]])
    assert (d.roll("p1")["best"], d.roll("p1")["rank_bonus"], d.roll("p1")["total"]) == (4, 3, 7)
    d.do(P1, "cap.spend", use="reroll_damage", faces=[[5]])
    assert d.roll("p1")["total"] == 8  # the better roll, the Rank added once


def test_red_used_as_white() -> None:
    """ "Use as a white cap\" (red)."""
    d = table("Ann")
    d.give("p1", red=3)
    d.do(P1, "roll.trait", trait="Agility", trait_faces=[1], wild_faces=[2])
    d.do(P1, "cap.spend", use="reroll", trait_faces=[3], wild_faces=[2])
    d.do(GM, "damage.take", player="p1", wounds=1)
    d.do(P1, "cap.spend", use="soak", trait_faces=[4, 1], wild_faces=[2])
    d.do(GM, "damage.take", player="p1", wounds=0)
    d.do(P1, "cap.spend", use="unshake")
    assert d.hand("p1")["red"] == 0
    assert (d.sheet("p1")["shaken"], d.sheet("p1")["wounds"]) == (False, 0)


def test_blue_extra_effort_adds_a_d6_but_not_to_damage() -> None:
    """ "Extra Effort (add 1d6 to the result of any Ability or Skill roll, but not a
    damage roll)\""""
    d = table("Ann")
    d.give("p1", blue=3)
    d.do(P1, "roll.trait", trait="Agility", trait_faces=[3], wild_faces=[2])
    d.do(P1, "cap.spend", use="extra_effort", effort_faces=[4])
    assert (d.roll("p1")["effort"], d.roll("p1")["total"]) == ([4], 7)
    assert "already has Extra Effort" in d.fails(P1, "cap.spend", use="extra_effort").message
    d.do(P1, "roll.damage", dice=["d6"], faces=[[3]])
    assert "damage roll" in d.fails(P1, "cap.spend", use="extra_effort").message
    assert d.hand("p1")["blue"] == 2


def test_blue_used_as_red_or_white() -> None:
    """ "Use as a red or white cap\" (blue)."""
    d = table("Ann")
    d.give("p1", blue=3)
    d.do(P1, "turn.start")
    d.do(P1, "cap.spend", use="greatness", edge="Frenzy")
    d.do(P1, "roll.damage", dice=["d6"], faces=[[3]])
    d.do(P1, "cap.spend", use="reroll_damage", faces=[[5]])
    d.do(GM, "damage.take", player="p1", wounds=0)
    d.do(P1, "cap.spend", use="unshake")
    assert d.hand("p1")["blue"] == 0


def test_gm_spends_general_caps_for_extras_too() -> None:
    """ "The GM gets one each session for each PC, plus 2 specific to any Wild Card NPCs
    he controls." — the caps specific to a Wild Card are its own; the one per PC are the
    GM's to spend for any NPC, Extras as well as Wild Cards. The table hears only that
    the GM spent a cap."""
    d = Driver().join("Ann", "Bob")
    d.do(GM, "npc.add", name="Black Jack")
    d.start()
    general = sum(d.pool("gm").values())
    own = d.pool("gm:npc1")
    events = d.do(GM, "cap.spend", extra="Bandit", use="unshake")
    assert sum(d.pool("gm").values()) == general - 1 and d.pool("gm:npc1") == own
    secret, public = events
    assert secret.visible_to == "gm" and "for the Extra Bandit" in secret.text
    assert public.visible_to == "all" and "Bandit" not in public.text
    assert "Only the GM" in d.fails(P1, "cap.spend", extra="Bandit", use="unshake").message
    d.do(GM, "cap.spend", extra="Bandit", use="unshake")
    message = d.fails(GM, "cap.spend", extra="Bandit", use="unshake").message
    assert "no general" in message and "Wild Card's own caps" in message
    assert d.conserved() and d.replays()


def test_an_unknown_cap_colour_says_so() -> None:
    """ "There are three kinds of Caps – white, red, and blue." — a green cap is named as
    not existing, before any other rule is checked."""
    d = table("Ann")
    message = d.fails(P1, "cap.spend", use="unshake", cap="green").message
    assert message == "There are no green caps in Bottlecaps: white, red or blue."
