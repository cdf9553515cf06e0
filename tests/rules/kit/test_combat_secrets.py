"""The leak kit on Spacelands combat: a scripted fight that sends every combat command
a player may send (and the GM's NPC moves around them), then checks that nothing a
player receives — view, event text and data, refusal — reveals what the rules keep for
the GM: the NPCs' cards, their fighting and Size (through a melee TN), their active
defence rolls, their wounds and Wind, and NPCs not in the fight.

Every player command of the catalogue is also guessed with each GM-only id, against a
made-up id of the same shape (``invariants.guessed_ids_reveal_nothing``), not a random
sample of them as the property tests do."""

from __future__ import annotations

import json
from typing import Any

from app.domain.actors import GM, player
from app.domain.changes import get_path
from app.domain.errors import DomainError

from . import invariants as inv
from .driver import KitTable
from .fuzz import CANARY

P1, P2 = player("p1"), player("p2")


def _fight() -> tuple[KitTable, str, str]:
    """Ann and Bob against a secretly named NPC (n1, fighting 4d8, Size 8) and a second
    one (n2) who joins mid-fight; the countdown is running."""
    kit = KitTable("spacelands", players=("Ann", "Bob"), seed=7)
    kit.run(GM, "session.start")
    for pid in ("p1", "p2"):
        kit.run(
            GM, "sheet.update", {"player": pid, "path": "aptitudes.dodge", "value": {"level": 2}}
        )
        kit.run(GM, "sheet.update", {"player": pid, "path": "wind.max", "value": 60})
        kit.run(GM, "sheet.update", {"player": pid, "path": "wind.current", "value": 60})
        kit.run(GM, "chips.award", {"player": pid, "colour": "white"})
    kit.run(
        GM,
        "npc.add",
        {"name": f"{CANARY} 1", "quickness": "4d6", "fighting": "4d8", "size": 8, "wind": 40},
    )
    npc = "n1"
    kit.run(GM, "combat.start")
    kit.run(GM, "npc.add", {"name": f"{CANARY} 2", "quickness": "1d6"})
    for pid in ("p1", "p2"):
        kit.run(GM, "combat.draw", {"who": pid, "faces": [[6, 2]]})
        _keep(kit, pid)
    kit.run(GM, "combat.draw", {"who": npc, "faces": [[6, 6, 2], [5], [5], [5]]})
    _keep(kit, npc)
    kit.run(GM, "combat.next")
    return kit, npc, "n2"


def _keep(kit: KitTable, cid: str) -> None:
    record = get_path(kit.state, ("rules", "combat", "fighters", cid))
    if record["status"] == "choosing":
        kit.run(GM, "combat.keep", {"who": cid, "cards": record["drawn"][:2]})


def _hand(kit: KitTable, cid: str) -> list[str]:
    record = get_path(kit.state, ("rules", "combat", "fighters", cid)) or {}
    return [*record.get("hand", []), *([record["sleeve"]] if record.get("sleeve") else [])]


def _received(kit: KitTable, who: Any) -> str:
    return kit.seen_by(who)


def _player_moves(kit: KitTable, npc: str) -> None:
    """Every player command of combat, as a player would try it during the fight (a
    refusal is fine: it is checked for leaks like the rest)."""
    tries: list[tuple[Any, str, dict[str, Any]]] = [
        (P1, "combat.defend", {"skill": "dodge"}),
        (P1, "combat.attack", {"target": npc, "mode": "melee", "damage": "2d6", "card": "AS"}),
        (P1, "combat.attack", {"target": npc, "maneuver": "close", "mode": "melee"}),
        (P1, "combat.attack", {"target": "n2", "mode": "melee", "damage": "2d6"}),
        (P1, "combat.will", {"target": npc, "test": "overawe"}),
        (P2, "combat.will", {"target": "n2", "test": "bluff"}),
        (P1, "combat.interrupt", {"against": npc}),
        (P1, "combat.interrupt", {"against": "n2"}),
        (P1, "combat.aim", {"card": "AS", "steps": 2}),
        (P1, "combat.prepare", {"speed": 2}),
        (P1, "combat.move", {"meters": 3}),
        (P2, "combat.sleeve", {"card": "KS"}),
        (P2, "combat.pass", {"card": "KS"}),
        (P2, "combat.act", {"card": "KS", "action": "runs"}),
        (P2, "combat.recover", {}),
        (P2, "combat.stun", {}),
        (P2, "combat.negate", {"colour": "white"}),
        (P2, "combat.accept", {}),
        (P1, "combat.entangle", {"target": npc, "break_tn": 7}),
        (P2, "combat.break_free", {"how": "wriggle"}),
        (P1, "combat.weapon", {"weapon": "pistol", "capacity": 6}),
        (P1, "combat.reload", {"weapon": "pistol"}),
        (
            P1,
            "combat.attack",
            {
                "target": "p2",
                "weapon": "pistol",
                "distance": 3,
                "range_increment": 10,
                "damage": "1d6",
                "bystanders": [npc],
            },
        ),
        (P1, "combat.attack", {"target": npc, "maneuver": "withdraw", "mode": "melee"}),
        (P1, "heal.wind", {"patient": npc}),
        (P1, "heal.wounds", {"patient": npc, "location": "head"}),
    ]
    for actor, type_, args in tries:
        if type_ in kit.specs():
            kit.attempt((actor, type_, args))


