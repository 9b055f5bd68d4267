"""The server's limits, one by one: counted per address, refused beyond, logged.

Unit tests drive :class:`Gatekeeper` and :class:`InputRate` with a fake clock; the
others use real connections on loopback (every test address is 127.0.0.1).
"""

from __future__ import annotations

import asyncio
import time

import asyncssh
import pytest

from uno_tui.server import limits as limits_module
from uno_tui.server.limits import Gatekeeper, InputRate, Limits
from uno_tui.server.lobby import LobbyScreen
from uno_tui.server.session import NO_COMMANDS_MESSAGE
from uno_tui.server.table import TableError

from .support import WAIT_LIMIT, Client, people, serving, wait_until


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# ------------------------------------------------------------------ unit tests


def test_the_eleventh_unauthenticated_connection_from_one_address_is_refused():
    gate = Gatekeeper(Limits())
    for _ in range(10):
        assert gate.connect("10.0.0.1") == ""
    assert "too many connections from 10.0.0.1" in gate.connect("10.0.0.1")
    assert gate.connect("10.0.0.2") == ""            # another address is let in
    gate.logged_in("10.0.0.1")                       # one of ten logs in: room for one
    assert gate.connect("10.0.0.1") == ""


def test_unauthenticated_connections_in_all_are_limited_and_counted_down():
    gate = Gatekeeper(Limits(max_unauthenticated=3))
    assert [gate.connect(f"10.0.0.{n}") for n in range(3)] == ["", "", ""]
    assert "too many connections are logging in" in gate.connect("10.0.0.9")
    gate.disconnected("10.0.0.0", logged_in=False)
    assert gate.connect("10.0.0.9") == ""
    for n in range(1, 3):
        gate.disconnected(f"10.0.0.{n}", logged_in=False)
    gate.disconnected("10.0.0.9", logged_in=False)
    assert gate.unauthenticated == 0 and gate.connections == 0
    assert gate.addresses == 0                       # nothing kept for nobody


def test_with_every_login_slot_taken_a_newcomer_gets_the_slot_room_is_made_for():
    gate = Gatekeeper(Limits(max_unauthenticated=2))
    assert gate.connect("10.0.0.1") == "" and gate.connect("10.0.0.2") == ""
    assert "too many connections are logging in" in gate.connect("10.0.0.3",
                                                                 make_room=lambda: False)

    def close_one() -> bool:
        gate.disconnected("10.0.0.1", logged_in=False)
        return True

    assert gate.connect("10.0.0.3", make_room=close_one) == ""
    assert gate.unauthenticated == 2 and gate.connections == 2


def test_with_every_login_slot_taken_a_newcomer_may_wait_in_a_bounded_room():
    gate = Gatekeeper(Limits(max_unauthenticated=1, max_unauthenticated_per_address=2))
    assert gate.connect("a") == "" and gate.logins_full
    assert [gate.wait(f"w{n}") for n in range(10)] == [""] * 10   # ten per slot
    assert "too many connections are waiting to log in (10)" in gate.wait("x")

    def let_the_first_go() -> bool:
        gate.stopped_waiting("w0")
        return True

    assert gate.wait("x", make_room=let_the_first_go) == ""
    gate.stopped_waiting("w1")
    assert gate.wait("a") == ""                      # a: one logging in, one waiting
    gate.stopped_waiting("w2")
    assert "too many connections from a" in gate.wait("a")
    gate.stopped_waiting("a")                        # a's waiter spoke: it asks for a slot
    assert "too many connections are logging in" in gate.connect("a")
    assert gate.waiting == 8 and gate.connections == 9


def test_near_the_open_files_limit_new_connections_are_refused():
    gate = Gatekeeper(Limits(), fd_budget=2)
    assert gate.connect("a") == "" and gate.connect("b") == ""
    gate.logged_in("a")
    assert "open-files limit" in gate.connect("c")   # logged in or not, each holds one
    gate.disconnected("a", logged_in=True)
    assert gate.connect("c") == ""


