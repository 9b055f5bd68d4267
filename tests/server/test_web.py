"""The web page (``serve --web``): the WebSocket protocol, sizing, who may in, the
Origin, the limits per address, and a browser's seat held and taken back, all through
aiohttp's client as a browser would speak to it."""

from __future__ import annotations

import asyncio
from time import monotonic
import re

import aiohttp
import asyncssh
import pytest

from uno_tui.cli import main
from uno_tui.server.client import ClientTableScreen
from uno_tui.server.lobby import LobbyScreen
from uno_tui.server.limits import Limits
from uno_tui.server.web.limits import SessionRate
from uno_tui.server.web.session import ControlError, parse_control, parse_size

from .support import WAIT_LIMIT, Client, people, serving, wait_until
from .web_support import Browser, base_url


def web(tmp_path, **overrides):
    return serving(tmp_path, web_port=0, **overrides)


# ------------------------------------------------------------------ the protocol

def test_control_messages_are_a_resize_with_two_whole_numbers_clamped():
    assert parse_control('{"type": "resize", "cols": 120, "rows": 40}') == ("resize", (120, 40))
    assert parse_control('{"type": "resize", "cols": 0, "rows": 99999}') == ("resize", (1, 500))
    for bad in ('{"type": "resize", "cols": "x", "rows": 4}', '{"type": "resize", "cols": true,'
                ' "rows": 4}', '{"type": "resize", "cols": 1.5, "rows": 4}', '{"type": "quit"}',
                "[1, 2]", "not json", '{"type": "resize", "cols": 80}', "{" + " " * 300 + "}"):
        with pytest.raises(ControlError):
            parse_control(bad)
    assert parse_size("132", "43") == (132, 43)
    with pytest.raises(ControlError):
        parse_size("-1", "20")


async def test_the_page_socket_is_a_session_sized_by_the_page_that_follows_resizes(tmp_path):
    async with web(tmp_path) as host:
        ann = Browser(host, "ann")
        await ann.open_page()
        await ann.connect(size=(90, 30))
        await wait_until(lambda: isinstance(ann.app.screen, LobbyScreen), "the lobby")
        session = ann.session
        assert tuple(ann.app.size) == (90, 30) and session.term == "xterm-256color"
        await ann.until(b"Welcome, ")
        assert "Welcome, ann." in ann.text()
        await ann.resize(120, 40)
        await wait_until(lambda: tuple(ann.app.size) == (120, 40), "the resize")
        # Odd frames change nothing and end nothing.
        for odd in ('{"type": "resize", "cols": "wide"}', "garbage", '{"type": "exit"}'):
            await ann.socket.send_str(odd)
        await ann.resize(121, 40)
        await wait_until(lambda: tuple(ann.app.size) == (121, 40), "the next resize")
        assert ann.app.is_running
        # Keys are the page's binary frames: n opens the new-table screen.
        await ann.keys("n")
        await wait_until(lambda: not isinstance(ann.app.screen, LobbyScreen), "n taken")
        assert session.bytes_received == 1
        await ann.close()
        await wait_until(lambda: not host.sessions, "the session to end")
    log = host.test_log.getvalue()
    assert "session start addr=127.0.0.1:" in log and "user='ann'" in log
    assert "term=xterm-256color size=90x30" in log and "ended='connection lost'" in log
    assert "key=web:" in log                    # the browser's identity, as SSH's key


async def test_a_session_that_ends_closes_the_socket_with_its_goodbye(tmp_path):
    async with web(tmp_path) as host:
        ann = Browser(host, "ann")
        await ann.open_page()
        await ann.connect()
        await wait_until(lambda: isinstance(ann.app.screen, LobbyScreen), "the lobby")
        await ann.keys("\x03")                   # Ctrl+C in the lobby: leave
        code, _ = await ann.until_closed()
        assert code == 1000
        assert ann.received.endswith(b"Thanks for playing.\r\n")
        assert not host.sessions
        await ann.close()