def test_npc_cards_tns_and_defence_never_reach_a_player() -> None:
    """ "Hidden stays hidden": the NPC's cards (in hand, and the one its active defence
    discards), the TN its fighting and Size make, and its defence roll stay the GM's;
    a player still learns whether the attack hit."""
    kit, npc, _ = _fight()
    cards = _hand(kit, npc)
    kit.run(
        GM,
        "combat.defend",
        {"who": npc, "skill": "fighting", "faces": [[8, 8, 8, 3], [2], [2], [2]]},
    )
    defence = get_path(kit.state, ("rules", "combat", "fighters", npc, "defence"))
    assert defence is not None and defence > 9
    kit.run(
        GM,
        "combat.attack",
        {"who": "p1", "target": npc, "mode": "melee", "damage": "2d6", "faces": [[6, 5]]},
    )
    kit.run(
        GM,
        "combat.attack",
        {"who": "p1", "target": npc, "mode": "melee", "damage": "2d6", "faces": [[6, 5]]},
    )
    _player_moves(kit, npc)
    for viewer in (P1, P2):
        told = kit.table.events_after(0, viewer)
        # (the players' deck holds the same card codes: only what is about the NPC)
        about = [e for e in told if e.data.get("who") == npc or f"{CANARY} 1" in e.text]
        text = json.dumps([[e.type, e.text, e.data] for e in about], default=str)
        for card in cards:
            assert f'"{card}"' not in text, f"{viewer.label} learns the NPC's {card}"
        attacked = [e for e in told if e.type == "combat.attacked" and e.data["target"] == npc]
        assert attacked and all(e.data["tn"] is None for e in attacked)
        assert all(e.data["roll"]["tn"] is None for e in attacked)
        assert all("fighting 4" not in e.text and f"{defence}" not in e.text for e in attacked)
        assert not any(e.type == "combat.attack_tn" for e in told)
        assert not any(e.type == "combat.defence" and e.data["who"] == npc for e in told)
    gm_sees = [e for e in kit.table.events_after(0, GM) if e.type == "combat.attack_tn"]
    assert gm_sees and gm_sees[0].data["tn"] == defence


def test_every_player_command_keeps_the_gm_secrets() -> None:
    """The kit's invariants after a fight with every combat command: no event for
    someone else, no GM-only name in a view, and every player command of the catalogue
    answers a GM-only id exactly as it answers a made-up one."""
    kit, npc, _ = _fight()
    kit.run(GM, "combat.defend", {"who": npc, "skill": "fighting"})
    kit.run(GM, "combat.damage", {"who": npc, "location": "head", "dice": 3, "sides": 6})
    _player_moves(kit, npc)
    inv.nothing_gm_only_reaches_a_player(kit)
    # An NPC added mid-fight joins it (the table sees it); one the GM readies between
    # fights is the GM's alone: its id is what the guesses aim at.
    kit.run(GM, "combat.end")
    kit.run(GM, "npc.add", {"name": f"{CANARY} 3", "quickness": "1d6"})
    hidden = "n3"
    kit.run(GM, "combat.wind_loss", {"who": hidden, "amount": 3})
    assert hidden in inv.gm_only_ids(kit, P1)
    combat_pairs: list[tuple[str, str]] = []

    def every(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
        combat_pairs.extend(p for p in pairs if p[0].startswith(("combat.", "heal.")))
        return combat_pairs

    inv.guessed_ids_reveal_nothing(kit, every)
    assert len({t for t, _ in combat_pairs}) >= 10  # the combat commands were all guessed
    for viewer in (P1, P2):
        seen = _received(kit, viewer)
        assert f"{CANARY} 3" not in seen  # the NPC out of the fight
        entry = kit.table.view(viewer)["rules"]["combat"]["combatants"].get(npc, {})
        assert "body" not in entry  # its wounds and Wind are the GM's
    refusal = kit.attempt((P1, "combat.attack", {"target": hidden, "damage": "1d6"}))
    made_up = kit.attempt((P1, "combat.attack", {"target": "n77", "damage": "1d6"}))
    assert isinstance(refusal, DomainError) and isinstance(made_up, DomainError)
    assert refusal.message == made_up.message
