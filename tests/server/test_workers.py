"""Sessions whose apps run in render worker processes (``--workers``): the host keeps
the channels and the tables; each worker draws from its mirror of the tables.

The apps are in other processes here, so what a terminal shows is read from the bytes
its SSH client received, and what the table did from the host's own table.
"""

from __future__ import annotations

import asyncio
import io
import os
import re
import signal
import sys
from pathlib import Path

from uno_tui.engine import Draw, Play
from uno_tui.server.host import CLOSED_FOLDER, SAVES_FOLDER, Host
from uno_tui.server.table import FAILURES_BEFORE_CLOSING, Submission

from .support import (
    CardWatch, Client, config_for, fail_every_computer_answer, people, serving,
    sit_from_the_lobby, ssh_terminal, wait_until,
)


async def _seated(host, *names):
    """Each person connects and sits down from the lobby (the computers, slow here,
    play nothing before everyone is seated)."""
    clients = []
    for name in names:
        client = await Client(host, name).connect()
        await sit_from_the_lobby(client, b"Table 1", "\r")
        clients.append(client)
    return clients


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(n) for n in path.read_text().split()] if path.exists() else []


async def test_two_terminals_drawn_by_two_workers_see_their_own_hands_and_each_others_plays(
        tmp_path):
    async with serving(tmp_path, workers=2, pace=30.0) as host:
        table = host.create_table(people("ann", "bob"))
        watch = CardWatch(table)
        ann, bob = await _seated(host, "ann", "bob")
        links = {ann.session.link, bob.session.link}
        assert len(links) == 2, "each terminal in its own worker"
        assert all(link.pid != os.getpid() and _alive(link.pid) for link in links)
        game = table.ctl.game
        plays = 0
        for _ in range(12):
            if game.is_over:
                break
            seat = game.decision.seat
            mover, other = (ann, bob) if seat == 0 else (bob, ann)
            legal = game.legal_actions(seat)
            play = next((a for a in legal if type(a) is Play), None)
            action = play or next((a for a in legal if type(a) is Draw), legal[0])
            before, version = len(other.received), table.version
            table.submit(mover.session, Submission((action,)))
            await wait_until(lambda: table.version > version, "the table applies it")
            if play is not None:
                # The card was hidden in the mover's hand: the other terminal gets its
                # id only when its worker has drawn the play.
                await other.until(f"#{play.card}".encode(), before)
                plays += 1
        assert plays >= 2
        await asyncio.sleep(0.3)
        for client, seat in ((ann, 0), (bob, 1)):
            await wait_until(lambda: watch.own(bytes(client.received), seat),
                             "the scan to see the own hand")
            assert not watch.leaks(bytes(client.received), (seat,))
        await ann.close()
        await bob.close()


async def test_a_key_typed_at_a_terminal_drawn_by_a_worker_reaches_the_table(tmp_path):
    async with serving(tmp_path, workers=2, pace=30.0) as host:
        table = host.create_table(people("ann", "bob"))
        ann, bob = await _seated(host, "ann", "bob")
        await ann.until(b"ann's hand")
        game = table.ctl.game
        mover = (ann, bob)[game.decision.seat]
        seat = game.decision.seat
        count = len(game.hands[seat])
        # A d that reaches the session before its table screen is up is not the table's
        # key: type it again until the draw is seen.
        for _ in range(20):
            mover.keys("d")
            try:
                await wait_until(lambda: len(game.hands[seat]) > count, "the draw", limit=1)
                break
            except AssertionError:
                continue
        await wait_until(lambda: len(game.hands[seat]) > count, f"{mover.name}'s draw")
        assert f"{mover.name} draws" in " ".join(table.ctl.log[-3:])
        await ann.close()
        await bob.close()


