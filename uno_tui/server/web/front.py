"""The browser page of ``uno-tui serve --web PORT``: HTTP, the login, the WebSocket.

A small aiohttp application beside the SSH server, on the host's own event loop: it
serves one page (xterm.js and a few lines of script, all package data; nothing comes
from the data directory or a CDN) and opens a :class:`~.session.BrowserSession` for each
WebSocket the page connects, at the same host, lobby and tables as the SSH sessions.

Who may in, as in SSH mode:

- listening on a loopback address with no login set (or with ``--open``): anyone who
  reaches the page; a name may be given with ``/?name=NAME`` (else a guest name);
- otherwise: whoever logs in with the table password (a form posted to ``/login``,
  never in a URL), or opens the token link the host prints at start (``/t/TOKEN``,
  which sets the cookie and sends the browser on to ``/``, out of the address bar).

A visitor is a random token in an HttpOnly, SameSite=Strict cookie; their seat's
identity is derived from it, so a dropped seat is taken back by the same browser, not
by whoever types the same name. The WebSocket checks the Origin (a page elsewhere
can't drive a visitor's session), and on a loopback address the Host too (a rebound
DNS name can't make a remote page look local).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import html
import secrets
import socket
import time
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from aiohttp import web

from ...i18n import (DEFAULT_LANGUAGE, Phrase, Translator, language_of_browser, os_reason,
                     translator)
from ..roles import ServeError, is_loopback
from ..session import player_name
from .limits import SessionRate
from .session import CLOSE_CODES, BrowserSession, ControlError, parse_size

if TYPE_CHECKING:
    from ..roles import HostRole

__all__ = ["WebFront", "Visitors", "Visitor", "COOKIE"]

COOKIE = "uno_visitor"
#: How long a visitor's cookie lasts in the browser (the server forgets sooner if it
#: restarts: then the page asks again, or, where no login is needed, makes a new one).
COOKIE_AGE = 7 * 24 * 3600
#: The most visitors remembered at once; the one seen longest ago goes first.
MAX_VISITORS = 4096
#: Seconds without traffic after which the server pings a page, and closes a link that
#: does not answer within half as long again (a dead link is noticed within ~30 s).
HEARTBEAT = 20.0
#: The largest frame a page may send (a paste); a bigger one closes the socket.
MAX_FRAME = 64 * 1024

#: The files the page may fetch, and their types: nothing else is served.
STATIC = {
    "page.js": "text/javascript",
    "connect.js": "text/javascript",
    "page.css": "text/css",
    "vendor/xterm.js": "text/javascript",
    "vendor/xterm.css": "text/css",
    "vendor/addon-fit.js": "text/javascript",
    "vendor/addon-unicode11.js": "text/javascript",
    "vendor/LICENSE-xterm.txt": "text/plain",
    "vendor/LICENSE-addon-fit.txt": "text/plain",
    "vendor/LICENSE-addon-unicode11.txt": "text/plain",
}

_SECURITY_HEADERS = {
    # xterm.js sets its colours through a style element: styles inline, scripts never.
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' "
                               "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


@dataclass
class Visitor:
    """A browser that came to the page: its name, its identity, whether it may play."""

    token: str
    name: str
    admitted: bool
    last_seen: float

    @property
    def key(self) -> str:
        """The identity a seat is kept for (a hash of the cookie, never the cookie)."""
        return "web:" + hashlib.sha256(self.token.encode()).hexdigest()[:20]


class Visitors:
    """The visitors this server run knows, by cookie."""

    def __init__(self, limit: int = MAX_VISITORS) -> None:
        self.limit = limit
        self._by_token: dict[str, Visitor] = {}

    def __len__(self) -> int:
        return len(self._by_token)

    def get(self, token: str | None) -> Visitor | None:
        visitor = self._by_token.get(token) if token else None
        if visitor is not None:
            visitor.last_seen = time.monotonic()
            # Most recently seen last: the first one is the one to forget.
            self._by_token[token] = self._by_token.pop(token)
        return visitor

    def new(self, name: str, admitted: bool) -> Visitor:
        while len(self._by_token) >= self.limit:
            del self._by_token[next(iter(self._by_token))]
        visitor = Visitor(secrets.token_urlsafe(24), name, admitted, time.monotonic())
        self._by_token[visitor.token] = visitor
        return visitor


def _static_root():
    return resources.files(__package__).joinpath("static")


def _static_bytes(name: str) -> bytes:
    return _static_root().joinpath(name).read_bytes()


class WebFront:
    """The page and its WebSockets for ``host``; ``await start()``, ``await stop()``."""

    def __init__(self, host: "HostRole") -> None:
        self.host = host
        config = host.config
        self.loopback = is_loopback(config.host)
        #: True: anyone who reaches the page plays (loopback with no login set, as for
        #: SSH; or --open).
        self.free = (self.loopback and not host.needs_login) or config.open
        #: The token of the link the host prints, where a login is needed.
        self.token = None if self.free else secrets.token_urlsafe(18)
        self.visitors = Visitors()
        #: New sessions per address per minute (the rest of the limits: ``host.gate``).
        self.rate = SessionRate()
        self.port: int | None = None
        self._runner: web.AppRunner | None = None
        self._files = {name: _static_bytes(name) for name in STATIC}
        self._page = _static_bytes("page.html").decode()
        self.app = self._make_app()

    # ---------------------------------------------------------------- setup

    def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=16 * 1024)
        app.router.add_get("/", self._index)
        app.router.add_get("/login", self._login_form)
        app.router.add_post("/login", self._login)
        app.router.add_get("/t/{token}", self._token_link)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/static/{name:.+}", self._static)
        app.router.add_get("/favicon.ico", self._no_icon)
        return app

    async def start(self) -> int:
        """Listen on the host's address and ``web_port``; the port (useful with 0)."""
        config = self.host.config
        self._runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=1.0,
                                     handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, config.host, config.web_port)
        try:
            await site.start()
        except OSError as exc:
            await self._runner.cleanup()
            raise ServeError(Phrase("can't listen on {host}:{port} for the web page: "
                                    "{problem}", host=config.host, port=config.web_port,
                                    problem=os_reason(exc))) from None
        sockets = site._server.sockets if site._server is not None else ()
        self.port = sockets[0].getsockname()[1] if sockets else config.web_port
        return self.port

    def links(self) -> list[str]:
        """The lines the host prints: where to point a browser."""
        config = self.host.config
        name = config.host
        if name in ("0.0.0.0", "::", ""):
            name = socket.gethostname()
        elif ":" in name:
            name = f"[{name}]"
        base = f"http://{name}:{self.port}"
        if self.free:
            return [Phrase("join in a browser: {page}", page=f"{base}/")]
        how = (Phrase("the table password") if self.host.password is not None
               else Phrase("nothing else"))
        return [Phrase("join in a browser: {page} (log in with {how}), or with the link "
                       "{link} (anyone with it may join)", page=f"{base}/", how=how,
                       link=f"{base}/t/{self.token}")]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ------------------------------------------------------------ the guard

    @web.middleware
    async def _guard(self, request: web.Request, handler):
        if self.loopback and not _loopback_host(request.host):
            # A page served from elsewhere whose DNS name now points here.
            return _text(421, "This server answers to its loopback address only "
                              "(http://127.0.0.1 or http://localhost).")
        try:
            response = await handler(request)
        except web.HTTPException as exc:
            exc.headers.update(_SECURITY_HEADERS)
            raise
        if not isinstance(response, web.WebSocketResponse):
            response.headers.update(_SECURITY_HEADERS)
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    def visitor_of(self, request: web.Request) -> Visitor | None:
        return self.visitors.get(request.cookies.get(COOKIE))

    def _with_cookie(self, response: web.StreamResponse, visitor: Visitor):
        response.set_cookie(COOKIE, visitor.token, max_age=COOKIE_AGE, path="/",
                            httponly=True, samesite="Strict")
        return response

    # ---------------------------------------------------------------- pages

    async def _index(self, request: web.Request) -> web.StreamResponse:
        visitor = self.visitor_of(request)
        wanted = request.query.get("name")
        if visitor is None or not visitor.admitted:
            if not self.free:
                return _redirect("/login")
            visitor = self.visitors.new(player_name(wanted) if wanted
                                        else self.host.guest_name(), admitted=True)
        elif wanted and self.free:
            visitor.name = player_name(wanted)
        response = web.Response(text=self.page(self.words_for(request)),
                                content_type="text/html")
        return self._with_cookie(response, visitor)

    def page(self, tr: Translator) -> str:
        """The terminal's page, its words (and the script's) in ``tr``'s language."""
        fields = {"hold": str(int(self.host.config.hold)), "lang": tr.lang,
                  "terminal": tr("The uno-tui terminal"), "again": tr("Join again"),
                  "ended": tr("The session ended."), "reconnecting": tr("reconnecting…"),
                  # The script puts the seconds in for {left}.
                  "waiting": tr("reconnecting… (your seat waits {seconds} s more)",
                                seconds="{left}")}
        page = self._page
        for field, value in fields.items():
            page = page.replace("{{%s}}" % field, html.escape(value, quote=True))
        return page

    def _form(self, status: int, name: str, problem: str = "",
              tr: Translator | None = None) -> web.Response:
        """The join form (a problem above it), in ``tr``'s words (the problem already is)."""
        tr = tr or translator()
        password = self.host.password is not None and not self.free
        # (Words outside the f-strings: the catalogue's extractor reads no f-string.)
        your_name, table_password = tr("Your name"), tr("Table password")
        title, join = tr("uno-tui: join"), tr("Join")
        fields = (f'<label>{html.escape(your_name)} <input name="name" maxlength="40" '
                  f'autocomplete="nickname" value="{html.escape(name, quote=True)}" '
                  f'autofocus></label>')
        if password:
            fields += (f'<label>{html.escape(table_password)} <input name="password" '
                       f'type="password" autocomplete="current-password"></label>')
        elif not self.free:
            no_password = tr("This server takes no password here: open the link the host "
                             "gave you.")
            fields += f'<p>{html.escape(no_password)}</p>'
        note = f'<p class="problem" role="alert">{html.escape(problem)}</p>' if problem else ""
        body = (f'<!doctype html><html lang="{tr.lang}"><head><meta charset="utf-8">'
                f'<meta name="viewport" content="width=device-width, initial-scale=1">'
                f'<title>{html.escape(title)}</title>'
                f'<link rel="stylesheet" href="/static/page.css">'
                f'</head><body class="form"><form method="post" action="/login">'
                f'<h1>uno-tui</h1>{note}{fields}<button type="submit">'
                f'{html.escape(join)}</button></form></body></html>')
        return web.Response(status=status, text=body, content_type="text/html")

    async def _login_form(self, request: web.Request) -> web.Response:
        visitor = self.visitor_of(request)
        return self._form(200, visitor.name if visitor is not None else "",
                          tr=self.words_for(request))

    async def _login(self, request: web.Request) -> web.StreamResponse:
        address = request.remote or "?"
        tr = self.words_for(request)
        try:
            form = await request.post()
        except (ValueError, web.HTTPException):
            return self._form(400, "", tr("That form could not be read: try again."), tr)
        name = player_name(str(form.get("name", "")))
        typed = name if str(form.get("name", "")).strip() else ""
        visitor = self.visitor_of(request)
        if self.free or (visitor is not None and visitor.admitted):
            admitted = True
        else:
            gate, limits = self.host.gate, self.host.limits
            if gate.failures(address) >= limits.failed_logins_per_minute:
                # Counted with the SSH logins: guesses on either count for both.
                self.host.log_limit(f"too many failed logins from {address} in the last "
                                    f"minute ({limits.failed_logins_per_minute})",
                                    addr=address, user=name, method="web form")
                return self._form(429, typed, tr("Too many wrong passwords from your "
                                                 "address: wait a minute and try again."), tr)
            expected = self.host.password
            given = str(form.get("password", ""))
            admitted = expected is not None and hmac.compare_digest(
                given.encode(), expected.encode())
            if not admitted:
                delay = gate.login_failed(address)
                self.host.log_event_line("auth failed", addr=address, user=name,
                                         method="web form", delay=f"{delay:g}s")
                await asyncio.sleep(delay)
                return self._form(401, typed, tr("That password is not the table's: try "
                                                 "again."), tr)
            self.host.log_event_line("auth ok", addr=address, user=name, method="web form")
        if not typed:
            name = visitor.name if visitor is not None else self.host.guest_name()
        if visitor is None:
            visitor = self.visitors.new(name, admitted)
        visitor.name, visitor.admitted = name, admitted
        return self._with_cookie(_redirect("/"), visitor)

    async def _token_link(self, request: web.Request) -> web.StreamResponse:
        given = request.match_info["token"]
        if self.token is None or not hmac.compare_digest(given.encode(), self.token.encode()):
            tr = self.words_for(request)
            return _text(403, tr("This link is not valid on this server (it changes each "
                                 "time the server starts): ask the host for the current one."))
        visitor = self.visitor_of(request) or self.visitors.new(self.host.guest_name(),
                                                                admitted=True)
        visitor.admitted = True
        self.host.log_event_line("auth ok", addr=request.remote, user=visitor.name,
                                 method="web token link")
        return self._with_cookie(_redirect("/login" if not self.free else "/"),
                                 visitor)

    async def _no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=204, headers={"Cache-Control": "max-age=86400"})

    async def _static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        content_type = STATIC.get(name)
        if content_type is None:
            raise web.HTTPNotFound()
        return web.Response(body=self._files[name], content_type=content_type,
                            charset="utf-8", headers={"Cache-Control": "max-age=3600"})

    # ------------------------------------------------------------ the socket

    def words_for(self, request: web.Request) -> Translator:
        """The words for ``request``'s visitor: their browser's language, else the
        server's."""
        return words_for(request, self.host.config.lang)

    def origin_ok(self, request: web.Request) -> bool:
        """True when the WebSocket is opened by a page of this very server."""
        origin = request.headers.get("Origin")
        if not origin:
            return False
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc == request.host

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        host = self.host
        address = request.remote or "?"
        if not self.origin_ok(request):
            host.log_limit("a web socket from another page", addr=address,
                           origin=request.headers.get("Origin", "missing"))
            tr = self.words_for(request)
            return _text(403, tr("This socket is for this server's own page."))
        socket_ = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_FRAME)
        await socket_.prepare(request)
        tr = self.words_for(request)
        refusal = host.gate.connect(address)     # with the SSH connections, per address
        if refusal:
            host.log_limit(refusal, addr=address, method="web")
            await socket_.close(code=CLOSE_CODES["limit"],
                                message=close_reason(tr("Refused: {problem}.", problem=refusal)))
            return socket_
        logged_in = False
        try:
            visitor = self.visitor_of(request)
            if visitor is None or not visitor.admitted:
                await socket_.close(code=CLOSE_CODES["login"], message=b"log in first")
                return socket_
            host.gate.logged_in(address)
            logged_in = True
            refusal = self.rate.start(address)
            if refusal:
                host.log_limit(refusal, addr=address, user=visitor.name, method="web")
                await socket_.close(code=CLOSE_CODES["limit"], message=close_reason(refusal))
                return socket_
            try:
                size = parse_size(request.query.get("cols", "80"),
                                  request.query.get("rows", "24"))
            except ControlError:
                size = (80, 24)
            peer = request.transport.get_extra_info("peername") if request.transport else None
            where = f"{peer[0]}:{peer[1]}" if peer else address
            # The browser's Accept-Language is the session's language (over its locale:
            # a page has none), until the visitor switches in the lobby.
            session = BrowserSession(host, visitor.name, visitor.key, where,
                                     language=language_of_browser(
                                         request.headers.get("Accept-Language")))
            try:
                await session.serve(socket_, request, size)
            finally:
                # A name changed in the lobby is the visitor's from now on: the page's
                # next socket (a reconnect) comes back under it.
                visitor.name = session.name
        finally:
            host.gate.disconnected(address, logged_in)
        return socket_


def _loopback_host(host_header: str) -> bool:
    """True when a request's Host header names a loopback address (with any port)."""
    return is_loopback(urlsplit(f"//{host_header}").hostname or "")


def words_for(request: web.Request, default: str = DEFAULT_LANGUAGE) -> Translator:
    """The words of the language the request's ``Accept-Language`` prefers (``default``,
    the server's ``--lang``, when it names none we have)."""
    return translator(language_of_browser(request.headers.get("Accept-Language")) or default)


def close_reason(text: str) -> bytes:
    """``text`` as a WebSocket close frame's reason: at most 120 bytes of UTF-8, cut
    between characters (a Japanese character is three bytes; half of one would make
    the browser drop the whole frame)."""
    return text.encode("utf-8")[:120].decode("utf-8", "ignore").encode("utf-8")


def _text(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text + "\n", content_type="text/plain")



def _redirect(location: str) -> web.Response:
    """See ``location`` next (after a form or a link: the browser asks for it with GET)."""
    return web.Response(status=303, headers={"Location": location})
