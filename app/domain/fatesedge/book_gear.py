"""The book's own items bind (Appendix C; issue #27).

An item named as in the book is that item: it costs what the book says and is of the
book's tier, and only then does it act as the book says (``abilities`` finds its
effect by the book's name, so a player's own invention, named otherwise, borrows none).

- C.7's priced tables (Dagger 1 XP … Plate Harness 6 XP): the price is the book's and
  the tier is the one that price belongs to ('Basic (1 XP)', 'Standard (2 XP)',
  'Superior (6 XP)', 'Artifact (12 XP …)').
- C.2's kits and C.3's weapons and armour have no XP price in the book ('Upgraded
  versions may cost XP', 'XP upgrades represent cultural edges'): the GM sets it.
- C.4's rare gear: 'These are not purchased; they are discovered, inherited, or earned.
  A GM may attach XP "Attunement" costs': only the GM grants them.
- C.5's artifacts ('Arc-shaping artifact — 8–10 XP. Found, not bought.'; 'Artifact
  (12 XP or GM Award)'): only the GM grants them, and they are of the Artifact tier.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

Source = Literal["priced", "unpriced", "rare", "artifact"]


class BookItem(NamedTuple):
    name: str
    source: Source
    cost: int = 0  # the book's XP price (priced items only)


def _items() -> dict[str, BookItem]:
    priced = {
        "Dagger": 1, "Longsword": 2, "Spear": 2, "Great Axe": 6, "Whip": 2,
        "Shortbow": 2, "Longbow": 2, "Crossbow": 2, "Throwing Knives": 1, "Hand Cannon": 6,
        "Leather Jerkin": 1, "Chain Shirt": 2, "Plate Harness": 6, "Shield (Buckler)": 1,
        "Shield (Tower)": 2, "Lockpicks": 1, "Navigator's Tools": 2, "Forgery Set": 2,
        "Healer's Pouch": 2, "Alchemist's Kit": 6,
    }  # fmt: skip
    unpriced = (
        "Traveler's Pack", "Scout's Rig", "Scholar's Satchel", "Burglar's Tools",
        "Healer's Bag", "Ykrul Recurve Bow", "Viterran Longspear", "Duelist's Rapier",
        "Knight's Heater Shield", "Aeler-forged Hauberk",
    )  # fmt: skip
    rare = (
        "Rothari War-Kit", "Whisper-thin Elven Cloak", "Lence Dueling Gauntlet",
        "Oshiiran Abacus", "Sihai Warrior-Monk Gi",
    )  # fmt: skip
    artifacts = (
        "Sundered King's Coin", "Echo-Wrought Blade", "Khemesh-Scale Cloak",
        "Unkwa Ward-Post", "Silent Bell",
    )  # fmt: skip
    found = [BookItem(n, "priced", c) for n, c in priced.items()]
    found += [BookItem(n, "unpriced") for n in unpriced]
    found += [BookItem(n, "rare") for n in rare]
    found += [BookItem(n, "artifact") for n in artifacts]
    return {key(item.name): item for item in found}


def key(name: str) -> str:
    """A name's letters and digits, lower-case: 'Plate-Harness' is 'Plate Harness'."""
    name = re.sub(r"^the\s+", "", name.strip(), flags=re.IGNORECASE)
    return re.sub(r"[^a-z0-9]", "", name.casefold())


BOOK: dict[str, BookItem] = _items()
TIER_OF_PRICE = {1: "basic", 2: "standard", 6: "superior", 12: "artifact"}


def book_item(name: str) -> BookItem | None:
    """The book's item this name names, if any."""
    return BOOK.get(key(name))
