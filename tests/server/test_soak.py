"""A small soak of a public server: everything strangers do at once, for a few seconds.

Visitors play at real tables over SSH while idle connections flood in (more than the
per-address limit lets wait), one visitor mashes keys, a guesser tries wrong passwords,
one visitor's link is cut and another's freezes (a proxy that stops passing bytes on).
Afterwards the server still seats a new player, and has no crash report, no traceback
in server.log or on its console, no file descriptor more than before, and no departed
visitor's session or app still alive (each would hold its screens and widgets).
"""

from __future__ import annotations

import asyncio
import gc
import io
import os
import random
import weakref
from time import monotonic

import asyncssh

from uno_tui.server.lobby import LobbyScreen

from .support import (
    WAIT_LIMIT, Client, play_a_step, serving, sit_from_the_lobby, wait_until,
)

PASSWORD = "strangers welcome"
#: How long the visitors play while the rest goes on.
SOAK_SECONDS = 4.0


def _departed(client: Client) -> list[weakref.ref]:
    """Weak references to ``client``'s session and app on the server."""
    return [weakref.ref(client.session), weakref.ref(client.app)]


def _still_alive(refs: list[weakref.ref]) -> list[str]:
    """What is left of ``refs`` after a full collection, with what holds each."""
    gc.collect()
    alive = []
    for ref in refs:
        thing = ref()
        if thing is not None:
            holders = [type(h).__name__ for h in gc.get_referrers(thing)
                       if h is not alive and not isinstance(h, (list, type(gc)))]
            alive.append(f"{type(thing).__name__} held by {holders[:6]}")
        del thing
    return alive


def open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


async def _idle_flood(port: int, count: int) -> tuple[list, int]:
    """``count`` TCP connections that never log in: those held open, and how many
    the server closed at once."""
    held, refused = [], 0
    for _ in range(count):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            banner = await asyncio.wait_for(reader.read(100), WAIT_LIMIT)
        except asyncio.TimeoutError:
            banner = b"?"
        if banner:
            held.append(writer)
        else:
            refused += 1
            writer.close()
    return held, refused


class _Guesser(asyncssh.SSHClient):
    guesses = 0

    def password_auth_requested(self):
        _Guesser.guesses += 1
        return f"letmein{_Guesser.guesses}"


async def _guess(port: int, until: float) -> int:
    """Wrong passwords from another loopback address (127.0.0.1 has its idle flood), a
    new connection after each refusal, until ``until``."""
    _Guesser.guesses = 0
    while monotonic() < until:
        try:
            # Each failure from the address waits longer: give up at ``until``.
            conn = await asyncio.wait_for(asyncssh.connect(
                "127.0.0.1", port, username="admin", known_hosts=None, client_keys=None,
                agent_path=None, client_factory=_Guesser, local_addr=("127.0.0.2", 0)),
                max(0.1, until - monotonic()))
            conn.close()
        except (OSError, asyncssh.Error, asyncio.TimeoutError):
            pass
        await asyncio.sleep(0.05)
    return _Guesser.guesses


async def _frozen_proxy(port: int):
    """A proxy to ``port`` that passes nothing on once ``frozen`` is set."""
    frozen = asyncio.Event()
    links = []

    async def pipe(reader, writer):
        try:
            while data := await reader.read(65536):
                if frozen.is_set():
                    await asyncio.sleep(3600)
                writer.write(data)
        finally:
            writer.close()

    async def relay(reader, writer):
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
        links.extend((writer, up_writer))
        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer),
                             return_exceptions=True)

    proxy = await asyncio.start_server(relay, "127.0.0.1", 0)
    return proxy, frozen, links


def _mash_and_drop(masher: Client, keys: str, rest: str, dropper: Client,
                   drop_now: bool) -> str:
    """One step of the soak's masher, who types ``keys`` (the mash left after them:
    ``rest``, returned; none once its session has gone, a "q" and an Enter may end it)
    and of its dropper, whose link is cut once ``drop_now``."""
    if keys and masher.session is not None:
        try:
            masher.keys(keys)
        except BrokenPipeError:
            rest = ""
    if dropper.conn is not None and drop_now:
        dropper.abort()
        dropper.conn = None
    return rest