def test_failed_logins_wait_longer_each_time_and_block_the_address_for_the_minute():
    clock = Clock()
    gate = Gatekeeper(Limits(failed_logins_per_minute=4), clock=clock)
    delays = [gate.login_failed("10.0.0.1") for _ in range(4)]
    assert delays == sorted(delays) and delays[0] < delays[-1]
    assert "too many failed logins from 10.0.0.1" in gate.connect("10.0.0.1")
    assert gate.connect("10.0.0.2") == ""
    clock.now += 61                                  # a minute later: forgotten
    assert gate.connect("10.0.0.1") == ""
    assert gate.login_failed("10.0.0.1") == delays[0]


def test_sessions_per_address_are_limited():
    gate = Gatekeeper(Limits(sessions_per_address=2))
    assert gate.start_session("a") == "" and gate.start_session("a") == ""
    assert "already has 2 sessions" in gate.start_session("a")
    gate.end_session("a")
    assert gate.start_session("a") == ""


def test_the_input_rate_drops_a_burst_beyond_twice_the_rate_and_refills():
    clock = Clock()
    rate = InputRate(10, clock=clock)
    passed = sum(rate.allow() for _ in range(100))
    assert passed == 20 and rate.dropped == 80
    clock.now += 0.5
    assert sum(rate.allow() for _ in range(100)) == 5


# ----------------------------------------------------------- over the network


async def _closed_at_once(reader) -> bool:
    """The server closed the socket without a word (a close or a reset)."""
    try:
        return await asyncio.wait_for(reader.read(100), WAIT_LIMIT) == b""
    except ConnectionResetError:
        return True


async def _silent_in_every_slot(host, slots: int) -> list:
    """``slots`` raw sockets (from two addresses) that take every login slot and say
    nothing; each got the server's version line."""
    idle = []
    for n in range(slots):
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", host.port, local_addr=(f"127.0.0.{2 + n % 2}", 0))
        assert (await asyncio.wait_for(reader.readline(), WAIT_LIMIT)).startswith(b"SSH-2.0-")
        idle.append((reader, writer))
    assert host.gate.unauthenticated == slots and host.gate.logins_full
    return idle


async def _raw(port: int):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    return reader, writer


async def test_the_eleventh_idle_connection_from_one_address_is_closed_at_once(tmp_path):
    async with serving(tmp_path) as host:
        idle = [await _raw(host.port) for _ in range(10)]
        for reader, _ in idle:       # each got the server's version line
            assert (await asyncio.wait_for(reader.readline(), WAIT_LIMIT)).startswith(b"SSH-2.0-")
        reader, writer = await _raw(host.port)
        assert await asyncio.wait_for(reader.read(100), WAIT_LIMIT) == b""   # closed, no banner
        writer.close()
        await wait_until(lambda: "limit addr=127.0.0.1:" in host.test_log.getvalue(),
                         "the limit logged")
        assert "too many connections from 127.0.0.1" in host.test_log.getvalue()
        for _, w in idle:
            w.close()
        await wait_until(lambda: host.gate.unauthenticated == 0, "all counted down")
        # A real player gets in once the idle ones are gone.
        ann = await Client(host, "ann").connect()
        await ann.close()


async def test_idle_connections_in_every_login_slot_keep_no_player_out(tmp_path):
    """Connections that never send their SSH version (from two addresses, within the
    per-address limit) take every login slot: a newcomer that says nothing closes none
    of them, however long they have been there (it waits); a player still logs in, in
    the slot of the oldest one that has said nothing (one that spoke is spared)."""
    async with serving(tmp_path, limits=Limits(max_unauthenticated=8)) as host:
        idle = await _silent_in_every_slot(host, 8)
        idle[0][1].write(b"SSH-2.0-slow_client\r\n")   # the oldest speaks: logging in
        await wait_until(lambda: next(iter(host.silent)).spoke, "the oldest heard")
        await asyncio.sleep(1.2)
        _, newcomer = await asyncio.open_connection("127.0.0.1", host.port,
                                                    local_addr=("127.0.0.5", 0))
        await wait_until(lambda: host.gate.waiting == 1, "the silent newcomer waiting")
        assert host.gate.unauthenticated == 8              # it closed nobody
        ann = await Client(host, "ann").connect()          # every slot was taken
        assert await asyncio.wait_for(idle[1][0].read(100), WAIT_LIMIT) == b""   # its slot
        assert host.gate.unauthenticated == 7              # ann logged in; 7 left waiting
        assert "closed a connection that had said nothing" in host.test_log.getvalue()
        newcomer.close()
        for _, writer in idle:
            writer.close()
        await ann.close()
        await wait_until(lambda: host.gate.unauthenticated == 0 and host.gate.waiting == 0,
                         "all counted down")


