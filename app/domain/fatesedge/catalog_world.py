"""Command specs for the world around the characters: clocks, Supply and Fatigue,
followers/assets/gear, the decks and casting."""

from __future__ import annotations

from ..command_types import catalogue
from . import adventure, casting, clocks, decks, field_repair, resources, retinue
from .adventure import ADVENTURE_DRAW
from .casting import CAST_BACKLASH, RITUAL_BACKLASH, RITUAL_CHANNEL, RITUAL_START, RITUAL_WEAVE
from .catalog_play import ALL, GM
from .clocks import (
    CLOCK_CREATE,
    CLOCK_REMOVE,
    CLOCK_REVEAL,
    CLOCK_TICK,
    FATIGUE_CHANGE,
    FATIGUE_REST,
    SUPPLY_TICK,
)
from .decks import DECK_DIVIDEND, DECK_DRAW, DECK_SHUFFLE
from .field_repair import GEAR_FIELD_REPAIR
from .resources import (
    RESOURCE_DEGRADE,
    RESOURCE_FLAG,
    RESOURCE_MAINTAIN,
    RESOURCE_RECOVER,
    RESOURCE_REPAIR,
)
from .retinue import (
    ASSET_ACTIVATE,
    FAVOR_CALL,
    FOLLOWER_DEVOTION,
    FOLLOWER_HARM,
    FOLLOWER_LOYALTY,
    FOLLOWER_TREAT,
    FOLLOWER_UPKEEP,
    GEAR_DAMAGE,
)
from .roll_args import CAST_CHANNEL, CAST_WEAVE

WORLD_COMMANDS = catalogue(
    # clocks, supply, fatigue
    CLOCK_CREATE.spec("Start a clock.", clocks.create, GM),
    CLOCK_TICK.spec("Tick a clock.", clocks.tick, GM),
    CLOCK_REVEAL.spec("Show or hide a clock.", clocks.reveal, GM),
    CLOCK_REMOVE.spec("Remove a clock.", clocks.remove, GM),
    SUPPLY_TICK.spec("Change the Supply clock.", clocks.supply_tick, GM),
    FATIGUE_CHANGE.spec("Apply or remove Fatigue.", clocks.fatigue_add, GM),
    FATIGUE_REST.spec("A night's rest: −1 Fatigue each.", clocks.rest, GM),
    # followers, assets, gear
    RESOURCE_FLAG.spec("Flag a resource.", resources.flag, GM),
    RESOURCE_MAINTAIN.spec("Maintain a flagged resource.", resources.maintain, ALL),
    RESOURCE_DEGRADE.spec("Degrade a resource.", resources.degrade, GM),
    RESOURCE_RECOVER.spec("A quest recovered it.", resources.recover, GM),
    RESOURCE_REPAIR.spec("Repair/restore a resource.", resources.repair, ALL),
    FOLLOWER_HARM.spec("Pin, Wound, Burn or Seize a follower.", retinue.harm, GM),
    FOLLOWER_TREAT.spec("Treat an Injured follower.", retinue.treat, ALL),
    FOLLOWER_LOYALTY.spec("Raise or lower loyalty.", retinue.loyalty, GM),
    FOLLOWER_UPKEEP.spec("Record a downtime upkeep.", retinue.upkeep, ALL),
    FOLLOWER_DEVOTION.spec("A Devoted follower softens a complication.", retinue.devotion, ALL),
    ASSET_ACTIVATE.spec("Activate an off-screen asset (1 Boon or 2 XP).", retinue.activate, ALL),
    FAVOR_CALL.spec(
        "Call in a one-shot favor (1 Boon, or 2 XP in desperation).", retinue.call_favor, ALL
    ),
    GEAR_DAMAGE.spec("Compromise or break gear.", retinue.gear_damage, GM),
    GEAR_FIELD_REPAIR.spec("Field repair for one scene.", field_repair.field_repair, ALL),
    # decks
    DECK_DRAW.spec("Draw consequence cards.", decks.draw_consequence, GM),
    DECK_DIVIDEND.spec("Complication Dividend.", decks.dividend, GM),
    DECK_SHUFFLE.spec("Shuffle a deck.", decks.shuffle, GM),
    ADVENTURE_DRAW.spec("Generate an adventure seed.", adventure.generate, GM),
    # casting
    CAST_CHANNEL.spec("Channel: Wits + Arcana.", casting.channel, ALL),
    CAST_WEAVE.spec("Weave: Wits + Art.", casting.weave, ALL),
    CAST_BACKLASH.spec("Spend CP as Backlash.", casting.backlash, GM),
    RITUAL_START.spec("Declare a ritual.", casting.ritual_start, ALL),
    RITUAL_CHANNEL.spec("Channel together.", casting.ritual_channel, ALL),
    RITUAL_WEAVE.spec("Weave the ritual.", casting.ritual_weave, ALL),
    RITUAL_BACKLASH.spec("Resolve the ritual's backlash.", casting.ritual_backlash, GM),
)
