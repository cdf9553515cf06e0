"""Reading a Fate-chip table's view (Deadlands, Spacelands) and its odds, for the screens.

Pure functions over the JSON the host sends (``table["rules"]``), read as the domain's
declared ``ChipsView``, so they are tested without Flet. The odds come from the exact
engine in ``app.domain.odds``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast, get_args

from app.domain.command_types import CommandCall
from app.domain.errors import DomainError
from app.domain.fatechips.dice import FIREARM, HIGHEST_KINDS, OTHER, STRENGTH, TRAIT
from app.domain.fatechips.rolls import Kind, Sides
from app.domain.fatechips.system import MAX_WOUND, WHITE, WOUND_LEVELS
from app.domain.fatechips.view_types import ChipsView, PlayerView, Roll, UseName
from app.domain.odds import TN_LADDER, chip_outlook, deadlands_odds

from ..widgets import pct

if TYPE_CHECKING:  # the model's type only: these functions run without Flet
    from ..model import AppModel

USE_TITLES: dict[UseName, str] = {
    "roll": "Spend on your roll",
    "reroll": "Reroll from scratch",
    "impetus": "Invoke an Impetus",
    "negate": "Negate wounds",
    "wind": "Recover Wind",
    "cash": "Cash in for Bounty",
    "trade": "Give to another player",
}
KINDS = (
    (TRAIT, "Trait"),
    (STRENGTH, "Strength dmg"),
    (FIREARM, "Firearm dmg"),
    (OTHER, "Other"),
)
LOCATION_NAMES = {
    "head": "Head",
    "left_arm": "Left arm",
    "right_arm": "Right arm",
    "upper_torso": "Upper guts",
    "lower_torso": "Gizzards",
    "guts": "Guts",
    "left_leg": "Left leg",
    "right_leg": "Right leg",
}


def chips_view(model: AppModel) -> ChipsView:
    """The table's rules part, typed: the host built it with ``fatechips.view.view``
    (which mypy holds to ``ChipsView``) and the JSON round-trip keeps its shape; the
    chip screens show only once a Fate-chip table's view has arrived."""
    return cast(ChipsView, model.rules)


def seat_entry(view: ChipsView, pid: str | None) -> PlayerView | None:
    """A seat's entry (None for no seat, e.g. the GM's own or one just removed)."""
    return view["players"].get(pid or "")


def player_entry(rules: dict[str, Any], pid: str | None) -> dict[str, Any]:
    """The same, untyped (app/ui/views/glance.py still reads it so)."""
    entry = rules.get("players", {}).get(pid or "", {})
    return entry if isinstance(entry, dict) else {}


def colours(view: ChipsView) -> list[str]:
    return view["colours"]


def gm_title(view: ChipsView, capital: bool = False) -> str:
    title = view["gm_title"]
    return title[0].upper() + title[1:] if capital else title


def location_name(loc: str) -> str:
    return LOCATION_NAMES.get(loc, loc.replace("_", " ").capitalize())


def chain_text(chain: list[int]) -> str:
    """'8+8+3' for a die that aced twice."""
    return "+".join(str(f) for f in chain)


def parse_faces(text: str) -> list[list[int]]:
    """'8+8+3, 5' -> [[8, 8, 3], [5]]: dice rolled at the table, aces joined with '+'.

    Raises ValueError with a plain message when the text is not numbers.
    """
    dice = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        try:
            dice.append([int(f) for f in part.replace(" ", "").split("+")])
        except ValueError:
            raise ValueError(f"'{part}' is not a die: write faces like 8+8+3, 5") from None
    if not dice:
        raise ValueError("Enter the dice, e.g. 8+8+3, 5")
    return dice


def roll_kind(value: object) -> Kind:
    """The roll kind the roller's menu chose (its options, ``KINDS``, are ``Kind``'s)."""
    if value not in get_args(Kind):
        raise ValueError(f"{value!r} is not a kind of roll")
    return cast(Kind, value)  # one of Kind's options: checked just above


def die_sides(value: object) -> Sides:
    """The die type the roller's menu chose (its options are ``Sides``')."""
    if value not in get_args(Sides):
        raise ValueError(f"{value!r} is not a die type")
    return cast(Sides, value)  # one of Sides' options: checked just above


def joined(first: CommandCall, *more: CommandCall) -> CommandCall:
    """One call of ``first``'s command with the arguments of all the calls: a form that
    sends some arguments only on some taps builds them piecewise, each part by the
    command type's own keywords, so the JSON holds exactly the arguments set."""
    args = dict(first.args)
    for call in more:
        if call.type != first.type:
            raise ValueError(f"{call.type} joined to {first.type}")
        args.update(call.args)
    return CommandCall(first.type, args)