async def test_the_page_and_its_files_and_nothing_else_are_served(tmp_path):
    (tmp_path / "secret.txt").write_text("not for the web")
    async with web(tmp_path) as host:
        browser = Browser(host, "ann")
        page = await browser.open_page()
        assert page.status == 200 and page.content_type == "text/html"
        cookie = page.headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        assert "script-src 'self'" in page.headers["Content-Security-Policy"]
        assert page.headers["X-Frame-Options"] == "DENY"
        body = await page.text()
        assert "/static/vendor/xterm.js" in body and "http" not in body.replace("https?", "")
        http = browser.http
        for path in ("/static/vendor/xterm.js", "/static/vendor/addon-fit.js",
                     "/static/page.js", "/static/vendor/LICENSE-xterm.txt"):
            async with http.get(base_url(host) + path) as response:
                assert response.status == 200, path
                assert len(await response.read()) > 500
        for path in ("/static/page.html", "/static/../host.py", "/static/%2e%2e/host.py",
                     "/secret.txt", "/server.log", "/static/secret.txt",
                     "/static/vendor/../../host.py", "/ssh_host_ed25519_key"):
            async with http.get(base_url(host) + path) as response:
                assert response.status == 404, path
                assert b"not for the web" not in await response.read()
        await browser.close()


# ------------------------------------------------------------------- who may in

async def test_the_socket_takes_only_this_servers_own_page_as_origin(tmp_path):
    async with web(tmp_path) as host:
        browser = Browser(host, "ann")
        await browser.open_page()
        for origin in ("http://evil.example", f"http://localhost:{host.web.port}",
                       "null", ""):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await browser.connect(origin=origin, wait=False)
            assert refused.value.status == 403, origin
        assert not host.sessions
        await browser.connect()                  # its own origin
        assert browser.session is not None
        await browser.close()
    assert "a web socket from another page" in host.test_log.getvalue()


async def test_on_loopback_a_page_under_another_host_name_is_refused(tmp_path):
    async with web(tmp_path) as host:
        async with aiohttp.ClientSession() as http:
            for name in ("evil.example", "rebound.example:80"):
                async with http.get(base_url(host) + "/",
                                    headers={"Host": name}) as response:
                    assert response.status == 421
            async with http.get(base_url(host) + "/",
                                headers={"Host": f"localhost:{host.web.port}"}) as response:
                assert response.status == 200


async def test_a_socket_without_the_pages_cookie_is_told_to_log_in(tmp_path):
    async with web(tmp_path) as host:
        stranger = Browser(host, "ann")
        await stranger.connect(wait=False)       # never opened the page: no cookie
        code, reason = await stranger.until_closed()
        assert (code, reason) == (4401, "log in first")
        assert not host.sessions
        await stranger.close()


async def test_a_table_password_is_asked_in_a_form_and_only_it_lets_in(tmp_path):
    secret = tmp_path / "table.txt"
    secret.write_text("open sesame\n")
    async with web(tmp_path, password_file=secret) as host:
        assert not host.web.free
        browser = Browser(host, "ann")
        page = await browser.open_page()
        assert page.status == 303 and page.headers["Location"] == "/login"
        http = browser.http
        async with http.get(base_url(host) + "/login?password=open+sesame&name=ann") as form:
            text = await form.text()
            assert 'method="post"' in text and 'type="password"' in text
        await browser.connect(wait=False)       # a password in the URL lets nobody in
        assert (await browser.until_closed())[0] == 4401
        async with http.post(base_url(host) + "/login", allow_redirects=False,
                             data={"name": "ann", "password": "wrong"}) as response:
            assert response.status == 401
            assert "not the table" in await response.text()
        async with http.post(base_url(host) + "/login", allow_redirects=False,
                             data={"name": "<b>ann</b>", "password": "open sesame"}) as response:
            assert response.status == 303 and response.headers["Location"] == "/"
        async with http.get(base_url(host) + "/", allow_redirects=False) as response:
            assert response.status == 200
        browser.name = "<b>ann</b>"
        await browser.connect()
        await wait_until(lambda: "Welcome, <b>ann</b>." in browser.text(), "the name as text")
        await browser.close()
    log = host.test_log.getvalue()
    assert "auth failed addr=127.0.0.1 user='ann' method=" in log
    assert "auth ok addr=127.0.0.1 user='<b>ann</b>' method=" in log
    assert "open sesame" not in log


async def test_the_token_link_the_host_prints_lets_in_and_a_wrong_one_does_not(tmp_path):
    key = tmp_path / "keys"                     # SSH by key only: browsers need the link
    key.write_text(asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode())
    async with web(tmp_path, authorized_keys=key) as host:
        printed = re.search(r"http://127\.0\.0\.1:\d+/t/(\S+)", host.test_log.getvalue())
        assert printed is not None
        assert printed.group(1) not in (tmp_path / "server.log").read_text()
        browser = Browser(host)
        async with browser.http.get(base_url(host) + "/t/not-the-token",
                                    allow_redirects=False) as response:
            assert response.status == 403
        async with browser.http.get(base_url(host) + "/login") as form:
            assert 'type="password"' not in await form.text()
        async with browser.http.get(base_url(host) + "/t/" + printed.group(1),
                                    allow_redirects=False) as response:
            assert response.status == 303 and response.headers["Location"] == "/login"
        async with browser.http.post(base_url(host) + "/login", allow_redirects=False,
                                     data={"name": "cy"}) as response:
            assert response.status == 303
        await browser.connect()
        await wait_until(lambda: "Welcome, cy." in browser.text(), "cy in the lobby")
        await browser.close()


