"""What one address, one connection and one terminal may do, as OpenSSH limits it.

No SSH and no Textual here: a transport (the SSH host today, another kind of terminal
later) asks the :class:`Gatekeeper` before it lets a connection, a login or a session
in, and tells it when they end; each terminal's input goes through an
:class:`InputRate`. Every refusal is a short sentence for the person refused, a
:class:`~uno_tui.i18n.Phrase` (the transport logs it in English and says it where it
can, in the visitor's language).
"""

from __future__ import annotations

import resource
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable

from ..config import SERVE_LIMITS
from ..i18n import Phrase

__all__ = ["Limits", "Gatekeeper", "InputRate", "raise_fd_limit", "FD_RESERVE"]

#: File descriptors kept free for everything but connections: the log, saves being
#: written, the render workers' pipes, the host key, a crash report.
FD_RESERVE = 64
#: The first failed login from an address waits this long; each next one twice as long.
FIRST_FAILURE_DELAY = 0.25
#: The longest a failed login waits.
MAX_FAILURE_DELAY = 8.0
#: Failed logins are counted over this window (seconds).
FAILURE_WINDOW = 60.0
#: Connections that may wait for a login slot (see Gatekeeper.wait), for each slot.
WAITING_PER_SLOT = 10


@dataclass(frozen=True)
class Limits:
    """The limits in force (defaults and ranges: ``config.SERVE_LIMITS``)."""

    max_unauthenticated: int = int(SERVE_LIMITS["max_unauthenticated"].default)
    max_unauthenticated_per_address: int = int(
        SERVE_LIMITS["max_unauthenticated_per_address"].default)
    login_grace: float = SERVE_LIMITS["login_grace"].default
    login_stall: float = SERVE_LIMITS["login_stall"].default
    auth_attempts: int = int(SERVE_LIMITS["auth_attempts"].default)
    failed_logins_per_minute: int = int(SERVE_LIMITS["failed_logins_per_minute"].default)
    sessions_per_address: int = int(SERVE_LIMITS["sessions_per_address"].default)
    tables_per_person: int = int(SERVE_LIMITS["tables_per_person"].default)
    keys_per_second: int = int(SERVE_LIMITS["keys_per_second"].default)
    lobby_idle: float = SERVE_LIMITS["lobby_idle"].default