async def test_a_flood_in_every_login_slot_costs_no_ssh_connection_and_keeps_no_player_out(
        tmp_path, monkeypatch):
    """Every login slot taken by sockets that say nothing, none of them silent for long
    (a flood reopening them as fast as they close): newcomers wait at the door for
    their client to speak, costing no SSH connection (beyond the address's limit they
    are closed at once); a real client speaks at once and takes the slot of one that
    said nothing."""
    built = []
    make = asyncssh.SSHServerConnection.__init__

    def counted(self, *args, **kwargs):
        built.append(self)
        make(self, *args, **kwargs)

    monkeypatch.setattr(asyncssh.SSHServerConnection, "__init__", counted)
    async with serving(tmp_path, limits=Limits(max_unauthenticated=4)) as host:
        silent = [writer for _, writer in await _silent_in_every_slot(host, 4)]
        assert len(built) == 4
        for _ in range(10):             # they wait, with no banner and no SSH connection
            silent.append((await asyncio.open_connection(
                "127.0.0.1", host.port, local_addr=("127.0.0.4", 0)))[1])
        await wait_until(lambda: host.gate.waiting == 10, "ten waiting")
        for _ in range(10):             # the address's limit: closed at once
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", host.port, local_addr=("127.0.0.4", 0))
            assert await _closed_at_once(reader)
            writer.close()
        assert len(built) == 4, "a socket that said nothing cost an SSH connection"
        assert host.test_log.getvalue().count("too many connections from 127.0.0.4") == 1
        ann = await Client(host, "ann").connect()      # at once: no one silent for 1 s
        assert len(built) == 5
        assert "to let in one whose client spoke" in host.test_log.getvalue()
        assert host.gate.unauthenticated == 3          # ann logged in in one's slot
        for writer in silent:
            writer.close()
        await ann.close()
        await wait_until(lambda: host.gate.unauthenticated == 0 and host.gate.waiting == 0
                         and not host.waiting, "all counted down")


async def _speaking_in_every_slot(host, slots: int) -> list:
    """``slots`` raw sockets (from two addresses) that send an SSH version line and then
    nothing, each in a login slot (the flood that speaks)."""
    stalled = []
    for n in range(slots):
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", host.port, local_addr=(f"127.0.0.{2 + n % 2}", 0))
        writer.write(b"SSH-2.0-stall\r\n")
        assert (await asyncio.wait_for(reader.readline(), WAIT_LIMIT)).startswith(b"SSH-2.0-")
        stalled.append(writer)
    await wait_until(lambda: all(login.spoke for login in host.unstarted), "all spoken")
    assert host.gate.unauthenticated == slots and host.gate.logins_full
    return stalled


class _KexThenStall(asyncssh.SSHClient):
    """A client that completes the key exchange (and has its login service accepted),
    then sends no login request at all: a flood built on an SSH library."""

    def __init__(self) -> None:
        self.exchanged = asyncio.Event()

    def connection_made(self, conn: asyncssh.SSHClientConnection) -> None:
        self.conn = conn

    def begin_auth(self, username: str) -> None:
        self.conn.try_next_auth = lambda *args, **kwargs: None      # and nothing more
        self.exchanged.set()


async def _kex_then_stall_in_every_slot(host, slots: int) -> list:
    """``slots`` asyncssh connections (from two addresses) that complete the key
    exchange and stall, each in a login slot; their tasks (never done)."""
    stalled = []
    for n in range(slots):
        client = _KexThenStall()
        stalled.append(asyncio.ensure_future(asyncssh.connect(
            "127.0.0.1", host.port, username="flood", known_hosts=None, client_keys=None,
            agent_path=None, client_factory=lambda client=client: client,
            local_addr=(f"127.0.0.{2 + n % 2}", 0))))
        await asyncio.wait_for(client.exchanged.wait(), WAIT_LIMIT)
    assert host.gate.unauthenticated == slots and host.gate.logins_full
    return stalled


