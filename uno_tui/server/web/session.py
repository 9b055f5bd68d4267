"""A browser's session: a WebSocket in place of an SSH channel, the same session beside it.

:class:`BrowserSession` *is* a :class:`~uno_tui.server.session.TerminalSession`: the host
admits it, seats it, holds its seat when the link drops and draws its app here or in a
render worker exactly as for SSH. Only the channel differs: :class:`SocketChannel` offers
the session what it uses of an asyncssh channel (write, buffered size, exit, abort) over
an aiohttp WebSocket, and the page's frames become the SSH events (keys, window changes,
the connection lost).

The protocol, one WebSocket per session:

- binary frames carry terminal bytes, UTF-8, both ways: the page's keys, mouse and
  pastes in; the app's output out (the same bytes an SSH client gets);
- text frames carry JSON control messages: the page sends ``{"type": "resize", "cols":
  C, "rows": R}``; the server sends nothing but bytes until it closes;
- the server closes with 1000 when the session ended (the goodbye is the last bytes
  before), or a code of :data:`CLOSE_CODES` when it refused the session; any other close
  is a lost connection, and the page connects again (the seat waits ``hold`` seconds).
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING

from aiohttp import WSMsgType, web

from ...i18n import CHOSEN_LANGUAGE, DEFAULT_LANGUAGE, translator
from ..session import TerminalSession

if TYPE_CHECKING:
    from ..roles import HostRole

__all__ = ["SocketChannel", "BrowserSession", "parse_control", "CLOSE_CODES", "BROWSER_TERM",
           "MAX_COLS", "MAX_ROWS", "ControlError"]

#: The terminal type a browser's session reports: xterm.js is an xterm with 256 colours
#: (and more, but the same colours as an SSH client keeps the bytes per update the same).
BROWSER_TERM = "xterm-256color"
#: The largest terminal a page may ask for (a 4K screen at a small font is about 400x120).
MAX_COLS = 1000
MAX_ROWS = 500
#: The WebSocket close codes of a refusal (4000-4999 are the application's own); the
#: page tells the person and does not connect again by itself.
CLOSE_CODES = {"ended": 1000, "login": 4401, "refused": 4403, "limit": 4429}


class ControlError(ValueError):
    """A text frame from the page that is not a control message this server knows."""


def parse_size(cols: object, rows: object) -> tuple[int, int]:
    """A terminal size from the page (numbers, or digits from a query string), each
    clamped to 1..MAX; :class:`ControlError` if either is not a whole number."""
    values = []
    for value in (cols, rows):
        if isinstance(value, str) and value.isdigit() and len(value) <= 6:
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ControlError("the size must be two whole numbers")
        values.append(value)
    width, height = values
    return max(1, min(width, MAX_COLS)), max(1, min(height, MAX_ROWS))


def parse_control(text: str) -> tuple[str, tuple[int, int]]:
    """A control message from the page: ``("resize", (cols, rows))``. Raises
    :class:`ControlError` for anything else."""
    if len(text) > 200:
        raise ControlError("the control message is too long")
    try:
        message = json.loads(text)
    except ValueError:
        raise ControlError("the control message is not JSON") from None
    if not isinstance(message, dict) or message.get("type") != "resize":
        raise ControlError("unknown control message")
    return "resize", parse_size(message.get("cols"), message.get("rows"))


class SocketChannel:
    """What a :class:`TerminalSession` uses of its SSH channel, over a WebSocket.

    ``write`` never blocks, as an SSH channel's does not: the bytes wait in ``pending``
    and one sender task sends all that has gathered as one frame (a screen drawn in a few
    writes goes out once). The backlog a session checks is what waits here plus what
    the socket has not sent yet.
    """

    def __init__(self, socket: web.WebSocketResponse, transport,
                 language: str | None = None, default: str = DEFAULT_LANGUAGE) -> None:
        self.socket = socket
        self._transport = transport
        #: The language the page's browser asks for (Accept-Language), if we have it.
        self.language = language
        #: The server's language (``--lang``), for a browser that asks for none we have.
        self.default = default
        self.pending = bytearray()
        self._ready = asyncio.Event()
        self._closing: tuple[int, bytes] | None = None
        self.frames = 0
        self.sender = asyncio.get_running_loop().create_task(self._send(), name="web send")

    def write(self, payload: bytes) -> None:
        if self._closing is not None:
            return
        self.pending += payload
        self._ready.set()

    def get_write_buffer_size(self) -> int:
        transport = self._transport
        queued = transport.get_write_buffer_size() if transport is not None else 0
        return len(self.pending) + queued

    def get_environment(self) -> dict[str, str]:
        # A page has no locale: its browser's language stands in for one.
        return {CHOSEN_LANGUAGE: self.language} if self.language else {}

    def exit(self, status: int) -> None:
        """The session ended: send what is left, then close (1000)."""
        if status == 0:
            self.close(CLOSE_CODES["ended"], b"ended")
        else:                   # refused (the server is full, ...): the reason is above
            tr = translator(self.language or self.default)
            self.close(CLOSE_CODES["refused"],
                       tr("The server refused the session.").encode("utf-8"))

    def close(self, code: int, reason: bytes) -> None:
        if self._closing is None:
            self._closing = (code, reason)
            self._ready.set()

    def abort(self) -> None:
        """Drop the link now (a client that stopped reading)."""
        self.pending.clear()
        self._closing = self._closing or (1011, b"dropped")
        if self._transport is not None:
            self._transport.abort()
        self._ready.set()

    async def _send(self) -> None:
        socket = self.socket
        try:
            while True:
                await self._ready.wait()
                self._ready.clear()
                if self.pending:
                    data, self.pending = bytes(self.pending), bytearray()
                    self.frames += 1
                    await socket.send_bytes(data)
                if self._closing is not None and not self.pending:
                    code, reason = self._closing
                    await socket.close(code=code, message=reason)
                    return
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            return


class BrowserSession(TerminalSession):
    """One browser tab's session at the host, fed by :meth:`serve`."""

    def __init__(self, host: "HostRole", name: str, key: str, peer: str,
                 language: str | None = None) -> None:
        super().__init__(host, name, key, peer)
        #: The language the browser asks for (Accept-Language), if we have it.
        self.accepted = language
        #: Bytes of terminal input from the page (for measurements).
        self.bytes_received = 0

    async def serve(self, socket: web.WebSocketResponse, request: web.Request,
                    size: tuple[int, int]) -> None:
        """Run the session over ``socket`` (already prepared) until it closes."""
        channel = SocketChannel(socket, request.transport, self.accepted,
                                self.host.config.lang)
        self.connection_made(channel)
        self.pty_requested(BROWSER_TERM, (size[0], size[1], 0, 0), {})
        self.session_started()
        try:
            async for message in socket:
                if message.type == WSMsgType.BINARY:
                    self.bytes_received += len(message.data)
                    self.data_received(message.data, None)
                elif message.type == WSMsgType.TEXT:
                    try:
                        _, (width, height) = parse_control(message.data)
                    except ControlError:
                        continue            # an odd frame changes nothing
                    if (width, height) != self.size:
                        self.terminal_size_changed(width, height, 0, 0)
                else:                       # an error frame: the link is gone
                    break
        finally:
            # As asyncssh does for a channel, whichever side ended it (the app's exit,
            # a drop for backlog, the page gone): the seat is dropped, the app ended.
            self.connection_lost(None)
            if not channel.sender.done():
                # The page left first: nothing more can reach it.
                channel.abort()
                channel.sender.cancel()
