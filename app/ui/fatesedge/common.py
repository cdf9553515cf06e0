"""Reading a Fate's Edge table view for the screens: pure functions, no controls.

The pool the roller shows is built the way the host builds it (app/domain/fatesedge/
pool.py): Attribute + Skill, a follower's min(Cap, Skill) (Injured: Cap −1, Neglected:
−1, at most +3), a Compromised item −1, bonus and penalty dice, never below one die.
A helper's dice are the one part a player can't see (other sheets are private), so the
odds say when they leave them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from app.domain.errors import DomainError
from app.domain.fatesedge.dice import ATTRIBUTES as ATTRIBUTES  # the screens' order too
from app.domain.fatesedge.dice import DIFFICULTY, LADDER
from app.domain.fatesedge.resources import Kind
from app.domain.fatesedge.view_types import FeClock, FeSheet, FeView
from app.domain.odds import fates_edge_odds

from ..model import AppModel
from ..widgets import pct

#: The rules' description ladders (key, name, what it does to the dice).
LADDERS: tuple[tuple[str, str, str], ...] = tuple(
    (key, key.title(), does)
    for key, does in zip(LADDER, ("roll as-is", "re-roll one 1", "re-roll every 1"), strict=True)
)
DVS: tuple[tuple[int, str], ...] = ((0, "No DV"), *DIFFICULTY.items())
#: The hardest DV with a name: a higher DV is still "Extreme".
TOP_DV = max(DIFFICULTY)
#: Condition tracks, best first (followers and assets; gear breaks instead).
TRACKS: dict[str, tuple[str, ...]] = {
    "followers": ("maintained", "neglected", "compromised"),
    "assets": ("maintained", "neglected", "compromised"),
    "gear": ("maintained", "compromised", "broken"),
}
#: A sheet's group of resources -> the ``kind`` a resource command names.
KIND_OF: dict[str, Kind] = {"followers": "follower", "assets": "asset", "gear": "gear"}
ASSIST_CAP = 3
OUTCOME_COLOURS = {
    "clean": "#2E7D32",
    "cost": "#F9A825",
    "partial": "#EF6C00",
    "miss": "#C62828",
    "bargain": "#7B1FA2",
}
FATIGUE_TEXT = {
    0: "Fresh",
    1: "Fatigue 1: re-roll one success on your next roll",
    2: "Fatigue 2: re-roll one success on each roll",
    3: "Fatigue 3: re-roll two successes on each roll",
    4: "Fatigue 4: out of the scene until treated or rescued",
}


def fe_view(model: AppModel) -> FeView:
    """The table's rules part, typed: the host built it with ``fatesedge.view.build``
    (which mypy holds to ``FeView``) and the JSON round-trip keeps its shape; the Fate's
    Edge screens show only once a Fate's Edge table's view has arrived."""
    return cast(FeView, model.rules)


def character(view: FeView, viewer_is_gm: bool, pid: str | None) -> FeSheet | None:
    """The sheet this viewer sees: a player's own (``you``), or any for the GM; None
    when there is none (no seat, or a seat without a character)."""
    if not viewer_is_gm:
        return view.get("you")
    return view.get("characters", {}).get(pid or "")


def acting_for(pid: str | None, viewer_is_gm: bool) -> str | None:
    """The ``player`` a command names: the seat for the GM, none (yourself) for a player."""
    return pid if viewer_is_gm and pid else None


@dataclass(frozen=True)
class PoolChoice:
    """What the roller has chosen: the parts of the pool the player controls."""

    attribute: str = "body"
    skill: str = ""
    follower: str = ""
    gear: str = ""
    bonus: int = 0
    penalty: int = 0
    asset: str = ""
    asset_dice: int = 0


def follower_dice(follower: dict[str, Any], skill_rating: int) -> int:
    """'Assist dice equal to min(C, your relevant Skill)', at most +3; Injured: Cap −1;
    Neglected −1 after the +3 cap (as the host counts it)."""
    cap = int(follower.get("cap", 0)) - (1 if follower.get("injured") else 0)
    dice = min(cap, skill_rating, ASSIST_CAP)
    if follower.get("condition") == "neglected":
        dice -= 1
    return max(0, dice)


def pool_parts(sheet: FeSheet, choice: PoolChoice) -> list[tuple[str, int]]:
    """The pool's parts as the host will count them (labels for people)."""
    attrs = sheet["attributes"]
    parts = [(choice.attribute.title(), attrs.get(choice.attribute, 0))]
    rating = sheet["skills"].get(choice.skill, 0) if choice.skill else 0
    if choice.skill:
        parts.append((choice.skill.title(), rating))
    follower = sheet["followers"].get(choice.follower)
    if isinstance(follower, dict):
        dice = min(ASSIST_CAP, follower_dice(follower, rating))
        parts.append((str(follower.get("name", "Follower")), dice))
    gear = sheet["gear"].get(choice.gear)
    damaged = isinstance(gear, dict) and gear.get("condition") == "compromised"
    if damaged and isinstance(gear, dict) and not gear.get("field_repaired"):
        parts.append((f"Compromised {gear.get('name', 'gear')}", -1))
    asset = sheet["assets"].get(choice.asset) if choice.asset else None
    if isinstance(asset, dict):
        name = str(asset.get("name", "asset"))
        if choice.asset_dice:
            parts.append((f"Leverage: {name}", choice.asset_dice))
        if asset.get("condition") == "neglected":
            parts.append((f"Neglected {name}", -1))
    if choice.bonus:
        parts.append(("Bonus", choice.bonus))
    if choice.penalty:
        parts.append(("Penalty", -choice.penalty))
    return parts