@pytest.mark.parametrize("flood", ["version-line", "key-exchange"])
async def test_connections_that_speak_and_then_stall_in_every_login_slot_keep_no_player_out(
        tmp_path, flood):
    """A flood that sends its SSH version (or completes the key exchange) and then
    nothing held every login slot for the whole login grace time, and a real client
    that came meanwhile was closed. Now a connection in its slot without beginning to
    log in gives it up to a newcomer whose client spoke, once it has held it
    login_stall seconds."""
    async with serving(tmp_path, limits=Limits(max_unauthenticated=4, login_stall=1)) as host:
        if flood == "version-line":
            ends = [writer.close for writer in await _speaking_in_every_slot(host, 4)]
        else:
            ends = [task.cancel for task in await _kex_then_stall_in_every_slot(host, 4)]
        newest = list(host.unstarted.values())[-1]
        await wait_until(lambda: time.monotonic() - newest > 1, "the stall time over")
        ann = await Client(host, "ann").connect()      # a real client gets in
        assert "closed a connection that had not begun to log in after 1 s to let in one " \
               "whose client spoke" in host.test_log.getvalue()
        assert host.gate.unauthenticated == 3          # in the slot of one that stalled
        for end in ends:
            end()
        await ann.close()
        await wait_until(lambda: host.gate.unauthenticated == 0 and host.gate.waiting == 0,
                         "all counted down")


async def test_a_connection_beginning_to_log_in_keeps_its_slot_however_long_it_takes(tmp_path):
    """A person typing their password is never the one that goes: only a connection that
    has not begun to log in gives its slot up. A newcomer finding none waits (its client
    spoke) and takes the slot once the typist has gone."""
    secret = tmp_path / "table.txt"
    secret.write_text("open sesame\n")
    async with serving(tmp_path, limits=Limits(max_unauthenticated=1, login_stall=1),
                       password_file=secret) as host:
        typing = asyncio.Event()

        class SlowTypist(asyncssh.SSHClient):
            async def password_auth_requested(self):
                typing.set()
                await asyncio.sleep(3600)

        slow = asyncio.ensure_future(asyncssh.connect(
            "127.0.0.1", host.port, username="ann", known_hosts=None, client_keys=None,
            agent_path=None, client_factory=SlowTypist))
        await typing.wait()
        since = time.monotonic()
        await wait_until(lambda: time.monotonic() - since > 1, "the stall time over")
        bob = asyncio.ensure_future(asyncssh.connect(
            "127.0.0.1", host.port, username="bob", known_hosts=None, client_keys=None,
            agent_path=None, password="open sesame"))
        await wait_until(lambda: host.speakers, "bob waiting for a slot")
        assert not slow.done() and host.gate.unauthenticated == 1     # still typing
        assert not bob.done()
        slow.cancel()               # the typist gives up: bob gets the slot
        conn = await asyncio.wait_for(bob, WAIT_LIMIT)
        conn.close()
        await conn.wait_closed()


async def _typists(host, count: int, address: str) -> list:
    """``count`` clients from ``address`` that begin to log in and are still typing
    their password (each holds a login slot nobody may take); their tasks."""
    typing = asyncio.Semaphore(0)

    class SlowTypist(asyncssh.SSHClient):
        async def password_auth_requested(self):
            typing.release()
            await asyncio.sleep(3600)

    typists = []
    for _ in range(count):
        typists.append(asyncio.ensure_future(asyncssh.connect(
            "127.0.0.1", host.port, username="typist", known_hosts=None, client_keys=None,
            agent_path=None, client_factory=SlowTypist, local_addr=(address, 0))))
        await asyncio.wait_for(typing.acquire(), WAIT_LIMIT)
    return typists


