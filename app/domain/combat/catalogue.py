"""The combat commands both Fate-chip games get, their settings, and the hooks that
tie them to the engine's own commands (negation, seats)."""

from __future__ import annotations

from ..actors import Role
from ..fatechips.state import ChipsSettings
from ..fatechips.system import ChipSystem
from . import (
    actions,
    ammo,
    attack,
    attack_args,
    autofire,
    countdown,
    draw,
    entangle,
    falling,
    flow,
    flow_args,
    hazards,
    healing,
    movement,
    npcs,
    ongoing,
    rounds,
    stun,
    will,
)
from .fight_args import Entry, entries, entry

GM: frozenset[Role] = frozenset({"gm"})
EVERYONE: frozenset[Role] = frozenset({"gm", "player"})

WHO = "seat id or NPC id (GM only; a player acts for their own seat)"
CHECK = {
    "faces": "dice rolled at the table: a list of ace chains, e.g. [[6, 6, 2], [3]]",
    "from_roll": "true: use your latest roll.trait (chips spent on it) instead",
    "dice": "override the number of dice",
    "sides": "override the die type",
    "modifier": "situational modifier (the wound penalty is added for you)",
}
ATTACK = {
    "who": WHO,
    "target": "who is attacked (seat or NPC id)",
    "card": "the card this action plays (in a fight)",
    "mode": "ranged (default), thrown or melee",
    "skill": "the aptitude on the sheet, e.g. 'shooting: blasters' (none: default roll, halved)",
    "related": "true: a related concentration (-2)",
    "distance": "meters to the target (ranged, thrown)",
    "range_increment": "the weapon's Range Increment (ranged)",
    "running": "true: the attacker is running (-4)",
    "mounted": "true: firer is mounted (-2)",
    "target_moving": "true: relative Pace over 20 (-4)",
    "size": "target size step, -6..+6",
    "concealed": "true: completely concealed, general direction known (-4)",
    "darkness": "the lighting penalty (only beyond 10 m)",
    "called": "called shot: guts, gizzards, head, left_arm, right_hand, eyeball, heart...",
    "aim": "the weapon's Aim value x/y (markers from combat.aim)",
    "two_weapons": "true: a weapon in each hand (-2)",
    "off_hand": "true: the off hand (-4 more)",
    "one_handed_rifle": "true: a rifle in one hand (-2)",
    "rate_of_fire": "automatic weapons: the rate of fire (each raise one more hit)",
    "shots": "shots fired (at most the rate of fire)",
    "area_effect": "true: shotgun/grenade: 4d6 bonus dice, one less per 10 m",
    "defensive_bonus": "melee: the defender's weapon's Defensive Bonus",
    "defender_skill": "melee: the defender's fighting aptitude (sheet name)",
    "bystanders": "ranged/thrown: ids within 1 m of the path (2: Suppression), nearest first",
    "bystander_faces": "the d6s for the bystander checks, rolled at the table",
    "weapon": "a weapon declared with combat.weapon: the shots come out of its rounds",
    "maneuver": "attack (default); close: get inside a longer weapon's reach (no damage); "
    "withdraw: the longer weapon's wielder generates distance again",
    "weapon_bonus": "close: the Defensive Bonus of your own weapon (shorter than theirs)",
    "damage": "weapon damage dice, e.g. '3d6'",
    "unarmed": "true: no weapon: half the Strength die, nonlethal",
    "armour": "Armour levels of cover hit (0-6)",
    "penetration": "the weapon's Penetration",
    "shift": "hit location shift (-raises..raises)",
    "modifier": "any other situational modifier",
    **{k: v for k, v in CHECK.items() if k != "modifier"},
}
WORDS = {
    "wind_dice": ("host", "table"),
    "stun_tn": ("location", "attack"),
    "bleeding": ("worst", "sum"),
}


