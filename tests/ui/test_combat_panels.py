"""The combat screens rendered without a browser, driven like a player and a GM
(tests/ui/harness.py over a fake client on the real rules)."""

from __future__ import annotations

from typing import Any

import flet as ft
from flet.utils.validation import validate

from app.domain.actors import GM
from app.domain.combat.cards import long_name as card_long
from app.domain.combat.cards import value
from app.domain.combat.npcs import NPC_ADD
from app.domain.combat.rounds import COMBAT_START
from app.domain.table_commands import SESSION_START
from app.ui.combat.common import card_name, wants_attention
from app.ui.combat.gm import gm_combat_panel
from app.ui.combat.player import combat_panel
from app.ui.model import AppModel
from app.ui.routes import parse_route

from .conftest import make_model
from .fakes import FakeHost
from .harness import Screen as Rendered


class Screen(Rendered):
    """A rendered screen whose every control passes Flet's own property checks after
    each render (a bad value stops a real page from updating at all)."""

    def refresh(self) -> None:
        super().refresh()
        for control in self.controls:
            validate(control)


async def fight(host: FakeHost) -> tuple[AppModel, AppModel, list[Any]]:
    """A GM and Ann at a running session, a fight started with one NPC."""
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    ann, seen = make_model(host)
    await ann.join("ABC123", "Ann")
    await gm.send(SESSION_START())
    await gm.send(COMBAT_START())
    await gm.send(NPC_ADD(name="Rattler", quickness="1d4"))
    return gm, ann, seen.toasts


def combat(host: FakeHost) -> dict[str, Any]:
    state: dict[str, Any] = host.table.view(GM)["rules"]["combat"]
    return state


async def drawn(host: FakeHost, ann: AppModel) -> Screen:
    """Ann draws from her phone (keeping two when she has to choose)."""
    screen = Screen(combat_panel, ann)
    assert screen.has("Roll Quickness and draw your cards.")
    await screen.tap("Draw: roll Quickness")
    me = combat(host)["combatants"]["p1"]
    if me["status"] == "choosing":
        assert screen.has("Tap two cards to keep")
        for card in me["drawn"][:2]:
            await screen.tap(f"Choose {card_long(card)}")
        await screen.tap("Keep these two")
    return screen


async def test_the_player_draws_keeps_two_and_sees_the_nudge_when_the_card_comes_up() -> None:
    host = FakeHost("deadlands", seed=3)
    gm, ann, _ = await fight(host)
    screen = await drawn(host, ann)
    me = combat(host)["combatants"]["p1"]
    assert me["status"] == "drawn" and 1 <= len(me["hand"]) <= 3
    desk = Screen(gm_combat_panel, gm)
    await desk.tap("NPCs draw")
    await desk.tap("Start the countdown")
    while not combat(host)["combatants"]["p1"]["acting_now"]:
        await desk.tap("Call the next step")
    screen.refresh()
    assert screen.has("Your turn! Your ")
    card = combat(host)["combatants"]["p1"]["playable"][0]
    desk.refresh()
    assert desk.has(f"Ann: {card_name(card)}")  # the GM sees who acts now
    await screen.tap("Act on")
    assert card not in combat(host)["combatants"]["p1"]["hand"]
    assert not screen.has("Your turn!")


