"""Who is acting: the GM, one player seat, or the host itself (joins, system events)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Role = Literal["gm", "player", "host"]


@dataclass(frozen=True)
class Actor:
    """The authenticated author of a command, and the viewer of a table view."""

    role: Role
    player_id: str | None = None

    @property
    def label(self) -> str:
        """The stable string stored in events: ``gm``, ``host`` or the player id."""
        if self.role == "player":
            assert self.player_id is not None
            return self.player_id
        return self.role

    @property
    def is_gm(self) -> bool:
        return self.role in ("gm", "host")

    def may_see(self, visible_to: str) -> bool:
        """Whether this actor may see an event addressed to ``visible_to``."""
        if visible_to == "all" or self.is_gm:
            return True
        return visible_to == self.player_id


GM = Actor("gm")
HOST = Actor("host")
#: A player who holds none of the seats: what every player sees of seats not their own
#: (views compute those parts once for this viewer and share them; it never acts).
ONLOOKER = Actor("player", None)


def player(player_id: str) -> Actor:
    """The actor for one player seat."""
    return Actor("player", player_id)
