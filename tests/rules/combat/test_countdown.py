"""The countdown, the sleeve, Speed, aiming and losing cards (spacelands-combat.txt,
"Actions", "Speed", "Waiting", "Jokers", "Defense", "Aiming", tests of wills)."""

from __future__ import annotations

import pytest

from app.domain.errors import RuleViolation

from .driver import Fight


def dealt(players: dict[str, list[str]], npc: list[str] | None = None, **settings: object) -> Fight:
    """A fight in its countdown with the given hands (two cards each: faces [[4]])."""
    f = Fight("spacelands", settings=settings)
    n = f.npc("Bug", quickness="1d6") if npc is not None else None
    f.gm("combat.start")
    for pid, hand in players.items():
        f.set_draw("players", hand)
        f.as_(pid, "combat.draw", faces=[[4]] if len(hand) == 2 else [[2]])
    if n is not None and npc is not None:
        f.set_draw("gm", npc)
        f.gm("combat.draw", who=n, faces=[[4]] if len(npc) == 2 else [[2]])
    f.gm("combat.next")
    return f


def test_countdown_from_the_ace() -> None:
    """ "Once everyone has their cards, the Master starts counting down from an Ace. If
    you have an Ace, you can take one action. If not, you have to wait until one of
    your cards is called to take an action.\""""
    f = dealt({"p1": ["KS", "4H"], "p2": ["AD", "2C"]})
    assert f.combat("step") == "A"
    with pytest.raises(RuleViolation, match="Wait"):
        f.as_("p1", "combat.act", card="KS")
    f.as_("p2", "combat.act", card="AD")
    f.gm("combat.next")
    assert f.combat("step") == "K"
    f.as_("p1", "combat.act", card="KS", action="shoots")
    assert "KS" in f.combat("decks", "players", "discard")


def test_suit_breaks_ties() -> None:
    """ "Compare suits to break ties with other characters who have the same cards. The
    ranking of suits is inverse alphabetical order (spades, hearts, diamonds, clubs).\""""
    f = dealt({"p1": ["QC", "4H"], "p2": ["QH", "2C"]}, npc=["QS", "3D"])
    order = [e["card"] for e in f.view()["acting"]]
    assert order == ["QS", "QH", "QC"]


def test_same_card_on_both_decks_is_simultaneous() -> None:
    """ "Since the Master has his own Action Deck, it's possible for each side to have an
    action on the same card and suit. If so, these actions are simultaneous.\""""
    f = dealt({"p1": ["JD", "4H"]}, npc=["JD", "3D"])
    acting = f.view()["acting"]
    assert [e["together"] for e in acting] == [["n1"], ["p1"]]


def test_unplayed_card_is_lost_when_the_next_step_is_called() -> None:
    """ "When the card you want to put up your sleeve would normally be played, tell the
    Master you're going to put it up your sleeve instead" — a called card that is
    neither played nor put up the sleeve is gone."""
    f = dealt({"p1": ["AS", "4H"]})
    f.gm("combat.next")
    assert f.fighter("p1")["hand"] == ["4H"]
    assert "AS" in f.combat("decks", "players", "discard")


def test_sleeve_holds_one_card_across_rounds() -> None:
    """ "You can only ever have one card up your sleeve." / "You can hold your wait card
    over several rounds if you like.\""""
    f = dealt({"p1": ["AS", "AH"]})
    f.as_("p1", "combat.sleeve", card="AS")
    with pytest.raises(RuleViolation, match="one card"):
        f.as_("p1", "combat.sleeve", card="AH")
    f.gm("combat.next")
    f.gm("combat.round")
    assert f.fighter("p1")["sleeve"] == "AS"
    assert f.accounted()


def test_sleeve_card_plays_any_time_and_is_ditched_by_another_card() -> None:
    """ "Anytime you want to play the "wait" card, including earlier than normal in the
    next round, whip it out" / "You have to ditch it when you resolve another action
    card.\""""
    f = dealt({"p1": ["AS", "4H"]})
    f.as_("p1", "combat.sleeve", card="AS")
    f.gm("combat.next")
    assert f.combat("step") == "4"
    f.as_("p1", "combat.act", card="4H")
    assert f.fighter("p1").get("sleeve") is None
    assert {"AS", "4H"} <= set(f.combat("decks", "players", "discard"))
    g = dealt({"p1": ["AS", "4H"]})
    g.as_("p1", "combat.sleeve", card="AS")
    g.as_("p1", "combat.act", card="AS")
    assert g.fighter("p1").get("sleeve") is None