async def test_the_gm_hits_the_player_and_the_phone_negates_with_a_chip_split() -> None:
    host = FakeHost("deadlands")
    gm, ann, _ = await fight(host)
    host.run(GM, "chips.award", {"player": "p1", "colour": "blue", "reason": "test"})
    desk = Screen(gm_combat_panel, gm)
    await desk.tap("Damage")
    await desk.tap("Ann")
    await desk.tap("Name it")
    await desk.tap("Left arm")
    await desk.type("Damage dice rolled", "6+6+5, 2")  # 19 vs Size 6: 3 wounds
    await desk.tap("Hit Ann")
    assert combat(host)["attacks"]["p1"]["stage"] == "negate"
    phone = Screen(combat_panel, ann)
    assert phone.has("You're hit!")
    assert phone.has("3 wounds to the left arm")
    await phone.tap("Blue chips")
    assert phone.has("A blue chip negates up to 3 wounds")
    await phone.tap("Less Left arm")  # negate only 2 of the 3
    await phone.tap("Negate 2 wounds with a blue chip")
    body = combat(host)["combatants"]["p1"]["body"]
    assert body["wounds"]["left_arm"] == 1
    assert phone.has("1 wound to the left arm")  # another chip could still negate it
    await phone.tap("Take the wounds")
    await phone.tap("Yes, take them")
    assert "p1" not in combat(host).get("attacks", {})  # the Wind was rolled
    assert not phone.has("You're hit!")
    assert phone.has("Stun check!")
    desk.refresh()
    assert desk.has("Ann spends a blue chip and negates 2 to the left arm.")


async def test_a_split_beyond_the_chip_is_refused_with_the_rule_and_nothing_is_sent() -> None:
    host = FakeHost("deadlands")
    _, ann, toasts = await fight(host)
    host.run(GM, "chips.award", {"player": "p1", "colour": "white", "reason": "test"})
    host.run(
        GM,
        "combat.damage",
        {"who": "p1", "location": "head", "dice": 1, "sides": 6, "faces": [[6, 6, 1], [1], [1]]},
    )
    phone = Screen(combat_panel, ann)
    await phone.tap("White chips")
    assert phone.has("A white chip negates up to 1 wound")
    version = host.table.version
    await phone.tap("Less Head")
    await phone.tap("Negate 0 wounds")
    assert toasts[-1].error and toasts[-1].message == "Choose at least one wound to negate."
    assert host.table.version == version


async def test_taking_the_wounds_rolls_the_wind_and_the_body_shows_the_level() -> None:
    host = FakeHost("spacelands")
    _, ann, _ = await fight(host)
    host.run(
        GM,
        "combat.damage",
        {"who": "p1", "location": "guts", "dice": 2, "sides": 6, "faces": [[6, 5], [6, 1]]},
    )
    phone = Screen(combat_panel, ann)
    await phone.tap("Take the wounds")
    await phone.tap("Yes, take them")
    body = combat(host)["combatants"]["p1"]["body"]
    assert body["levels"]["guts"] == "serious"
    phone.refresh()
    assert phone.has("Serious")
    assert phone.has("Wound penalty -3")
    assert phone.has(f"Wind {body['wind']['current']}/{body['wind']['max']}")
    assert phone.has("Bleeding 1 Wind a round")


async def test_the_gm_adds_an_npc_and_the_npc_draws_and_acts_from_the_tablet() -> None:
    host = FakeHost("deadlands", seed=11)
    gm, _, _ = await fight(host)
    desk = Screen(gm_combat_panel, gm)
    await desk.tap("NPCs")
    await desk.type("NPC name", "Walkin' Dead")
    await desk.type("Quickness dice", "4d10")
    await desk.tap("Add NPC")
    npcs = combat(host)["npcs"]
    assert [n["name"] for n in npcs.values()] == ["Rattler", "Walkin' Dead"]
    assert npcs["n2"]["dice"]["quickness"] == {"dice": 4, "sides": 10}
    await desk.tap("Fight")
    await desk.tap("Draw for Walkin' Dead")
    npc = combat(host)["combatants"]["n2"]
    assert npc["status"] == "choosing"  # 4d10 draws plenty
    assert desk.has("Walkin' Dead drew these: tap two to keep.")
    for card in npc["drawn"][:2]:
        await desk.tap(f"Walkin' Dead keeps {card_long(card)}")
    await desk.tap("Walkin' Dead keeps these two")
    assert combat(host)["combatants"]["n2"]["hand"] == sorted(
        npc["drawn"][:2], key=value, reverse=True
    )
    assert desk.has("Still to draw or choose: Ann, Rattler")