def raise_fd_limit() -> int:
    """Raise this process's soft limit on open files as far as the hard limit allows
    (the default 1,024 is what a few hundred idle connections use up); the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if wanted > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft


@dataclass
class _Address:
    unauthenticated: int = 0
    waiting: int = 0
    sessions: int = 0
    failures: deque = field(default_factory=deque)

    @property
    def idle(self) -> bool:
        return not (self.unauthenticated or self.waiting or self.sessions or self.failures)


class Gatekeeper:
    """Counts connections, logins and sessions per address, and says who may come in.

    ``connections`` is every connection open (logged in or not): with ``fd_budget``
    (how many the open-files limit leaves room for) it refuses new ones before the
    process runs out of file descriptors and ``accept`` starts failing.
    """

    def __init__(self, limits: Limits, *, fd_budget: int | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.fd_budget = fd_budget
        self._clock = clock
        self._addresses: dict[str, _Address] = {}
        self.unauthenticated = 0
        #: Connections waiting for a login slot (see :meth:`wait`).
        self.waiting = 0
        self.connections = 0

    def _at(self, address: str) -> _Address:
        entry = self._addresses.get(address)
        if entry is None:
            entry = self._addresses[address] = _Address()
        return entry

    def _tidy(self, address: str) -> None:
        entry = self._addresses.get(address)
        if entry is not None:
            self._forget_old_failures(entry)
            if entry.idle:
                del self._addresses[address]

    def _forget_old_failures(self, entry: _Address) -> None:
        since = self._clock() - FAILURE_WINDOW
        while entry.failures and entry.failures[0] <= since:
            entry.failures.popleft()

    # ----------------------------------------------------------- connections

    def connect(self, address: str, make_room: Callable[[], bool] | None = None, *,
                check_failures: bool = True) -> str:
        """A new connection from ``address``: '' and counted, or why it is refused.

        When every login slot is taken, ``make_room`` (if given) may close a waiting
        connection that is doing nothing (telling :meth:`disconnected` at once) and say
        True: the newcomer takes its slot. Idle connections by the thousand then keep
        nobody out, as they did when each held its slot for the whole login grace time.
        ``check_failures=False``: an address blocked for its failed logins is let in
        (counted as logging in) to be told so at its login (:meth:`blocked`).
        """
        limits = self.limits
        entry = self._at(address)
        self._forget_old_failures(entry)
        refusal = ""
        if self.unauthenticated >= limits.max_unauthenticated and make_room is not None:
            make_room()
        if self._at_fd_budget():
            refusal = self._fd_refusal()
        elif self.unauthenticated >= limits.max_unauthenticated:
            refusal = Phrase("too many connections are logging in at once ({most})",
                             most=limits.max_unauthenticated)
        elif entry.unauthenticated >= limits.max_unauthenticated_per_address:
            refusal = self._address_refusal(address)
        elif check_failures:
            refusal = self.blocked(address)
        if refusal:
            self._tidy(address)
            return refusal
        entry.unauthenticated += 1
        self.unauthenticated += 1
        self.connections += 1
        return ""

    def _at_fd_budget(self) -> bool:
        return self.fd_budget is not None and self.connections >= self.fd_budget

    def _fd_refusal(self) -> str:
        return Phrase("the server is at its open-files limit ({count} connections)",
                      count=self.connections)

    def _address_refusal(self, address: str) -> str:
        return Phrase("too many connections from {address} are logging in at once ({most})",
                      address=address, most=self.limits.max_unauthenticated_per_address)

    def logging_in(self, address: str) -> int:
        """The login slots connections from ``address`` hold now."""
        entry = self._addresses.get(address)
        return entry.unauthenticated if entry is not None else 0

    @property
    def logins_full(self) -> bool:
        """Every login slot is taken."""
        return self.unauthenticated >= self.limits.max_unauthenticated

    @property
    def waiting_room(self) -> int:
        """How many connections may wait for a login slot at once."""
        return WAITING_PER_SLOT * self.limits.max_unauthenticated

    def wait(self, address: str, make_room: Callable[[], bool] | None = None) -> str:
        """Every login slot is taken: a new connection from ``address`` may wait (counted
        and holding a descriptor, but no more) until its client speaks, which earns it
        a slot of a connection that has said nothing (:meth:`connect` again). '' and
        counted, or why not. When the waiting room is full, ``make_room`` (if given) may
        close the connection that has waited longest (telling :meth:`stopped_waiting`).

        A real client speaks at once (its SSH version); an idle socket never does, so a
        flood of them that takes every slot as fast as one frees keeps nobody out."""
        entry = self._at(address)
        if self.waiting >= self.waiting_room and make_room is not None:
            make_room()
        refusal = ""
        if self._at_fd_budget():
            refusal = self._fd_refusal()
        elif self.waiting >= self.waiting_room:
            refusal = Phrase("too many connections are waiting to log in ({most})",
                             most=self.waiting_room)
        elif entry.unauthenticated + entry.waiting >= self.limits.max_unauthenticated_per_address:
            refusal = self._address_refusal(address)
        if refusal:
            self._tidy(address)
            return refusal
        entry.waiting += 1
        self.waiting += 1
        self.connections += 1
        return ""

    def stopped_waiting(self, address: str) -> None:
        """A connection counted by :meth:`wait` no longer waits (it is closed, or it
        spoke and asks :meth:`connect` for a slot)."""
        entry = self._at(address)
        if entry.waiting:
            entry.waiting -= 1
            self.waiting -= 1
            self.connections = max(0, self.connections - 1)
        self._tidy(address)

    def logged_in(self, address: str) -> None:
        """A counted connection from ``address`` has logged in."""
        entry = self._at(address)
        if entry.unauthenticated:
            entry.unauthenticated -= 1
            self.unauthenticated -= 1

    def disconnected(self, address: str, logged_in: bool) -> None:
        """A counted connection from ``address`` has closed."""
        if not logged_in:
            self.logged_in(address)
        self.connections = max(0, self.connections - 1)
        self._tidy(address)

    # ----------------------------------------------------------------- logins

    def login_failed(self, address: str) -> float:
        """A failed login from ``address``: the seconds to wait before saying so, twice
        as long as for the failure before it within the minute."""
        entry = self._at(address)
        self._forget_old_failures(entry)
        entry.failures.append(self._clock())
        return min(MAX_FAILURE_DELAY, FIRST_FAILURE_DELAY * 2 ** (len(entry.failures) - 1))

    def blocked(self, address: str) -> str:
        """'' when ``address`` may try to log in, else why not (too many failed logins
        within the minute)."""
        most = self.limits.failed_logins_per_minute
        if self.failures(address) < most:
            return ""
        return Phrase("too many failed logins from {address} in the last minute ({most})",
                      address=address, most=most)

    def failures(self, address: str) -> int:
        """Failed logins from ``address`` within the last minute."""
        entry = self._addresses.get(address)
        if entry is None:
            return 0
        self._forget_old_failures(entry)
        return len(entry.failures)

    # --------------------------------------------------------------- sessions

    def start_session(self, address: str) -> str:
        """A terminal session from ``address``: '' and counted, or why it is refused."""
        entry = self._at(address)
        if entry.sessions >= self.limits.sessions_per_address:
            self._tidy(address)
            return Phrase("{address} already has {count} sessions open, the most one "
                          "address may have", address=address, count=entry.sessions)
        entry.sessions += 1
        return ""

    def end_session(self, address: str) -> None:
        entry = self._at(address)
        entry.sessions = max(0, entry.sessions - 1)
        self._tidy(address)

    def sessions(self, address: str) -> int:
        entry = self._addresses.get(address)
        return entry.sessions if entry is not None else 0

    @property
    def addresses(self) -> int:
        """Addresses with something counted (for tests: nothing is kept for nothing)."""
        return len(self._addresses)


class InputRate:
    """A token bucket for one terminal's input: ``per_second`` events a second, up to
    twice that in a burst; what goes beyond is dropped (and counted)."""

    def __init__(self, per_second: float, *, clock: Callable[[], float] = time.monotonic):
        self.per_second = per_second
        self.burst = 2 * per_second
        self._clock = clock
        self._tokens = self.burst
        self._last = clock()
        #: Events dropped so far.
        self.dropped = 0

    def allow(self, cost: float = 1.0) -> bool:
        """True when one more event may pass now (it is counted); False: drop it."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.per_second)
        self._last = now
        if self._tokens >= cost:
            self._tokens -= cost
            return True
        self.dropped += 1
        return False
