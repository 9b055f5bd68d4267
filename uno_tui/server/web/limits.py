"""Limits per address for the browser page: sessions at once, new sessions and failed
logins per minute, with a growing delay after each wrong password.

An address is the client's IP (a person's tabs and their reconnects share it). The
counts live only as long as the server runs; an address with nothing to count is
forgotten, so an address that came once costs nothing afterwards.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field

__all__ = ["WebLimits", "AddressLimits"]

#: The window of the per-minute counts, in seconds.
WINDOW = 60.0


@dataclass(frozen=True)
class WebLimits:
    """How much one address may do (each a whole number from 1)."""

    #: Browser sessions open at once from one address.
    sessions_per_address: int = 8
    #: New browser sessions per minute from one address (a page that reconnects in a
    #: loop, or a script opening sockets).
    sessions_per_minute: int = 30
    #: Wrong passwords per minute from one address; beyond, the login form says wait.
    failed_logins_per_minute: int = 6
    #: Seconds the answer to the first wrong password waits; each next one waits twice
    #: as long, up to MAX_DELAY.
    first_delay: float = 0.25


MAX_DELAY = 4.0
#: With this many addresses counted, those whose counts ran out are forgotten.
SWEEP_AT = 1024


@dataclass
class _Address:
    open_sessions: int = 0
    started: deque = field(default_factory=deque)
    failures: deque = field(default_factory=deque)

    def idle(self) -> bool:
        return not (self.open_sessions or self.started or self.failures)


def _trim(times: deque, now: float) -> None:
    while times and now - times[0] >= WINDOW:
        times.popleft()


class AddressLimits:
    """The counts per address, checked before a session opens or a login is tried."""

    def __init__(self, limits: WebLimits = WebLimits(), clock=time.monotonic) -> None:
        self.limits = limits
        self._clock = clock
        self._addresses: dict[str, _Address] = {}

    def _entry(self, address: str) -> _Address:
        if len(self._addresses) >= SWEEP_AT:
            self._sweep()
        entry = self._addresses.get(address)
        if entry is None:
            entry = self._addresses[address] = _Address()
        now = self._clock()
        _trim(entry.started, now)
        _trim(entry.failures, now)
        return entry

    def _sweep(self) -> None:
        """Forget every address whose counts have all run out (many came once)."""
        now = self._clock()
        for address, entry in list(self._addresses.items()):
            _trim(entry.started, now)
            _trim(entry.failures, now)
            if entry.idle():
                del self._addresses[address]

    def _forget_if_idle(self, address: str) -> None:
        entry = self._addresses.get(address)
        if entry is not None and entry.idle():
            del self._addresses[address]

    def open_session(self, address: str) -> str:
        """Count a new session from ``address``: '' if it may open, else why not (then
        nothing is counted)."""
        entry = self._entry(address)
        limits = self.limits
        if entry.open_sessions >= limits.sessions_per_address:
            self._forget_if_idle(address)
            return (f"Too many sessions from your address ({limits.sessions_per_address} "
                    "at once): close another tab first.")
        if len(entry.started) >= limits.sessions_per_minute:
            return (f"Too many new sessions from your address ({limits.sessions_per_minute} "
                    "a minute): wait a minute, then reload.")
        entry.open_sessions += 1
        entry.started.append(self._clock())
        return ""

    def close_session(self, address: str) -> None:
        entry = self._addresses.get(address)
        if entry is not None and entry.open_sessions:
            entry.open_sessions -= 1
            self._forget_if_idle(address)

    def login_refusal(self, address: str) -> str:
        """'' if ``address`` may try a password now, else why not."""
        entry = self._entry(address)
        if len(entry.failures) >= self.limits.failed_logins_per_minute:
            return "Too many wrong passwords from your address: wait a minute and try again."
        self._forget_if_idle(address)
        return ""

    def login_failed(self, address: str) -> float:
        """Count a wrong password from ``address``; the seconds to wait before answering."""
        entry = self._entry(address)
        entry.failures.append(self._clock())
        return min(MAX_DELAY, self.limits.first_delay * 2 ** (len(entry.failures) - 1))

    def sessions_open(self, address: str) -> int:
        entry = self._addresses.get(address)
        return entry.open_sessions if entry is not None else 0

    @property
    def addresses(self) -> int:
        """How many addresses have something counted (the rest are forgotten)."""
        return len(self._addresses)