async def test_the_gm_gives_an_npc_added_without_guts_its_dice() -> None:
    """An NPC added without Guts can't resist a test of will ("...has no Guts dice"):
    the tablet changes its dice in place (``npc.update``), not only by removing it and
    adding it again (found by a new GM)."""
    host = FakeHost("spacelands", seed=11)
    gm, _, _ = await fight(host)
    desk = Screen(gm_combat_panel, gm)
    await desk.tap("NPCs")
    await desk.toggle("Change Rattler's dice")
    labels = [str(c.label) for c in desk.controls if isinstance(c, ft.TextField)]
    assert len(labels) == len(set(labels)), labels  # the add form is open beside it
    await desk.type("Rattler's guts dice", "3d8")
    await desk.tap("Save Rattler's dice")
    rattler = combat(host)["npcs"]["n1"]["dice"]
    assert rattler["guts"] == {"dice": 3, "sides": 8}
    assert rattler["quickness"] == {"dice": 1, "sides": 4}  # untouched: unchanged
    assert desk.has("Guts 3d8")


async def test_every_gm_section_renders_and_heals_from_the_tablet() -> None:
    host = FakeHost("spacelands")
    gm, _, _ = await fight(host)
    host.run(
        GM,
        "combat.damage",
        {"who": "p1", "location": "left_leg", "dice": 1, "sides": 6, "faces": [[6, 1]]},
    )
    desk = Screen(gm_combat_panel, gm)
    assert desk.has("Waiting for Ann's phone: negate with a chip or take it (Left leg 1).")
    await desk.tap("Ann's wounds stand")
    assert "p1" not in combat(host).get("attacks", {})
    assert desk.has("Stun check for Ann (Vigor vs 5)")
    for section in ("Damage", "NPCs", "Healing"):
        await desk.tap(section)
    assert desk.has("Wounded area (fresh: treatable within the hour)")
    # Ann's stun check is due: she can't treat herself before it ("make the stun check
    # first")
    await desk.tap("Medicine: Ann treats Ann's Left leg")
    assert combat(host)["combatants"]["p1"]["body"]["fresh"] == ["left_leg"]
    host.run(GM, "combat.stun", {"who": "p1", "faces": [[6, 1]]})  # made: she may act
    desk.refresh()
    await desk.tap("Medicine: Ann treats Ann's Left leg")
    assert combat(host)["combatants"]["p1"]["body"]["fresh"] == []  # one attempt per injury


async def test_the_stun_check_takes_the_vigor_dice_rolled_at_the_table() -> None:
    host = FakeHost("deadlands")
    _, ann, _ = await fight(host)
    host.run(
        GM,
        "combat.damage",
        {"who": "p1", "location": "right_leg", "dice": 2, "sides": 6, "faces": [[6, 5], [3]]},
    )
    phone = Screen(combat_panel, ann)
    await phone.tap("Take the wounds")
    await phone.tap("Yes, take them")
    tn = combat(host)["combatants"]["p1"]["stun_due"]
    assert phone.has("Stun check!") and phone.has(f"Vigor vs TN {tn}")
    await phone.type("Vigor rolled at the table", "1")
    await phone.tap("Record these dice")
    me = combat(host)["combatants"]["p1"]
    assert me["stun_due"] is None
    assert me["body"]["unconscious"]  # a natural 1 on one die: bust, out cold
    assert not phone.has("Stun check!")


async def test_taking_the_hit_asks_first() -> None:
    """One tap on "Take the wounds" only asks; "Back" keeps the window open."""
    host = FakeHost("spacelands")
    _, ann, _ = await fight(host)
    host.run(
        GM,
        "combat.damage",
        {"who": "p1", "location": "guts", "dice": 1, "sides": 6, "faces": [[6, 1]]},
    )
    phone = Screen(combat_panel, ann)
    await phone.tap("Take the wounds")
    assert "p1" in combat(host)["attacks"] and phone.has("No chip can negate them after.")
    await phone.tap("Back")
    assert phone.has("Take the wounds") and "p1" in combat(host)["attacks"]
    await phone.tap("Take the wounds")
    await phone.tap("Yes, take them")
    assert "p1" not in combat(host).get("attacks", {})


