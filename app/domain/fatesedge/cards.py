"""A standard 52-card deck as the Deck of Consequences (18, B) and the adventure
generator (D.12): suits, ranks, severities, clock sizes and the suit tables."""

from __future__ import annotations

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "C", "D")
FACES = ("J", "Q", "K")
BLACK = ("S", "C")

# Deck of Consequences: chapter 18's tarot names, appendix B's card suits.
CONSEQUENCE_SUITS = {
    "H": ("Cups", "Hearts", "Emotional, social, or relational fallout"),
    "C": ("Swords", "Clubs", "Harm, danger, or escalation of conflict"),
    "D": ("Pentacles", "Diamonds", "Resource strain, economic or material cost"),
    "S": ("Wands", "Spades", "Magical, spiritual, or cosmic disturbances"),
}

# Adventure generator suits (D.12.1).
ADVENTURE_SUITS = {
    "S": "Place",
    "H": "People/Faction",
    "C": "Complication/Threat",
    "D": "Reward/Leverage",
}

SUIT_TABLES: dict[str, dict[str, str]] = {
    "S": {
        "2": "Toll bridge at a foggy ford",
        "6": "Old quarry turned smugglers' pit",
        "10": "Fortress granary with suspicious ledgers",
        "A": "Sealed under-vault that hums at night",
    },
    "H": {
        "3": "Young patrol captain seeking a break",
        "7": "Temple advocate torn between creeds",
        "K": "Kahfagian commodore off the books",
        "A": "'Benefactor' whose money moves borders",
    },
    "C": {
        "4": "Hidden snare line across the approach",
        "9": "Your plan leaks; ambush in the wings",
        "Q": "Betrayal from an ally-of-convenience",
        "A": "The past returns to claim someone",
    },
    "D": {
        "3": "Favor marker from a minor official",
        "8": "A Cap 2 follower offers service",
        "K": "Claim deed or minor title (asset)",
        "A": "Artifact-grade leverage (4 XP to keep)",
    },
}


def full_deck() -> list[str]:
    """The 52 cards in a fixed order, e.g. '10H', 'AS'."""
    return [rank + suit for suit in SUITS for rank in RANKS]


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def value(card: str) -> int:
    """2..14 with the Ace high (adventure generator, combos)."""
    return RANKS.index(rank_of(card)) + 2


def severity(card: str, reading: str) -> str:
    """How bad a consequence card is: chapter 18 (Ace low) or appendix B (Ace high)."""
    rank = rank_of(card)
    if reading == "appendix":
        if rank == "A":
            return "Catastrophic"
        n = value(card)
        return "Minor" if n <= 5 else "Moderate" if n <= 9 else "Severe"
    n = 1 if rank == "A" else value(card)
    if n <= 3:
        return "Minor"
    if n <= 6:
        return "Moderate"
    return "Significant" if n <= 9 else "Major"


def dividend(card: str) -> int:
    """Complication Dividend for accepting a high card: face +1 XP, Ace +2 XP."""
    rank = rank_of(card)
    return 2 if rank == "A" else 1 if rank in FACES else 0


def clock_size(card: str) -> int:
    """D.12.2: 2–5 → 4, 6–10 → 6, J/Q/K → 8, Ace → 10 segments."""
    n = value(card)
    return 4 if n <= 5 else 6 if n <= 10 else 10 if n == 14 else 8


def describe_consequence(card: str, reading: str) -> str:
    tarot, classic, domain = CONSEQUENCE_SUITS[suit_of(card)]
    return f"{rank_of(card)} of {tarot} ({classic}): {severity(card, reading)} — {domain}"


def describe_adventure(card: str) -> str:
    entry = SUIT_TABLES[suit_of(card)].get(rank_of(card), "")
    role = ADVENTURE_SUITS[suit_of(card)]
    return f"{rank_of(card)}{suit_of(card)} {role}" + (f": {entry}" if entry else "")
