"""Wind from the world, for seats and NPCs alike (spacelands-combat.txt, "Drowning",
"Fire", "Movement"): the GM takes Wind (``combat.wind_loss``), and the two checks whose
failure costs "the difference in Wind" (``combat.hazard``): dense smoke (an Onerous (7)
Vigor check, +2 for a wet cloth) and rough water (a swimming roll against the water's
TN; without the swimming Aptitude, the same steps unskilled)."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import StringConstraints

from ..arguments import Args, described, optional
from ..command_types import CommandType
from ..context import Context
from ..errors import Forbidden, RuleViolation
from ..events import UNDO_GM, Draft
from ..fatechips.system import ChipSystem
from ..jsonvalue import JsonDict
from . import body, checks, countdown, ongoing, wind
from .check_args import CheckArgs, WhoArgs
from .events.hazards import COMBAT_HAZARD_EVENT, COMBAT_WIND_LOST
from .state import combat, combatants, fighter, is_seat, name_of, resolve

# "Water TN Swift creek 5 Rapid river 7 Rough ocean 9 Stormy seas 11"
WATER = {"swift_creek": 5, "rapid_river": 7, "rough_ocean": 9, "stormy_seas": 11}
SMOKE_TN = 7  # "an Onerous (7) Vigor check during their first action each round"
WET_CLOTH = 2
MAX_BLEED_ROUNDS = 60
Hazard = Literal["smoke", "swift_creek", "rapid_river", "rough_ocean", "stormy_seas"]
assert set(get_args(Hazard)) == {"smoke", *WATER}


class WindLossArgs(WhoArgs):
    """``combat.wind_loss``."""

    amount: int = described("Wind lost, 1-200", ge=1, le=200)
    reason: Annotated[str, StringConstraints(strip_whitespace=True, max_length=60)] = optional(
        "what takes it, for the log (drowning, smoke...)", ""
    )


COMBAT_WIND_LOSS = CommandType("combat.wind_loss", WindLossArgs)


class HazardArgs(WhoArgs, CheckArgs):
    """``combat.hazard``: the check is the combatant's Vigor (smoke) or swimming."""

    kind: Hazard = described("smoke, swift_creek, rapid_river, rough_ocean or stormy_seas")
    wet_cloth: bool = optional("true: a wet cloth over the face (+2 in smoke)", False)
    card: str | None = optional("rough water in a fight: the card the swimming roll plays")


COMBAT_HAZARD = CommandType("combat.hazard", HazardArgs)


class BleedArgs(Args):
    """``combat.bleed``."""

    rounds: int = described("rounds that pass, 1-60", ge=1, le=MAX_BLEED_ROUNDS)


COMBAT_BLEED = CommandType("combat.bleed", BleedArgs)


def wind_loss(ctx: Context, system: ChipSystem, args: WindLossArgs) -> None:
    """``combat.wind_loss`` (GM): any combatant, seat or NPC, loses Wind."""
    ctx.require_gm("take Wind")
    cid = resolve(ctx, args.who)
    _lose(ctx, cid, args.amount, args.reason, {})


def hazard(ctx: Context, system: ChipSystem, args: HazardArgs) -> None:
    """``combat.hazard``: a smoke or water check; a failure costs the difference
    between the roll and the TN in Wind. The Master calls it for anyone; a player makes
    it for their own hero in the smoke or water the Master has put them in
    (``ongoing.py``), and in a fight it is this round's check."""
    cid = resolve(ctx, args.who)
    kind = args.kind
    held = body.extra(ctx.state, cid, ongoing.KEYS[ongoing.group(kind)])
    wet = args.wet_cloth
    if not ctx.actor.is_gm:
        if not isinstance(held, dict) or held.get("kind", "smoke") != kind:
            raise Forbidden("Only the Master calls for a check in smoke or water you aren't in.")
        wet = wet or bool(held.get("wet_cloth"))
    elif isinstance(held, dict) and kind == "smoke":
        wet = wet or bool(held.get("wet_cloth"))
    if kind in WATER:
        _swim_action(ctx, system, cid, args.card)
    _check(ctx, cid, kind, args, wet)


