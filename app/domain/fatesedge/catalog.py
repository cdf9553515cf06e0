"""Every Fate's Edge command type: who may send it and its arguments."""

from __future__ import annotations

from ..actors import Role
from ..commands import CommandSpec, Handler
from . import (
    advance,
    adventure,
    awards,
    casting,
    clocks,
    cp,
    creation,
    decks,
    resources,
    retinue,
    rolls,
)

GM: frozenset[Role] = frozenset({"gm"})
ALL: frozenset[Role] = frozenset({"gm", "player"})
PLAYER = "seat id (the GM names one; a player acts for themselves)"
ROLL_ARGS = {
    "player": PLAYER,
    "attribute": "body | wits | spirit | presence",
    "skill": "skill name ('' for untrained)",
    "ladder": "basic | detailed | intricate (chosen before the roll)",
    "dv": "difficulty 1–4+ (0: none, e.g. a contest)",
    "label": "what the roll is for",
    "helper": "one helping player (assist ≤ +3, capped by their Skill)",
    "helper_skill": "the helper's relevant Skill (default: the same)",
    "follower": "follower id (adds min(Cap, your Skill), ≤ +3)",
    "follower2": "second follower id (Coordinated Assault only)",
    "gear": "gear id used (Compromised: −1 die)",
    "asset": "asset leveraged (Neglected: −1 die)",
    "asset_dice": "0–2 dice the GM grants for leveraging the asset",
    "bonus": "extra dice (talents, kits)",
    "penalty": "dice lost (footing, faux pas)",
}
RESOURCE = {"player": PLAYER, "kind": "follower | asset | gear", "id": "its id"}


def _spec(summary: str, handler: Handler, roles: frozenset[Role], **args: str) -> CommandSpec:
    return CommandSpec(summary, handler, roles=roles, args=args)


