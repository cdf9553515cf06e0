"""Command specs for play at the table: rolls, the CP bank, Boons, XP, characters."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..actors import Role
from ..arguments import A, NoArgs
from ..commands import CommandSpec, command
from . import (
    advance,
    awards,
    cp,
    creation,
    retinue,
    rolls,
    succession,
)
from .awards_args import (
    BondAcceptArgs,
    BondArgs,
    BondProposeArgs,
    BoonAwardArgs,
    ConvertArgs,
    MilestoneArgs,
    SessionArgs,
    XpAwardArgs,
)
from .purchase import BuyArgs
from .roll_args import RollArgs

if TYPE_CHECKING:
    from ..context import Context

GM: frozenset[Role] = frozenset({"gm"})
ALL: frozenset[Role] = frozenset({"gm", "player"})
PLAYER = "seat id (the GM names one; a player acts for themselves)"


def typed(
    summary: str,
    handler: Callable[[Context, A], None],
    roles: frozenset[Role],
    model: type[A] = NoArgs,  # type: ignore[assignment]
) -> CommandSpec:
    """A command type whose arguments are declared as a typed model (mypy checks the
    handler takes that model)."""
    return command(summary, handler, model, roles)


PLAY_COMMANDS: dict[str, CommandSpec] = {
    # rolls
    "roll.pool": typed("Roll Attribute + Skill d10s.", rolls.roll, ALL, RollArgs),
    "roll.enter": typed("Enter a roll made with physical dice.", rolls.enter, ALL, RollArgs),
    "roll.npc": typed("Roll an opposition pool.", rolls.npc_roll, GM, rolls.NpcRollArgs),
    "roll.bargain": typed("Devil's Bargain on a Miss.", rolls.bargain, GM, rolls.BargainArgs),
    "boon.reroll": typed(
        "Spend a Boon to re-roll one die of your roll.",
        rolls.boon_reroll,
        ALL,
        rolls.BoonRerollArgs,
    ),
    # CP bank
    "cp.spend": typed("Spend banked CP.", cp.spend, GM, cp.SpendArgs),
    "cp.grant": typed("Bank free CP.", cp.grant, GM, cp.GrantArgs),
    "cp.reveal": typed("Tell the table the CP bank.", cp.reveal, GM),
    "arc.end": typed("End the arc.", cp.end_arc, GM, cp.EndArcArgs),
    "scene.end": typed("End the scene.", retinue.end_scene, GM, NoArgs),
    # Boons
    "boon.award": typed("Award a Boon.", awards.boon_award, GM, BoonAwardArgs),
    "boon.convert": typed(
        "Convert 2 Boons into 1 XP (between sessions).", awards.convert, ALL, ConvertArgs
    ),
    "bond.propose": typed("Propose a backstory bond.", awards.propose_bond, ALL, BondProposeArgs),
    "bond.accept": typed("Agree to a bond.", awards.accept_bond, ALL, BondAcceptArgs),
    "bond.remove": typed("Remove a bond.", awards.remove_bond, ALL, BondArgs),
    # XP
    "xp.award": typed("Award XP.", awards.award, GM, XpAwardArgs),
    "xp.session": typed("End-of-session checklist awards.", awards.session_awards, GM, SessionArgs),
    "xp.milestone": typed("Arc milestone XP.", awards.milestone, GM, MilestoneArgs),
    "xp.buy": typed("Spend XP.", advance.buy, ALL, BuyArgs),
    "downtime.pass": typed("Days of downtime pass.", advance.downtime, GM, advance.DowntimeArgs),
    "training.montage": typed(
        "Training montage: 1 day of downtime on screen.",
        advance.montage,
        ALL,
        advance.MontageArgs,
    ),
    "xp.respec": typed("Light respec of Skills.", advance.respec, ALL, advance.RespecArgs),
    "xp.pivot": typed("Major pivot.", advance.pivot, GM, advance.PivotArgs),
    # character creation
    "character.deficit": typed(
        "Take an Obligation Deficit.", creation.deficit, ALL, creation.DeficitArgs
    ),
    "character.trade": typed(
        "Accept a starting Complication for +1 XP.", creation.trade, ALL, creation.TradeArgs
    ),
    "character.pregen": typed(
        "Take a sample character.", creation.take_pregen, ALL, creation.PregenArgs
    ),
    "character.kit": typed("Take the one free kit.", creation.kit, ALL, creation.KitArgs),
    "character.finish": typed(
        "Finish character creation.", creation.finish, ALL, creation.CreatingArgs
    ),
    "character.replace": typed(
        "Replace a slain or removed PC.", succession.replace, GM, succession.ReplaceArgs
    ),
    "xp.project": typed(
        "Invest XP in a civic/guild/temple project (Patronage).",
        succession.project,
        ALL,
        succession.ProjectArgs,
    ),
    "patron.erase": typed(
        "A Patron erases a resource complication (once per arc).",
        succession.patron,
        ALL,
        succession.PatronArgs,
    ),
}