def test_pass_keeps_the_sleeve() -> None:
    """ "If you choose to draw, when any of your cards comes up you must either take an
    action (discarding the card up your sleeve and using the current card) or discard
    the current card.\""""
    f = dealt({"p1": ["AS", "4H"]})
    f.as_("p1", "combat.sleeve", card="AS")
    f.gm("combat.next")
    f.as_("p1", "combat.pass", card="4H")
    assert f.fighter("p1")["sleeve"] == "AS"


def test_jokers_never_up_the_sleeve() -> None:
    """ "Jokers can never be hidden up your sleeve.\""""
    f = dealt({"p1": ["RJ", "4H"]})
    with pytest.raises(RuleViolation, match="Jokers"):
        f.as_("p1", "combat.sleeve", card="RJ")


def test_red_joker_goes_any_time() -> None:
    """ "The Red Joker allows your character to go at any time during the round without
    having to make a second Quickness check to interrupt another character's action.\""""
    f = dealt({"p1": ["RJ", "4H"], "p2": ["AD", "2C"]})
    with pytest.raises(RuleViolation, match="Red Joker"):
        f.as_("p1", "combat.interrupt", against="p2")
    f.as_("p1", "combat.act", card="RJ")
    assert "RJ" in f.combat("decks", "players", "discard")


def test_interrupt_is_an_opposed_quickness_roll() -> None:
    """ "If you want to interrupt someone else's action with a wait card ... you have to
    beat it in an opposed Quickness match. The winner gets to resolve his action first.\""""
    f = dealt({"p1": ["AS", "4H"], "p2": ["AD", "2C"]})
    f.as_("p1", "combat.sleeve", card="AS")
    won = f.as_("p1", "combat.interrupt", against="p2", faces=[[5]], against_faces=[[3]])
    assert won[0].data["winner"] == "p1"
    lost = f.as_("p1", "combat.interrupt", against="p2", faces=[[2]], against_faces=[[3]])
    assert lost[0].data["winner"] == "p2"


def test_only_a_wait_card_interrupts() -> None:
    """ "If you want to interrupt someone else's action with a wait card, like when the
    beastie comes crashing through the door, you have to beat it in an opposed Quickness
    match." Without a card up the sleeve (or an aim that a moving target cuts short)
    there is nothing to interrupt with: refused, nothing rolled; with one, the match."""
    f = dealt({"p1": ["KS", "4H"], "p2": ["AD", "2C"]})
    before = len(list(f.table.events))
    with pytest.raises(RuleViolation, match="wait card"):
        f.as_("p1", "combat.interrupt", against="p2", faces=[[5]], against_faces=[[3]])
    assert len(list(f.table.events)) == before
    assert not f.view("p1")["me"]["may_interrupt"]
    f.gm("combat.next")  # King
    f.as_("p1", "combat.sleeve", card="KS")
    assert f.view("p1")["me"]["may_interrupt"]
    won = f.as_("p1", "combat.interrupt", against="p2", faces=[[5]], against_faces=[[3]])
    assert won[0].data["winner"] == "p1"


def test_an_aim_cut_short_may_interrupt() -> None:
    """ "If the target attempts to move out of the field of view before the completed
    aim, the attacker may choose to immediately attempt the fire action. ... If it is a
    hit, resolve an opposed Quickness test." The aimer may roll it while aiming and on
    the step of the shot, not after."""
    f = dealt({"p1": ["KS", "JH"], "p2": ["QD", "2C"]})
    f.as_("p1", "combat.aim", card="KS", steps=3)
    f.as_("p1", "combat.interrupt", against="p2", faces=[[5]], against_faces=[[3]])
    f.gm("combat.next")  # Queen
    f.gm("combat.next")  # Jack
    f.as_("p1", "combat.act", card="JH", action="fires")
    f.as_("p1", "combat.interrupt", against="p2", faces=[[5]], against_faces=[[3]])
    f.gm("combat.next")
    with pytest.raises(RuleViolation, match="wait card"):
        f.as_("p1", "combat.interrupt", against="p2", faces=[[5]], against_faces=[[3]])


def test_active_defense_discards_highest_sleeve_first() -> None:
    """ "To initiate an active defense, declare your intention to do so and discard your
    highest remaining action card. If you have a card up your sleeve, that is your
    highest.\""""
    f = dealt({"p1": ["QS", "4H"]})
    f.as_("p1", "combat.defend")
    assert f.fighter("p1")["hand"] == ["4H"]
    g = dealt({"p1": ["AS", "4H"]})
    g.as_("p1", "combat.sleeve", card="AS")
    g.as_("p1", "combat.defend")
    assert g.fighter("p1").get("sleeve") is None and g.fighter("p1")["hand"] == ["4H"]


def test_distracted_loses_highest_card() -> None:
    """ "The target is unnerved, and in addition loses his highest Action Card. If he's
    got a cheat card up his sleeve, he loses that instead.\""""
    f = dealt({"p1": ["QS", "4H"]})
    f.gm("combat.lose_card", who="p1")
    assert f.fighter("p1")["hand"] == ["4H"]


