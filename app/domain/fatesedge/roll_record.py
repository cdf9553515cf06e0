"""The records of rolls: ``state["rules"]["last_roll"]`` (also the roll event's data),
the last group roll and the contest.

``rolls.perform`` writes it (the pool's ``parts`` and what it ``used``, then the dice's
``dice.summarize``); a Boon, a talent or an item changing the roll writes it again with
a new summary (``redo.redo``), and a Devil's Bargain with its ``bargain``.
"""

from __future__ import annotations

from typing import Required, TypedDict


class DieRecord(TypedDict):
    """One d10 of a roll: its last ``face``, every face it showed and why each re-roll."""

    face: int
    faces: list[int]
    why: list[str]


class PoolPart(TypedDict):
    """A line of a pool: what adds (or takes) how many dice."""

    label: str
    dice: int


class Used(TypedDict, total=False):
    """What a roll used, for the rules that act on it later."""

    attribute: Required[str]
    skill: Required[str]  # "" for none
    helper: str
    followers: list[str]
    gear: str
    asset: str
    abilities: list[str]


class Summary(TypedDict, total=False):
    """What the dice came to (``dice.summarize``): the outcome only against a DV."""

    dice: Required[list[DieRecord]]
    successes: Required[int]
    cp: Required[int]
    dv: Required[int]
    cancelled: Required[int]  # CP erased by talents or items
    added: int  # automatic successes (Echo-Walker)
    difficulty: str
    outcome: str  # clean, cost, partial, miss (bargain after a Devil's Bargain)
    outcome_name: str
    guidance: str
    flourish: bool  # always there: written last


class RollRecord(Summary, total=False):
    """A character's roll (see the module)."""

    id: Required[str]
    player: Required[str]
    label: Required[str]
    ladder: Required[str]  # basic, detailed, intricate
    pool: Required[int]
    parts: Required[list[PoolPart]]
    used: Required[Used]
    fatigue_rerolls: Required[int]
    physical: Required[bool]  # entered from physical dice
    cp_pool: Required[str]  # where its CP went: the GM's bank or a ritual's pool
    bargain: str  # the complication a Devil's Bargain accepted


class GroupRow(Summary):
    """One character's dice in a group roll."""

    player: str
    name: str
    pool: int


class GroupRecord(TypedDict, total=False):
    """The last group roll, ``state["rules"]["group_last"]`` (``contests.group``): the
    outcome only against a DV."""

    label: Required[str]
    rows: Required[list[GroupRow]]
    successes: Required[int]
    cp: Required[int]
    dv: Required[int]
    outcome: str
    outcome_name: str
    difficulty: str


class ContestSide(TypedDict, total=False):
    """One side of a contest: a player (``player``; ``roll`` and ``successes`` once
    they rolled) or an opposition pool (``npc``: its ``faces`` and ``successes``)."""

    kind: Required[str]  # player | npc
    name: Required[str]
    player: str
    roll: str
    successes: int
    faces: list[int]


class ContestResult(TypedDict):
    """Who won a contest, and the successes of sides ``a`` and ``b``."""

    winner: str
    name: str
    tie: bool
    a: int
    b: int


class Contest(TypedDict, total=False):
    """The open (or last finished) contest, ``state["rules"]["contest"]``
    (``contests.start``); ``holds`` is the side that keeps the status quo on a tie."""

    id: Required[str]
    label: Required[str]
    holds: Required[str]
    sides: Required[dict[str, ContestSide]]
    result: ContestResult
