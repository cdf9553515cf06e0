"""Per-address limits on wrong guesses (join codes, claim codes)."""

from __future__ import annotations

import time
from collections import deque


class FailureLimiter:
    """Allows ``max_failures`` wrong guesses per ``window`` seconds per client address.

    An attempt is counted when it starts (``attempt``), before the host looks the code
    up, and handed back if it turns out right (``succeeded``): so guesses sent all at
    once are counted as they arrive, and the one past the limit is refused at once
    however many are still being checked. Each attempt costs a few operations on one
    address's timestamps, whatever the number of tables or addresses.
    """

    def __init__(self, max_failures: int = 10, window: float = 60.0) -> None:
        self.max_failures = max_failures
        self.window = window
        self._failures: dict[str, deque[float]] = {}
        self._swept = 0.0

    def _recent(self, address: str, now: float) -> deque[float]:
        stamps = self._failures.setdefault(address, deque())
        cutoff = now - self.window
        while stamps and stamps[0] <= cutoff:
            stamps.popleft()
        return stamps

    def attempt(self, address: str) -> bool:
        """Count a guess from ``address``; False (not counted) if it has none left."""
        now = time.monotonic()
        stamps = self._recent(address, now)
        if len(stamps) >= self.max_failures:
            return False
        stamps.append(now)
        self._forget_idle(now)
        return True

    def succeeded(self, address: str) -> None:
        """The guess was right: it does not count against the address."""
        stamps = self._failures.get(address)
        if stamps:
            stamps.pop()

    def blocked(self, address: str) -> bool:
        """Whether this address has used up its wrong guesses for now."""
        return len(self._recent(address, time.monotonic())) >= self.max_failures

    def _forget_idle(self, now: float) -> None:
        """Drop addresses with no recent guess once there are many (memory stays
        bounded by the addresses active within a window)."""
        if len(self._failures) > 1024 and now - self._swept > self.window:
            self._swept = now
            cutoff = now - self.window
            for address in [a for a, s in self._failures.items() if not s or s[-1] <= cutoff]:
                del self._failures[address]