def default_settings(system: ChipSystem) -> ChipsSettings:
    """Combat's table settings (see docs/rulesets/combat.md, Interpretations)."""
    return {
        "shuffle_every_round": True,
        "red_joker_chip": system.jokers,
        "black_joker_chip": system.jokers,
        "wind_dice": "host",
        "stun_tn": "location",
        "bleeding": "worst",
        "full_rate_of_fire": True,
    }


def commands(system: ChipSystem) -> dict[str, Entry]:
    """{type: (summary, rule, roles, command type)} for the engine to bind to its system."""
    gm = system.gm(capital=True)
    return entries(
        entry("Start a fight: shuffle both Action Decks", rounds.start, GM, rounds.COMBAT_START),
        entry("End the fight", rounds.end, GM, rounds.COMBAT_END),
        entry(
            "Quickness roll vs TN 3 and draw Action Cards", draw.draw, EVERYONE, draw.COMBAT_DRAW
        ),
        entry(
            "Every waiting NPC rolls Quickness and draws", draw.draw_npcs, GM, draw.COMBAT_DRAW_NPCS
        ),
        entry("Choose the two cards to keep", draw.keep, EVERYONE, draw.COMBAT_KEEP),
        entry(
            "Skip the draw to hold the card up your sleeve", draw.hold, EVERYONE, draw.COMBAT_HOLD
        ),
        entry(
            "Surprise: a Guts check (Fair 5 expecting danger, Incredible 11 if not; Easy 3 "
            "to recover the next round)",
            draw.surprise,
            GM,
            draw.COMBAT_SURPRISE,
        ),
        entry(
            "Start the countdown or call the next step",
            countdown.call_next,
            GM,
            countdown.COMBAT_NEXT,
        ),
        entry(
            "End the round: bleeding, discards, reshuffles; the next round's draw",
            rounds.next_round,
            GM,
            rounds.COMBAT_ROUND,
        ),
        entry(
            "Act on a called card, the Red Joker or the card up your sleeve",
            countdown.act_on,
            EVERYONE,
            countdown.COMBAT_ACT,
        ),
        entry(
            "Put the called card up your sleeve",
            countdown.sleeve,
            EVERYONE,
            countdown.COMBAT_SLEEVE,
        ),
        entry(
            "Discard a card instead of acting", countdown.pass_card, EVERYONE, countdown.COMBAT_PASS
        ),
        entry(
            "Active defense: discard your highest card (the sleeve's first) and roll",
            actions.defend,
            EVERYONE,
            actions.COMBAT_DEFEND,
        ),
        entry(
            "Shoot, throw or fight: TN, roll, hits and damage (the card is played)",
            attack.attack,
            EVERYONE,
            attack_args.COMBAT_ATTACK,
        ),
        entry(
            "Automatic fire split between targets: shots and dice for each (one card)",
            autofire.autofire,
            EVERYONE,
            autofire.COMBAT_AUTOFIRE,
        ),
        entry(
            "Declare a weapon and its rounds (capacity; loaded, full by default)",
            ammo.declare,
            EVERYONE,
            ammo.COMBAT_WEAPON,
        ),
        entry(
            "Reload: one action a round, or one to remove the magazine and one to insert",
            ammo.reload,
            EVERYONE,
            ammo.COMBAT_RELOAD,
        ),
        entry(
            "Entangle or trip someone: your fighting against their Deftness",
            entangle.entangle,
            EVERYONE,
            entangle.COMBAT_ENTANGLE,
        ),
        entry(
            "Break a fragile entangling weapon (Strength vs its TN) or wriggle out "
            "(Deftness vs the holder's skill)",
            entangle.break_free,
            EVERYONE,
            entangle.COMBAT_BREAK_FREE,
        ),
        entry(
            "A fall: 1d6+5 per 5 m (at most 20d6+100), wounds spread; water or a soft "
            "landing with its roll",
            falling.fall,
            GM,
            falling.COMBAT_FALL,
        ),
        entry(
            "A test of will: bluff, overawe or ridicule someone (Unnerved, Distracted, Broken)",
            will.test_of_will,
            EVERYONE,
            will.COMBAT_WILL,
        ),
        entry(
            "A Fear or Terror test: Guts against the Master's TN", will.fear, GM, will.COMBAT_FEAR
        ),
        entry(
            "Test of wills (Distracted): lose the highest Action Card",
            actions.lose_card,
            GM,
            actions.COMBAT_LOSE_CARD,
        ),
        entry("Start a Speed 2+ action", actions.prepare, EVERYONE, actions.COMBAT_PREPARE),
        entry(
            "Lay down the called card and aim for some steps",
            actions.aim,
            EVERYONE,
            actions.COMBAT_AIM,
        ),
        entry(
            "Opposed Quickness roll to act before someone",
            actions.interrupt,
            EVERYONE,
            actions.COMBAT_INTERRUPT,
        ),
        entry(
            "Apply one attack: hit location, damage, wounds (then negation, Wind)",
            flow.hit,
            GM,
            flow_args.COMBAT_DAMAGE,
        ),
        entry(
            f"{gm} spends a chip to negate an NPC's fresh wounds",
            flow.npc_negate,
            GM,
            flow_args.COMBAT_NEGATE,
        ),
        entry(
            "Let fresh wounds stand and roll the Wind",
            flow.accept,
            EVERYONE,
            flow_args.COMBAT_ACCEPT,
        ),
        entry(
            "Enter the Wind dice rolled at the table", flow.enter_wind, GM, flow_args.COMBAT_WIND
        ),
        entry(
            "Make the stun check a wound called for", stun.stun_check, EVERYONE, stun.COMBAT_STUN
        ),
        entry(
            "Recovery check from stun (uses the card being played)",
            stun.recover,
            EVERYONE,
            stun.COMBAT_RECOVER,
        ),
        entry(
            "Set Size, stunned, unconscious or no cards this round",
            npcs.condition,
            GM,
            npcs.COMBAT_CONDITION,
        ),
        entry(
            "One move action: walk (half Pace), run (Pace), climb or swim; pick up the Pace",
            movement.move,
            EVERYONE,
            movement.COMBAT_MOVE,
        ),
        entry(
            "Rounds pass outside the countdown: everyone bleeding loses Wind for each",
            hazards.bleed,
            GM,
            hazards.COMBAT_BLEED,
        ),
        entry(
            "Take Wind from anyone, seat or NPC (drowning, smoke, picking up the Pace...)",
            hazards.wind_loss,
            GM,
            hazards.COMBAT_WIND_LOSS,
        ),
        entry(
            "Smoke (Onerous 7 Vigor) or rough water (swimming): Wind for the difference "
            "(a player: their own, in the smoke or water they are in)",
            hazards.hazard,
            EVERYONE,
            hazards.COMBAT_HAZARD,
        ),
        entry(
            "Someone is in smoke, rough water or on fire until 'off': checked or burning "
            "every round",
            ongoing.hazard_on,
            GM,
            ongoing.COMBAT_HAZARD_ON,
        ),
        entry("Add an NPC or monster to the GM's side", npcs.add, GM, npcs.NPC_ADD),
        entry("Change an NPC", npcs.update, GM, npcs.NPC_UPDATE),
        entry("Remove an NPC", npcs.remove, GM, npcs.NPC_REMOVE),
        entry(
            "Medicine roll on a wounded area within the hour",
            healing.medicine,
            EVERYONE,
            healing.HEAL_MEDICINE,
        ),
        entry("An hour has passed since the injuries", healing.hour, GM, healing.HEAL_HOUR),
        entry(
            "Five days: a Vigor roll for each wounded area",
            healing.natural,
            GM,
            healing.HEAL_NATURAL,
        ),
        entry(
            "Foolproof (3) medicine roll: all Wind back",
            healing.bandage,
            EVERYONE,
            healing.HEAL_WIND,
        ),
        entry("Minutes of rest: 1 Wind per minute", healing.rest, GM, healing.HEAL_REST),
        entry(
            "Fair (5) medicine roll to wake someone unconscious",
            healing.wake,
            EVERYONE,
            healing.HEAL_WAKE,
        ),
    )