def tn_value(tn: Any) -> int | None:
    if isinstance(tn, int):
        return tn
    if isinstance(tn, str):
        return TN_LADDER.get(tn.lower())
    return None


def odds_before(dice: int, sides: int, tn: int, modifier: int = 0) -> dict[str, str]:
    """Before the roll: chance now, with one white chip, with a bonus die; bust risk."""
    target = tn - modifier
    try:
        base = deadlands_odds(dice, sides, target)
        white = deadlands_odds(dice, sides, target, whites=1)
        bonus = deadlands_odds(dice, sides, target, bonus=True)
    except (DomainError, ValueError):
        return {}
    return {
        "success": pct(base.p_success),
        "bust": pct(base.p_bust),
        "raises": f"{base.expected_raises:.1f}",
        "white": pct(white.p_success),
        "bonus": pct(bonus.p_success),
        "white_lowers": "yes" if white.p_success < base.p_success else "",
    }


def outlook(roll: Roll, cancels_bust: bool = False) -> dict[str, Any] | None:
    """After the roll: the exact chance now and after a white chip or a bonus die.

    None when the roll has no TN or isn't a highest-die roll (no odds to show).
    """
    tn = roll["tn"]
    if tn is None or roll["kind"] not in HIGHEST_KINDS:
        return None
    extras = [list(b["die"]) for b in roll["bonuses"]]
    # A bonus die that cancelled a bust (Spacelands' blue) is read as the outlook's own
    # bonus die; other bonus dice already spent lower what the dice still need, and a
    # chip of a colour not spent yet (Deadlands: one red and one blue) adds its die.
    first = extras[0] if extras and roll["bust_cancelled"] else None
    rest = extras[1:] if first is not None else extras
    target = tn - roll["modifier"] - sum(sum(chain) for chain in rest)
    try:
        out = chip_outlook(
            roll["dice"],
            roll["sides"],
            target,
            first,
            bonus_cancels_bust=cancels_bust or roll["bust_cancelled"],
        )
    except (DomainError, ValueError):
        return None
    return {
        "now": out.p_now,
        "white": out.p_white,
        "bonus": out.p_bonus,
        "white_then_bonus": out.p_white_then_bonus,
        "bust": out.bust,
    }


def chip_odds_line(seen: dict[str, Any], colour: str, lead: str = "") -> str | None:
    """The odds line of a chip on the roll: 'now -> after', or for a white chip on a
    roll that already succeeds, what that chip still does (a raise, or a bust).
    ``lead`` goes before the odds ("Chance ").

    A white chip is one more die: on a success it can't add success, only a raise, and
    a natural 1 on it can reach the bust threshold ("spend ... until you're satisfied").
    """
    after = seen["white"] if colour == WHITE else seen["bonus"]
    if after is None:
        return None
    if colour == WHITE and seen["now"] >= 1.0:
        bust = seen["now"] - after
        text = "Already a success: a white chip can only add a raise"
        return text + (f"; a 1 on its die busts the roll ({pct(bust)})" if bust > 0 else "")
    return f"{lead}{pct(seen['now'])} -> {pct(after)}"


def roll_summary(roll: Roll) -> str:
    """'Shootin' 3d8 vs TN 7: 13 — success, 1 raise' in one line."""
    outcome = roll["outcome"]
    head = f"{roll['label']} {len(roll['dice'])}d{roll['sides']}"
    if roll["tn"] is not None:
        head += f" vs TN {roll['tn']}"
    if outcome["bust"]:
        return f"{head}: BUST"
    text = f"{head}: {outcome['total']}"
    if "success" in outcome:
        if outcome["success"]:
            raises = outcome.get("raises", 0)  # there whenever success is
            text += " — success" + (f", {raises} raise{'s' * (raises > 1)}" if raises else "")
        else:
            text += " — failure"
    if roll["finished"]:
        text += " (settled)"
    return text


def negation_plan(negatable: dict[str, int], wounds: int) -> dict[str, int]:
    """Which fresh wounds a chip negates: the worst locations first, up to ``wounds``."""
    plan: dict[str, int] = {}
    left = wounds
    for loc, n in sorted(negatable.items(), key=lambda kv: -int(kv[1])):
        take = min(int(n), left)
        if take > 0:
            plan[loc] = take
            left -= take
    return plan


def plan_text(plan: dict[str, int]) -> str:
    return ", ".join(f"{location_name(loc)} {n}" for loc, n in plan.items()) or "nothing"


def wounds_text(wounds: dict[str, int]) -> str:
    hurt = [
        f"{location_name(loc)}: {WOUND_LEVELS[min(int(n), MAX_WOUND)]}"
        for loc, n in wounds.items()
        if n
    ]
    return ", ".join(hurt) or "unhurt"


def hand_total(hand: dict[str, int]) -> int:
    return sum(int(n) for n in hand.values())
