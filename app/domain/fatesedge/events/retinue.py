"""The event types ``fatesedge/retinue.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class AssetActivated(Payload):
    """The data of ``fe.asset.activated``, emitted by ``activate``: 'To activate any Off-Screen
    Asset, the player must spend 1 Boon or 2 XP.'."""

    player: str
    asset: str
    ask: str
    pay: str


ASSET_ACTIVATED = EventType("fe.asset.activated", AssetActivated)


class FavorCalled(Payload):
    """The data of ``fe.favor.called``, emitted by ``call_favor``: D.12.6: 'A one-shot favor costs
    1 Boon (or 2 XP in desperation) to activate.'."""

    player: str
    favor: str
    pay: str


FAVOR_CALLED = EventType("fe.favor.called", FavorCalled)


class FollowerDevotion(Payload):
    """The data of ``fe.follower.devotion``, emitted by ``devotion``: A Devoted follower, once per
    arc, turns a complication aimed at them into less."""

    player: str
    follower: str


FOLLOWER_DEVOTION_EVENT = EventType("fe.follower.devotion", FollowerDevotion)


class FollowerHarmed(Payload):
    """The data of ``fe.follower.harmed``, emitted by ``harm``: The GM spends CP to Pin, Wound,
    Burn or Seize a follower used in a risky scene."""

    follower: str
    harm: str
    player: str
    cp: int | None = None


FOLLOWER_HARMED = EventType("fe.follower.harmed", FollowerHarmed)


class FollowerLoyalty(Payload):
    """The data of ``fe.follower.loyalty``, emitted by ``loyalty``: Raise (risk shared, fair pay,
    defended) or lower (broken promises) Loyalty."""

    player: str
    follower: str
    loyalty: str


FOLLOWER_LOYALTY_EVENT = EventType("fe.follower.loyalty", FollowerLoyalty)


class FollowerTreated(Payload):
    """The data of ``fe.follower.treated``, emitted by ``treat``: An Injured follower is treated
    off-screen: their Cap counts in full again."""

    player: str
    follower: str


FOLLOWER_TREATED = EventType("fe.follower.treated", FollowerTreated)


class FollowerUpkeep(Payload):
    """The data of ``fe.follower.upkeep``, emitted by ``upkeep``: Each Downtime: pay Coin equal to
    Cap or tend the relationship for a Scene. 'Miss two upkeeps: the follower becomes
    Unreliable until mended' (marked Neglected)."""

    player: str
    follower: str


FOLLOWER_UPKEEP_EVENT = EventType("fe.follower.upkeep", FollowerUpkeep)


class GearDamaged(Payload):
    """The data of ``fe.gear.damaged``, emitted by ``gear_damage``: Compromise an item (−1 die); a
    Compromised item that suffers another setback breaks."""

    gear: str
    player: str
    cp: int | None = None


GEAR_DAMAGED = EventType("fe.gear.damaged", GearDamaged)


class SceneEnded(Payload):
    """The data of ``fe.scene.ended``, emitted by ``end_scene``: The scene ends: pinned followers
    rejoin, field repairs wear off, once-per-scene uses come back."""

    scene: int


SCENE_ENDED = EventType("fe.scene.ended", SceneEnded)
