"""Browser-like clients of the server's web page for the tests: aiohttp's own client,
with a cookie jar, the page's Origin and its WebSocket protocol (binary frames of
terminal bytes both ways, JSON text frames for the size)."""

from __future__ import annotations

import asyncio
import json

import aiohttp

from tests.app.helpers import screen_text
from uno_tui.server.web.front import COOKIE

from .support import wait_until


def base_url(host) -> str:
    return f"http://127.0.0.1:{host.web.port}"


class Browser:
    """One browser: its cookies and the page's WebSocket (``received``: every byte)."""

    def __init__(self, host, name: str | None = None) -> None:
        self.host = host
        self.name = name
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.received = bytearray()
        self.closed: tuple[int | None, str] | None = None
        self._reader: asyncio.Task | None = None

    @property
    def url(self) -> str:
        return base_url(self.host)

    async def open_page(self, query: str = "") -> aiohttp.ClientResponse:
        if self.name and not query:
            query = f"?name={self.name}"
        response = await self.http.get(self.url + "/" + query, allow_redirects=False)
        await response.read()
        return response

    @property
    def token(self) -> str | None:
        for cookie in self.http.cookie_jar:
            if cookie.key == COOKIE:
                return cookie.value
        return None

    async def connect(self, size=(100, 32), origin: str | None = None, wait=True) -> "Browser":
        """Open the page's WebSocket at ``size``; wait for the app (or its first bytes
        when a render worker draws it) unless ``wait`` is False."""
        headers = {"Origin": origin if origin is not None else self.url}
        self.received = bytearray()
        self.closed = None
        self.socket = await self.http.ws_connect(
            f"{self.url}/ws?cols={size[0]}&rows={size[1]}", headers=headers)
        self._reader = asyncio.create_task(self._read())
        if wait:
            if self.host.pool is not None:
                await wait_until(lambda: self.received, f"{self.name}'s first screen")
            else:
                await wait_until(lambda: self.app is not None and self.app.is_running
                                 and self.app.screen is not None, f"{self.name}'s app")
        return self

    async def _read(self) -> None:
        socket = self.socket
        reason = ""
        while True:
            message = await socket.receive()
            if message.type == aiohttp.WSMsgType.BINARY:
                self.received += message.data
            elif message.type == aiohttp.WSMsgType.CLOSE:
                reason = message.extra or ""
            elif message.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING,
                                  aiohttp.WSMsgType.ERROR):
                break
        self.closed = (socket.close_code, reason)

    async def until(self, text: bytes, since: int = 0) -> None:
        await wait_until(lambda: text in self.received[since:], f"{text!r} in the browser")

    async def until_closed(self) -> tuple[int | None, str]:
        await wait_until(lambda: self.closed is not None, "the socket to close")
        return self.closed

    async def keys(self, data: str) -> None:
        await self.socket.send_bytes(data.encode())

    async def resize(self, cols, rows) -> None:
        await self.socket.send_str(json.dumps({"type": "resize", "cols": cols, "rows": rows}))

    @property
    def session(self):
        for session in self.host.sessions:
            if getattr(session, "key", None) == self.key:
                return session
        return None

    @property
    def key(self) -> str | None:
        visitor = self.host.web.visitors.get(self.token)
        return visitor.key if visitor is not None else None

    @property
    def app(self):
        session = self.session
        return session.app if session is not None else None

    def text(self) -> str:
        app = self.app
        with app._context():
            return screen_text(app)

    async def drop(self) -> None:
        """The link goes without a goodbye (a tab's network lost)."""
        connection = self.socket._conn if self.socket is not None else None
        if connection is not None and connection.transport is not None:
            connection.transport.abort()
        if self._reader is not None:
            await asyncio.wait([self._reader], timeout=5)

    async def close(self) -> None:
        if self.socket is not None and not self.socket.closed:
            await self.socket.close()
        if self._reader is not None:
            await asyncio.wait([self._reader], timeout=5)
        await self.http.close()
