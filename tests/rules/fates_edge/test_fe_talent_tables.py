"""The talent tables of 8.4 ('Table 8.1: Talent progression tiers with examples.' and
the cultural table after it), row by row: each talent's XP cost and its Attribute and
Skill minimums are the table's. Where both tables list a talent at different prices
(Backlash Soothing 6 and 5), Table 8.1's price is kept (`talents.py`); cultural
requirements ('Dwarf only') are notes for the GM."""

from __future__ import annotations

import pytest

from app.domain.fatesedge.talents import TALENTS

# "Name	Cost (XP)	Requirements	Effect", Table 8.1.
TABLE_8_1 = [
    (
        "Battle Instincts",
        4,
        {},
    ),  # "Battle Instincts 4 None Once per scene, re-roll a failed defense roll."
    ("Silver Tongue", 3, {"presence": 2}),  # "Silver Tongue 3 Presence 2+ …"
    ("Stone-Sense", 5, {}),  # "Stone-Sense 5 Dwarf only …"
    ("Iron Stomach", 3, {"body": 2}),  # "Iron Stomach 3 Body 2+ …"
    ("Backlash Soothing", 6, {"spirit": 2}),  # "Backlash Soothing 6 Wood Elf only, Spirit 2+ …"
    ("Blood Memory", 7, {"body": 3}),  # "Blood Memory 7 Ykrul only, Body 3+ …"
    ("Commanding Presence", 8, {"presence": 3}),  # "Commanding Presence 8 Presence 3+ …"
    ("Familiar Bond", 9, {"spirit": 3}),  # "Familiar Bond 9 Spirit 3+ …"
    (
        "Echo-Walker",
        20,
        {"wits": 5, "arcana": 4},
    ),  # "Echo-Walker 20 High Elf only; Wits 5, Arcana 4 …"
    (
        "Warglord",
        18,
        {"body": 5, "leadership": 3},
    ),  # "Warglord 18 Ykrul only; Body 5, Leadership 3 …"
    (
        "Spirit-Shield",
        15,
        {"spirit": 4, "resolve": 3},
    ),  # "Spirit-Shield 15 Dwarf only; Spirit 4, Resolve 3 …"
    (
        "Shadowbinder",
        16,
        {"wits": 4, "stealth": 3},
    ),  # "Shadowbinder 16 Tulkani or Dark Elf; Wits 4, Stealth 3 …"
]
# The cultural table (Humans, Dwarves, Wood Elves, High Elves, Ykrul), talents not above.
CULTURAL = [
    ("Versatile", 3, {}),
    ("Guild Ties", 7, {"presence": 2}),
    ("Banner-Bearer", 15, {"presence": 4, "leadership": 3}),
    ("Spirit Shield", 8, {"spirit": 3}),
    ("Forge-Patriarch", 18, {"body": 4, "craft": 4}),
    ("Ranger's Step", 9, {"wits": 3, "stealth": 2}),
    ("Wild Speaker", 18, {"spirit": 5, "nature": 4}),
    ("Lorekeeper", 4, {}),
    ("Weave Anchor", 8, {"wits": 3, "arcana": 3}),
    ("Blood Frenzy", 4, {"body": 2}),
]


@pytest.mark.parametrize(("name", "cost", "needs"), TABLE_8_1 + CULTURAL)
def test_each_talent_costs_and_requires_what_its_row_says(
    name: str, cost: int, needs: dict[str, int]
) -> None:
    """Each row of 'Name Cost (XP) Requirements Effect': its XP cost and its minimums."""
    talent = TALENTS[name]
    assert talent.cost == cost
    assert dict(talent.needs) == needs


def test_a_talent_priced_twice_keeps_table_8_1s_price() -> None:
    """ "Backlash Soothing 6 Wood Elf only, Spirit 2+" (Table 8.1) against "Backlash
    Soothing 5 Wood Elf only" (the cultural table): Table 8.1 wins; the talents both
    tables price alike (Stone-Sense 5, Blood Memory 7, Echo-Walker 20, Warglord 18) agree."""
    assert TALENTS["Backlash Soothing"].cost == 6
    assert [
        TALENTS[n].cost for n in ("Stone-Sense", "Blood Memory", "Echo-Walker", "Warglord")
    ] == [
        5,
        7,
        20,
        18,
    ]
