"""Bottlecaps: ready-made starting sheets for a new player (the house's, not the text's).

A fresh sheet has every attribute at d4 and no skill. The Bottlecaps text has no
creation procedure, so these follow the usual Savage Worlds Novice budget (five
attribute steps above d4, a few skills) as a Marshal would hand them out. Taking one
is a plain ``sheet.update`` of attributes and skills, so it follows that command's rule:
players edit their sheets between sessions (the GM at any time).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Starter:
    title: str
    attributes: dict[str, str]
    skills: dict[str, str]

    def words(self) -> str:
        """'Agility d8, Smarts d6 ...; Shooting d6, Notice d6'."""
        raised = [f"{a} {d}" for a, d in self.attributes.items() if d != "d4"]
        return ", ".join(raised) + "; " + ", ".join(f"{s} {d}" for s, d in self.skills.items())


STARTERS: dict[str, Starter] = {
    "scavenger": Starter(
        "Scavenger",
        {"Agility": "d8", "Smarts": "d6", "Spirit": "d6", "Strength": "d4", "Vigor": "d6"},
        {"Shooting": "d6", "Notice": "d6", "Repair": "d6", "Stealth": "d6"},
    ),
    "bruiser": Starter(
        "Bruiser",
        {"Agility": "d6", "Smarts": "d4", "Spirit": "d4", "Strength": "d8", "Vigor": "d8"},
        {"Fighting": "d8", "Intimidation": "d6", "Athletics": "d6"},
    ),
    "talker": Starter(
        "Smooth talker",
        {"Agility": "d6", "Smarts": "d8", "Spirit": "d8", "Strength": "d4", "Vigor": "d4"},
        {"Persuasion": "d8", "Notice": "d6", "Shooting": "d6"},
    ),
}
