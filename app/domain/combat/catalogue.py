"""The combat commands both Fate-chip games get, their settings, and the hooks that
tie them to the engine's own commands (negation, seats)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..actors import Role
from ..arguments import A, Args
from ..context import Context
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
    hazards,
    healing,
    movement,
    npcs,
    rounds,
    stun,
    will,
)
from .attack_args import AttackArgs

Rule = Callable[[Context, ChipSystem, JsonDict], None]
#: (summary, rule, roles, args): args a model class (the rule gets it parsed) or, for a
#: command not converted yet, a map of descriptions (the rule gets the raw JSON).
Entry = tuple[
    str, Callable[[Context, ChipSystem, Any], None], frozenset[Role], type[Args] | dict[str, str]
]


def typed(
    summary: str,
    rule: Callable[[Context, ChipSystem, A], None],
    roles: frozenset[Role],
    args: type[A],
) -> Entry:
    """An entry whose rule takes ``args`` parsed (mypy checks the rule takes that model)."""
    return (summary, rule, roles, args)


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
        "combat.start": ("Start a fight: shuffle both Action Decks", rounds.start, GM, {}),
        "combat.end": ("End the fight", rounds.end, GM, {}),
        "combat.draw": (
            "Quickness roll vs TN 3 and draw Action Cards",
            draw.draw,
            EVERYONE,
            {"who": WHO, **CHECK},
        ),
        "combat.draw_npcs": (
            "Every waiting NPC rolls Quickness and draws",
            draw.draw_npcs,
            GM,
            {},
        ),
        "combat.keep": (
            "Choose the two cards to keep",
            draw.keep,
            EVERYONE,
            {"who": WHO, "cards": 'the two cards kept, e.g. ["AS", "10H"]'},
        ),
        "combat.hold": (
            "Skip the draw to hold the card up your sleeve",
            draw.hold,
            EVERYONE,
            {"who": WHO},
        ),
        "combat.surprise": (
            "Surprise: a Guts check (Fair 5 expecting danger, Incredible 11 if not; Easy 3 "
            "to recover the next round)",
            draw.surprise,
            GM,
            {"who": WHO, "expecting": "true (default) or false", **CHECK},
        ),
        "combat.next": ("Start the countdown or call the next step", countdown.call_next, GM, {}),
        "combat.round": (
            "End the round: bleeding, discards, reshuffles; the next round's draw",
            rounds.next_round,
            GM,
            {},
        ),
        "combat.act": (
            "Act on a called card, the Red Joker or the card up your sleeve",
            countdown.act,
            EVERYONE,
            {"who": WHO, "card": 'e.g. "QS", "RJ"', "action": "what you do (for the log)"},
        ),
        "combat.sleeve": (
            "Put the called card up your sleeve",
            countdown.sleeve,
            EVERYONE,
            {"who": WHO, "card": "the called card"},
        ),
        "combat.pass": (
            "Discard a card instead of acting",
            countdown.pass_card,
            EVERYONE,
            {"who": WHO, "card": "the card"},
        ),
        "combat.defend": typed(
            "Active defense: discard your highest card (the sleeve's first) and roll",
            actions.defend,
            EVERYONE,
            actions.DefendArgs,
        ),
        "combat.attack": typed(
            "Shoot, throw or fight: TN, roll, hits and damage (the card is played)",
            attack.attack,
            EVERYONE,
            AttackArgs,
        ),
        "combat.weapon": typed(
            "Declare a weapon and its rounds (capacity; loaded, full by default)",
            ammo.declare,
            EVERYONE,
            ammo.WeaponArgs,
        ),
        "combat.reload": typed(
            "Reload: one action a round, or one to remove the magazine and one to insert",
            ammo.reload,
            EVERYONE,
            ammo.ReloadArgs,
        ),
        "combat.entangle": typed(
            "Entangle or trip someone: your fighting against their Deftness",
            entangle.entangle,
            EVERYONE,
            entangle.EntangleArgs,
        ),
        "combat.break_free": typed(
            "Break a fragile entangling weapon (Strength vs its TN) or wriggle out "
            "(Deftness vs the holder's skill)",
            entangle.break_free,
            EVERYONE,
            entangle.BreakFreeArgs,
        ),
        "combat.fall": typed(
            "A fall: 1d6+5 per 5 m (at most 20d6+100), wounds spread; water or a soft "
            "landing with its roll",
            falling.fall,
            GM,
            falling.FallArgs,
        ),
        "combat.will": typed(
            "A test of will: bluff, overawe or ridicule someone (Unnerved, Distracted, Broken)",
            will.test_of_will,
            EVERYONE,
            will.WillArgs,
        ),
        "combat.fear": typed(
            "A Fear or Terror test: Guts against the Master's TN", will.fear, GM, will.FearArgs
        ),
        "combat.lose_card": typed(
            "Test of wills (Distracted): lose the highest Action Card",
            actions.lose_card,
            GM,
            actions.LoseCardArgs,
        ),
        "combat.prepare": typed(
            "Start a Speed 2+ action", actions.prepare, EVERYONE, actions.PrepareArgs
        ),
        "combat.aim": typed(
            "Lay down the called card and aim for some steps",
            actions.aim,
            EVERYONE,
            actions.AimArgs,
        ),
        "combat.interrupt": typed(
            "Opposed Quickness roll to act before someone",
            actions.interrupt,
            EVERYONE,
            actions.InterruptArgs,
        ),
        "combat.damage": (
            "Apply one attack: hit location, damage, wounds (then negation, Wind)",
            flow.hit,
            GM,
            {
                "who": "the target (seat or NPC id)",
                "location": "name the location instead of rolling (called shot, explosion)",
                "location_face": "the d20 rolled at the table",
                "raises": "raises on the attack roll",
                "shift": "how far the raises move the hit location (−raises..raises)",
                "fighting": "true: +2 in a fight",
                "height": "true: +2 height advantage in a fight",
                "point_blank": "1: +2 at point-blank, −1: −2 (shot from under a table)",
                "prone": "true: a prone target (only arms, upper torso, head are hit)",
                "dice": "damage dice",
                "sides": "4, 6, 8, 10, 12 or 20",
                "faces": "damage dice rolled at the table (ace chains, extra dice included)",
                "bonus": "flat damage (falls: +5 per 5 m)",
                "extra_dice": "false: no extra dice to gizzards/head (explosions, falls)",
                "armour": "Armour levels (0–6)",
                "penetration": "the weapon's Penetration",
                "hand_to_hand": "true: add the attacker's Strength check",
                "attacker": "whose Strength (seat or NPC id)",
                "strength_faces": "the Strength dice rolled at the table",
                "strength_total": "the Strength check's total (a roll chips were spent on)",
                "brawling": "true: nonlethal (3 Wind per level, a wound per 2 levels)",
                "blast_distance": "explosions: meters from the blast (a die less per 10 m; a "
                "location per wound)",
                "spread": "random: each wound to its own rolled area (falls); every: to every "
                "area (consumed by fire)",
            },
        ),
        "combat.negate": (
            f"{gm} spends a chip to negate an NPC's fresh wounds",
            flow.npc_negate,
            GM,
            {"who": "NPC id", "colour": ", ".join(system.colours), "wounds": "{location: n}"},
        ),
        "combat.accept": (
            "Let fresh wounds stand and roll the Wind",
            flow.accept,
            EVERYONE,
            {"who": WHO},
        ),
        "combat.wind": (
            "Enter the Wind dice rolled at the table",
            flow.enter_wind,
            GM,
            {"who": WHO, "faces": "the d6s as ace chains"},
        ),
        "combat.stun": typed(
            "Make the stun check a wound called for",
            stun.stun_check,
            EVERYONE,
            stun.StunArgs,
        ),
        "combat.recover": typed(
            "Recovery check from stun (uses the card being played)",
            stun.recover,
            EVERYONE,
            stun.RecoverArgs,
        ),
        "combat.condition": (
            "Set Size, stunned, unconscious or no cards this round",
            npcs.condition,
            GM,
            {
                "who": WHO,
                "size": "Size",
                "stunned": "true/false",
                "unconscious": "true/false",
                "no_cards": "a reason (catatonic), or '' to clear: no cards next draw",
                "one_card": "a reason (terrified), or '' to clear: one card next draw",
            },
        ),
        "combat.move": typed(
            "One move action: walk (half Pace), run (Pace), climb or swim; pick up the Pace",
            movement.move,
            EVERYONE,
            movement.MoveArgs,
        ),
        "combat.bleed": typed(
            "Rounds pass outside the countdown: everyone bleeding loses Wind for each",
            hazards.bleed,
            GM,
            hazards.BleedArgs,
        ),
        "combat.wind_loss": typed(
            "Take Wind from anyone, seat or NPC (drowning, smoke, picking up the Pace...)",
            hazards.wind_loss,
            GM,
            hazards.WindLossArgs,
        ),
        "combat.hazard": typed(
            "Smoke (Onerous 7 Vigor) or rough water (swimming): Wind for the difference",
            hazards.hazard,
            GM,
            hazards.HazardArgs,
        ),
        "npc.add": (
            "Add an NPC or monster to the GM's side",
            npcs.add,
            GM,
            {
                "name": "name",
                "quickness": "dice, e.g. '2d8'",
                "vigor": "dice",
                "guts": "dice",
                "strength": "dice",
                "medicine": "dice",
                "size": "Size (6)",
                "wind": "starting Wind",
            },
        ),
        "npc.update": (
            "Change an NPC",
            npcs.update,
            GM,
            {
                "who": "NPC id",
                "name": "",
                "quickness": "dice",
                "vigor": "dice",
                "guts": "dice",
                "strength": "dice",
                "medicine": "dice",
                "size": "",
                "wind": "starting Wind",
            },
        ),
        "npc.remove": ("Remove an NPC", npcs.remove, GM, {"who": "NPC id"}),
        "heal.medicine": (
            "Medicine roll on a wounded area within the hour",
            healing.medicine,
            EVERYONE,
            {
                "healer": WHO,
                "patient": "seat or NPC id",
                "location": "the wounded area",
                "surgery": "true: medicine: surgery (needed beyond heavy)",
                **CHECK,
            },
        ),
        "heal.hour": ("An hour has passed since the injuries", healing.hour, GM, {}),
        "heal.natural": (
            "Five days: a Vigor roll for each wounded area",
            healing.natural,
            GM,
            {"who": WHO, "faces": "{location: ace chains} rolled at the table"},
        ),
        "heal.wind": (
            "Foolproof (3) medicine roll: all Wind back",
            healing.bandage,
            EVERYONE,
            {"healer": WHO, "patient": "seat or NPC id", **CHECK},
        ),
        "heal.rest": (
            "Minutes of rest: 1 Wind per minute",
            healing.rest,
            GM,
            {"who": WHO, "minutes": "1–1440"},
        ),
        "heal.wake": (
            "Fair (5) medicine roll to wake someone unconscious",
            healing.wake,
            EVERYONE,
            {"healer": WHO, "patient": "seat or NPC id", **CHECK},
        ),
    }
