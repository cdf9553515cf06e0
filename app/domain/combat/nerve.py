"""Who may not act for want of nerve: surprise, Terror's catatonia, Fear's terror
(spacelands-combat.txt, "Surprise", "Fear and Terror", "Terrified").

- Surprised: "If you don't make the roll, you don't get any cards, and your character
  can't act that round. He can act normally in the next round as long as he makes an
  Easy (3) guts check." No action at all (a card up the sleeve included) while the
  fighter's ``surprise`` is ``surprised``, or ``recovering`` before that check is made.
- Catatonic: "If a Hero goes bust on a Terror test, he draws no cards in the next draw
  phase, takes no actions (including active defenses) and just cowers in place. The
  hero is catatonic. During the following draw phase he becomes terrified." No action
  from the test through the round of that next draw phase (``cowers_until``).
- Terrified: "A terrified Hero breaks and runs. During the next draw phase, the Hero
  draws a single card, and when it comes up, must run full movement away from the
  Terror causing event." From the bust (or the end of the catatonia) through the round
  of that draw phase (``terrified_until``), the one action is running full movement
  (``combat.move``); a card may be let go, never put up the sleeve or played.

The rounds are stored on the fighter as round numbers, so the lifetimes are the text's
whatever the Master does in between; :func:`until` works them out when the test is made.
"""

from __future__ import annotations

from typing import cast

from ..fatechips.state import ChipsTable
from . import body
from .state import combat, fighter, name_of
from .view_types import Nerve

__all__ = ["Nerve", "must_run", "reason", "state_of", "until"]

# What a terrified hero may still do: run (a simple action) and let a card go.
TERRIFIED_MAY = frozenset({"move", "pass"})
NOBODY_MAY = frozenset({"pass"})


def until(state: ChipsTable, cid: str, terror: bool) -> dict[str, int]:
    """The fighter keys a Fear (``terror`` False) or Terror bust sets now: the round
    numbers through which the hero cowers and is terrified. "The next draw phase" is
    this round's if the hero hasn't drawn yet, else the next round's."""
    found = combat(state)
    record = fighter(state, cid)
    if found is None or record is None:
        return {}
    now = int(found["round"])
    drawn = found["phase"] != "draw" or record.get("status") != "waiting"
    nxt = now + 1 if drawn else now  # the round of "the next draw phase"
    cowers = int(record.get("cowers_until") or 0)
    terrified = int(record.get("terrified_until") or 0)
    if terror:
        return {"cowers_until": max(cowers, nxt), "terrified_until": max(terrified, nxt + 1)}
    return {"terrified_until": max(terrified, nxt)}


def state_of(state: ChipsTable, cid: str) -> Nerve | None:
    """``surprised`` | ``recovering`` | ``catatonic`` | ``terrified`` | None."""
    found = combat(state)
    record = fighter(state, cid)
    if found is None or record is None:
        return None
    surprise = record.get("surprise")
    if surprise in ("surprised", "recovering"):
        return cast(Nerve, surprise)
    now = int(found["round"])
    if now <= int(record.get("cowers_until") or 0):
        return "catatonic"
    if now <= int(record.get("terrified_until") or 0):
        return "terrified"
    return None


def reason(state: ChipsTable, cid: str, action: str) -> str | None:
    """Why ``cid`` may not take ``action`` for want of nerve (the rule in words), or None."""
    found = state_of(state, cid)
    if found is None:
        return None
    who = name_of(state, cid)
    if found == "terrified":
        record = fighter(state, cid)
        ran = bool(record.get("running")) if record else False
        limping = bool(body.extra(state, cid, "stunned", False))  # can't run: a limp
        if action == "pass" and not ran and not limping:
            # "when it comes up, must run full movement away": the run comes first
            return f"{who} is terrified: run full movement away first (Move), then let the card go."
        if action in TERRIFIED_MAY:
            return None
        return (
            f"{who} is terrified: the only action is to run full movement away from "
            "what caused the terror (Fear and Terror)."
        )
    if action in NOBODY_MAY:
        return None
    if found == "surprised":
        return f"{who} is surprised: no cards, and no action this round (Surprise)."
    if found == "recovering":
        return (
            f"{who} was surprised: no action this round until an Easy (3) Guts check is "
            "made (Surprise)."
        )
    held = fighter(state, cid)
    return (
        f"{who} is catatonic and cowers in place: no actions, not even an active defense, "
        f"through round {held.get('cowers_until') if held else None} (Terror)."
    )


def must_run(state: ChipsTable, cid: str) -> bool:
    """A terrified hero's move must be a run of the full movement."""
    return state_of(state, cid) == "terrified"
