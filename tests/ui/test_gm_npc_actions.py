"""The GM acts for an NPC from the tablet (the players' Attack card, sent with the
NPC's id), and the folded "GM actions" do to anyone what no card plays."""

from __future__ import annotations

import flet as ft

from app.domain.actors import GM
from app.domain.combat.npcs import NPC_ADD
from app.domain.combat.rounds import COMBAT_START
from app.domain.table_commands import SESSION_START
from app.ui.combat.attack_form import attack_call
from app.ui.combat.gm import gm_combat_panel
from app.ui.model import AppModel
from app.ui.routes import parse_route

from .conftest import make_model
from .fakes import FakeHost
from .test_combat_panels import Screen, combat, drawn, fight


async def flip(screen: Screen, label: str) -> None:
    for c in screen.controls:
        if isinstance(c, ft.Switch) and str(c.label).startswith(label):
            c.value = not c.value
            await screen.fire(c.on_change, c)
            return
    raise AssertionError(label)


async def rattler_up(host: FakeHost, *more: str) -> tuple[AppModel, Screen]:
    """A fight with Ann and Rattler (shooting 3d8), NPCs ``more`` standing by; the
    tablet once Rattler's card is up."""
    gm, ann, _ = await fight(host)
    host.run(GM, "npc.update", {"who": "n1", "shooting": "3d8", "quickness": "4d10"})
    for name in more:
        host.run(GM, "npc.add", {"name": name, "quickness": "1d4"})
    await drawn(host, ann)
    desk = Screen(gm_combat_panel, gm)
    await desk.tap("NPCs draw")
    npc = combat(host)["combatants"]["n1"]
    if npc["status"] == "choosing":
        host.run(GM, "combat.keep", {"who": "n1", "cards": npc["drawn"][:2]})
    for cid, e in combat(host)["combatants"].items():
        if e["status"] == "choosing":
            host.run(GM, "combat.keep", {"who": cid, "cards": e["drawn"][:2]})
    await desk.tap("Start the countdown")
    while not combat(host)["combatants"]["n1"]["acting_now"]:
        host.run(GM, "combat.next", {})
    desk.refresh()
    return gm, desk


async def test_the_gm_attacks_ann_for_the_npc_whose_card_is_up() -> None:
    """The NPC rolls its own shooting dice, as Ronan does in the text ("He rolls 3d8
    (Blast rifle skill 3, Deftness d8)"), on its called card, from the tablet; its gun's
    rounds are counted."""
    host = FakeHost("spacelands", seed=5)
    _gm, desk = await rattler_up(host)
    assert desk.has("Acting for Rattler")
    assert desk.has("Rolls the NPC's shooting or fighting dice (NPCs tab).")
    await desk.type("Name of the gun", "blaster")
    await desk.tap("Carry this weapon")
    assert combat(host)["ammo"]["n1"]["blaster"]["loaded"] == 6
    up = combat(host)["combatants"]["n1"]["playable"][0]
    await desk.tap("Ann")  # the Attack card's first chips: whom
    await desk.tap("Blaster")
    await desk.type("Distance (m)", "25")
    await desk.tap("Rattler: Attack Ann with")
    shot = [e for e in host.table.events if e.type == "combat.attacked"][-1]
    assert shot.data["who"] == "n1" and shot.data["target"] == "p1"
    assert shot.data["tn"] == 7  # Fair 5 + 25 m / 10 m
    assert shot.data["how"] == "skilled"  # the NPC's shooting dice, not a default roll
    assert up not in combat(host)["combatants"]["n1"].get("hand", [])
    assert combat(host)["ammo"]["n1"]["blaster"]["loaded"] < 6


async def test_gm_actions_are_folded_and_act_on_anyone() -> None:
    """The issue: "The GM can take Wind from NPCs too (drowning, smoke)": from the tablet, on a
    seat or an NPC; a fall, a smoke check, stunned by hand; a refusal names the rule."""
    host = FakeHost("spacelands", seed=2)
    gm, seen = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    ann, _ = make_model(host)
    await ann.join("ABC123", "Ann")
    await gm.send(SESSION_START())
    await gm.send(COMBAT_START())
    await gm.send(NPC_ADD(name="Rattler"))
    desk = Screen(gm_combat_panel, gm)
    assert desk.has("GM actions") and not desk.has("Take Wind from")  # folded
    await flip(desk, "Show GM actions")
    await desk.tap("Ann")
    await desk.type("Wind", "3")
    await desk.type("Why (for the log)", "smoke")
    await desk.tap("Take Wind from Ann")
    assert combat(host)["combatants"]["p1"]["body"]["wind"]["current"] == 7
    await desk.tap("Stun Ann")
    assert combat(host)["combatants"]["p1"]["body"]["stunned"]
    assert desk.has("Unstun Ann")
    await desk.tap("Ann: hazard check")
    smoke = [e for e in host.table.events if e.type == "combat.hazard"][-1]
    assert smoke.data["who"] == "p1" and smoke.data["tn"] == 7  # Onerous (7) Vigor
    await desk.tap("Rattler")
    await desk.type("Fall (m)", "10")
    await desk.tap("Rattler falls")
    fell = [e for e in host.table.events if e.type == "combat.fell"][-1]
    assert fell.data == {"who": "n1", "meters": 10, "landing": "ground", "dice": 2}
    await desk.type("Rounds", "2")
    await desk.tap("Rounds pass: bleeding")
    assert seen.toasts[-1].error and "bleeding" in seen.toasts[-1].message
    await desk.type("Fall (m)", "ten")
    await desk.tap("Rattler falls")
    assert seen.toasts[-1].message == "The fall is a whole number."


async def test_bystanders_near_the_path_go_with_the_shot_nearest_first() -> None:
    """Unintended targets: "Start at the bystander closest to the shooter": the order
    tapped is the order sent; the target is never its own bystander; a blow has none."""
    host = FakeHost("spacelands", seed=5)
    gm, desk = await rattler_up(host, "Bob")
    await desk.tap("Ann")
    await flip(desk, "More modifiers")
    await desk.tap("Near the path: Bob")
    assert desk.has("Near the path: Bob (1)")
    form = gm.forms.form("combat-attack-n1", {})
    up = combat(host)["combatants"]["n1"]["playable"][0]
    args = attack_call(form, "n1", up).args
    assert args["bystanders"] == ["n2"] and args["target"] == "p1"
    await desk.tap("Rattler: Attack Ann with")  # the host takes them
    assert [e for e in host.table.events if e.type == "combat.attacked"]
    form.put(mode="melee")
    assert attack_call(form, "n1", up).args["bystanders"] is None  # the model's default
