"""The event types ``fatesedge/casting.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict
from .rolls import Roll


class CastBacklash(Payload):
    """The data of ``fe.cast.backlash``, emitted by ``backlash``: 'Backlash — CP spent by the GM
    manifest as uncontrolled consequences', scaled by the points spent (Backlash Severity
    Table)."""

    guidance: str
    player: str
    tier: int
    cp: int | None = None


CAST_BACKLASH_EVENT = EventType("fe.cast.backlash", CastBacklash)


class CastChannel(Roll):
    """The data of ``fe.cast.channel``, emitted by ``channel``: 'Channel — roll Wits + Arcana to
    gather Potential. Each success becomes fuel; each 1 adds Complication Points
    immediately.'."""


CAST_CHANNEL_EVENT = EventType("fe.cast.channel", CastChannel)


class CastWeave(Roll):
    """The data of ``fe.cast.weave``, emitted by ``weave``: 'Weave — roll Wits + (Art) to shape
    Potential into a defined effect.' The description ladder applies."""

    backlash: str
    backlash_tier: int
    casting: JsonDict


CAST_WEAVE_EVENT = EventType("fe.cast.weave", CastWeave)


class RitualBacklash(Payload):
    """The data of ``fe.ritual.backlash``, emitted by ``ritual_backlash``: 'Total all CPs …
    Increase severity by +1 tier per assistant beyond the first.'."""

    cp: int
    tier: int


RITUAL_BACKLASH_EVENT = EventType("fe.ritual.backlash", RitualBacklash)


class RitualChannel(Payload):
    """The data of ``fe.ritual.channel``, emitted by ``ritual_channel``: Channel together: the
    caster rolls Wits + Arcana, each assistant Spirit + Skill; successes add Potential,
    every 1 goes to the shared ritual pool."""

    potential: int
    cp: int
    assistants: list[JsonDict]


RITUAL_CHANNEL_EVENT = EventType("fe.ritual.channel", RitualChannel)


class RitualDeclared(Payload):
    """The data of ``fe.ritual.declared``, emitted by ``ritual_start``: Declare the ritual: the
    effect, and who helps (each with their relevant Skill)."""

    caster: str
    effect: str
    helpers: JsonDict
    stage: str


RITUAL_DECLARED = EventType("fe.ritual.declared", RitualDeclared)


class RitualWeave(Payload):
    """The data of ``fe.ritual.weave``, emitted by ``ritual_weave``: Weave: the caster rolls Wits +
    Art; assistants may add narrated dice, whose 1s also feed the ritual pool."""

    weave: int
    art: str


RITUAL_WEAVE_EVENT = EventType("fe.ritual.weave", RitualWeave)