def test_speed_two_holds_a_card_to_prepare() -> None:
    """ "A Speed score of 2 or higher means that the character's action is a little
    slower. He needs to spend and hold Action Cards to prepare" / "Once you've spent
    enough of these to prepare your character's action, you can use any remaining card
    to resolve it.\""""
    f = dealt({"p1": ["AS", "4H"]})
    f.as_("p1", "combat.prepare", speed=2)
    f.as_("p1", "combat.act", card="AS")
    assert f.fighter("p1")["prepare"] == {"speed": 2, "spent": 1, "cards": ["AS"]}
    f.gm("combat.next")
    events = f.as_("p1", "combat.act", card="4H")
    assert "preparing" not in events[0].data
    assert f.fighter("p1").get("prepare") is None
    assert f.accounted()


def test_preparation_cards_go_back_on_reshuffle() -> None:
    """ "If the deck gets shuffled while you're preparing an action, make sure any cards
    you're holding to prepare an action get shuffled back in the Action Deck. Use
    counters to keep track of how many actions you've already spent preparing.\""""
    f = dealt({"p1": ["AS", "4H"]})
    f.as_("p1", "combat.prepare", speed=3)
    f.as_("p1", "combat.act", card="AS")
    f.gm("combat.round")
    assert f.fighter("p1")["prepare"] == {"speed": 3, "spent": 1, "cards": []}
    assert len(f.combat("decks", "players", "draw")) == 54


def test_aim_markers_count_steps_and_keep_the_sleeve() -> None:
    """ "Each time a card value is counted down, place one aim marker on your initiative
    card." / "Taking an Aim action does not cause a Hero to lose a card up his sleeve.\""""
    f = dealt({"p1": ["KD", "9S"], "p2": ["AS", "JS"]})
    f.as_("p2", "combat.sleeve", card="AS")
    f.gm("combat.next")
    f.as_("p1", "combat.aim", card="KD", steps=4)
    f.gm("combat.next")  # Jack
    assert f.fighter("p1")["aim"]["markers"] == 2
    f.gm("combat.next")  # 9
    assert f.fighter("p1")["aim"]["markers"] == 4
    events = f.as_("p1", "combat.act", card="9S")
    assert events[0].data["aim"]["aimed"] is True
    assert f.fighter("p2")["sleeve"] == "AS"


def test_stunned_cannot_act() -> None:
    """ "If you fail it, your character's stunned and can't do anything besides limp a
    few meters and cry like a baby until he makes a recovery check.\""""
    f = dealt({"p1": ["AS", "4H"]})
    f.gm("combat.condition", who="p1", stunned=True)
    with pytest.raises(RuleViolation, match="stunned"):
        f.as_("p1", "combat.act", card="AS")


def test_broken_will_draws_the_winner_a_chip() -> None:
    """ "Broken You've broken the bad guy's will—for the moment at least. He's unnerved
    and distracted and you get to draw a Fate Chip from the pot.\""""
    f = dealt({"p1": ["QS", "4H"]}, npc=["KS", "3D"])
    f.gm("combat.lose_card", who="n1", broken=True, winner="p1")
    assert f.fighter("n1")["hand"] == ["3D"]
    assert sum(f.hand("p1").values()) == 1


def test_terror_bust_no_cards_then_one_card() -> None:
    """ "If a Hero goes bust on a Terror test, he draws no cards in the next draw phase" /
    "Terrified ... During the next draw phase, the Hero draws a single card\""""
    f = dealt({"p1": ["QS", "4H"]})
    f.gm("combat.condition", who="p1", no_cards="catatonic")
    f.gm("combat.next")
    f.gm("combat.round")
    with pytest.raises(RuleViolation, match="catatonic"):
        f.as_("p1", "combat.draw", faces=[[4]])
    f.gm("combat.next")
    f.gm("combat.condition", who="p1", one_card="terrified")
    f.gm("combat.round")
    f.as_("p1", "combat.draw", faces=[[6, 4]])
    assert len(f.fighter("p1")["hand"]) == 1


def test_sleeve_card_is_face_down() -> None:
    """ "place it face down under your Fate Chips\""""
    from app.domain.actors import player

    f = dealt({"p1": ["AS", "4H"], "p2": ["2C", "3C"]})
    f.as_("p1", "combat.sleeve", card="AS")
    seen = [e for e in f.table.events if player("p2").may_see(e.visible_to)]
    assert seen[-1].text == "Ann puts a card up the sleeve."
    assert f.view("p2")["combatants"]["p1"]["has_sleeve"] is True
    assert "sleeve" not in f.view("p2")["combatants"]["p1"]
