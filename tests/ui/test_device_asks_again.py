"""A question to the browser's storage whose answer was lost is asked again.

Flet 1.0.5 keeps an invoke-method call waiting for ever when its session only
disconnects; a page that asked for its seat just before a drop stayed on "Opening the
table..." after it re-attached (seen in the fresh-venv tablet test after a SIGKILL).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from app.ui.device import Device, MemoryStore, SavedSeat


class LosesFirstAnswers(MemoryStore):
    """Preferences whose first ``lost`` answers never come (a socket that dropped)."""

    def __init__(self, lost: int) -> None:
        super().__init__()
        self.lost = lost
        self.asked = 0

    async def get(self, key: str) -> Any:
        self.asked += 1
        if self.asked <= self.lost:
            await asyncio.Event().wait()  # never answered
        return await super().get(key)


async def test_a_lost_answer_is_asked_again() -> None:
    store = LosesFirstAnswers(lost=2)
    seat = SavedSeat("t1", "token", "p1", "ABC123")
    await Device(store).save_player_seat(seat)
    device = Device(store, ask_seconds=0.05)
    assert await device.player_seat("abc123") == seat
    assert store.asked == 3


async def test_a_device_that_never_answers_is_an_error_not_a_hang() -> None:
    device = Device(LosesFirstAnswers(lost=1000), ask_seconds=0.01, give_up_seconds=0.1)
    with pytest.raises(TimeoutError):
        await device.player_seat("abc123")