async def test_the_stun_button_rolls_with_the_penalty_and_offers_chips() -> None:
    """The stun check's big button includes the wound penalty and lets chips go on the
    roll before it counts."""
    host = FakeHost("spacelands", seed=5)
    _gm, ann, _ = await fight(host)
    host.run(GM, "chips.award", {"player": "p1", "colour": "white"})
    host.run(
        GM,
        "combat.damage",
        {"who": "p1", "location": "left_leg", "dice": 2, "sides": 6, "faces": [[6, 5], [3]]},
    )
    host.run(GM, "combat.accept", {"who": "p1"})
    tn = combat(host)["combatants"]["p1"]["stun_due"]
    phone = Screen(combat_panel, ann)
    assert phone.has(f"Vigor vs TN {tn} (wound penalty -2)")
    await phone.tap(f"Roll Vigor vs {tn} (wound penalty -2)")
    roll = host.table.view(GM)["rules"]["players"]["p1"]["roll"]
    assert roll["modifier"] == -2 and roll["label"] == "Stun check"
    phone.refresh()
    assert phone.has("Spend chips on it, then make the check.")
    await phone.tap("White chip")
    assert host.table.view(GM)["rules"]["players"]["p1"]["roll"]["whites"] == 1
    await phone.tap("Make the stun check with this roll")
    assert combat(host)["combatants"]["p1"]["stun_due"] is None


async def test_calling_the_next_step_warns_when_a_player_still_holds_the_card() -> None:
    host = FakeHost("deadlands", seed=3)
    gm, ann, _ = await fight(host)
    await drawn(host, ann)
    desk = Screen(gm_combat_panel, gm)
    await desk.tap("NPCs draw")
    await desk.tap("Start the countdown")
    while not combat(host)["combatants"]["p1"]["acting_now"]:
        await desk.tap("Call the next step")
        if desk.has("Still holding a called card"):
            break
        desk.refresh()
    step = combat(host)["step"]
    await desk.tap("Call the next step")
    assert combat(host)["step"] == step and desk.has("Still holding a called card: Ann")
    await desk.tap("Wait for them")
    assert combat(host)["step"] == step
    await desk.tap("Call the next step")
    await desk.tap("Call it anyway")
    assert combat(host)["step"] != step


async def test_a_stunned_phone_offers_only_the_recovery_check() -> None:
    host = FakeHost("spacelands", seed=3)
    gm, ann, _ = await fight(host)
    screen = await drawn(host, ann)
    desk = Screen(gm_combat_panel, gm)
    await desk.tap("NPCs draw")
    await desk.tap("Start the countdown")
    while not combat(host)["combatants"]["p1"]["acting_now"]:
        host.run(GM, "combat.next", {})
    host.run(GM, "combat.condition", {"who": "p1", "stunned": True})
    screen.refresh()
    assert screen.has("You're stunned: your")
    assert not screen.has("Your turn! Your ")
    assert screen.button("Recovery check on") is not None
    assert not any(t.startswith("Act on") for t in screen.texts())
    assert not screen.has("Dodge") and not screen.has("Attack")


async def test_the_phone_attacks_with_the_card_that_is_up() -> None:
    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    screen = await drawn(host, ann)
    host.run(GM, "combat.draw_npcs", {})
    host.run(GM, "combat.next", {})
    while not combat(host)["combatants"]["p1"]["acting_now"]:
        host.run(GM, "combat.next", {})
    screen.refresh()
    await screen.tap("Rattler")
    # an empty skill is a halved default roll: the form says so before the shot
    assert screen.has("Not on the sheet, or left empty: a default roll (Deftness, halved).")
    await screen.type("Distance (m)", "25")
    await screen.tap("Attack Rattler with")
    attacked = [e for e in host.table.events if e.type == "combat.attacked"]
    assert attacked and attacked[-1].data["tn"] == 7  # Fair 5 + 25 m / 10 m


