"""SSH sessions: a PTY gets its own app sized to it; no PTY gets one line; logging."""

from __future__ import annotations

import asyncio
import signal

import asyncssh

from uno_tui.server.lobby import LobbyScreen
from uno_tui.server.session import NO_PTY_MESSAGE

from .support import WAIT_LIMIT, Client, serving, wait_until


async def test_a_connection_without_a_terminal_gets_one_line_and_is_closed(tmp_path):
    async with serving(tmp_path) as host:
        async with asyncssh.connect("127.0.0.1", host.port, username="ann", known_hosts=None,
                                    client_keys=None) as conn:
            result = await conn.run("", timeout=WAIT_LIMIT)
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
        await wait_until(lambda: "Welcome, ann" in ann.text() and "Welcome, bob" in bob.text(),
                         "both welcomed")
        await ann.close()
        await bob.close()
    log = host.test_log.getvalue()
    assert "session start addr=127.0.0.1:" in log and "user='ann' name='ann' key=- term=xterm-256color" in log
    assert "size=90x30" in log and "ended=" in log
    assert (tmp_path / "server.log").read_text().count("session start") == 2


async def test_a_session_takes_over_no_signal_of_the_server_process(tmp_path):
    before = {signum: signal.getsignal(signum)
              for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGWINCH,
                             signal.SIGTSTP, signal.SIGCONT)}
    async with serving(tmp_path) as host:
        client = await Client(host, "ann").connect()
        await wait_until(lambda: isinstance(client.screen, LobbyScreen), "the lobby")
        assert {signum: signal.getsignal(signum) for signum in before} == before
        await client.close()


async def test_ctrl_c_in_the_lobby_ends_that_session_only(tmp_path):
    async with serving(tmp_path) as host:
        ann = await Client(host, "ann").connect()
        bob = await Client(host, "bob").connect()
        await wait_until(lambda: isinstance(ann.screen, LobbyScreen), "ann's lobby")
        ann.keys("\x03")
        await wait_until(lambda: ann.session is None, "ann's session to end")
        # The server has sent it; its bytes reach ann's reader when the loop gets to it
        # (beside two CPU burners it had not yet, once in three runs).
        await ann.until(b"Thanks for playing.")
        assert bob.app.is_running and isinstance(bob.screen, LobbyScreen)
        await bob.close()


async def test_a_user_name_is_shown_as_text_and_cut_to_the_longest_name(tmp_path):
    async with serving(tmp_path) as host:
        client = await Client(host, "[bold]x[/bold]-a-very-long-user-name").connect()
        await wait_until(lambda: isinstance(client.screen, LobbyScreen), "the lobby")
        assert client.app.player_name == "[bold]x[/bold]-a"
        await wait_until(lambda: "Welcome, [bold]x[/bold]-a." in client.text(), "the name")
        await client.close()


async def test_a_table_password_lets_in_only_who_knows_it(tmp_path):
    secret = tmp_path / "table.txt"
    secret.write_text("open sesame\n")
    async with serving(tmp_path, host="127.0.0.1", password_file=secret) as host:
        try:
            await asyncssh.connect("127.0.0.1", host.port, username="ann", known_hosts=None,
                                   client_keys=None, password="wrong", agent_path=None)
        except asyncssh.PermissionDenied:
            pass
        else:
            raise AssertionError("a wrong password got in")
        async with asyncssh.connect("127.0.0.1", host.port, username="ann", known_hosts=None,
                                    client_keys=None, password="open sesame",
                                    agent_path=None) as conn:
            result = await conn.run("", timeout=WAIT_LIMIT)
        assert result.stdout.strip() == NO_PTY_MESSAGE   # in: the no-terminal answer


