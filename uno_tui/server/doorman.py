"""The SSH port's doorman: a connection beyond the limits is closed as it is accepted.

asyncssh builds an ``SSHServerConnection`` for every socket it accepts (its options,
its login timer, its version line, and the key exchange state behind them) before any
code of ours sees the connection. Closing a refused one from there cost the event loop
that work for every one of a flood (under 1,000 idle sockets reopened as fast as they
are closed, the players' own latency). So the host listens itself, through asyncssh's
``tunnel`` hook for listeners (an object with ``create_server(factory, host, port)``,
asyncssh's ``_TunnelListenerProtocol``): each accepted socket meets a :class:`Doorman`
first, which asks its :class:`Desk` with the peer's address, and then hands the socket
to a new SSH connection, closes it, or lets it wait.

Waiting is for when every login slot is taken: the socket costs a descriptor and this
small object, and is let in as soon as its client says anything (a real SSH client
sends its version at once), into the slot of a connection that has said nothing. A
flood of idle sockets that takes every slot as fast as one frees then keeps no player
out, and none of it costs an SSH connection. A client that spoke and found no slot to
take may wait on (what it said kept for its SSH connection) until the desk has one
for it (:meth:`Doorman.let_in`).

No Textual here, and nothing of asyncssh but the factory it passes in.
"""

from __future__ import annotations

import asyncio
from typing import Callable, Protocol

__all__ = ["Doorway", "Doorman", "Desk", "IN", "OUT", "WAIT"]

#: What the desk says of a socket just accepted, or of a waiting one that spoke.
IN, OUT, WAIT = "in", "out", "wait"
#: Bytes a client that spoke may send while it waits on for a slot (its version line
#: and its key exchange offer, about 1.5 kB from OpenSSH); beyond, it is closed.
HEARD_LIMIT = 16_384


class Desk(Protocol):
    """Who decides (the host), and counts what it lets in or wait."""

    def admit_connection(self, doorman: "Doorman") -> str:
        """IN, OUT (the desk has logged why) or WAIT (it keeps ``doorman`` waiting, and
        may :meth:`Doorman.send_away` it)."""

    def admit_speaker(self, doorman: "Doorman") -> str:
        """A waiting ``doorman``'s client has spoken: IN now, OUT (it no longer waits),
        or WAIT on for a slot (the desk lets it in later, or sends it away)."""

    def stopped_waiting(self, doorman: "Doorman") -> None:
        """A waiting ``doorman``'s client went away."""


class Doorman(asyncio.Protocol):
    """The first protocol of one accepted socket: lets it in to SSH, closes it, or
    holds it until its client speaks."""

    def __init__(self, desk: Desk, connection_factory: Callable[[], asyncio.Protocol]):
        self._desk = desk
        self._connection_factory = connection_factory
        self._transport: asyncio.Transport | None = None
        self.address = self.peer = "?"
        #: True while the socket waits for a login slot (see the module's words).
        self.waiting = False
        #: What its client has said while it waits (None: nothing yet).
        self.heard: bytearray | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport
        peer = transport.get_extra_info("peername")
        if peer:
            self.address, self.peer = str(peer[0]), f"{peer[0]}:{peer[1]}"
        verdict = self._desk.admit_connection(self)
        if verdict == IN:
            self._hand_over(b"")
        elif verdict == WAIT:
            self.waiting = True
        else:
            transport.abort()

    def _hand_over(self, heard: bytes) -> None:
        """From here on the socket is a new SSH connection's (its data, its end)."""
        connection = self._connection_factory()
        self._transport.set_protocol(connection)
        connection.connection_made(self._transport)
        if heard:
            connection.data_received(heard)

    @property
    def spoke(self) -> bool:
        """True once its client has said something."""
        return self.heard is not None

    def data_received(self, data: bytes) -> None:
        if not self.waiting:            # sent away already: its close is on its way
            return
        if self.heard is not None:      # waiting on for a slot: kept for its connection
            if len(self.heard) + len(data) > HEARD_LIMIT:
                self.waiting = False
                self._desk.stopped_waiting(self)
                self._transport.abort()
            else:
                self.heard += data
            return
        self.heard = bytearray(data)
        verdict = self._desk.admit_speaker(self)
        if verdict == IN:
            self.let_in()
        elif verdict == OUT:
            self.waiting = False
            self._transport.abort()

    def let_in(self) -> None:
        """The desk has a slot for this waiting socket (counted): in to SSH, with what
        its client has said."""
        self.waiting = False
        heard, self.heard = bytes(self.heard or b""), None
        self._hand_over(heard)

    def eof_received(self) -> bool:
        return False                    # the transport closes: connection_lost follows

    def connection_lost(self, exc: Exception | None) -> None:
        if self.waiting:
            self.waiting = False
            self._desk.stopped_waiting(self)

    def send_away(self) -> None:
        """Close a waiting socket (the desk has counted it out)."""
        self.waiting = False
        if self._transport is not None:
            self._transport.abort()


class Doorway:
    """What asyncssh's ``listen(tunnel=...)`` listens through: a plain TCP listener
    whose every socket meets a :class:`Doorman` of ``desk``'s."""

    def __init__(self, desk: Desk) -> None:
        self._desk = desk

    async def create_server(self, session_factory, listen_host: str, listen_port: int
                            ) -> asyncio.AbstractServer:
        # asyncssh's factory takes the address a tunnelled connection was meant for,
        # which is ours: it ignores it.
        def connection() -> asyncio.Protocol:
            return session_factory(listen_host, listen_port)

        return await asyncio.get_running_loop().create_server(
            lambda: Doorman(self._desk, connection), listen_host or None, listen_port)

    def close(self) -> None:
        """Nothing to close: the listener is the server asyncssh keeps."""

    async def wait_closed(self) -> None:
        return None
