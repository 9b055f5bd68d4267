"""SSH sessions: a PTY gets its own app sized to it; no PTY gets one line; logging."""

from __future__ import annotations

import asyncssh

from uno_tui.server.lobby import LobbyScreen
from uno_tui.server.session import NO_PTY_MESSAGE

from .support import Client, serving, wait_until


async def test_a_connection_without_a_terminal_gets_one_line_and_is_closed(tmp_path):
    async with serving(tmp_path) as host:
        async with asyncssh.connect("127.0.0.1", host.port, username="ann", known_hosts=None,
                                    client_keys=None) as conn:
            result = await conn.run("", timeout=10)
        assert result.stdout.strip() == NO_PTY_MESSAGE
        assert result.exit_status == 1
        assert not host.sessions
    assert "ended='no terminal'" in host.test_log.getvalue()


async def test_each_client_gets_an_app_sized_to_its_terminal_that_follows_resizes(tmp_path):
    async with serving(tmp_path) as host:
        ann = await Client(host, "ann").connect(size=(90, 30))
        bob = await Client(host, "bob").connect(size=(120, 40))
        for client in (ann, bob):
            await wait_until(lambda: isinstance(client.screen, LobbyScreen), "the lobby")
        assert tuple(ann.app.size) == (90, 30)
        assert tuple(bob.app.size) == (120, 40)
        ann.process.change_terminal_size(100, 35)
        await wait_until(lambda: tuple(ann.app.size) == (100, 35), "the resize")
        assert tuple(bob.app.size) == (120, 40)
        await wait_until(lambda: len(ann.text().splitlines()[0]) == 100, "a wider screen")
        assert "Welcome, ann" in ann.text() and "Welcome, bob" in bob.text()
        await ann.close()
        await bob.close()
    log = host.test_log.getvalue()
    assert "session start addr=127.0.0.1:" in log and "user='ann' term=xterm-256color" in log
    assert "size=90x30" in log and "ended=" in log
    assert (tmp_path / "server.log").read_text().count("session start") == 2


async def test_ctrl_c_in_the_lobby_ends_that_session_only(tmp_path):
    async with serving(tmp_path) as host:
        ann = await Client(host, "ann").connect()
        bob = await Client(host, "bob").connect()
        await wait_until(lambda: isinstance(ann.screen, LobbyScreen), "ann's lobby")
        ann.keys("\x03")
        await wait_until(lambda: ann.session is None, "ann's session to end")
        assert b"Thanks for playing." in ann.received
        assert bob.app.is_running and isinstance(bob.screen, LobbyScreen)
        await bob.close()


async def test_a_user_name_is_shown_as_text_and_cut_to_the_longest_name(tmp_path):
    async with serving(tmp_path) as host:
        client = await Client(host, "[bold]x[/bold]-a-very-long-user-name").connect()
        await wait_until(lambda: isinstance(client.screen, LobbyScreen), "the lobby")
        assert client.app.player_name == "[bold]x[/bold]-a"
        await wait_until(lambda: "Welcome, [bold]x[/bold]-a." in client.text(), "the name")
        await client.close()
