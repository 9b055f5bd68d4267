"""What the server's parts use of each other, as protocols, and what they share.

The host creates the worker pool, the sessions and the web front, and they call back
into it. Typed against :class:`HostRole` (and a session's link and pool against
:class:`LinkRole`, :class:`PoolRole`) instead of importing ``host`` and ``pool``, the
server's modules import each other one way: ``host`` imports ``pool``, ``session`` and
``web``; they import ``roles``, never ``host``; ``session`` imports neither ``host`` nor
``pool`` (DESIGN.md: no two modules import each other, type-only imports included).
"""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO

if TYPE_CHECKING:
    from ..config import PlayConfig
    from .limits import Gatekeeper, Limits
    from .table import ServerTable, TableChange

__all__ = ["HostRole", "PoolRole", "LinkRole", "ServeError", "is_loopback", "WORKER_LOST"]

#: How a session ends when its render worker went away.
WORKER_LOST = "dropped: its render worker stopped"


class ServeError(ValueError):
    """The server can't start as asked: the reason, in one line."""


def is_loopback(host: str) -> bool:
    """True for an address only this machine can reach (``localhost``, 127.x, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class LinkRole(Protocol):
    """A session's link to the render worker running its app (``pool.WorkerLink``)."""

    def send(self, message: tuple) -> None:
        """Send ``message`` to the worker."""

    def table_changed(self, session: Any, change: "TableChange") -> None:
        """Tell the worker that ``session``'s table changed."""


class PoolRole(Protocol):
    """The render workers (``pool.WorkerPool``)."""

    links: list

    async def run(self, session: Any, table: "ServerTable | None") -> str:
        """Run ``session``'s app in a worker until it ends; how it ended."""


class HostRole(Protocol):
    """What the sessions, the worker links and the web front use of ``host.Host``.

    Sessions are passed as ``Any``: they are ``session.TerminalSession`` objects, which
    type against this protocol in turn.
    """

    #: The ``host.ServeConfig`` it runs with.
    config: Any
    limits: "Limits"
    gate: "Gatekeeper"
    pool: PoolRole | None
    password: str | None
    needs_login: bool
    stopping: bool
    goodbye: str
    #: The language each visitor (by identity) switched to in the lobby.
    languages: dict[str, str]
    stderr: TextIO
    worker_hook: Any

    @property
    def crash_folder(self) -> Path:
        """Where a crashed session's report is written."""

    @property
    def lobby_tables(self) -> tuple["ServerTable", ...]:
        """The tables the lobby lists."""

    def table(self, number: int) -> "ServerTable | None":
        """Table ``number``, if it is open."""

    def create_table(self, config: "PlayConfig", opener: Any = None) -> "ServerTable":
        """Open a new table."""

    def sit_now(self, session: Any, number: int, seat: int | None = None,
                name: str | None = None) -> tuple["ServerTable", int]:
        """Seat ``session`` at table ``number``."""

    def watch_now(self, session: Any, number: int) -> "ServerTable":
        """Let ``session`` watch table ``number``."""

    def play_now_now(self, session: Any, name: str | None = None) -> tuple["ServerTable", int]:
        """Seat ``session`` at the first table with room (or a new one)."""

    def seat_returning(self, session: Any) -> "ServerTable | None":
        """Seat ``session`` at the seat kept for its person, if any."""

    def rename(self, session: Any, name: str) -> str:
        """Give ``session`` another name; the name kept."""

    def remember_language(self, session: Any, lang: str) -> None:
        """``session``'s visitor reads ``lang`` from now on, here and when they come back."""

    def leave(self, session: Any) -> None:
        """``session`` leaves its table on purpose."""

    def drop(self, session: Any) -> None:
        """``session``'s connection was lost."""

    def forget(self, session: Any) -> None:
        """``session`` is gone."""

    def guest_name(self) -> str:
        """A name for a visitor who gave none."""

    def crashed(self, session: Any, report: str | None, error: BaseException) -> None:
        """``session``'s app stopped on an internal error."""

    def log_line(self, text: str) -> None:
        """One line in the server's log."""

    def log_event_line(self, what: str, **fields) -> None:
        """One line about an event."""

    def log_event(self, what: str, session: Any) -> None:
        """One line about a session."""

    def log_limit(self, refusal: str, **fields) -> None:
        """One line about a limit that refused something."""
