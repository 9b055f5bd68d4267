"""Input typed before a terminal's app can take it.

A client sends keys as soon as its session is open (OpenSSH sends what was typed
ahead right behind its shell request; a script types ``n``, Enter, Enter at once),
but a session's app starts a moment later, and in a render worker later still (the
host's "open" message first). Its driver is attached only once it runs: keys that came
before were dropped, and a script that logged in and typed at once opened no table.
A :class:`TypeAhead` keeps them, in order, and hands them to the driver as it attaches;
from there the app's input gate holds them until its screen can take them, and the
key rate applies as to any keys.

No Textual here: the host's session and the worker's terminal both use it.
"""

from __future__ import annotations

from typing import Callable

__all__ = ["TypeAhead", "TYPE_AHEAD_LIMIT"]

#: Characters kept at most before the app takes input (a paste, a burst of keys);
#: what comes beyond is dropped, as the key rate would drop it.
TYPE_AHEAD_LIMIT = 4096


class TypeAhead:
    """Where a terminal's input goes: to ``into`` (a driver's ``feed``, or a worker's
    link) once attached, else kept until it is."""

    def __init__(self, limit: int = TYPE_AHEAD_LIMIT) -> None:
        self.limit = limit
        self._into: Callable[[str], None] | None = None
        self._kept: list[str] = []
        self._size = 0
        #: Characters dropped because too many were kept.
        self.dropped = 0

    def feed(self, text: str) -> None:
        """Input from the client: passed on now, or kept for :meth:`attach`."""
        if self._into is not None:
            self._into(text)
            return
        room = self.limit - self._size
        if len(text) > room:
            self.dropped += len(text) - room
            text = text[:room]
        if text:
            self._kept.append(text)
            self._size += len(text)

    def attach(self, into: Callable[[str], None] | None) -> None:
        """Input goes to ``into`` from now on (None: it is kept again); what was kept
        goes first, in the order it came."""
        self._into = into
        if into is not None and self._kept:
            kept, self._kept, self._size = "".join(self._kept), [], 0
            into(kept)