async def test_the_gm_calls_a_fear_test() -> None:
    host = FakeHost("spacelands")
    gm, _, _ = await fight(host)
    desk = Screen(gm_combat_panel, gm)
    await desk.tap("Fear")
    await desk.tap("Ann")
    await desk.type("Fear TN", "9")
    await desk.tap("Ann: Fear test")
    fear = [e for e in host.table.events if e.type == "combat.fear"]
    assert fear and fear[-1].data["tn"] == 9


async def test_the_combat_tab_dot_when_hit_or_up() -> None:
    """A dot on the Combat tab when you're hit, a stun check is due, the draw waits for
    you or your card is up; none when nothing is asked of you."""
    host = FakeHost("spacelands")
    _, ann, _ = await fight(host)
    assert wants_attention(ann)  # the draw waits for her
    host.run(GM, "combat.end", {})
    assert not wants_attention(ann)
    host.run(
        GM,
        "combat.damage",
        {"who": "p1", "location": "guts", "dice": 1, "sides": 6, "faces": [[6, 1]]},
    )
    assert wants_attention(ann)  # hit: the negation window
    host.run(GM, "combat.accept", {"who": "p1"})
    assert wants_attention(ann)  # the stun check is due


async def _up(host: FakeHost, ann: AppModel) -> Screen:
    screen = await drawn(host, ann)
    host.run(GM, "combat.draw_npcs", {})
    host.run(GM, "combat.next", {})
    while not combat(host)["combatants"]["p1"]["acting_now"]:
        host.run(GM, "combat.next", {})
    screen.refresh()
    return screen


async def test_the_phone_closes_in_on_a_longer_weapon() -> None:
    """The close manoeuvre from the Attack card: Fight, Close in, their weapon's DB."""
    host = FakeHost("spacelands", seed=3)
    gm, ann, _ = await fight(host)
    host.run(GM, "npc.update", {"who": "n1", "fighting": "2d6"})
    host.run(GM, "sheet.update", {"player": "p1", "path": "traits.deftness.die", "value": 12})
    host.run(
        GM,
        "sheet.update",
        {"player": "p1", "path": "aptitudes.fighting: brawling", "value": {"level": 8}},
    )
    screen = await _up(host, ann)
    await screen.tap("Rattler")
    await screen.tap("Fight")
    await screen.tap("Close in")
    await screen.type("Skill on your sheet", "fighting: brawling")
    await screen.type("Their weapon's Defensive Bonus", "1")
    await screen.type("Your weapon's Defensive Bonus", "0")
    await screen.tap("Close in on Rattler with")
    tried = [e for e in host.table.events if e.type == "combat.attacked"][-1]
    assert tried.data["maneuver"] == "close" and tried.data["tn"] is None  # an NPC's TN
    closed = combat(host)["combatants"]["p1"]["closed"]
    assert tried.data["roll"]["success"] and closed == ["n1"], tried.text
    screen.refresh()
    assert screen.has("Ann is inside Rattler's reach.")
    assert Screen(gm_combat_panel, gm).has("Ann is inside Rattler's reach.")


async def test_the_phone_counts_a_guns_rounds_and_reloads() -> None:
    """Carry a gun, fire from it (the rounds go), reload a round."""
    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    screen = await _up(host, ann)
    await screen.type("Name of the gun", "pistol")
    await screen.type("Rounds", "6")
    await screen.tap("Carry this weapon")
    screen.refresh()
    assert screen.has("Pistol: 6/6 rounds")
    await screen.tap("Rattler")
    await screen.tap("Pistol")
    await screen.tap("Attack Rattler with")
    ammo = host.table.view(GM)["rules"]["combat"]["ammo"]["p1"]["pistol"]
    assert ammo["loaded"] == 5
    host.run(GM, "combat.end", {})  # after the fight, reloading needs no card
    screen.refresh()
    assert screen.has("Pistol: 5/6 rounds")
    await screen.tap("Reload a round (pistol)")
    assert host.table.view(GM)["rules"]["combat"]["ammo"]["p1"]["pistol"]["loaded"] == 6