COMMANDS: dict[str, CommandSpec] = {
    # rolls
    "roll.pool": _spec("Roll Attribute + Skill d10s.", rolls.roll, ALL, **ROLL_ARGS),
    "roll.enter": _spec(
        "Enter a roll made with physical dice.",
        rolls.enter,
        ALL,
        **ROLL_ARGS,
        faces="the faces rolled (one per die of the pool)",
        rerolls="faces of the re-rolled dice, in order: ladder first, then Fatigue",
    ),
    "roll.npc": _spec(
        "Roll an opposition pool.", rolls.npc_roll, GM, pool="dice", label="who", hidden="bool"
    ),
    "roll.bargain": _spec(
        "Devil's Bargain on a Miss.", rolls.bargain, GM, complication="the named complication"
    ),
    "boon.reroll": _spec(
        "Spend a Boon to re-roll one die of your roll.",
        rolls.boon_reroll,
        ALL,
        player=PLAYER,
        die="index of the die",
        face="the new face if rolled by hand",
    ),
    # CP bank
    "cp.spend": _spec(
        "Spend banked CP.",
        cp.spend,
        GM,
        option="menu option id",
        cp="how many CP",
        note="the complication",
        reveal="show the table",
    ),
    "cp.grant": _spec("Bank free CP.", cp.grant, GM, cp="how many", reason="why", reveal="bool"),
    "cp.reveal": _spec("Tell the table the CP bank.", cp.reveal, GM),
    "arc.end": _spec(
        "End the arc.", cp.end_arc, GM, complication="what the banked CP become next arc"
    ),
    "scene.end": _spec("End the scene.", retinue.end_scene, GM),
    # Boons
    "boon.award": _spec(
        "Award a Boon.",
        awards.boon_award,
        GM,
        player="seat id",
        reason="failure | bond",
        complication="the failure's narrative teeth",
    ),
    "boon.convert": _spec(
        "Convert 2 Boons into 1 XP (between sessions).",
        awards.convert,
        ALL,
        player=PLAYER,
        xp="XP wanted",
    ),
    "bond.propose": _spec(
        "Propose a backstory bond.",
        awards.propose_bond,
        ALL,
        player=PLAYER,
        with_="the other player",
        tie="the shared history",
    ),
    "bond.accept": _spec("Agree to a bond.", awards.accept_bond, ALL, player=PLAYER, bond="id"),
    "bond.remove": _spec("Remove a bond.", awards.remove_bond, ALL, bond="id"),
    # XP
    "xp.award": _spec(
        "Award XP.", awards.award, GM, player="seat id or 'all'", xp="amount", reason="why"
    ),
    "xp.session": _spec(
        "End-of-session checklist awards.",
        awards.session_awards,
        GM,
        awards="{player: {attendance|objective|discovery|hard_choice|complications|"
        "bonds|curveball: XP}}",
    ),
    "xp.milestone": _spec(
        "Arc milestone XP.", awards.milestone, GM, xp="8–12", signature="player with +2"
    ),
    "xp.buy": _spec(
        "Spend XP.",
        advance.buy,
        ALL,
        player=PLAYER,
        what="attribute | skill | talent | follower | promote | asset | gear",
        name="attribute/skill/talent/follower/asset/gear name",
        cap="follower Cap (or new Cap to promote)",
        lane="follower specialty",
        follower="follower id to promote",
        tier="asset tier (minor|standard|major) or gear tier",
        type="asset type: civic | spy | mercantile | workshop",
        cost="custom talent cost (GM)",
        days="follower recruiting days 1–3",
        replacement="a replacement follower (loyalty starts Wary)",
        mentored="trained by a mentor: downtime halved",
        rush="skip downtime: the GM's Haste clock starts",
    ),
    "downtime.pass": _spec(
        "Days of downtime pass.", advance.downtime, GM, days="days", safe="in safety"
    ),
    "training.montage": _spec(
        "Training montage: 1 day of downtime on screen.",
        advance.montage,
        ALL,
        player=PLAYER,
        training="id",
    ),
    "xp.respec": _spec(
        "Light respec of Skills.", advance.respec, ALL, player=PLAYER, skill="name", steps="n"
    ),
    "xp.pivot": _spec("Major pivot.", advance.pivot, GM, player="seat id", talent="name"),
    # character creation
    "character.deficit": _spec(
        "Take an Obligation Deficit.", creation.deficit, ALL, player=PLAYER, xp="1–2"
    ),
    "character.trade": _spec(
        "Accept a starting Complication for +1 XP.",
        creation.trade,
        ALL,
        player=PLAYER,
        pick="table entry (GM chooses) or roll",
    ),
    "character.pregen": _spec(
        "Take a sample character.",
        creation.take_pregen,
        ALL,
        player=PLAYER,
        pregen="sable | bryn | ash",
        build="baseline | full",
    ),
    "character.finish": _spec("Finish character creation.", creation.finish, ALL, player=PLAYER),
    # clocks, supply, fatigue
    "clock.create": _spec(
        "Start a clock.",
        clocks.create,
        GM,
        name="the danger",
        size="4|6|8|10",
        visible="shown to all",
        full="what happens when it fills",
    ),
    "clock.tick": _spec(
        "Tick a clock.", clocks.tick, GM, clock="id", ticks="±n", cp="CP paid for it"
    ),
    "clock.reveal": _spec("Show or hide a clock.", clocks.reveal, GM, clock="id", visible="bool"),
    "clock.remove": _spec("Remove a clock.", clocks.remove, GM, clock="id"),
    "supply.tick": _spec(
        "Change the Supply clock.",
        clocks.supply_tick,
        GM,
        ticks="±n",
        reset="back to Full (civilization)",
        cp="CP paid",
        reason="why",
    ),
    "fatigue.change": _spec(
        "Apply or remove Fatigue.",
        clocks.fatigue_add,
        GM,
        player="seat id or 'all'",
        levels="±n",
        cp="CP paid",
    ),
    "fatigue.rest": _spec("A night's rest: −1 Fatigue each.", clocks.rest, GM),
    # followers, assets, gear
    "resource.flag": _spec("Flag a resource.", resources.flag, GM, **RESOURCE, reason="why"),
    "resource.maintain": _spec(
        "Maintain a flagged resource.",
        resources.maintain,
        ALL,
        **RESOURCE,
        mode="downtime | xp",
    ),
    "resource.degrade": _spec(
        "Degrade a resource.", resources.degrade, GM, **RESOURCE, steps="1–2", cp="CP paid"
    ),
    "resource.recover": _spec("A quest recovered it.", resources.recover, GM, **RESOURCE),
    "resource.repair": _spec(
        "Repair/restore a resource.", resources.repair, ALL, **RESOURCE, mode="downtime | xp"
    ),
    "follower.harm": _spec(
        "Pin, Wound, Burn or Seize a follower.",
        retinue.harm,
        GM,
        player="seat id",
        follower="id",
        harm="pin | wound | burn | seize",
        cp="CP paid (default 2)",
    ),
    "follower.treat": _spec(
        "Treat an Injured follower.", retinue.treat, ALL, player=PLAYER, follower="id"
    ),
    "follower.loyalty": _spec(
        "Raise or lower loyalty.",
        retinue.loyalty,
        GM,
        player="seat id",
        follower="id",
        change="raise | lower",
        reason="why",
    ),
    "follower.upkeep": _spec(
        "Record a downtime upkeep.",
        retinue.upkeep,
        ALL,
        player=PLAYER,
        follower="id",
        paid="bool",
    ),
    "follower.devotion": _spec(
        "A Devoted follower softens a complication.",
        retinue.devotion,
        ALL,
        player=PLAYER,
        follower="id",
    ),
    "asset.activate": _spec(
        "Activate an off-screen asset (1 Boon or 2 XP).",
        retinue.activate,
        ALL,
        player=PLAYER,
        asset="id",
        ask="the one outcome",
        pay="boon | xp",
    ),
    "gear.damage": _spec(
        "Compromise or break gear.", retinue.gear_damage, GM, player="id", gear="id", cp="CP"
    ),
    "gear.field_repair": _spec(
        "Field repair for one scene.", retinue.field_repair, ALL, player=PLAYER, gear="id"
    ),
    # decks
    "deck.draw": _spec(
        "Draw consequence cards.",
        decks.draw_consequence,
        GM,
        cp="CP spent (one card each; 0 = free draw)",
        count="cards for a free draw",
        reveal="show the table",
    ),
    "deck.dividend": _spec(
        "Complication Dividend.", decks.dividend, GM, player="seat id", card="e.g. KH"
    ),
    "deck.shuffle": _spec("Shuffle a deck.", decks.shuffle, GM, deck="consequence | adventure"),
    "adventure.draw": _spec(
        "Generate an adventure seed.",
        adventure.generate,
        GM,
        procedure="quick | seed | act",
        apply="start clocks and apply links",
        black_link="supply | fatigue",
    ),
    # casting
    "cast.channel": _spec(
        "Channel: Wits + Arcana.", casting.channel, ALL, player=PLAYER, ladder="ladder", dv="DV"
    ),
    "cast.weave": _spec(
        "Weave: Wits + Art.", casting.weave, ALL, player=PLAYER, art="Art", ladder="ladder"
    ),
    "cast.backlash": _spec(
        "Spend CP as Backlash.", casting.backlash, GM, player="seat id", cp="CP spent"
    ),
    "ritual.start": _spec(
        "Declare a ritual.",
        casting.ritual_start,
        ALL,
        player=PLAYER,
        effect="the effect",
        helpers="{player: skill}",
    ),
    "ritual.channel": _spec("Channel together.", casting.ritual_channel, ALL, ladder="ladder"),
    "ritual.weave": _spec(
        "Weave the ritual.",
        casting.ritual_weave,
        ALL,
        art="Art",
        ladder="ladder",
        assist_dice="narrated assistant dice",
    ),
    "ritual.backlash": _spec(
        "Resolve the ritual's backlash.", casting.ritual_backlash, GM, bank="CP to the bank"
    ),
}
COMMANDS["bond.propose"].args["with"] = COMMANDS["bond.propose"].args.pop("with_")