def _swim_action(ctx: Context, system: ChipSystem, cid: str, card: str | None) -> None:
    """ "Every round a character swims in rough water, his first action must be a
    swimming roll": in a fight's countdown the roll is that action and plays its card
    (the Master may roll it without one, for someone with no card to play)."""
    found = combat(ctx.state)
    if found is None or fighter(ctx.state, cid) is None or found["phase"] != "countdown":
        return
    if card is None:
        if ctx.actor.is_gm:
            return
        raise RuleViolation(
            "In rough water the swimming roll is an action, the first each round: make it "
            "with the card that is called ('card')."
        )
    # an NPC's water is the Master's: the table sees only that it acts on its card
    said = "swims (the swimming roll)" if is_seat(ctx.state, cid) else ""
    countdown.play(ctx, system, cid, card, said, kind="swim")


def smoke_rounds(ctx: Context) -> None:
    """At a new round, whoever is unconscious in dense smoke makes the Vigor check,
    rolled by the host: "Should he ever happen to fall unconscious, he continues to lose
    Wind in this way every round until he dies."."""
    for cid in combatants(ctx.state):
        smoke = body.extra(ctx.state, cid, "in_smoke")
        if isinstance(smoke, dict) and body.extra(ctx.state, cid, "unconscious", False):
            _check(ctx, cid, "smoke", CheckArgs(), bool(smoke.get("wet_cloth")))


def _check(ctx: Context, cid: str, kind: str, args: CheckArgs, wet_cloth: bool) -> None:
    sub: CheckArgs = args
    if kind == "smoke":
        tn, what = SMOKE_TN, "vigor"
        if wet_cloth:
            sub = checks.with_modifier(args, WET_CLOTH)
    else:
        tn, what = WATER[kind], "swimming"
    check = checks.roll(ctx, cid, what, tn, sub)
    lost = 0 if check.success else max(1, tn - max(0, check.total))
    label = "dense smoke" if kind == "smoke" else kind.replace("_", " ")
    ctx.emit(
        Draft(
            COMBAT_HAZARD_EVENT,
            f"{name_of(ctx.state, cid)} in {label}: {what.capitalize()} {check.text()}.",
            data={"who": cid, "kind": kind, **check.data(), "wind_lost": lost},
            changes=(*check.changes, *ongoing.checked(ctx, cid, kind)),
            visible_to=wind.visible(ctx.state, cid),
            undo=UNDO_GM,
        )
    )
    if lost:
        _lose(ctx, cid, lost, label, {"kind": kind})


def _lose(ctx: Context, cid: str, amount: int, why: str, data: JsonDict) -> None:
    current, top = body.wind(ctx.state, cid)
    new = current - amount
    note = " and is Winded" if new <= 0 else ""
    ctx.emit(
        Draft(
            COMBAT_WIND_LOST,
            f"{name_of(ctx.state, cid)} loses {amount} Wind"
            + (f" ({why})" if why else "")
            + f": {new}/{top}{note}.",
            data={"who": cid, "amount": amount, "wind": new, **data},
            changes=(wind.loss(ctx.state, cid, amount),),
            visible_to=wind.visible(ctx.state, cid),
            undo=UNDO_GM,
        )
    )


def bleed(ctx: Context, system: ChipSystem, args: BleedArgs) -> None:
    """``combat.bleed`` (GM): rounds pass outside the countdown (after a fight, while
    someone is being carried off): everyone still bleeding loses Wind for each round, as
    combat.round does in a fight ("losing 1 Wind per round")."""
    ctx.require_gm("let rounds pass")
    rounds = args.rounds
    if not any(body.bleeding(ctx.state, c) for c in combatants(ctx.state)):
        raise RuleViolation("Nobody is bleeding.")
    for _ in range(rounds):
        wind.bleed_all(ctx)
