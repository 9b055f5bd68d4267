"""The messages between the host and its render workers: pickled, each after its length.

Both ends are this program, forked from one process, over a socketpair nobody else
holds; nothing a client sends is unpickled here (keys cross as text, inside a message
the host built).
"""

from __future__ import annotations

import asyncio
import pickle
import struct
from typing import Callable

__all__ = ["pack", "receive", "Outbox"]

_LENGTH = struct.Struct("!I")


def pack(message: object) -> bytes:
    """``message`` as it goes down the pipe."""
    body = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return _LENGTH.pack(len(body)) + body


async def receive(reader: asyncio.StreamReader) -> object | None:
    """The next message, or None once the other end has closed."""
    try:
        head = await reader.readexactly(_LENGTH.size)
        body = await reader.readexactly(_LENGTH.unpack(head)[0])
    except (asyncio.IncompleteReadError, ConnectionError):
        return None
    return pickle.loads(body)


class Outbox:
    """Messages for the other end, gathered during one pass of the event loop and
    written after it in one go (eight terminals' output of one table change is one
    write, not dozens). ``first`` and ``last`` give what goes before and after the
    messages sent (each called once per write)."""

    def __init__(self, first: Callable[[], list] = list,
                 last: Callable[[], list] = list) -> None:
        self.writer: asyncio.StreamWriter | None = None
        self._first = first
        self._last = last
        self._messages: list[object] = []
        self._due = False

    def send(self, message: object) -> None:
        self._messages.append(message)
        self.soon()

    def soon(self) -> None:
        """Write after this pass of the loop (what ``first`` and ``last`` give, too)."""
        if not self._due:
            self._due = True
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Write what is waiting now."""
        self._due = False
        messages, self._messages = self._messages, []
        messages = [*self._first(), *messages, *self._last()]
        writer = self.writer
        if messages and writer is not None and not writer.is_closing():
            writer.write(b"".join(pack(message) for message in messages))
