"""The event types ``fatechips/awards.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class ArcEnded(Payload):
    """The data of ``arc.ended``, emitted by ``end_arc``: ``arc.end`` (GM): a story arc ends, so
    each Aptitude may be raised again."""

    arc: int


ARC_ENDED = EventType("arc.ended", ArcEnded)


class BountyShared(Payload):
    """The data of ``bounty.shared``, emitted by ``crew_bounty``: ``bounty.crew`` (GM): a bounty
    shared by every character in the crew; leftover points stay in the pot until the next
    reward."""

    points: int
    share: int
    left: int


BOUNTY_SHARED = EventType("bounty.shared", BountyShared)


class ChipsAwarded(Payload):
    """The data of ``chips.awarded``, emitted by ``award``: ``chips.award`` (GM): a chip of a
    chosen colour from the pot to a player."""

    player: str
    colour: str
    reason: str


CHIPS_AWARDED = EventType("chips.awarded", ChipsAwarded)


class ChipsGmSpent(Payload):
    """The data of ``chips.gm_spent``, emitted by ``gm_spend``: ``marshal.spend`` (GM): a chip from
    the GM's hand for an NPC goes back to the pot."""

    colour: str
    purpose: str


CHIPS_GM_SPENT = EventType("chips.gm_spent", ChipsGmSpent)


class LegendAwarded(Payload):
    """The data of ``legend.awarded``, emitted by ``award_legend``: ``legend.award`` (GM): a new
    Legend chip enters the game, into the pot (a finished major adventure) or straight to
    one player (a tale-teller, a legendary deed)."""

    to: str
    reason: str


LEGEND_AWARDED = EventType("legend.awarded", LegendAwarded)
