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
import os
import random
import weakref
from time import monotonic

import asyncssh

from uno_tui.server.lobby import LobbyScreen

from .support import WAIT_LIMIT, Client, play_a_step, serving, wait_until

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
            if mash and masher.session is not None:   # a "q" and an Enter may end it
                try:
                    masher.keys(mash[:100])
                except BrokenPipeError:
                    mash = ""
                mash = mash[100:]
            if dropper.conn is not None and monotonic() > until - SOAK_SECONDS / 2:
                dropper.abort()
                dropper.conn = None
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