async def test_authorized_keys_let_in_those_keys_and_remember_which(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    other = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(key.export_public_key())
    async with serving(tmp_path, authorized_keys=keys) as host:
        try:
            await asyncssh.connect("127.0.0.1", host.port, username="ann", known_hosts=None,
                                   client_keys=[other], agent_path=None)
        except asyncssh.PermissionDenied:
            pass
        else:
            raise AssertionError("a key not in the file got in")
        conn = await asyncssh.connect("127.0.0.1", host.port, username="ann",
                                      known_hosts=None, client_keys=[key], agent_path=None)
        process = await conn.create_process(term_type="xterm", term_size=(80, 24))
        await wait_until(lambda: host.sessions, "ann's session")
        (session,) = host.sessions
        assert session.key == key.get_fingerprint()
        conn.close()
        await conn.wait_closed()


async def test_the_host_key_is_made_once_and_kept(tmp_path):
    async with serving(tmp_path) as host:
        first = (tmp_path / "ssh_host_ed25519_key.pub").read_bytes()
    async with serving(tmp_path) as host:
        assert (tmp_path / "ssh_host_ed25519_key.pub").read_bytes() == first
        async with asyncssh.connect("127.0.0.1", host.port, username="ann", known_hosts=None,
                                    client_keys=None) as conn:
            served = conn.get_server_host_key().export_public_key().split()[:2]
            assert served == first.split()[:2]
    assert (tmp_path / "ssh_host_ed25519_key").stat().st_mode & 0o077 == 0


async def test_a_client_that_stops_reading_is_dropped_and_the_others_go_on(tmp_path):
    async with serving(tmp_path, backlog_limit=64 * 1024) as host:
        ann = await Client(host, "ann").connect()
        slow = await Client(host, "slow").connect(window=8 * 1024)
        await wait_until(lambda: isinstance(slow.screen, LobbyScreen), "slow's lobby")
        await slow.stop_reading_until_dropped()
        assert ann.app.is_running
        ann.process.change_terminal_size(90, 30)
        await wait_until(lambda: tuple(ann.app.size) == (90, 30), "ann still served")
        await ann.close()
    assert "ended='dropped: output backlog'" in host.test_log.getvalue()


async def test_a_table_a_visitor_opened_does_not_keep_their_app(tmp_path):
    """A task or timer keeps the context it was made in, and Textual's active app is a
    context variable: a table opened by a visitor's request (play now) kept that
    visitor's whole app, screens and widgets alive for as long as the table lived
    (the load run's memory grew by visitors who had left)."""
    import contextvars
    import gc

    from textual.app import App

    def apps_held_by(table) -> list:
        contexts = [ref for task in table._tasks for ref in gc.get_referents(task)
                    if isinstance(ref, contextvars.Context)]
        contexts += [handle._context for handle in table._timers.values()]
        return [value for context in contexts for value in context.values()
                if isinstance(value, App)]

    async with serving(tmp_path) as host:
        ann = await Client(host, "ann").connect()
        await wait_until(lambda: "Play now" in ann.text(), "the lobby")
        ann.keys("p")
        await ann.at_table()
        (table,) = host.tables
        assert table._tasks
        assert apps_held_by(table) == []
        await ann.close()


async def test_the_idle_sweep_keeps_no_session_that_has_ended(tmp_path):
    """Its loop variable stayed bound while it slept: the last session it looked at
    (app, screens and all) stayed alive after the visitor had gone."""
    from uno_tui.server.limits import Limits
    from uno_tui.server.session import TerminalSession

    async with serving(tmp_path, limits=Limits(lobby_idle=2.0)) as host:   # sweeps every 0.5 s
        ann = await Client(host, "ann").connect()
        await wait_until(lambda: "Play now" in ann.text(), "the lobby")
        await asyncio.sleep(0.7)          # a sweep has looked at ann's session
        await ann.close()
        await wait_until(lambda: not host.sessions, "ann's session ended")
        await asyncio.sleep(0.7)          # and another has run since
        frame = host._sweeper.get_coro().cr_frame
        assert not [value for value in frame.f_locals.values()
                    if isinstance(value, TerminalSession)]
