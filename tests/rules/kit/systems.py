"""What the shared kit knows about each rule system beyond its command catalogue.

Nothing here is required: a rule system registered with ``app.domain.ruleset.register``
is driven by the generic fuzzer (``fuzz.py``) and checked by every property test as it
is. A ``Profile`` only helps the random plans reach deeper states (a set-up, the
system's own vocabulary of steps), and records a defect the kit found in a system it
does not own (``known``: invariant -> reason) so the case shows as xfail until fixed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import strategies as st

from app.domain.actors import GM, player
from tests.rules.bottlecaps.test_bottlecaps_properties import _command
from tests.rules.fatechips.properties import steps
from tests.rules.wheel_of_fate.test_wof_properties import command

from .driver import KitTable, Step

Vocabulary = Callable[[st.DataObject, KitTable], list[Step]]


def start_session(kit: KitTable) -> None:
    """Start a session where the system has them (most rules act only during one)."""
    if "session.start" in kit.specs():
        kit.attempt((GM, "session.start", {}))


@dataclass(frozen=True)
class Profile:
    """How the kit sets up and drives one rule system."""

    setup: Callable[[KitTable], None] = start_session
    vocabulary: Vocabulary | None = None
    known: dict[str, str] = field(default_factory=dict)


PROFILES: dict[str, Profile] = {}


def register_profile(name: str, profile: Profile) -> None:
    """Give the kit a system's set-up and vocabulary (optional)."""
    PROFILES[name] = profile


def profile_for(name: str) -> Profile:
    return PROFILES.get(name, Profile())


# ---- the Fate-chip games ------------------------------------------------------------


def _chip_setup(kit: KitTable) -> None:
    start_session(kit)
    for pid in kit.seats()[:2]:
        if "legend.award" in kit.specs():
            kit.attempt((GM, "legend.award", {"to": pid}))
        for colour in ("white", "red", "blue"):
            kit.attempt((GM, "chips.award", {"player": pid, "colour": colour}))


def _chips(colours: tuple[str, ...]) -> Vocabulary:
    def draw(data: st.DataObject, kit: KitTable) -> list[Step]:
        return list(data.draw(steps(colours)))

    return draw


register_profile("deadlands", Profile(_chip_setup, _chips(("white", "red", "blue", "legend"))))


def _fight_setup(kit: KitTable) -> None:
    """The chips, then a fight in its draw against an NPC the GM named with a canary
    (so the random commands reach every combat command with real ids)."""
    _chip_setup(kit)
    kit.attempt((GM, "npc.add", {"name": "Zed Secret 1", "quickness": "2d6", "fighting": "3d8"}))
    kit.attempt((GM, "combat.start", {}))


register_profile("spacelands", Profile(_fight_setup, _chips(("white", "red", "blue"))))


# ---- Bottlecaps -----------------------------------------------------------------------


def _caps_setup(kit: KitTable) -> None:
    kit.attempt((GM, "npc.add", {"name": "Zed Secret 1"}))
    start_session(kit)


def _caps(data: st.DataObject, kit: KitTable) -> list[Step]:
    step = _command(data, kit)
    if data.draw(st.integers(0, 9)) == 0:
        use = data.draw(st.sampled_from(["reroll", "unshake", "soak"]))
        step = (GM, "cap.spend", {"extra": "Bandit", "use": use})
    return [step]


register_profile("bottlecaps", Profile(_caps_setup, _caps))


# ---- Wheel of Fate -----------------------------------------------------------------------


def _wheel_setup(kit: KitTable) -> None:
    kit.attempt((GM, "char.attributes", {"player": "p1", "physical": 3, "mental": 3, "social": 2}))
    kit.attempt((GM, "char.attributes", {"player": "p2", "physical": 2, "mental": 3, "social": 3}))
    args = {"name": "Zed Secret 2", "physical": 3, "mental": 2, "social": 2}
    kit.attempt((GM, "npc.add", args))
    start_session(kit)


def _wheel(data: st.DataObject, kit: KitTable) -> list[Step]:
    actor = data.draw(st.sampled_from([GM, GM, player("p1"), player("p2"), player("p3")]))
    if data.draw(st.integers(0, 9)) == 0:
        extra = data.draw(st.sampled_from(["fate.adjust", "pools.limits"]))
        n = data.draw(st.integers(-3, 3))
        args = {"player": "p1", "n": n} if extra == "fate.adjust" else {"pool_max": n + 3}
        return [(GM, extra, args)]
    kind, args = command(data.draw, actor, len(kit.events))
    return [(actor, kind, args)]


register_profile("wheel-of-fate", Profile(_wheel_setup, _wheel))


# ---- Fate's Edge (a removed seat returns its XP and Boons: fates_edge.gm_table) ------

register_profile("fates-edge", Profile())
