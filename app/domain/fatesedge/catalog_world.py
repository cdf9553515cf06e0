"""Command specs for the world around the characters: clocks, Supply and Fatigue,
followers/assets/gear, the decks and casting."""

from __future__ import annotations

from ..arguments import NoArgs
from ..commands import CommandSpec
from . import adventure, casting, clocks, decks, resources, retinue
from .catalog_play import ALL, GM, typed
from .roll_args import ChannelArgs, WeaveArgs

WORLD_COMMANDS: dict[str, CommandSpec] = {
    # clocks, supply, fatigue
    "clock.create": typed("Start a clock.", clocks.create, GM, clocks.CreateArgs),
    "clock.tick": typed("Tick a clock.", clocks.tick, GM, clocks.TickArgs),
    "clock.reveal": typed("Show or hide a clock.", clocks.reveal, GM, clocks.RevealArgs),
    "clock.remove": typed("Remove a clock.", clocks.remove, GM, clocks.ClockArgs),
    "supply.tick": typed("Change the Supply clock.", clocks.supply_tick, GM, clocks.SupplyArgs),
    "fatigue.change": typed("Apply or remove Fatigue.", clocks.fatigue_add, GM, clocks.FatigueArgs),
    "fatigue.rest": typed("A night's rest: −1 Fatigue each.", clocks.rest, GM, NoArgs),
    # followers, assets, gear
    "resource.flag": typed("Flag a resource.", resources.flag, GM, resources.FlagArgs),
    "resource.maintain": typed(
        "Maintain a flagged resource.", resources.maintain, ALL, resources.UpkeepArgs
    ),
    "resource.degrade": typed("Degrade a resource.", resources.degrade, GM, resources.DegradeArgs),
    "resource.recover": typed(
        "A quest recovered it.", resources.recover, GM, resources.ResourceArgs
    ),
    "resource.repair": typed(
        "Repair/restore a resource.", resources.repair, ALL, resources.UpkeepArgs
    ),
    "follower.harm": typed(
        "Pin, Wound, Burn or Seize a follower.", retinue.harm, GM, retinue.HarmArgs
    ),
    "follower.treat": typed("Treat an Injured follower.", retinue.treat, ALL, retinue.FollowerArgs),
    "follower.loyalty": typed("Raise or lower loyalty.", retinue.loyalty, GM, retinue.LoyaltyArgs),
    "follower.upkeep": typed("Record a downtime upkeep.", retinue.upkeep, ALL, retinue.UpkeepArgs),
    "follower.devotion": typed(
        "A Devoted follower softens a complication.",
        retinue.devotion,
        ALL,
        retinue.FollowerArgs,
    ),
    "asset.activate": typed(
        "Activate an off-screen asset (1 Boon or 2 XP).",
        retinue.activate,
        ALL,
        retinue.ActivateArgs,
    ),
    "gear.damage": typed("Compromise or break gear.", retinue.gear_damage, GM, retinue.DamageArgs),
    "gear.field_repair": typed(
        "Field repair for one scene.", retinue.field_repair, ALL, retinue.GearArgs
    ),
    # decks
    "deck.draw": typed("Draw consequence cards.", decks.draw_consequence, GM, decks.DrawArgs),
    "deck.dividend": typed("Complication Dividend.", decks.dividend, GM, decks.DividendArgs),
    "deck.shuffle": typed("Shuffle a deck.", decks.shuffle, GM, decks.ShuffleArgs),
    "adventure.draw": typed(
        "Generate an adventure seed.", adventure.generate, GM, adventure.DrawArgs
    ),
    # casting
    "cast.channel": typed("Channel: Wits + Arcana.", casting.channel, ALL, ChannelArgs),
    "cast.weave": typed("Weave: Wits + Art.", casting.weave, ALL, WeaveArgs),
    "cast.backlash": typed("Spend CP as Backlash.", casting.backlash, GM, casting.BacklashArgs),
    "ritual.start": typed("Declare a ritual.", casting.ritual_start, ALL, casting.RitualStartArgs),
    "ritual.channel": typed(
        "Channel together.", casting.ritual_channel, ALL, casting.RitualChannelArgs
    ),
    "ritual.weave": typed("Weave the ritual.", casting.ritual_weave, ALL, casting.RitualWeaveArgs),
    "ritual.backlash": typed(
        "Resolve the ritual's backlash.", casting.ritual_backlash, GM, casting.RitualBacklashArgs
    ),
}