async def test_open_mode_lets_anyone_in_with_a_guest_name(tmp_path):
    async with web(tmp_path, open=True) as host:
        guest = Browser(host)
        await guest.open_page()
        await guest.connect()
        name = guest.session.name
        assert name.startswith("Guest") and name == host.web.visitors.get(guest.token).name
        await wait_until(lambda: f"Welcome, {name}." in guest.text(), "a guest name")
        await guest.close()


async def test_a_name_changed_in_the_lobby_is_kept_when_the_page_reconnects(tmp_path):
    from uno_tui.server.lobby import NameDialog

    async with web(tmp_path, open=True) as host:
        guest = Browser(host)
        await guest.open_page()
        await guest.connect()
        await wait_until(lambda: isinstance(guest.app.screen, LobbyScreen), "the lobby")
        await guest.keys("r")
        await wait_until(lambda: isinstance(guest.app.screen, NameDialog), "the name asked")
        await guest.keys("zoe\r")
        await wait_until(lambda: guest.session.name == "zoe", "renamed")
        await guest.drop()
        await wait_until(lambda: guest.session is None, "the session to end")
        await guest.connect()                    # the page's reconnect
        await wait_until(lambda: "Welcome, zoe." in guest.text(), "still zoe")
        await guest.close()


# ---------------------------------------------------------------------- limits

def test_new_browser_sessions_per_address_are_counted_over_a_minute():
    now = [0.0]
    rate = SessionRate(per_minute=3, clock=lambda: now[0])
    assert [rate.start("10.0.0.1") for _ in range(3)] == ["", "", ""]
    assert "3 a minute" in rate.start("10.0.0.1")
    assert rate.start("10.0.0.2") == ""                      # another address: its own
    now[0] = 59.0
    assert rate.start("10.0.0.1") != ""
    now[0] = 61.0
    assert rate.start("10.0.0.1") == ""


async def test_sessions_beyond_the_limit_per_address_are_refused_with_the_reason(tmp_path):
    async with web(tmp_path, limits=Limits(sessions_per_address=2)) as host:
        tabs = [Browser(host, f"p{n}") for n in range(3)]
        for tab in tabs[:2]:
            await tab.open_page()
            await tab.connect()
        await tabs[2].open_page()
        await tabs[2].connect(wait=False)
        code, reason = await tabs[2].until_closed()
        assert code == 4403 and b"Too many sessions from your address (2)" in tabs[2].received
        assert len(host.sessions) == 2
        ssh = Client(host, "ssh")                # the same address's budget, over SSH
        ssh.conn = await asyncssh.connect("127.0.0.1", host.port, username="ssh",
                                          known_hosts=None, client_keys=None)
        ssh.process = await ssh.conn.create_process(term_type="xterm", term_size=(80, 24),
                                                    encoding=None)
        output = await asyncio.wait_for(ssh.process.stdout.read(), 20)
        assert b"Too many sessions from your address (2)" in output
        ssh.conn.close()
        await tabs[0].close()
        await wait_until(lambda: host.gate.sessions("127.0.0.1") == 1, "one gone")
        await tabs[2].connect()                  # room again
        for tab in tabs[1:]:
            await tab.close()
    assert "limit addr=127.0.0.1" in host.test_log.getvalue()


async def test_wrong_passwords_wait_longer_each_time_and_then_are_refused(tmp_path):
    secret = tmp_path / "table.txt"
    secret.write_text("open sesame\n")
    async with web(tmp_path, password_file=secret,
                   limits=Limits(failed_logins_per_minute=2)) as host:
        async with aiohttp.ClientSession() as http:
            statuses = []
            for password in ("a", "b", "open sesame"):
                async with http.post(base_url(host) + "/login", allow_redirects=False,
                                     data={"name": "x", "password": password}) as response:
                    statuses.append(response.status)
            assert statuses == [401, 401, 429]       # even the right one, this minute
        assert host.gate.failures("127.0.0.1") == 2   # counted with the SSH logins


# --------------------------------------------------------- seats, hold, workers

