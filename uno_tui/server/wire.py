"""The messages between the host and its render workers: pickled, each after its length.

Both ends are this program, forked from one process, over a socketpair nobody else
holds; nothing a client sends is unpickled here (keys cross as text, inside a message
the host built).
"""

from __future__ import annotations

import asyncio
import pickle
import struct

__all__ = ["pack", "receive"]

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