async def test_a_public_server_lives_through_a_small_soak(tmp_path, monkeypatch):
    from uno_tui.server import limits as limits_module

    monkeypatch.setattr(limits_module, "FIRST_FAILURE_DELAY", 0.01)
    secret = tmp_path / "password.txt"
    secret.write_text(PASSWORD + "\n")
    before = open_descriptors()
    async with serving(tmp_path, password_file=secret, keepalive=0.3, pace=0.05,
                       round_pause=0.5) as host:
        proxy, frozen, links = await _frozen_proxy(host.port)
        proxy_port = proxy.sockets[0].getsockname()[1]
        visitors = [await Client(host, name).connect(password=PASSWORD)
                    for name in ("ann", "bob", "cat", "dan")]
        icy = await Client(host, "icy").connect(password=PASSWORD, port=proxy_port)
        departed = []
        for visitor in (*visitors, icy):
            await wait_until(lambda: isinstance(visitor.screen, LobbyScreen), "the lobby")
            visitor.keys("p")
            await visitor.at_table()
            departed += _departed(visitor)
        del visitor
        masher, dropper, *players = visitors

        held, refused = await _idle_flood(host.port, 25)
        assert len(held) == 10 and refused == 15          # the per-address limit
        guessing = asyncio.create_task(_guess(host.port, monotonic() + SOAK_SECONDS))
        noise = random.Random(20)
        mash = "".join(noise.choice("0123456789dpuq?\r\x1b[A\x1b[B \t") for _ in range(2000))
        frozen.set()
        until = monotonic() + SOAK_SECONDS
        while monotonic() < until:
            for player in players:
                if player.session is not None and player.app is not None:
                    play_a_step(player)
            mash = _mash_and_drop(masher, mash[:100], mash[100:], dropper,
                                  monotonic() > until - SOAK_SECONDS / 2)
            await asyncio.sleep(0.05)
        await guessing
        await wait_until(lambda: icy.session is None, "the frozen link dropped")

        for writer in held:
            writer.close()
        newcomer = await Client(host, "eve").connect(password=PASSWORD)
        await wait_until(lambda: isinstance(newcomer.screen, LobbyScreen), "a new lobby")
        newcomer.keys("p")
        await newcomer.at_table()
        departed += _departed(newcomer)
        for client in (*visitors, newcomer):
            if client.conn is not None:
                await client.close()
        icy.abort()
        for writer in links:
            writer.close()
        proxy.close()
        await proxy.wait_closed()
        await wait_until(lambda: not host.sessions and host.gate.unauthenticated == 0,
                         "every connection gone")
        # Everyone left: nothing on the server may keep a visitor's session or app
        # (the timers their apps cancelled as they closed are let go when due, soon).
        deadline = monotonic() + WAIT_LIMIT
        while (left := _still_alive(departed)) and monotonic() < deadline:
            await asyncio.sleep(0.25)
        assert left == []
        # Guesses were made (each failure waits longer: a loaded machine makes few).
        assert guessing.result() >= 1
        assert not list(host.crash_folder.glob("*"))
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log and "Traceback" not in host.test_log.getvalue()
    assert "auth failed" in log and "too many connections from 127.0.0.1" in log
    assert "ended='connection lost'" in log or "not responding to keepalive" in log
    deadline = monotonic() + WAIT_LIMIT
    while open_descriptors() > before and monotonic() < deadline:
        await asyncio.sleep(0.1)
    assert open_descriptors() <= before