async def test_a_slot_that_frees_goes_to_the_client_from_the_address_holding_fewest(tmp_path):
    """A flood that reopens as fast as it can from a few addresses holds many slots at
    each, and its clients that spoke wait for the next: the slot that frees goes to a
    player's client, whose address holds none, though the flood's waited longer (it
    went to whichever spoke as the slot came free: nearly always the flood's)."""
    secret = tmp_path / "table.txt"
    secret.write_text("open sesame\n")
    # Nobody's grace time or stall runs out in the test's time: only the typist's
    # slot frees.
    async with serving(tmp_path, limits=Limits(max_unauthenticated=3, login_stall=600,
                                               login_grace=600),
                       password_file=secret) as host:
        typists = await _typists(host, 3, "127.0.0.2")
        flood = []
        for _ in range(2):
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", host.port, local_addr=("127.0.0.2", 0))
            writer.write(b"SSH-2.0-flood\r\n")
            flood.append(writer)
        await wait_until(lambda: len(host.speakers) == 2, "the flood's clients waiting")
        ann = asyncio.ensure_future(asyncssh.connect(
            "127.0.0.1", host.port, username="ann", known_hosts=None, client_keys=None,
            agent_path=None, password="open sesame"))
        await wait_until(lambda: len(host.speakers) == 3, "ann waiting")
        typists[0].cancel()         # one slot frees
        conn = await asyncio.wait_for(ann, WAIT_LIMIT)
        conn.close()
        await conn.wait_closed()
        for task in typists[1:]:
            task.cancel()
        for writer in flood:
            writer.close()


async def test_of_the_stalled_the_one_from_the_address_holding_most_gives_its_slot_up(
        tmp_path):
    async with serving(tmp_path, limits=Limits(max_unauthenticated=3, login_stall=1)) as host:
        stalled = []
        for address in ("127.0.0.3", "127.0.0.2", "127.0.0.2"):       # the oldest alone
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", host.port, local_addr=(address, 0))
            writer.write(b"SSH-2.0-stall\r\n")
            assert (await asyncio.wait_for(reader.readline(), WAIT_LIMIT)).startswith(
                b"SSH-2.0-")
            stalled.append(writer)
        await wait_until(lambda: all(login.spoke for login in host.unstarted), "all spoken")
        newest = list(host.unstarted.values())[-1]
        await wait_until(lambda: time.monotonic() - newest > 1, "every stall time over")
        ann = await Client(host, "ann").connect()
        assert sorted(login.address for login in host.unstarted) == ["127.0.0.2", "127.0.0.3"]
        for writer in stalled:
            writer.close()
        await ann.close()


async def test_a_connection_that_does_not_log_in_within_the_grace_time_is_closed(tmp_path):
    async with serving(tmp_path, limits=Limits(login_grace=1)) as host:
        reader, writer = await _raw(host.port)
        await asyncio.wait_for(reader.readline(), WAIT_LIMIT)
        assert await asyncio.wait_for(reader.read(), WAIT_LIMIT) == b""
        writer.close()
        await wait_until(lambda: "login grace time over (1 s)" in host.test_log.getvalue(),
                         "the disconnect logged")


class _Guesser(asyncssh.SSHClient):
    """Tries one wrong password after another on the same connection."""

    tried = 0

    def password_auth_requested(self):
        _Guesser.tried += 1
        return f"guess {_Guesser.tried}"


async def test_the_seventh_wrong_password_closes_the_connection_and_all_are_logged(
        tmp_path, monkeypatch):
    monkeypatch.setattr(limits_module, "FIRST_FAILURE_DELAY", 0.001)
    secret = tmp_path / "table.txt"
    secret.write_text("open sesame\n")
    _Guesser.tried = 0
    async with serving(tmp_path, password_file=secret) as host:
        with pytest.raises((asyncssh.DisconnectError, asyncssh.PermissionDenied)) as caught:
            await asyncssh.connect("127.0.0.1", host.port, username="mallory",
                                   known_hosts=None, client_keys=None, agent_path=None,
                                   client_factory=_Guesser)
        assert _Guesser.tried == 7
        assert "Too many failed logins" in str(caught.value)
        log = host.test_log.getvalue()
        assert log.count("auth failed addr=127.0.0.1:") == 6
        assert "user='mallory' method=password attempt=6" in log
        assert "6 failed logins on one connection" in log


