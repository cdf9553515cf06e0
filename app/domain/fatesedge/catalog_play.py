"""Command specs for play at the table: rolls, the CP bank, Boons, XP, characters."""

from __future__ import annotations

from collections.abc import Callable

from ..actors import Role
from ..arguments import A, NoArgs
from ..commands import CommandSpec, Handler, command
from ..context import Context
from . import (
    advance,
    awards,
    cp,
    creation,
    retinue,
    rolls,
    succession,
)
from .roll_args import RollArgs

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
    "use": "talents/gear that add dice to this roll (keys from the sheet's abilities)",
    "bonus": "extra dice (talents, kits)",
    "penalty": "dice lost (footing, faux pas)",
}


def spec(summary: str, handler: Handler, roles: frozenset[Role], **args: str) -> CommandSpec:
    """A command type still declared with free-text argument descriptions (legacy)."""
    return CommandSpec(summary, handler, roles=roles, args=args)


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
    "scene.end": spec("End the scene.", retinue.end_scene, GM),
    # Boons
    "boon.award": spec(
        "Award a Boon.",
        awards.boon_award,
        GM,
        player="seat id",
        reason="failure | bond",
        complication="the failure's narrative teeth",
    ),
    "boon.convert": spec(
        "Convert 2 Boons into 1 XP (between sessions).",
        awards.convert,
        ALL,
        player=PLAYER,
        xp="XP wanted",
    ),
    "bond.propose": spec(
        "Propose a backstory bond.",
        awards.propose_bond,
        ALL,
        player=PLAYER,
        with_="the other player",
        tie="the shared history",
    ),
    "bond.accept": spec("Agree to a bond.", awards.accept_bond, ALL, player=PLAYER, bond="id"),
    "bond.remove": spec("Remove a bond.", awards.remove_bond, ALL, bond="id"),
    # XP
    "xp.award": spec(
        "Award XP.", awards.award, GM, player="seat id or 'all'", xp="amount", reason="why"
    ),
    "xp.session": spec(
        "End-of-session checklist awards.",
        awards.session_awards,
        GM,
        awards="{player: {attendance|objective|discovery|hard_choice|complications|"
        "bonds|curveball: XP}}",
    ),
    "xp.milestone": spec(
        "Arc milestone XP.", awards.milestone, GM, xp="8–12", signature="player with +2"
    ),
    "xp.buy": spec(
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
    "downtime.pass": spec(
        "Days of downtime pass.", advance.downtime, GM, days="days", safe="in safety"
    ),
    "training.montage": spec(
        "Training montage: 1 day of downtime on screen.",
        advance.montage,
        ALL,
        player=PLAYER,
        training="id",
    ),
    "xp.respec": spec(
        "Light respec of Skills.", advance.respec, ALL, player=PLAYER, skill="name", steps="n"
    ),
    "xp.pivot": spec("Major pivot.", advance.pivot, GM, player="seat id", talent="name"),
    # character creation
    "character.deficit": spec(
        "Take an Obligation Deficit.", creation.deficit, ALL, player=PLAYER, xp="1–2"
    ),
    "character.trade": spec(
        "Accept a starting Complication for +1 XP.",
        creation.trade,
        ALL,
        player=PLAYER,
        pick="table entry (GM chooses) or roll",
    ),
    "character.pregen": spec(
        "Take a sample character.",
        creation.take_pregen,
        ALL,
        player=PLAYER,
        pregen="sable | bryn | ash",
        build="baseline | full",
    ),
    "character.kit": spec(
        "Take the one free kit.",
        creation.kit,
        ALL,
        player=PLAYER,
        kit="travelers-pack | scouts-rig | scholars-satchel | burglars-tools | healers-bag",
    ),
    "character.finish": spec("Finish character creation.", creation.finish, ALL, player=PLAYER),
    "character.replace": spec(
        "Replace a slain or removed PC.",
        succession.replace,
        GM,
        player="seat id",
        mode="promote | heir | new",
        follower="follower to promote",
        name="the heir's or new PC's name",
        xp="heir XP 20–30",
        keep_assets="asset ids carried over",
    ),
    "xp.project": spec(
        "Invest XP in a civic/guild/temple project (Patronage).",
        succession.project,
        ALL,
        player=PLAYER,
        xp="XP",
        project="what",
    ),
    "patron.erase": spec(
        "A Patron erases a resource complication (once per arc).",
        succession.patron,
        ALL,
        player=PLAYER,
        complication="which",
    ),
}
_bond = PLAY_COMMANDS["bond.propose"].args
assert isinstance(_bond, dict)
_bond["with"] = _bond.pop("with_")