async def test_a_dropped_browser_gets_its_seat_back_and_a_namesake_does_not(tmp_path):
    async with web(tmp_path, hold=30.0) as host:
        table = host.create_table(people("ann", "bob"))
        ann = Browser(host, "ann")
        await ann.open_page()
        await ann.connect()
        await wait_until(lambda: "Table 1" in ann.text(), "the lobby")
        await ann.keys("\r")
        await wait_until(lambda: isinstance(ann.app.screen, ClientTableScreen), "seated")
        assert table.seats_of(ann.session) == (0,)
        await ann.drop()
        await wait_until(lambda: ann.session is None, "the session to end")
        assert "(away, seat kept " in table.describe()
        namesake = Browser(host, "ann")          # another browser typing the same name
        await namesake.open_page()
        await namesake.connect()
        await wait_until(lambda: isinstance(namesake.app.screen, LobbyScreen), "its lobby")
        assert "(away, seat kept " in table.describe()
        await namesake.close()
        await ann.connect()                      # the same browser (its cookie) again
        await wait_until(lambda: isinstance(ann.app.screen, ClientTableScreen),
                         "straight back to the table")
        assert table.seats_of(ann.session) == (0,)
        await ann.close()


async def test_browser_and_ssh_sit_at_one_table_in_the_render_workers(tmp_path):
    async with web(tmp_path, workers=2) as host:
        table = host.create_table(people("ann", "bob", computers=1))
        ann = Browser(host, "ann")
        await ann.open_page()
        await ann.connect()
        await ann.until(b"Table 1")
        await ann.keys("\r")
        bob = await Client(host, "bob").connect()
        await bob.until(b"Table 1")
        bob.keys("\r")
        await wait_until(lambda: len([s for s in host.sessions if table.seats_of(s)]) == 2,
                         "both seated")
        assert table.seats_of(ann.session) == (0,) and ann.session.link is not None
        await ann.until(b"bob")                 # drawn by a worker, sent over the socket
        await ann.close()
        await bob.close()


def test_serve_flags_for_the_web_are_checked(tmp_path, capsys):
    for argv, words in ((["--no-ssh"], "add --web PORT"),
                        (["--web", "70000"], "out of range"),
                        (["--web", "2222"], "is the SSH port too"),
                        (["--web", "x"], "not a whole number")):
        assert main(["serve", "--data-dir", str(tmp_path), *argv]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and words in err[0], err


def test_the_web_page_alone_may_listen_on_another_address_with_its_token(tmp_path):
    from uno_tui.server.host import Host, ServeError
    from uno_tui.server.web import WebFront

    from .support import config_for

    alone = Host(config_for(tmp_path, host="0.0.0.0", ssh=False, web_port=0))
    front = WebFront(alone)
    assert not front.free and front.token
    assert WebFront(Host(config_for(tmp_path, host="0.0.0.0", ssh=False, web_port=0,
                                    open=True))).free
    with pytest.raises(ServeError, match="--no-ssh"):
        Host(config_for(tmp_path, host="0.0.0.0", web_port=0))


async def test_a_browser_that_stops_reading_is_dropped_and_the_others_go_on(tmp_path):
    async with web(tmp_path, backlog_limit=256 * 1024) as host:
        stalled, other = Browser(host, "ann"), Browser(host, "bob")
        for browser in (stalled, other):
            await browser.open_page()
            await browser.connect()
        session = stalled.session
        # The tab hangs; small socket buffers, so that loopback's (megabytes) fill soon.
        import socket as sockets

        stalled.socket._conn.transport.get_extra_info("socket").setsockopt(
            sockets.SOL_SOCKET, sockets.SO_RCVBUF, 4096)
        session._chan._transport.get_extra_info("socket").setsockopt(
            sockets.SOL_SOCKET, sockets.SO_SNDBUF, 4096)
        stalled.socket._conn.transport.pause_reading()
        # Full redraws, each ~10 kB, until the backlog drops the tab. Not a fixed count:
        # on a loaded machine the app folds resizes that come faster than it draws.
        deadline = monotonic() + WAIT_LIMIT
        n = 0
        while not session.ending and monotonic() < deadline:
            session.terminal_size_changed(150 + n % 2, 50, 0, 0)
            n += 1
            await asyncio.sleep(0.01)
        await wait_until(lambda: session.ending == "dropped: output backlog", "the drop")
        await wait_until(lambda: stalled.session is None, "the session gone")
        assert other.app.is_running
        await other.keys("n")
        await wait_until(lambda: not isinstance(other.app.screen, LobbyScreen), "bob goes on")
        stalled.socket._conn.transport.resume_reading()
        await stalled.close()
        await other.close()