async def test_an_address_with_too_many_failed_logins_is_refused_for_the_minute(
        tmp_path, monkeypatch):
    monkeypatch.setattr(limits_module, "FIRST_FAILURE_DELAY", 0.001)
    secret = tmp_path / "table.txt"
    secret.write_text("open sesame\n")
    async with serving(tmp_path, password_file=secret,
                       limits=Limits(failed_logins_per_minute=3)) as host:
        for n in range(3):
            with pytest.raises(asyncssh.PermissionDenied):
                await asyncssh.connect("127.0.0.1", host.port, username="m", known_hosts=None,
                                       client_keys=None, agent_path=None, password=f"g{n}")
        with pytest.raises((OSError, asyncssh.Error)):
            await asyncssh.connect("127.0.0.1", host.port, username="ann", known_hosts=None,
                                   client_keys=None, agent_path=None, password="open sesame")
        assert "too many failed logins from 127.0.0.1" in host.test_log.getvalue()


async def test_sessions_beyond_the_address_limit_are_told_and_closed(tmp_path):
    async with serving(tmp_path, limits=Limits(sessions_per_address=2)) as host:
        ann = await Client(host, "ann").connect()
        bob = await Client(host, "bob").connect()
        conn = await asyncssh.connect("127.0.0.1", host.port, username="eve",
                                      known_hosts=None, client_keys=None)
        process = await conn.create_process(term_type="xterm", term_size=(80, 24),
                                            encoding=None)
        said = await asyncio.wait_for(process.stdout.read(), WAIT_LIMIT)
        assert b"Too many sessions from your address (2)" in said
        conn.close()
        assert "already has 2 sessions open" in host.test_log.getvalue()
        await ann.close()
        await bob.close()


async def test_a_command_is_refused_with_one_line_and_logged(tmp_path):
    async with serving(tmp_path) as host:
        async with asyncssh.connect("127.0.0.1", host.port, username="ann", known_hosts=None,
                                    client_keys=None) as conn:
            result = await conn.run("cat /etc/passwd", timeout=WAIT_LIMIT)
            assert result.stdout.strip() == NO_COMMANDS_MESSAGE and result.exit_status == 1
            tty = await conn.run("ls", term_type="xterm", timeout=WAIT_LIMIT)   # ssh -t host ls
            assert NO_COMMANDS_MESSAGE in tty.stdout and tty.exit_status == 1
        assert not host.sessions
    log = host.test_log.getvalue()
    assert "exec refused addr=127.0.0.1:" in log and "command='cat /etc/passwd'" in log
    assert "command='ls'" in log


async def test_a_key_flood_is_dropped_beyond_the_rate_and_the_app_lives(tmp_path):
    async with serving(tmp_path, limits=Limits(keys_per_second=5)) as host:
        ann = await Client(host, "ann").connect()
        await wait_until(lambda: isinstance(ann.screen, LobbyScreen), "the lobby")
        ann.keys("w" * 1000)                         # watch (no table yet): a thousand keys
        await wait_until(lambda: ann.session.input_rate.dropped >= 900, "keys dropped")
        await asyncio.sleep(0.3)
        assert ann.app.is_running
        await wait_until(lambda: isinstance(ann.screen, LobbyScreen), "back in the lobby")
        await ann.close()


async def test_a_visitor_idle_in_the_lobby_is_disconnected(tmp_path):
    async with serving(tmp_path, limits=Limits(lobby_idle=0.4)) as host:
        ann = await Client(host, "ann").connect()
        await ann.until(b"You were idle in the lobby for 0.4 s")
        await wait_until(lambda: ann.session is None, "ann's session to end")
    assert "ended='idle in the lobby for 0.4 s'" in host.test_log.getvalue()


async def test_one_person_may_open_only_so_many_tables(tmp_path):
    async with serving(tmp_path, limits=Limits(tables_per_person=1)) as host:
        ann = await Client(host, "ann").connect()
        first = host.create_table(people("ann", computers=1), ann.session)
        with pytest.raises(TableError, match=r"opened 1 tables already \(1\)"):
            host.create_table(people("ann", computers=1), ann.session)
        assert host.tables == (first,)
        await ann.close()
    assert "limit addr=127.0.0.1:" in host.test_log.getvalue()
