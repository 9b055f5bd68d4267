"""The SSH port's doorman: a connection beyond the limits is closed as it is accepted.

asyncssh builds an ``SSHServerConnection`` for every socket it accepts (its options,
its login timer, its version line, and the key exchange state behind them) before any
code of ours sees the connection. Closing a refused one from there cost the event loop
that work for every one of a flood (under 1,000 idle sockets reopened as fast as they
are closed, the players' own latency). So the host listens itself, through asyncssh's
``tunnel`` hook for listeners (an object with ``create_server(factory, host, port)``,
asyncssh's ``_TunnelListenerProtocol``): each accepted socket meets a :class:`Doorman`
first, which asks ``admit`` with the peer's address, and only then hands the socket to
a new SSH connection, or closes it.

No Textual here, and nothing of asyncssh but the factory it passes in.
"""

from __future__ import annotations

import asyncio
from typing import Callable

__all__ = ["Doorway", "Doorman"]

#: ``admit(address, peer)``: True to let the connection in (counted by the caller),
#: False to close it (the caller has logged why).
Admit = Callable[[str, str], bool]


class Doorman(asyncio.Protocol):
    """The first protocol of one accepted socket: lets it in to SSH, or closes it."""

    def __init__(self, admit: Admit, connection_factory: Callable[[], asyncio.Protocol]):
        self._admit = admit
        self._connection_factory = connection_factory

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else "?"
        peer_text = f"{peer[0]}:{peer[1]}" if peer else "?"
        if not self._admit(address, peer_text):
            transport.abort()
            return
        # From here on the socket is the SSH connection's (its data, its end).
        connection = self._connection_factory()
        transport.set_protocol(connection)
        connection.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        """Nothing arrives here: the socket was handed over or closed at once."""

    def connection_lost(self, exc: Exception | None) -> None:
        """A refused socket is gone (an admitted one tells its SSH connection)."""


class Doorway:
    """What asyncssh's ``listen(tunnel=...)`` listens through: a plain TCP listener
    whose every socket meets a :class:`Doorman`."""

    def __init__(self, admit: Admit) -> None:
        self._admit = admit

    async def create_server(self, session_factory, listen_host: str, listen_port: int
                            ) -> asyncio.AbstractServer:
        # asyncssh's factory takes the address a tunnelled connection was meant for,
        # which is ours: it ignores it.
        def connection() -> asyncio.Protocol:
            return session_factory(listen_host, listen_port)

        return await asyncio.get_running_loop().create_server(
            lambda: Doorman(self._admit, connection), listen_host or None, listen_port)

    def close(self) -> None:
        """Nothing to close: the listener is the server asyncssh keeps."""

    async def wait_closed(self) -> None:
        return None
