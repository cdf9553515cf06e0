"""Whether a use of a cap is allowed right now, and which cap pays for it.

One function answers "why not?" for both the command (it raises the reason) and the
view (it shows the reason next to a greyed-out button), so they can never disagree.
"""

from __future__ import annotations

from ..changes import get_path, token_count
from ..errors import InvalidArgs, RuleViolation
from .caps import BLUE, COLOURS, RED, USES, WHITE, CapColour, Use, covers, uses_for
from .characters import TURN, CapsTable, Character, npc_pool
from .settings import CapsSettings
from .view_types import ColourOptions, Options, Roll, UseOption


def blocker(state: CapsTable, settings: CapsSettings, who: Character, use: str) -> str | None:
    """Why ``who`` can't make ``use`` of a cap right now, or None if the rules allow it."""
    roll = who.roll(state)
    if use == "reroll":
        return _reroll_blocker(state, settings, who, roll)
    if use == "unshake":
        return None if who.sheet(state)["shaken"] else f"{who.name} isn't Shaken."
    if use == "soak":
        hit = who.hit(state)
        if hit is None or not hit["wounds"]:
            return "There's no hit with Wounds to soak."
        if hit["soak_rolled"]:
            return "This hit has been soaked already; reroll the Vigor roll instead."
        return None
    if use == "greatness":
        if get_path(state, TURN) != who.id:
            return "A Moment of Greatness is spent during your turn: mark the start of your turn."
        active = who.greatness(state)
        if active is not None:
            edge = active["edge"]
            return f"Only one Moment of Greatness at a time ({edge} lasts until your next turn)."
        return None
    if use == "reroll_damage":
        return None if roll and roll["kind"] == "damage" else "There's no damage roll to reroll."
    if roll is None:
        return "There's no Trait roll to add Extra Effort to."
    if roll["kind"] == "damage":
        return "Extra Effort can't be added to a damage roll."
    return "This roll already has Extra Effort." if roll["effort"] else None


def _reroll_blocker(
    state: CapsTable, settings: CapsSettings, who: Character, roll: Roll | None
) -> str | None:
    if roll is None:
        return "There's no roll to reroll: roll first."
    if roll["kind"] == "damage":
        if who.sheet(state)["no_mercy"]:
            return None
        return "Only with the No Mercy Edge can a white cap reroll damage (a red cap can)."
    if roll["effort"]:
        return "Extra Effort was spent on this roll, so it can't be rerolled."
    if roll["snake_eyes"] and not settings["reroll_snake_eyes"]:
        return "Snake eyes is a critical failure: it can't be rerolled."
    return None


def pick_cap(
    state: CapsTable, who: Character, use: Use, colour: str | None, pool: str | None
) -> tuple[str, str]:
    """(colour, container) of the cap that pays for ``use``.

    Without a ``colour`` the cheapest cap that may pay is spent. A Wild Card NPC pays
    from its own caps first, then from the GM's general ones, unless ``pool`` says.
    """
    if colour is not None and colour not in COLOURS:
        raise InvalidArgs(f"'cap' must be one of: {', '.join(COLOURS)}.")
    if colour is not None and not covers(colour, use.colour):
        raise RuleViolation(
            f"A {colour} cap can't pay for that: it needs a {use.colour} cap or better."
        )
    pools = _pools(who, pool)
    colours = [colour] if colour else [c for c in COLOURS if covers(c, use.colour)]
    for candidate in colours:
        for container in pools:
            if token_count(state, container, candidate) > 0:
                return candidate, container
    if colour:
        raise RuleViolation(f"{who.name} has no {colour} cap.")
    better = " or better" if use.colour != COLOURS[-1] else ""
    raise RuleViolation(f"{who.name} has no {use.colour} cap{better} for that.")


def _pools(who: Character, pool: str | None) -> tuple[str, ...]:
    if pool is None:
        return who.pools
    if not who.npc:
        raise InvalidArgs("'pool' is only for the GM's Wild Card NPCs.")
    if pool == "own":
        return (npc_pool(who.id),)
    if pool == "gm":
        return who.pools[1:]
    raise InvalidArgs("'pool' must be 'own' (the NPC's caps) or 'gm' (the GM's general caps).")


def options(state: CapsTable, settings: CapsSettings, who: Character) -> Options:
    """For each colour: how many ``who`` may spend, and each use with why not (if not)."""
    return {
        WHITE: _colour_options(state, settings, who, WHITE),
        RED: _colour_options(state, settings, who, RED),
        BLUE: _colour_options(state, settings, who, BLUE),
    }


def _colour_options(
    state: CapsTable, settings: CapsSettings, who: Character, colour: CapColour
) -> ColourOptions:
    count = who.caps(state, colour)
    uses: list[UseOption] = []
    for use in uses_for(colour):
        reason = None if count else f"No {colour} cap."
        reason = reason or blocker(state, settings, who, use.name)
        uses.append(
            {"use": use.name, "label": use.label, "allowed": reason is None, "reason": reason}
        )
    return {"count": count, "uses": uses}


def use_named(name: object) -> Use:
    """The use called ``name``, or a clear InvalidArgs listing them."""
    if not isinstance(name, str) or name not in USES:
        raise InvalidArgs(f"'use' must be one of: {', '.join(USES)}.")
    return USES[name]
