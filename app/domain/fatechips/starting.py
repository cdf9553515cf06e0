"""Ready-made starting traits: a new player takes one and rolls at once.

A fresh sheet rolls 1d6 in every trait. Neither rules text gives a character-creation
procedure (the Fate-chips text starts from a made character and only prices
*improvements* in Bounty Points), so these are the house's quick starts, not a rule:
a few archetypes whose dice fit the text's range (d4-d12, "4d6 Strength") with one
aptitude each, the sort of thing a Marshal hands a newcomer. Taking one is character
creation, not an improvement ("You can only make improvements before or after a game
session"), so a player may take it during play, but only onto a sheet still blank:
afterwards the sheet changes by ``sheet.update`` and Bounty as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .system import TRAITS, ChipSystem

if TYPE_CHECKING:
    from .view_types import Sheet


@dataclass(frozen=True)
class Archetype:
    """Starting traits (trait -> (dice, die)) and one aptitude (name, level, concentration)."""

    title: str
    pitch: str
    traits: dict[str, tuple[int, int]]
    aptitude: tuple[str, int, str]

    def trait_words(self) -> str:
        """'Deftness 3d10, Quickness 2d10, Nimbleness 2d8, Vigor 2d8, the rest 2d6'."""
        best = sorted(self.traits.items(), key=lambda kv: (-kv[1][1], -kv[1][0], kv[0]))
        named = [f"{t.capitalize()} {n}d{d}" for t, (n, d) in best if (n, d) != (2, 6)]
        rest = ", the rest 2d6" if len(named) < len(best) else ""
        return ", ".join(named) + rest

    def aptitude_words(self) -> str:
        name, level, conc = self.aptitude
        return f"{name} {level}" + (f" ({conc})" if conc else "")


def _traits(**dice: tuple[int, int]) -> dict[str, tuple[int, int]]:
    """Every trait, 2d6 unless named (so no archetype leaves a trait at the blank 1d6)."""
    return {t: dice.get(t, (2, 6)) for t in TRAITS}


_DEADLANDS = {
    "gunslinger": Archetype(
        "Gunslinger",
        "Quick hands and a steady aim.",
        _traits(deftness=(3, 10), quickness=(2, 10), nimbleness=(2, 8), vigor=(2, 8)),
        ("shootin'", 3, "pistol"),
    ),
    "scout": Archetype(
        "Scout",
        "Sharp eyes, quiet feet, hard to kill.",
        _traits(cognition=(3, 10), nimbleness=(2, 10), vigor=(2, 8), spirit=(2, 8)),
        ("sneak", 3, ""),
    ),
    "talker": Archetype(
        "Silver tongue",
        "Talks the town round; thinks fast.",
        _traits(mien=(3, 10), smarts=(2, 10), knowledge=(2, 8), spirit=(2, 8)),
        ("persuasion", 3, ""),
    ),
}

_SPACELANDS = {
    "blaster": Archetype(
        "Blaster hand",
        "The crew's gun: fast on the draw, tough.",
        _traits(deftness=(3, 10), quickness=(2, 10), vigor=(2, 8), strength=(2, 8)),
        ("shooting", 3, "blaster"),
    ),
    "pilot": Archetype(
        "Pilot",
        "Flies anything; quick reflexes, keen senses.",
        _traits(nimbleness=(3, 10), cognition=(2, 10), quickness=(2, 8), deftness=(2, 8)),
        ("piloting", 3, "starship"),
    ),
    "face": Archetype(
        "Face",
        "Bluffs, bargains and fixes the deals.",
        _traits(mien=(3, 10), smarts=(2, 10), knowledge=(2, 8), cognition=(2, 8)),
        ("persuasion", 3, ""),
    ),
}

ARCHETYPES: dict[str, dict[str, Archetype]] = {
    "deadlands": _DEADLANDS,
    "spacelands": _SPACELANDS,
}


def archetypes(system: ChipSystem) -> dict[str, Archetype]:
    """The quick starts offered in ``system`` (none for a system without its own)."""
    return ARCHETYPES.get(system.name, {})


def is_blank(sheet: Sheet) -> bool:
    """Every trait still 1d6 and no aptitude: a sheet nobody has filled in."""
    traits = sheet.get("traits", {})
    untouched = all(
        int(t.get("die", 6)) == 6 and int(t.get("coordination", 1)) == 1 for t in traits.values()
    )
    return bool(traits) and untouched and not sheet.get("aptitudes")