async def test_a_table_whose_actions_keep_failing_closes_and_its_workers_terminals_go_on(
        tmp_path):
    """The table that closes after failures in a row (test_table's test, without
    workers), with its terminals drawn by two workers: each is back in its lobby, told
    why in its own language, and its app goes on (it opens a new table)."""
    async with serving(tmp_path, workers=2) as host:
        table = host.create_table(people("ann", "kei", computers=1))
        ann = await Client(host, "ann").connect()
        await sit_from_the_lobby(ann, b"Table 1", "\r")
        kei = await Client(host, "kei").connect(env={"LANG": "ja_JP.UTF-8"})
        await sit_from_the_lobby(kei, "テーブル1".encode(), "\r")
        assert ann.session.link is not kei.session.link, "each terminal in its own worker"
        marks = {client: len(client.received) for client in (ann, kei)}

        fail_every_computer_answer(table)
        await wait_until(lambda: host.table(1) is None, "the table to close")
        await ann.until(b"Table 1 had to close", marks[ann])
        await kei.until("テーブル1は閉じました".encode(), marks[kei])
        assert len(list((tmp_path / "crashes").glob("crash-*.txt"))) == FAILURES_BEFORE_CLOSING
        assert list((tmp_path / SAVES_FOLDER / CLOSED_FOLDER).glob("*.json*"))   # kept aside
        ann.keys("n")                   # her worker's app goes on: a new table
        await ann.until(b"Start", marks[ann])
        ann.keys("\r")
        await wait_until(lambda: ann.session.table is not None and ann.session.table.number == 2
                         and ann.session.table.seats_of(ann.session), "ann at a new table")
        assert all(session.ending == "" for session in host.sessions)      # nobody crashed
        await ann.close()
        await kei.close()
    log = (tmp_path / "server.log").read_text()
    assert f"table closed table=1 why='{FAILURES_BEFORE_CLOSING} actions in a row failed'" \
        in log


async def test_a_dropped_terminal_takes_its_seat_back_through_a_worker(tmp_path):
    async with serving(tmp_path, workers=2, pace=30.0) as host:
        table = host.create_table(people("ann", "bob"))
        ann, bob = await _seated(host, "ann", "bob")
        ann.abort()
        await wait_until(lambda: table.kept_seat("ann", ann.seat_key) == 0, "ann's seat kept")
        back = await Client(host, ann.comeback).connect()
        await wait_until(lambda: table.seats_of(back.session) == (0,), "ann back at seat 0")
        await back.until(b"ann's hand")
        hand = set(table.ctl.game.hands[0])
        shown = {int(n) for n in re.findall(rb"#(\d+)", bytes(back.received))}
        assert hand & shown, "her own cards on her new screen"
        await back.close()
        await bob.close()


async def test_a_worker_that_dies_drops_its_terminals_who_come_back_to_their_seats(tmp_path):
    async with serving(tmp_path, workers=2, pace=30.0) as host:
        table = host.create_table(people("ann", "bob"))
        ann, bob = await _seated(host, "ann", "bob")
        lost = ann.session.link
        os.kill(lost.pid, signal.SIGKILL)
        await ann.until(b"Connect again to take your seat back.")
        await wait_until(lambda: table.kept_seat("ann", ann.seat_key) == 0, "ann's seat kept")
        assert lost not in host.pool.links and len(host.pool.links) == 1
        assert table.seats_of(bob.session) == (1,), "bob, in the other worker, plays on"
        back = await Client(host, ann.comeback).connect()
        await wait_until(lambda: table.seats_of(back.session) == (0,), "ann back at seat 0")
        assert back.session.link is host.pool.links[0]
        await back.until(b"ann's hand")
        await back.close()
        await bob.close()
    log = host.test_log.getvalue()
    assert f"render worker {lost.pid} stopped" in log
    assert "ended='dropped: its render worker stopped'" in log


async def test_a_terminal_drawn_by_a_worker_that_stops_reading_is_dropped(tmp_path):
    async with serving(tmp_path, workers=2, backlog_limit=64 * 1024) as host:
        ann = await Client(host, "ann").connect()
        slow = await Client(host, "slow").connect(window=8 * 1024)
        await slow.until(b"Welcome, ")
        await slow.stop_reading_until_dropped()
        before = len(ann.received)
        ann.process.change_terminal_size(90, 30)
        await ann.until(b"Welcome, ", before)     # ann's worker still draws for her
        await ann.close()
    assert "ended='dropped: output backlog'" in host.test_log.getvalue()


