"""Hidden stays hidden (issue #26): an opposed roll with an NPC tells the table the
outcome; the NPC's dice and totals are the Master's (a GM-only ``…_rolls`` line)."""

from __future__ import annotations

from tests.rules.combat.test_countdown import dealt


def test_an_interrupt_against_an_npc_tells_only_who_goes_first() -> None:
    """ "you have to beat it in an opposed Quickness match. The winner gets to resolve his
    action first." — the NPC's Quickness total is not the table's."""
    f = dealt({"p1": ["AS", "4H"]}, npc=["KH", "3C"])
    f.as_("p1", "combat.sleeve", card="AS")  # a wait card
    events = f.as_("p1", "combat.interrupt", against="n1", faces=[[5]], against_faces=[[3]])
    public = next(e for e in events if e.type == "combat.interrupt")
    assert public.visible_to == "all" and public.data["against_roll"] is None
    assert public.text == "Ann tries to interrupt Bug: Ann goes first."
    rolls = next(e for e in events if e.type == "combat.interrupt_rolls")
    assert rolls.visible_to == "gm" and rolls.data["against_roll"]["total"] == 3


def test_entangling_an_npc_tells_only_whether_it_holds() -> None:
    """ "Doing either is an opposed roll of the attacker's appropriate fighting skill
    versus the opponent's Deftness." — the NPC's Deftness roll is the Master's."""
    f = dealt({"p1": ["AS", "4H"]}, npc=["KH", "3C"])
    f.sheet("p1", "aptitudes.fighting", {"level": 1})
    events = f.as_(
        "p1",
        "combat.entangle",
        target="n1",
        card="AS",
        break_tn=5,
        faces=[[6, 2]],
        against_faces=[[3]],
        against_dice=1,
        against_sides=6,
    )
    public = next(e for e in events if e.type == "combat.entangled")
    assert public.visible_to == "all" and "[" not in public.text
    assert public.text == "Ann tries to entangle Bug: Bug is entangled."
    assert next(e for e in events if e.type == "combat.entangled_rolls").visible_to == "gm"