async def test_the_other_hand_attacks_on_the_same_action() -> None:
    """A weapon in each hand: after the first attack the Attack card stays for the other
    hand, with no card to play."""
    import flet as ft

    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    screen = await _up(host, ann)
    await screen.tap("Rattler")
    for c in screen.controls:
        if isinstance(c, ft.Switch) and str(c.label).startswith("A weapon in each hand"):
            c.value = True
            await screen.fire(c.on_change, c)
            break
    await screen.tap("Attack Rattler with")
    assert screen.button("Attack Rattler with the other hand")
    await screen.tap("Attack Rattler with the other hand")
    attacks = [e for e in host.table.events if e.type == "combat.attacked"]
    assert len(attacks) == 2 and any(e.type == "combat.second_hand" for e in host.table.events)
    # the other hand is the off hand: −2 and −4 more
    assert ["off hand", -4] in attacks[1].data["modifiers"]


async def test_the_phone_moves_tests_a_will_and_interrupts() -> None:
    """Other actions: a move (no card), a test of will with the card that is up, and an
    interrupt (opposed Quickness)."""
    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    host.run(GM, "npc.update", {"who": "n1", "guts": "1d6"})
    screen = await _up(host, ann)
    await screen.type("Meters", "3")
    await screen.tap("Move")
    assert [e for e in host.table.events if e.type == "combat.moved"]
    chips = [c for c in screen.controls if getattr(c, "content", None) == "Rattler"]
    await screen.fire(chips[-1].on_click, chips[-1])
    # no card up the sleeve: nothing to interrupt with ("with a wait card")
    assert not screen.has("Interrupt them (opposed Quickness)")
    await screen.tap("Overawe")
    await screen.tap("Test their will with")
    assert [e for e in host.table.events if e.type.startswith("combat.will")]


async def test_the_phone_interrupts_with_the_card_up_its_sleeve() -> None:
    """ "If you want to interrupt someone else's action with a wait card ... you have to
    beat it in an opposed Quickness match": the button comes with a card up the sleeve."""
    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    screen = await _up(host, ann)
    assert not screen.has("Interrupt them (opposed Quickness)")
    await screen.tap("Sleeve ")
    chips = [c for c in screen.controls if getattr(c, "content", None) == "Rattler"]
    await screen.fire(chips[-1].on_click, chips[-1])
    await screen.tap("Interrupt them (opposed Quickness)")
    assert [e for e in host.table.events if e.type == "combat.interrupt"]


async def test_the_phone_fires_on_automatic_with_more_modifiers() -> None:
    """The folded-away choices reach the attack: rate of fire, target moving, size."""
    import flet as ft

    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    screen = await _up(host, ann)
    await screen.tap("Rattler")

    async def flip(label: str) -> None:
        for c in screen.controls:
            if isinstance(c, ft.Switch) and str(c.label).startswith(label):
                c.value = True
                await screen.fire(c.on_change, c)
                return
        raise AssertionError(label)

    await flip("More modifiers")
    await flip("Target is moving")
    await screen.type("Rate of fire", "3")
    await screen.type("Target size step", "-2")
    await screen.tap("Attack Rattler with")
    shot = [e for e in host.table.events if e.type == "combat.attacked"][-1]
    mods = dict(map(tuple, shot.data["modifiers"]))
    assert mods["target size"] == -2 and "target is moving (relative Pace over 20)" in mods