async def test_stopping_says_goodbye_and_the_workers_exit(tmp_path):
    async with serving(tmp_path, workers=2, pace=30.0) as host:
        pids = host.pool.pids
        host.create_table(people("ann", computers=1))
        ann, = await _seated(host, "ann")
        await host.stop("test over")
        await ann.until(b"Goodbye!")
    assert not any(_alive(pid) for pid in pids)


async def _serve(tmp_path, *argv):
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "uno_tui", "serve", "--port", "0", "--data-dir", str(tmp_path),
        *argv, stderr=asyncio.subprocess.PIPE)
    while True:
        line = (await asyncio.wait_for(server.stderr.readline(), 30)).decode()
        found = re.search(r"serving on 127\.0\.0\.1:(\d+)", line)
        if found:
            return server, int(found.group(1))


async def test_ctrl_c_at_the_server_says_goodbye_and_leaves_no_worker_behind(tmp_path):
    server, port = await _serve(tmp_path, "--workers", "2")
    try:
        workers = _children(server.pid)
        assert len(workers) == 2
        conn, process, until = await ssh_terminal(port)
        await until(b"New table")
        # Ctrl+C at the server's terminal reaches its whole process group, the workers
        # too (they ignore it: the host ends the sessions, then them).
        for pid in workers:
            os.kill(pid, signal.SIGINT)
        server.send_signal(signal.SIGINT)
        await until(b"The server is stopping")
        assert await asyncio.wait_for(server.wait(), 30) == 0
        conn.close()
        await wait_until(lambda: not any(_alive(pid) for pid in workers), "the workers gone")
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()


async def test_the_workers_die_with_a_killed_server(tmp_path):
    server, port = await _serve(tmp_path, "--workers", "2")
    try:
        workers = _children(server.pid)
        assert len(workers) == 2 and all(_alive(pid) for pid in workers)
        server.kill()                         # kill -9: no goodbye, no clean-up
        await server.wait()
        await wait_until(lambda: not any(_alive(pid) for pid in workers), "the workers gone",
                         limit=10)
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()


def _mirror_list_writer(folder: Path):
    """A worker hook: the numbers of the tables the worker mirrors, written to a file of
    its own in ``folder`` as they change (the test reads them from the host's process)."""
    async def run(worker) -> None:
        path, shown = folder / f"mirrors-{os.getpid()}.txt", None
        while True:
            numbers = " ".join(str(n) for n in sorted(worker.mirrors))
            if numbers != shown:
                path.write_text(numbers + "\n")
                shown = numbers
            await asyncio.sleep(0.02)
    return run


def _mirrored(folder: Path) -> list[str] | None:
    """The tables mirrored in each worker, once every worker has said."""
    files = sorted(folder.glob("mirrors-*.txt"))
    if len(files) < 2:
        return None
    return [number for path in files for number in path.read_text().split()]


async def test_a_worker_forgets_a_table_once_it_has_closed(tmp_path):
    """A worker mirrored every table any of its terminals had sat at, for as long as it
    lived: a public server's workers grew with every table ever played."""
    folder = tmp_path / "mirrors"
    folder.mkdir()
    host = Host(config_for(tmp_path, workers=2), stderr=io.StringIO(),
                worker_hook=_mirror_list_writer(folder))
    await host.start()
    try:
        table = host.create_table(people("ann", computers=1))
        (ann,) = await _seated(host, "ann")
        await wait_until(lambda: _mirrored(folder) == [str(table.number)],
                         "the worker's mirror of the table")
        host.leave(ann.session)      # as its "Leave the table?" and y would
        await wait_until(lambda: host.table(table.number) is None, "the table closed")
        await wait_until(lambda: _mirrored(folder) == [], "the mirror forgotten")
        await ann.close()
    finally:
        await host.stop("test over")
