"""What the web page adds to the server's limits (:mod:`uno_tui.server.limits`): how
many new browser sessions one address may start a minute.

Everything else is the SSH server's own, counted for both kinds of terminal together
by the host's :class:`~uno_tui.server.limits.Gatekeeper`: connections (and the
open-files budget), failed logins per address per minute with a growing delay, and
sessions per address. A WebSocket is cheap to open and each session starts an app
(about a third of a second of CPU), so the page also caps the rate, which SSH's
handshake and login already slow down.
"""

from __future__ import annotations

import time
from collections import deque

__all__ = ["SessionRate", "SESSIONS_PER_MINUTE"]

#: New browser sessions one address may start per minute (reloads, reconnects, tabs).
SESSIONS_PER_MINUTE = 30
#: The window of the count, in seconds.
WINDOW = 60.0
#: With this many addresses counted, those whose counts ran out are forgotten.
SWEEP_AT = 1024


class SessionRate:
    """New sessions per address over the last minute."""

    def __init__(self, per_minute: int = SESSIONS_PER_MINUTE, clock=time.monotonic) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._started: dict[str, deque] = {}

    def _trim(self, times: deque, now: float) -> None:
        while times and now - times[0] >= WINDOW:
            times.popleft()

    def start(self, address: str) -> str:
        """Count a new session from ``address``: '' if it may start, else why not (then
        nothing is counted)."""
        now = self._clock()
        if len(self._started) >= SWEEP_AT:
            for other, times in list(self._started.items()):
                self._trim(times, now)
                if not times:
                    del self._started[other]
        times = self._started.setdefault(address, deque())
        self._trim(times, now)
        if len(times) >= self.per_minute:
            return (f"Too many new sessions from your address ({self.per_minute} a minute): "
                    "wait a minute, then reload.")
        times.append(now)
        return ""

    @property
    def addresses(self) -> int:
        """How many addresses are counted now."""
        return len(self._started)
