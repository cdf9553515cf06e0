"""The GM's Complication Point spend menu (3.5.3) and the CP spend ladder (D.2), as data."""

from __future__ import annotations

# (id, cost, text). Costs are the text's defaults; "4+" options take 4 or more.
UNIVERSAL: tuple[tuple[str, int, str], ...] = (
    ("trace", 1, "Noise, tell, or trace left"),
    ("supply", 1, "+1 segment on the party Supply clock"),
    ("compromise", 1, "A tool or item becomes Compromised"),
    ("time", 1, "+1 round of time passes"),
    ("bystander", 1, "A bystander notices something off"),
    ("attention", 2, "Alarmed attention (not full alarm)"),
    ("position", 2, "Lose position/cover"),
    ("foe", 2, "Add a lesser foe or lock"),
    ("threat", 2, "Advance a Threat clock by 1"),
    ("fatigue", 2, "Traveler gains Fatigue 1"),
    ("reinforcements", 3, "Reinforcements en route"),
    ("out-of-supply", 3, "Out of Supply"),
    ("gear-breaks", 3, "Key gear breaks now"),
    ("split", 3, "Split the party's options (fire, flood, collapse)"),
    ("faction", 3, "Escalate a faction clock by 1"),
    ("major-turn", 4, "Major turn: trap springs, rival claims the prize, authority arrives"),
    ("twist", 4, "Convert saved CP into a scene-defining twist"),
)

PILLARS: dict[str, tuple[tuple[int, str], ...]] = {
    "combat": (
        (1, "Lose footing (next defense −1d)"),
        (2, "Weapon Compromised"),
        (3, "Pinned, disarmed, or separated"),
        (4, "Battlefield shifts (fireline, cave-in, cavalry arrives)"),
    ),
    "stealth": (
        (1, "Footstep/squeak; shadow seen"),
        (2, "Patrol pattern changes; lock resists (extra test)"),
        (3, "Partial alarm"),
        (4, "Full alarm and lockdown protocol"),
    ),
    "social": (
        (1, "Rumor cost or faux pas (future −1d with this contact)"),
        (2, "A concession is now required (gift, favor)"),
        (3, "A rival interjects with leverage"),
        (4, "Patron turns, audience or oath invoked"),
    ),
    "travel": (
        (1, "Lose time; minor injury; weather turns"),
        (2, "Supply +1 segment; mount lamed"),
        (3, "Wrong valley or blocked pass; Fatigue 1 to all"),
        (4, "Storm, rockslide, flood: the route is rewritten"),
    ),
    "arcana": (
        (1, "Prickle of backlash; sensory bleed"),
        (2, "Unintended side-effect (cold from fire, echoes draw attention)"),
        (3, "Residue anchors a foe/hex"),
        (4, "Backlash condition manifests; ritual mark persists"),
    ),
}

# "CP Spend Ladder" (D.2), shown next to the menu.
LADDER: tuple[tuple[str, str], ...] = (
    ("1 CP", "Compromise a tool; +1 Fatigue on one PC; nuisance pressure."),
    ("2 CP", "Separate PCs; restrain or knock down; endanger a follower/asset; advance a Clock."),
    ("3+ CP", "Permanent injury; scene flips; instant clock surge (+2); burn an asset."),
)


def menu_options() -> dict[str, tuple[int, str]]:
    """Every spendable menu entry by id ("supply", "combat-2"...) with cost and text."""
    options = {oid: (cost, text) for oid, cost, text in UNIVERSAL}
    for pillar, rows in PILLARS.items():
        for cost, text in rows:
            options[f"{pillar}-{cost}"] = (cost, text)
    return options


def menu_json() -> dict[str, object]:
    """The menu as the GM's view shows it."""
    return {
        "universal": [{"id": i, "cost": c, "text": t} for i, c, t in UNIVERSAL],
        "pillars": {
            p: [{"id": f"{p}-{c}", "cost": c, "text": t} for c, t in rows]
            for p, rows in PILLARS.items()
        },
        "ladder": [{"cost": c, "text": t} for c, t in LADDER],
    }
