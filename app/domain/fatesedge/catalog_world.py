"""Command specs for the world around the characters: clocks, Supply and Fatigue,
followers/assets/gear, the decks and casting."""

from __future__ import annotations

from ..commands import CommandSpec
from . import adventure, casting, clocks, decks, resources, retinue
from .catalog_play import ALL, GM, PLAYER, spec, typed
from .roll_args import ChannelArgs, WeaveArgs

RESOURCE = {"player": PLAYER, "kind": "follower | asset | gear", "id": "its id"}

WORLD_COMMANDS: dict[str, CommandSpec] = {
    # clocks, supply, fatigue
    "clock.create": spec(
        "Start a clock.",
        clocks.create,
        GM,
        name="the danger",
        size="4|6|8|10",
        visible="shown to all",
        full="what happens when it fills",
    ),
    "clock.tick": spec(
        "Tick a clock.", clocks.tick, GM, clock="id", ticks="±n", cp="CP paid for it"
    ),
    "clock.reveal": spec("Show or hide a clock.", clocks.reveal, GM, clock="id", visible="bool"),
    "clock.remove": spec("Remove a clock.", clocks.remove, GM, clock="id"),
    "supply.tick": spec(
        "Change the Supply clock.",
        clocks.supply_tick,
        GM,
        ticks="±n",
        reset="back to Full (civilization)",
        cp="CP paid",
        reason="why",
        natural="bool: natural loss (weather, spoilage), which an Unkwa Ward-Post wards",
    ),
    "fatigue.change": spec(
        "Apply or remove Fatigue.",
        clocks.fatigue_add,
        GM,
        player="seat id or 'all'",
        levels="±n",
        cp="CP paid",
    ),
    "fatigue.rest": spec("A night's rest: −1 Fatigue each.", clocks.rest, GM),
    # followers, assets, gear
    "resource.flag": spec("Flag a resource.", resources.flag, GM, **RESOURCE, reason="why"),
    "resource.maintain": spec(
        "Maintain a flagged resource.",
        resources.maintain,
        ALL,
        **RESOURCE,
        mode="downtime | xp",
    ),
    "resource.degrade": spec(
        "Degrade a resource.", resources.degrade, GM, **RESOURCE, steps="1–2", cp="CP paid"
    ),
    "resource.recover": spec("A quest recovered it.", resources.recover, GM, **RESOURCE),
    "resource.repair": spec(
        "Repair/restore a resource.", resources.repair, ALL, **RESOURCE, mode="downtime | xp"
    ),
    "follower.harm": spec(
        "Pin, Wound, Burn or Seize a follower.",
        retinue.harm,
        GM,
        player="seat id",
        follower="id",
        harm="pin | wound | burn | seize",
        cp="CP paid (default 2)",
    ),
    "follower.treat": spec(
        "Treat an Injured follower.", retinue.treat, ALL, player=PLAYER, follower="id"
    ),
    "follower.loyalty": spec(
        "Raise or lower loyalty.",
        retinue.loyalty,
        GM,
        player="seat id",
        follower="id",
        change="raise | lower",
        reason="why",
    ),
    "follower.upkeep": spec(
        "Record a downtime upkeep.",
        retinue.upkeep,
        ALL,
        player=PLAYER,
        follower="id",
        paid="bool",
    ),
    "follower.devotion": spec(
        "A Devoted follower softens a complication.",
        retinue.devotion,
        ALL,
        player=PLAYER,
        follower="id",
    ),
    "asset.activate": spec(
        "Activate an off-screen asset (1 Boon or 2 XP).",
        retinue.activate,
        ALL,
        player=PLAYER,
        asset="id",
        ask="the one outcome",
        pay="boon | xp",
    ),
    "gear.damage": spec(
        "Compromise or break gear.", retinue.gear_damage, GM, player="id", gear="id", cp="CP"
    ),
    "gear.field_repair": spec(
        "Field repair for one scene.", retinue.field_repair, ALL, player=PLAYER, gear="id"
    ),
    # decks
    "deck.draw": spec(
        "Draw consequence cards.",
        decks.draw_consequence,
        GM,
        cp="CP spent (one card each; 0 = free draw)",
        count="cards for a free draw",
        reveal="show the table",
    ),
    "deck.dividend": spec(
        "Complication Dividend.", decks.dividend, GM, player="seat id", card="e.g. KH"
    ),
    "deck.shuffle": spec("Shuffle a deck.", decks.shuffle, GM, deck="consequence | adventure"),
    "adventure.draw": spec(
        "Generate an adventure seed.",
        adventure.generate,
        GM,
        procedure="quick | seed | act",
        apply="start clocks and apply links",
        black_link="supply | fatigue",
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
