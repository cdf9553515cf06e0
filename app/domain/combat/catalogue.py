"""The combat commands both Fate-chip games get, their settings, and the hooks that
tie them to the engine's own commands (negation, seats)."""

from __future__ import annotations

from ..actors import Role
from ..arguments import NoArgs
from ..fatechips.system import ChipSystem
from ..jsonvalue import JsonDict
from . import (
    actions,
    ammo,
    attack,
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
    rounds,
    stun,
    will,
)
from .attack_args import AttackArgs
from .fight_args import Entry, entry

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


def default_settings(system: ChipSystem) -> JsonDict:
    """Combat's table settings (see docs/rulesets/combat.md, Interpretations)."""
    return {
        "shuffle_every_round": True,
        "red_joker_chip": system.jokers,
        "black_joker_chip": system.jokers,
        "wind_dice": "host",
        "stun_tn": "location",
        "bleeding": "worst",
    }


def commands(system: ChipSystem) -> dict[str, Entry]:
    """{type: (summary, rule, roles, args)} for the engine to wrap into CommandSpecs."""
    gm = system.gm(capital=True)
    return {
        "combat.start": entry("Start a fight: shuffle both Action Decks", rounds.start, GM, NoArgs),
        "combat.end": entry("End the fight", rounds.end, GM, NoArgs),
        "combat.draw": entry(
            "Quickness roll vs TN 3 and draw Action Cards", draw.draw, EVERYONE, draw.DrawArgs
        ),
        "combat.draw_npcs": entry(
            "Every waiting NPC rolls Quickness and draws", draw.draw_npcs, GM, NoArgs
        ),
        "combat.keep": entry("Choose the two cards to keep", draw.keep, EVERYONE, draw.KeepArgs),
        "combat.hold": entry(
            "Skip the draw to hold the card up your sleeve", draw.hold, EVERYONE, draw.HoldArgs
        ),
        "combat.surprise": entry(
            "Surprise: a Guts check (Fair 5 expecting danger, Incredible 11 if not; Easy 3 "
            "to recover the next round)",
            draw.surprise,
            GM,
            draw.SurpriseArgs,
        ),
        "combat.next": entry(
            "Start the countdown or call the next step", countdown.call_next, GM, NoArgs
        ),
        "combat.round": entry(
            "End the round: bleeding, discards, reshuffles; the next round's draw",
            rounds.next_round,
            GM,
            NoArgs,
        ),
        "combat.act": entry(
            "Act on a called card, the Red Joker or the card up your sleeve",
            countdown.act_on,
            EVERYONE,
            countdown.ActArgs,
        ),
        "combat.sleeve": entry(
            "Put the called card up your sleeve", countdown.sleeve, EVERYONE, countdown.CardArgs
        ),
        "combat.pass": entry(
            "Discard a card instead of acting", countdown.pass_card, EVERYONE, countdown.CardArgs
        ),
        "combat.defend": entry(
            "Active defense: discard your highest card (the sleeve's first) and roll",
            actions.defend,
            EVERYONE,
            actions.DefendArgs,
        ),
        "combat.attack": entry(
            "Shoot, throw or fight: TN, roll, hits and damage (the card is played)",
            attack.attack,
            EVERYONE,
            AttackArgs,
        ),
        "combat.weapon": entry(
            "Declare a weapon and its rounds (capacity; loaded, full by default)",
            ammo.declare,
            EVERYONE,
            ammo.WeaponArgs,
        ),
        "combat.reload": entry(
            "Reload: one action a round, or one to remove the magazine and one to insert",
            ammo.reload,
            EVERYONE,
            ammo.ReloadArgs,
        ),
        "combat.entangle": entry(
            "Entangle or trip someone: your fighting against their Deftness",
            entangle.entangle,
            EVERYONE,
            entangle.EntangleArgs,
        ),
        "combat.break_free": entry(
            "Break a fragile entangling weapon (Strength vs its TN) or wriggle out "
            "(Deftness vs the holder's skill)",
            entangle.break_free,
            EVERYONE,
            entangle.BreakFreeArgs,
        ),
        "combat.fall": entry(
            "A fall: 1d6+5 per 5 m (at most 20d6+100), wounds spread; water or a soft "
            "landing with its roll",
            falling.fall,
            GM,
            falling.FallArgs,
        ),
        "combat.will": entry(
            "A test of will: bluff, overawe or ridicule someone (Unnerved, Distracted, Broken)",
            will.test_of_will,
            EVERYONE,
            will.WillArgs,
        ),
        "combat.fear": entry(
            "A Fear or Terror test: Guts against the Master's TN", will.fear, GM, will.FearArgs
        ),
        "combat.lose_card": entry(
            "Test of wills (Distracted): lose the highest Action Card",
            actions.lose_card,
            GM,
            actions.LoseCardArgs,
        ),
        "combat.prepare": entry(
            "Start a Speed 2+ action", actions.prepare, EVERYONE, actions.PrepareArgs
        ),
        "combat.aim": entry(
            "Lay down the called card and aim for some steps",
            actions.aim,
            EVERYONE,
            actions.AimArgs,
        ),
        "combat.interrupt": entry(
            "Opposed Quickness roll to act before someone",
            actions.interrupt,
            EVERYONE,
            actions.InterruptArgs,
        ),
        "combat.damage": entry(
            "Apply one attack: hit location, damage, wounds (then negation, Wind)",
            flow.hit,
            GM,
            flow_args.DamageArgs,
        ),
        "combat.negate": entry(
            f"{gm} spends a chip to negate an NPC's fresh wounds",
            flow.npc_negate,
            GM,
            flow_args.NegateArgs,
        ),
        "combat.accept": entry(
            "Let fresh wounds stand and roll the Wind", flow.accept, EVERYONE, flow_args.AcceptArgs
        ),
        "combat.wind": entry(
            "Enter the Wind dice rolled at the table", flow.enter_wind, GM, flow_args.WindArgs
        ),
        "combat.stun": entry(
            "Make the stun check a wound called for",
            stun.stun_check,
            EVERYONE,
            stun.StunArgs,
        ),
        "combat.recover": entry(
            "Recovery check from stun (uses the card being played)",
            stun.recover,
            EVERYONE,
            stun.RecoverArgs,
        ),
        "combat.condition": entry(
            "Set Size, stunned, unconscious or no cards this round",
            npcs.condition,
            GM,
            npcs.ConditionArgs,
        ),
        "combat.move": entry(
            "One move action: walk (half Pace), run (Pace), climb or swim; pick up the Pace",
            movement.move,
            EVERYONE,
            movement.MoveArgs,
        ),
        "combat.bleed": entry(
            "Rounds pass outside the countdown: everyone bleeding loses Wind for each",
            hazards.bleed,
            GM,
            hazards.BleedArgs,
        ),
        "combat.wind_loss": entry(
            "Take Wind from anyone, seat or NPC (drowning, smoke, picking up the Pace...)",
            hazards.wind_loss,
            GM,
            hazards.WindLossArgs,
        ),
        "combat.hazard": entry(
            "Smoke (Onerous 7 Vigor) or rough water (swimming): Wind for the difference",
            hazards.hazard,
            GM,
            hazards.HazardArgs,
        ),
        "npc.add": entry("Add an NPC or monster to the GM's side", npcs.add, GM, npcs.NpcAddArgs),
        "npc.update": entry("Change an NPC", npcs.update, GM, npcs.NpcUpdateArgs),
        "npc.remove": entry("Remove an NPC", npcs.remove, GM, npcs.NpcArgs),
        "heal.medicine": entry(
            "Medicine roll on a wounded area within the hour",
            healing.medicine,
            EVERYONE,
            healing.MedicineArgs,
        ),
        "heal.hour": entry("An hour has passed since the injuries", healing.hour, GM, NoArgs),
        "heal.natural": entry(
            "Five days: a Vigor roll for each wounded area",
            healing.natural,
            GM,
            healing.NaturalArgs,
        ),
        "heal.wind": entry(
            "Foolproof (3) medicine roll: all Wind back",
            healing.bandage,
            EVERYONE,
            healing.TendArgs,
        ),
        "heal.rest": entry(
            "Minutes of rest: 1 Wind per minute", healing.rest, GM, healing.RestArgs
        ),
        "heal.wake": entry(
            "Fair (5) medicine roll to wake someone unconscious",
            healing.wake,
            EVERYONE,
            healing.TendArgs,
        ),
    }
