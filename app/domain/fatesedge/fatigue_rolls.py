"""Fatigue on every roll and every helping hand (D.3, 15.3; issue #27).

- '4 Fatigue: Collapse/KO/Spiritual break. You fall out of the scene until treated or
  rescued.' A character out of the scene adds nothing to anyone's action: not as a
  helper on a roll, not in a group roll, not as a ritual's assistant, not with a
  talent or item used for an ally.
- 'Fatigue weakens rolls by forcing the player to re-roll successes.' That holds for
  every roll a fatigued character makes, the ones the host makes for them too: a
  ritual assistant's dice, a Healer's Bag roll.
"""

from __future__ import annotations

from ..changes import Change
from ..context import Context
from ..errors import RuleViolation
from . import dice as d
from .sheet_types import Character
from .state import pc_path, put, sheet

OUT_OF_SCENE = 4


def out_of_scene(pc: Character) -> bool:
    """Whether the character has collapsed (Fatigue 4)."""
    return int(pc.get("fatigue", 0)) >= OUT_OF_SCENE


def require_in_scene(pc: Character, doing: str) -> None:
    """Refuse ``doing`` for a character at Fatigue 4, naming the rule."""
    if out_of_scene(pc):
        raise RuleViolation(
            f"{pc['name']} has Fatigue 4 and is out of the scene until treated or rescued, "
            f"so can't {doing}."
        )


def fatigued_dice(ctx: Context, pid: str, size: int) -> tuple[list[d.Die], list[Change]]:
    """``size`` d10s the host rolls for ``pid``, with their Fatigue's forced re-rolls of
    successes, and the change that pays a 'next roll' re-roll."""
    pc = sheet(ctx, pid)
    forced = d.fatigue_rerolls(int(pc.get("fatigue", 0)), bool(pc.get("fatigue_fresh")))
    faces = [ctx.rng.die(10) for _ in range(size)]
    rolled = d.resolve(faces, "basic", forced, lambda: ctx.rng.die(10))
    paid: list[Change] = []
    if pc.get("fatigue_fresh"):
        paid.append(put(ctx, pc_path(pid, "fatigue_fresh"), False))
    return rolled, paid


def faces_text(rolled: list[d.Die]) -> str:
    """'7 3→9 1': each die's faces, a re-roll shown with an arrow."""
    return " ".join("→".join(str(f) for f in die.faces) for die in rolled)
