"""Who may act: what being dead, unconscious, Winded or stunned forbids, in the rule's
own words (spacelands-combat.txt, "Wounds", "Wound Modifiers", Wind).

- Dead: a maimed head or guts ("critically injured. This generally means dead") or
  bled to death: nothing at all.
- Unconscious ("goes unconscious immediately if you go bust on any stun check") and
  Winded ("Winded characters get no Cards and can't perform actions unless the Master
  feels like letting them whisper or crawl a short way"): no action of any kind; the
  cards already in hand stay unplayable (they may only be let go).
- Stunned: "can't do anything besides limp a few meters and cry like a baby until he
  makes a recovery check": a recovery check is the one action; a card may still be let
  go or kept up the sleeve for after it, but active defence, aiming, preparing,
  interrupting, attacks and tests of will wait.

- A stun check due (a wound just taken): the check first ("When your character takes
  damage, he has to make a "stun" check"); only a card let go or kept up the sleeve
  waits for no check.

Surprise, a Terror test's catatonia and a Fear test's terror forbid acts too: see
``nerve.py``, checked after the body.

Everything is derived from the body, so going Winded or unconscious mid-round takes
effect at once, on the cards already in hand.
"""

from __future__ import annotations

from ..context import Context
from ..errors import RuleViolation
from ..fatechips.state import ChipsTable
from . import body, nerve, ongoing
from .state import name_of

# What a stunned character may still do.
STUNNED_MAY = frozenset({"recover", "pass", "sleeve", "move", "swim"})  # swim: or drown
# What a combatant whose stun check is due may do before making it.
STUN_DUE_MAY = frozenset({"pass", "sleeve"})
# What someone out of the fight (Winded, unconscious, dead) may still do.
DOWN_MAY = frozenset({"pass"})


def state_of(state: ChipsTable, cid: str) -> str | None:
    """``dead`` | ``unconscious`` | ``winded`` | ``stunned`` | None (may act)."""
    levels = body.wounds(state, cid)
    current, top = body.wind(state, cid)
    if any(n >= body.MAIMED and body.is_vital(loc) for loc, n in levels.items()):
        return "dead"
    if body.bleeding(state, cid) > 0 and current <= -top:
        return "dead"
    if body.extra(state, cid, "unconscious", False):
        return "unconscious"
    if current <= 0:
        return "winded"
    if body.extra(state, cid, "stunned", False):
        return "stunned"
    return None


def reason(state: ChipsTable, cid: str, action: str) -> str | None:
    """Why ``cid`` may not take ``action`` now (the rule in words), or None: the body's
    state first, then surprise, catatonia and terror (``nerve.py``)."""
    return (
        _body_reason(state, cid, action)
        or _stun_due_reason(state, cid, action)
        or nerve.reason(state, cid, action)
        or ongoing.reason(state, cid, action)
    )


def _stun_due_reason(state: ChipsTable, cid: str, action: str) -> str | None:
    """ "When your character takes damage, he has to make a "stun" check ... If you fail
    it, your character's stunned and can't do anything": the check comes before the next
    action (acting first would let a failed check stop nothing). Only letting a card go
    or keeping one up the sleeve waits for no check."""
    tn = body.extra(state, cid, "stun_due")
    if tn is None or action in STUN_DUE_MAY:
        return None
    who = name_of(state, cid)
    return (
        f"{who} took a wound: make the stun check first (Vigor against {tn}); "
        "it decides whether they can act."
    )


def _body_reason(state: ChipsTable, cid: str, action: str) -> str | None:
    found = state_of(state, cid)
    who = name_of(state, cid)
    if found is None:
        return None
    if found == "stunned":
        if action in STUNNED_MAY:
            return None
        return (
            f"{who} is stunned and can't do anything besides limp a few meters until he "
            "makes a recovery check (one action)."
        )
    if action in DOWN_MAY:
        return None
    if found == "dead":
        return f"{who} is critically injured or has bled to death: no more actions."
    if found == "unconscious":
        return (
            f"{who} is unconscious (1d6 hours, or until a Fair (5) medicine roll wakes him): "
            "no actions."
        )
    return (
        f"{who} is Winded: Winded characters get no cards and can't perform actions "
        "(the Master may let them whisper or crawl a short way at the end of the round)."
    )


def may_act(state: ChipsTable, cid: str) -> bool:
    """Whether a called card should prompt this combatant to act."""
    return state_of(state, cid) is None and nerve.state_of(state, cid) is None


def require(ctx: Context, cid: str, action: str) -> None:
    """Refuse ``action`` with the rule's words when ``cid``'s state forbids it."""
    why = reason(ctx.state, cid, action)
    if why is not None:
        raise RuleViolation(why)
