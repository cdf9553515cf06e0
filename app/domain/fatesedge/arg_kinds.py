"""Argument types shared by the Fate's Edge commands of the world around the characters
(clocks, Supply, Fatigue, followers, assets, gear, decks, creation, succession)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

#: How a ``player`` argument reads where a player acts for themselves.
PLAYER = "seat id (the GM names one; a player acts for themselves)"

#: An id the state gives a clock, follower, asset or gear item ("k3", "f1", "g2").
ItemId = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=20)]
#: A seat id the GM must name (GM-only commands that act on one character).
NamedSeat = ItemId
#: Short texts, stripped and not empty, by their longest length.
Text40 = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
Text60 = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=60)]
Text80 = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
Text120 = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=120)]
#: A free note that may be left empty (the handler then says nothing about it).
Note120 = Annotated[str, StringConstraints(strip_whitespace=True, max_length=120)]
Note200 = Annotated[str, StringConstraints(strip_whitespace=True, max_length=200)]
#: Complication Points paid with an effect (at most 10, or 20 for clocks).
Cp10 = Annotated[int, Field(ge=0, le=10)]
Cp20 = Annotated[int, Field(ge=0, le=20)]

#: The description of ``reveal`` on commands that may spend CP.
REVEAL = "show the table what the CP paid for (default: the table's setting)"