def pool_size(parts: list[tuple[str, int]]) -> int:
    """A pool never drops below one die: you can always try."""
    return max(1, sum(n for _, n in parts))


@dataclass(frozen=True)
class Odds:
    """The exact odds of one roll, for people."""

    p_success: float
    p_clean: float
    expected_cp: float

    def text(self, dv: int) -> str:
        """'Success 73% · clean 52% · expect 0.6 CP' (no DV: the chance of any success)."""
        what = "Success" if dv else "Any success"
        return (
            f"{what} {pct(self.p_success)} · clean {pct(self.p_clean)} · "
            f"expect {self.expected_cp:.1f} CP"
        )


def odds(pool: int, dv: int, ladder: str) -> Odds | None:
    """Exact odds from app.domain.odds (None for a pool the odds can't take)."""
    try:
        answer = fates_edge_odds(pool, max(dv, 1), ladder)  # no DV: any success
    except DomainError:
        return None
    return Odds(answer.p_success, answer.p_clean, answer.expected_cp)


def die_text(die: dict[str, Any]) -> str:
    """'7', or '1→8 (detailed)' for a re-rolled die (every face it showed)."""
    faces = [str(f) for f in die.get("faces", [die.get("face")])]
    text = " -> ".join(faces)  # the offline font has no arrow glyph
    why = [str(w) for w in die.get("why", [])]
    return f"{text} ({', '.join(why)})" if why else text


def die_kind(face: int) -> str:
    """'success' (6+), 'cp' (a 1), or 'blank'."""
    if face >= 6:
        return "success"
    return "cp" if face == 1 else "blank"


def roll_headline(roll: dict[str, Any]) -> str:
    """'Partial: 1 success, 0 CP (DV 2 Pressured)'."""
    s, cp = int(roll.get("successes", 0)), int(roll.get("cp", 0))
    counts = f"{s} success{'es' if s != 1 else ''}, {cp} CP"
    if roll.get("outcome_name"):
        dv = f" (DV {roll.get('dv')} {roll.get('difficulty', '')})".replace(" )", ")")
        return f"{roll['outcome_name']}: {counts}{dv}"
    return counts[:1].upper() + counts[1:]


def parse_faces(text: str, lo: int = 1, hi: int = 10) -> list[int]:
    """'3 7 10' or '3,7,10' -> [3, 7, 10]; a plain message for anything else."""
    faces: list[int] = []
    for part in text.replace(",", " ").split():
        try:
            face = int(part)
        except ValueError:
            raise ValueError(f"'{part}' is not a die face: write numbers like 3 7 10.") from None
        if not lo <= face <= hi:
            raise ValueError(f"A d10 shows {lo} to {hi} (got {face}).")
        faces.append(face)
    return faces


def condition_name(condition: str) -> str:
    return condition.replace("_", " ").capitalize()


def clock_text(clock: FeClock) -> str:
    """'Guards 2/6' (+ ' (hidden)' for a GM-only clock)."""
    hidden = "" if clock["visible"] else " (hidden)"
    return f"{clock['name']} {clock['filled']}/{clock['size']}{hidden}"


def people(model_table: dict[str, Any]) -> list[tuple[str, str]]:
    """(player id, seat name) for every seat."""
    return [(str(s["player_id"]), str(s["name"])) for s in model_table.get("seats", [])]