async def test_the_phone_entangles_with_the_card_that_is_up() -> None:
    """Other actions: entangle someone (fighting against their Deftness)."""
    host = FakeHost("spacelands", seed=3)
    _gm, ann, toasts = await fight(host)
    host.run(GM, "npc.update", {"who": "n1", "deftness": "1d6"})
    screen = await _up(host, ann)
    chips = [c for c in screen.controls if getattr(c, "content", None) == "Rattler"]
    await screen.fire(chips[-1].on_click, chips[-1])
    await screen.type("Break TN", "9")
    await screen.tap("Entangle them with")
    tried = [e for e in host.table.events if e.type == "combat.entangled"]
    assert tried and tried[-1].data["break_tn"] == 9, toasts


async def test_the_phone_tells_a_bust_draw_the_dice_format_and_when_a_defence_counts() -> None:
    """The draw's table-dice hint shows a comma between dice (a Blaster hand's 2d10
    typed as the old hint's '6+2' read as one aced die: "Enter exactly 2 dice"); a bust
    draw says no cards this round; active defence says its roll counts only if higher
    ("the greater of either his normal TN or your dodge or fighting roll")."""
    import flet as ft

    from app.domain.actors import player

    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    screen = Screen(combat_panel, ann)
    hints = [
        str(c.hint_text)
        for c in screen.controls
        if isinstance(c, ft.TextField) and c.label == "Dice rolled at the table"
    ]
    assert hints and ", " in hints[0] and "6+2" not in hints[0]
    host.run(player("p1"), "combat.draw", {"faces": [[1]]})
    screen.refresh()
    assert screen.has("No cards this round.")

    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    screen = await drawn(host, ann)
    host.run(GM, "combat.draw_npcs", {})
    host.run(GM, "combat.next", {})
    screen.refresh()
    assert screen.has("your roll becomes their TN if it is higher than their usual one")


async def test_the_change_dice_form_opens_on_the_npcs_dice_as_they_are_now() -> None:
    """Dice changed since the form was last open (an undo, another GM screen) show in
    it when it opens again: a stale field was saved back with the next change (play
    test, session 13: Shooting 6d12 saved, undone to 4d10, the form still said 6d12)."""
    host = FakeHost("spacelands", seed=11)
    gm, _, _ = await fight(host)
    desk = Screen(gm_combat_panel, gm)
    await desk.tap("NPCs")
    await desk.toggle("Change Rattler's dice")
    await desk.type("Rattler's shooting dice", "6d12")
    await desk.tap("Save Rattler's dice")
    assert combat(host)["npcs"]["n1"]["dice"]["shooting"] == {"dice": 6, "sides": 12}
    host.run(GM, "npc.update", {"who": "n1", "shooting": "4d10"})  # as an undo would
    desk.refresh()
    assert desk.has("Shooting 4d10")
    await desk.toggle("Change Rattler's dice")
    assert [
        c.value
        for c in desk.controls
        if isinstance(c, ft.TextField) and c.label == "Rattler's shooting dice"
    ] == ["4d10"]
    await desk.type("Rattler's guts dice", "3d8")
    await desk.tap("Save Rattler's dice")
    rattler = combat(host)["npcs"]["n1"]["dice"]
    assert rattler["guts"] == {"dice": 3, "sides": 8}
    assert rattler["shooting"] == {"dice": 4, "sides": 10}  # not the stale 6d12


async def test_a_maimed_arm_takes_the_weapon_in_each_hand_away() -> None:
    """ "If a limb becomes maimed, it is severed ... or otherwise out of action forever":
    the Attack card offers no weapon in each hand, and a shot still goes."""
    import flet as ft

    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    screen = await _up(host, ann)

    def switches() -> list[str]:
        return [str(c.label) for c in screen.controls if isinstance(c, ft.Switch)]

    assert any(s.startswith("A weapon in each hand") for s in switches())
    host.run(GM, "sheet.update", {"player": "p1", "path": "wounds.left_arm", "value": 5})
    screen.refresh()
    assert not any(s.startswith("A weapon in each hand") for s in switches())
    await screen.tap("Rattler")
    await screen.tap("Attack Rattler with")
    assert [e for e in host.table.events if e.type == "combat.attacked"]
