"""Per-address limits on wrong guesses (join codes, claim codes)."""

from __future__ import annotations

import time
from collections import defaultdict, deque


class FailureLimiter:
    """Allows ``max_failures`` wrong guesses per ``window`` seconds per client address."""

    def __init__(self, max_failures: int = 10, window: float = 60.0) -> None:
        self.max_failures = max_failures
        self.window = window
        self._failures: dict[str, deque[float]] = defaultdict(deque)

    def _recent(self, address: str) -> deque[float]:
        stamps = self._failures[address]
        cutoff = time.monotonic() - self.window
        while stamps and stamps[0] < cutoff:
            stamps.popleft()
        return stamps

    def blocked(self, address: str) -> bool:
        """Whether this address has used up its wrong guesses for now."""
        return len(self._recent(address)) >= self.max_failures

    def failed(self, address: str) -> None:
        self._recent(address).append(time.monotonic())
