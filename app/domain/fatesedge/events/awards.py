"""The event types ``fatesedge/awards.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, NoData, Payload
from ...jsonvalue import JsonDict


class BondAgreed(Payload):
    """The data of ``fe.bond.agreed``, emitted by ``accept_bond``: 'Consent Required: Both players
    must agree to the bond.' Its Boons come at the start of each session (at most 4 per
    player from bonds)."""

    bond: str


BOND_AGREED = EventType("fe.bond.agreed", BondAgreed)


class BondProposed(Payload):
    """The data of ``fe.bond.proposed``, emitted by ``propose_bond``: Propose a mutual backstory
    tie; it needs the other player's consent."""

    a: str
    agreed: bool
    b: str
    bond: str
    tie: str


BOND_PROPOSED = EventType("fe.bond.proposed", BondProposed)


class BondRemoved(Payload):
    """The data of ``fe.bond.removed``, emitted by ``remove_bond``: Bonds 'can also be added or
    removed between sessions'."""

    bond: str


BOND_REMOVED = EventType("fe.bond.removed", BondRemoved)


class BoonAwarded(Payload):
    """The data of ``fe.boon.awarded``, emitted by ``boon_award``: Failure's Gift: a failure with
    narrative teeth earns a Boon (or a bond called upon)."""

    player: str
    reason: str
    complication: str


BOON_AWARDED = EventType("fe.boon.awarded", BoonAwarded)


class BoonBonds(Payload):
    """The data of ``fe.boon.bonds``, emitted by ``session_started``: Between sessions: bond Boons
    for the next session; overflow counters reset."""

    player: str
    boons: int


BOON_BONDS = EventType("fe.boon.bonds", BoonBonds)


class BoonConverted(Payload):
    """The data of ``fe.boon.converted``, emitted by ``convert``: 'Between sessions, a player may
    convert 2 Boons = 1 XP.'."""

    player: str
    xp: int


BOON_CONVERTED = EventType("fe.boon.converted", BoonConverted)


#: A pc's overflow counters reset between sessions (its log line says it all).
BOON_OVERFLOW_RESET = EventType("fe.boon.overflow_reset", NoData)


class XpAwarded(Payload):
    """The data of ``fe.xp.awarded``, emitted by ``award``: The GM awards XP to one player or
    everyone (deficits are paid off first)."""

    player: str
    xp: int
    reason: str


XP_AWARDED = EventType("fe.xp.awarded", XpAwarded)


class XpMilestone(Payload):
    """The data of ``fe.xp.milestone``, emitted by ``milestone``: '+8–12 XP to all players; +2 XP
    bonus to one player for a signature moment.'."""

    player: str
    xp: int


XP_MILESTONE_EVENT = EventType("fe.xp.milestone", XpMilestone)


class XpSession(Payload):
    """The data of ``fe.xp.session``, emitted by ``session_awards``: The end-of-session checklist:
    {"p1": {"attendance": true, "objective": 3}, ...}."""

    player: str
    xp: int
    items: JsonDict


XP_SESSION_EVENT = EventType("fe.xp.session", XpSession)
