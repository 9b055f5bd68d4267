"""Frozen links: a client that keeps sending but never reads is dropped, with its whole
SSH connection, and server.log says why.

SSH keepalives do not notice such a client (asyncssh restarts its keepalive timer on
every packet it receives), so the server watches what of its output the client takes:
in the channel's buffer, the connection's transport buffer and the kernel's send queue.
"""

from __future__ import annotations

import asyncio
import time

from uno_tui.server.lobby import LobbyScreen

from .support import WAIT_LIMIT, Client, serving, wait_until

#: Seconds between keepalives here: output untaken for three of them drops the client.
KEEPALIVE = 0.3


async def _keep_typing_until_dropped(client: Client, limit: float = WAIT_LIMIT) -> float:
    """The client types (arrow keys) and resizes its window (a whole redraw each) while
    it reads nothing; seconds until the server drops its session."""
    session = client.session
    started = time.monotonic()
    step = 0
    while not session.ending and time.monotonic() - started < limit:
        step += 1
        client.keys("\x1b[B" if step % 2 else "\x1b[A")
        client.process.change_terminal_size(100 + step % 2, 32)
        await asyncio.sleep(0.05)
    assert session.ending, f"still served after {limit} s of output unread"
    return time.monotonic() - started


async def _dropped_with_its_connection(host, client: Client, session) -> None:
    await asyncio.wait_for(client.conn.wait_closed(), WAIT_LIMIT)   # the connection, not a channel
    await wait_until(lambda: session not in host.sessions, "the session ended")
    assert session.ending.startswith("dropped: output")
    log = host.test_log.getvalue()
    assert f"ended={session.ending!r}" in log and "session end" in log


async def test_a_client_whose_channel_is_not_read_but_keeps_typing_is_dropped(tmp_path):
    async with serving(tmp_path, keepalive=KEEPALIVE) as host:
        ann = await Client(host, "ann").connect(window=4 * 1024)
        await wait_until(lambda: isinstance(ann.screen, LobbyScreen), "ann's lobby")
        ann.process.channel.pause_reading()     # no more window for the server's output
        session = ann.session
        await _keep_typing_until_dropped(ann)
        await _dropped_with_its_connection(host, ann, session)
        assert session.ending.startswith("dropped: output unread for")


async def test_a_client_that_reads_nothing_off_its_socket_but_keeps_typing_is_dropped(
        tmp_path):
    async with serving(tmp_path, keepalive=KEEPALIVE) as host:
        bob = await Client(host, "bob").connect()
        await wait_until(lambda: isinstance(bob.screen, LobbyScreen), "bob's lobby")
        session = bob.session
        bob.conn._transport.pause_reading()     # its TCP window fills up
        await _keep_typing_until_dropped(bob)
        # Reading again, it finds its connection closed (it read nothing of that either).
        bob.conn._transport.resume_reading()
        await _dropped_with_its_connection(host, bob, session)


async def test_a_client_that_reads_its_output_is_kept_however_long_it_types(tmp_path):
    async with serving(tmp_path, keepalive=KEEPALIVE) as host:
        cy = await Client(host, "cy").connect()
        await wait_until(lambda: isinstance(cy.screen, LobbyScreen), "cy's lobby")
        for step in range(40):      # 2 s: over six times the patience for output untaken
            cy.keys("\x1b[B" if step % 2 else "\x1b[A")
            cy.process.change_terminal_size(100 + step % 2, 32)
            await asyncio.sleep(0.05)
        assert not cy.session.ending and cy.session in host.sessions
        await cy.close()
