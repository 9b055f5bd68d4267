"""How much of a connection's output its client has not taken, and for how long.

A client that stops reading (a frozen ssh, a full TCP window, a client that types but
never reads) is not noticed by SSH keepalives when it keeps sending: asyncssh restarts
its keepalive timer on every packet it *receives*. What the server wrote and the client
did not take waits in three places, all counted here: the SSH channel's buffer (the
client's channel window is shut), the connection's transport buffer (asyncssh writes
to it without flow control) and the socket's unsent queue in the kernel (the peer's
TCP window is shut). A session is dropped when the sum grows past a bound, or when the
client has taken nothing of it for a while.
"""

from __future__ import annotations

import fcntl
import struct
import sys

__all__ = ["UnreadOutput", "UNREAD_KEEPALIVES", "connection_of", "unsent_in_kernel"]

#: Keepalive intervals output may wait untaken before the client is dropped.
UNREAD_KEEPALIVES = 3
#: Linux's ioctl for a TCP socket's bytes not yet sent (linux/sockios.h).
_SIOCOUTQNSD = 0x894B


def unsent_in_kernel(sock) -> int:
    """Bytes in ``sock``'s kernel send queue not yet sent (0 where nobody can tell)."""
    if sock is None or not sys.platform.startswith("linux"):
        return 0
    try:
        raw = fcntl.ioctl(sock.fileno(), _SIOCOUTQNSD, b"\0\0\0\0")
    except (OSError, ValueError):      # closed, or not a TCP socket
        return 0
    return struct.unpack("i", raw)[0]


def connection_of(channel):
    """The SSH connection ``channel`` is on (None: a channel of another kind)."""
    extra = getattr(channel, "get_extra_info", None)
    return extra("connection") if extra is not None else None


class UnreadOutput:
    """Watches one SSH session's output (its ``channel``) all the way to the wire.

    Call :meth:`wrote` after each write and :meth:`check` now and then; each returns
    '' while all is well, else why the client should be dropped: more than
    ``limit_bytes`` waiting, or output waiting with none of it taken for ``patience``
    seconds (0: no time limit).
    """

    def __init__(self, channel, limit_bytes: int, patience: float) -> None:
        self._channel = channel
        connection = connection_of(channel)
        # asyncssh offers no public way to its transport; its buffer is where output
        # to a client whose TCP window is shut piles up (asyncssh ignores pause_writing).
        # (A web page's channel counts its own transport in its buffer's size.)
        self._transport = getattr(connection, "_transport", None)
        self._socket = connection.get_extra_info("socket") if connection is not None else None
        self.limit_bytes = limit_bytes
        self.patience = patience
        self._last_pending = 0
        self._written = 0
        #: Since when output has waited with nothing of it taken (monotonic), else None.
        self.untaken_since: float | None = None

    def pending(self) -> int:
        """Bytes written for the client that it has not taken yet."""
        transport = self._transport
        buffered = transport.get_write_buffer_size() if transport is not None else 0
        return (self._channel.get_write_buffer_size() + buffered
                + unsent_in_kernel(self._socket))

    def wrote(self, size: int, now: float) -> str:
        """``size`` bytes were just written to the channel."""
        self._written += size
        return self.check(now)

    def check(self, now: float) -> str:
        """'' or why the client should be dropped, as of ``now`` (monotonic)."""
        pending = self.pending()
        if pending > self.limit_bytes:
            return "dropped: output backlog"
        # Taken: less waits than before plus what was written since (or nothing waits).
        taken = pending < self._last_pending + self._written
        self._last_pending, self._written = pending, 0
        if pending == 0 or taken:
            self.untaken_since = None
            return ""
        if self.untaken_since is None:
            self.untaken_since = now
        elif self.patience and now - self.untaken_since > self.patience:
            return f"dropped: output unread for {now - self.untaken_since:.0f} s"
        return ""