def _worker_census(folder):
    """A render worker hook: every 0.1 s, its terminals, table mirrors, apps still alive
    (weakly kept from when each was drawn; counted after a full collection once it has
    no terminal) and resident memory, written to a file of its own in ``folder``."""
    async def run(worker) -> None:
        apps = weakref.WeakSet()
        path = folder / f"census-{os.getpid()}.txt"
        while True:
            apps.update(t.app for t in worker.terminals.values() if t.app is not None)
            if not worker.terminals:
                gc.collect()
            path.write_text(f"{len(worker.terminals)} {len(worker.mirrors)} {len(apps)} "
                            f"{_rss_kb(os.getpid())}\n")
            await asyncio.sleep(0.1)
    return run


def _rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def _census(folder) -> list[tuple[int, int, int, int]]:
    """Each worker's last census line: (terminals, mirrors, apps alive, RSS in kB)."""
    lines = [path.read_text().split() for path in sorted(folder.glob("census-*.txt"))]
    return [tuple(int(n) for n in line) for line in lines if len(line) == 4]


#: How long the worker soak's visitors play.
WORKER_SOAK_SECONDS = 3.0
#: How much a render worker's resident memory may grow over the worker soak (what it
#: drew is let go when its visitors leave; the heap Python keeps is not given back).
WORKER_GROWTH_KB = 32 * 1024


async def test_render_workers_live_through_a_small_soak(tmp_path):
    """The soak's visitors, drawn by two render workers: they play, one mashes keys, one
    loses the link and comes back, then all leave. No crash report or traceback, no
    table left, and each worker keeps no terminal, table mirror or app of theirs, its
    memory within WORKER_GROWTH_KB of what it had with everyone seated."""
    from uno_tui.server.host import Host
    from uno_tui.server.table import Submission

    from .support import config_for

    folder = tmp_path / "census"
    folder.mkdir()
    host = Host(config_for(tmp_path, workers=2, pace=0.05, round_pause=0.5, hold=30.0),
                stderr=io.StringIO(), worker_hook=_worker_census(folder))
    await host.start()
    try:
        visitors = []
        for name in ("ann", "bob", "cat", "dan"):
            visitor = await Client(host, name).connect()
            await sit_from_the_lobby(visitor, b"Play now", "p")
            visitors.append(visitor)
        await wait_until(lambda: len(_census(folder)) == 2
                         and sum(c[0] for c in _census(folder)) == 4, "both workers drawing")
        seated = [rss for *_, rss in _census(folder)]
        masher, dropper, *players = visitors
        noise = random.Random(20)
        mash = "".join(noise.choice("0123456789dpuq?\r\x1b[A\x1b[B \t") for _ in range(1000))
        until = monotonic() + WORKER_SOAK_SECONDS
        while monotonic() < until:
            for player in players:       # the person whose turn it is plays, or draws
                session = player.session
                table = session.table if session is not None else None
                seats = table.seats_of(session) if table is not None else ()
                game = table.ctl.game if table is not None else None
                if game is not None and not game.is_over and game.decision.seat in seats:
                    legal = game.legal_actions(game.decision.seat)
                    table.submit(session, Submission((legal[0],)))
            mash = _mash_and_drop(masher, mash[:50], mash[50:], dropper,
                                  monotonic() > until - WORKER_SOAK_SECONDS / 2)
            await asyncio.sleep(0.05)
        back = await Client(host, dropper.comeback).connect()
        await wait_until(lambda: back.session is not None and back.session.table is not None,
                         "the dropped visitor back at the table")
        for client in (*visitors, back):
            if client.conn is not None:
                if client.session is not None:
                    host.leave(client.session)    # as "Leave the table?" and y would
                await client.close()
        await wait_until(lambda: not host.sessions, "every session gone")
        await wait_until(lambda: not host.tables, "every table closed")
        await wait_until(lambda: [c[:3] for c in _census(folder)] == [(0, 0, 0)] * 2,
                         "no terminal, mirror or app left in the workers")
        grown = [end[3] - start for end, start in zip(_census(folder), seated)]
        assert all(growth < WORKER_GROWTH_KB for growth in grown), grown
        assert not list(host.crash_folder.glob("*"))
    finally:
        await host.stop("test over")
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log and "Traceback" not in host.stderr.getvalue()
