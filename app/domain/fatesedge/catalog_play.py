"""Command specs for play at the table: rolls, the CP bank, Boons, XP, characters."""

from __future__ import annotations

from ..actors import Role
from ..command_types import catalogue
from . import (
    advance,
    awards,
    cp,
    creation,
    retinue,
    rolls,
    succession,
)
from .advance import DOWNTIME_PASS, TRAINING_MONTAGE, XP_PIVOT, XP_RESPEC
from .awards_args import (
    BOND_ACCEPT,
    BOND_PROPOSE,
    BOND_REMOVE,
    BOON_AWARD,
    BOON_CONVERT,
    XP_AWARD,
    XP_MILESTONE,
    XP_SESSION,
)
from .cp import ARC_END, CP_GRANT, CP_REVEAL, CP_SPEND
from .creation import (
    CHARACTER_DEFICIT,
    CHARACTER_FINISH,
    CHARACTER_KIT,
    CHARACTER_PREGEN,
    CHARACTER_TRADE,
)
from .purchase import XP_BUY
from .retinue import SCENE_END
from .roll_args import ROLL_ENTER, ROLL_POOL
from .rolls import BOON_REROLL, ROLL_BARGAIN, ROLL_NPC
from .succession import CHARACTER_REPLACE, PATRON_ERASE, XP_PROJECT

GM: frozenset[Role] = frozenset({"gm"})
ALL: frozenset[Role] = frozenset({"gm", "player"})
PLAYER = "seat id (the GM names one; a player acts for themselves)"


PLAY_COMMANDS = catalogue(
    # rolls
    ROLL_POOL.spec("Roll Attribute + Skill d10s.", rolls.roll, ALL),
    ROLL_ENTER.spec("Enter a roll made with physical dice.", rolls.enter, ALL),
    ROLL_NPC.spec("Roll an opposition pool.", rolls.npc_roll, GM),
    ROLL_BARGAIN.spec("Devil's Bargain on a Miss.", rolls.bargain, GM),
    BOON_REROLL.spec("Spend a Boon to re-roll one die of your roll.", rolls.boon_reroll, ALL),
    # CP bank
    CP_SPEND.spec("Spend banked CP.", cp.spend, GM),
    CP_GRANT.spec("Bank free CP.", cp.grant, GM),
    CP_REVEAL.spec("Tell the table the CP bank.", cp.reveal, GM),
    ARC_END.spec("End the arc.", cp.end_arc, GM),
    SCENE_END.spec("End the scene.", retinue.end_scene, GM),
    # Boons
    BOON_AWARD.spec("Award a Boon.", awards.boon_award, GM),
    BOON_CONVERT.spec("Convert 2 Boons into 1 XP (between sessions).", awards.convert, ALL),
    BOND_PROPOSE.spec("Propose a backstory bond.", awards.propose_bond, ALL),
    BOND_ACCEPT.spec("Agree to a bond.", awards.accept_bond, ALL),
    BOND_REMOVE.spec("Remove a bond.", awards.remove_bond, ALL),
    # XP
    XP_AWARD.spec("Award XP.", awards.award, GM),
    XP_SESSION.spec("End-of-session checklist awards.", awards.session_awards, GM),
    XP_MILESTONE.spec("Arc milestone XP.", awards.milestone, GM),
    XP_BUY.spec("Spend XP.", advance.buy, ALL),
    DOWNTIME_PASS.spec("Days of downtime pass.", advance.downtime, GM),
    TRAINING_MONTAGE.spec("Training montage: 1 day of downtime on screen.", advance.montage, ALL),
    XP_RESPEC.spec("Light respec of Skills.", advance.respec, ALL),
    XP_PIVOT.spec("Major pivot.", advance.pivot, GM),
    # character creation
    CHARACTER_DEFICIT.spec("Take an Obligation Deficit.", creation.deficit, ALL),
    CHARACTER_TRADE.spec("Accept a starting Complication for +1 XP.", creation.trade, ALL),
    CHARACTER_PREGEN.spec("Take a sample character.", creation.take_pregen, ALL),
    CHARACTER_KIT.spec("Take the one free kit.", creation.kit, ALL),
    CHARACTER_FINISH.spec("Finish character creation.", creation.finish, ALL),
    CHARACTER_REPLACE.spec("Replace a slain or removed PC.", succession.replace, GM),
    XP_PROJECT.spec(
        "Invest XP in a civic/guild/temple project (Patronage).", succession.project, ALL
    ),
    PATRON_ERASE.spec(
        "A Patron erases a resource complication (once per arc).", succession.patron, ALL
    ),
)
