"""The host's render workers: processes forked at start that draw the sessions' apps.

Each session's app runs in the worker with the fewest sessions. The host keeps the
channel: it passes the keys and sizes on and writes the output it gets back. It
keeps the table too: after each change, every worker with a session there gets the
table's news once (:class:`~uno_tui.server.replica.TableSync`, the actions applied
since its last news) and the changes for each of its sessions. A worker's question
about the tables (sit down, watch, open one) is answered after that news, so the
table it sits down at is already mirrored when the answer arrives.

Stopping closes the pipes (a worker ends its apps and exits); a worker still there
after a moment is killed. A worker also dies with the host (see
:func:`~uno_tui.server.worker.run_worker`).
"""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import socket
import sys
import time
import traceback
from typing import TYPE_CHECKING

from ..i18n import LANGUAGES, N_, translator
from .replica import TableState, TableSync
from .roles import WORKER_LOST
from .table import TableChange, TableError
from .wire import Outbox, receive

if TYPE_CHECKING:
    from .roles import HostRole
    from .session import TerminalSession
    from .table import ServerTable

__all__ = ["WorkerPool", "WorkerLink", "WORKER_LOST"]

#: Seconds a worker has to end its apps after the host closes its pipe.
STOP_WAIT = 3.0
#: How a session ends whose worker stopped under it (the person did not leave).


class WorkerLink:
    """The host's end of one render worker."""

    def __init__(self, pool: "WorkerPool", pid: int, sock: socket.socket) -> None:
        self.pool = pool
        self.host = pool.host
        self.pid = pid
        self.sock = sock
        self.sessions: dict[int, "TerminalSession"] = {}
        #: Per table number: the feed's epoch and steps this worker has.
        self.sent: dict[int, tuple[int, int]] = {}
        self._endings: dict[int, asyncio.Future] = {}
        self._changes: list[tuple[int, TableChange]] = []
        self._changed: set[int] = set()
        self._lobby_due = False
        self._outbox = Outbox(first=self._news)
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task | None = None

    async def connect(self) -> None:
        self._reader, self._writer = await asyncio.open_connection(sock=self.sock)
        self._outbox.writer = self._writer
        self._task = asyncio.get_running_loop().create_task(self._read(),
                                                            name=f"worker {self.pid}")

    # ---------------------------------------------------------------- out

    def send(self, message: object) -> None:
        self._outbox.send(message)

    def table_changed(self, session: "TerminalSession", change: TableChange) -> None:
        self._changes.append((id(session), change))
        self._changed.add(id(session))
        self._outbox.soon()

    def lobby_changed(self) -> None:
        self._lobby_due = True
        self._outbox.soon()

    def table_closed(self, number: int) -> None:
        """Table ``number`` has closed: the worker lets its mirror go (a worker kept
        every table its terminals had ever been at, as long as it lived)."""
        if self.sent.pop(number, None) is not None:
            self.send(("forget", number))

    def flush(self) -> None:
        """Send what is waiting: the tables' news first, then the rest in order."""
        self._outbox.flush()

    def _news(self) -> list:
        """The tables' news for this worker's sessions (and the lobby), if any."""
        if not (self._changed or self._lobby_due):
            return []
        tables = {session.table for sid in self._changed
                  if (session := self.sessions.get(sid)) is not None
                  and session.table is not None}
        lobby = None
        if self._lobby_due:
            # Every language's line: each of the worker's visitors reads their own.
            lobby = [(table.number,
                      {lang: table.describe(translator(lang)) for lang in LANGUAGES})
                     for table in self.host.lobby_tables]
        news = ("sync", [self._sync(table) for table in tables], self._changes, lobby)
        self._changes, self._changed, self._lobby_due = [], set(), False
        return [news]

    def _sync(self, table: "ServerTable") -> TableSync:
        feed, ctl = table.feed, table.ctl
        epoch, count = self.sent.get(table.number, (-1, 0))
        events = ((), ())
        if epoch != feed.epoch or feed.base is None:
            epoch, base = feed.follow(ctl)
            steps = tuple(feed.steps)
            events = feed.base_events
        else:
            base, steps = None, tuple(feed.steps[count:])
        self.sent[table.number] = (epoch, len(feed.steps))
        state = TableState(
            number=table.number, config=table.config, show_ids=table.show_ids,
            names=ctl.names, log=tuple(ctl.log), seat_specs=table.seat_specs(),
            free_seats=table.free_seats(), computers=frozenset(ctl.bots),
            summary=table.summary, deal=table.deal, version=table.version,
            description=table.describe(), turn_seat=table.turn_seat,
            turn_deadline=table.turn_deadline, turn_seconds=table.turn_seconds,
            asleep=frozenset(table.asleep), opener=table.opener, held=table.held_seats(),
            seats={sid: table.seats_of(session) for sid, session in self.sessions.items()
                   if session.table is table})
        return TableSync(state, epoch, base, steps, events)

    # ----------------------------------------------------------- sessions

    async def run(self, session: "TerminalSession", table: "ServerTable | None") -> str:
        """Draw ``session``'s app in this worker until it ends; how it ended."""
        sid = id(session)
        self.sessions[sid] = session
        ending = self._endings[sid] = asyncio.get_running_loop().create_future()
        session.link = self
        self._changed.add(sid)      # its table's news (and the lobby) before it opens
        self._lobby_due = True
        self.flush()
        self.send(("open", sid, session.name, session.key, session.term, session.env,
                   session.size, session.peer, table.number if table is not None else None,
                   session.input_rate.per_second, session.language))
        # Keys typed before the worker knew of the session follow its "open".
        session.input.attach(lambda text: self.send(("input", sid, text)))
        try:
            return await ending
        finally:
            session.input.attach(None)
            self.sessions.pop(sid, None)
            self._endings.pop(sid, None)
            session.link = None

    # ----------------------------------------------------------------- in

    async def _read(self) -> None:
        while (message := await receive(self._reader)) is not None:
            try:
                self._handle(message)
            except Exception:       # a worker's odd message must not stop the host
                traceback.print_exc(file=self.host.stderr)
        # The worker is gone (crashed, or killed): its sessions were not left on purpose.
        self.pool.lost(self)
        for ending in self._endings.values():
            if not ending.done():
                ending.set_result(WORKER_LOST)

    def _handle(self, message) -> None:
        kind = message[0]
        if kind == "out":
            session = self.sessions.get(message[1])
            if session is not None:
                session.write_bytes(message[2])
            return
        session = self.sessions.get(message[2] if kind == "ask" else message[1])
        if kind == "ask":
            self._answer(message[1], session, message[3], message[4])
        elif session is None:
            return
        elif kind == "submit":
            table = self.host.table(message[2])
            if table is None:
                self.table_changed(session, TableChange(
                    (), "that table has closed", answered=True))
            else:
                table.submit(session, message[3])
        elif kind == "ready":
            table = self.host.table(message[2])
            if table is not None:
                table.ready(session)
        elif kind in ("wake", "away"):
            table = self.host.table(message[2])
            if table is not None and kind == "wake":
                table.wake(session)
            elif table is not None:
                refusal = table.mark_away(session, message[3])
                if refusal:
                    self.table_changed(session, TableChange((), refusal, answered=True))
        elif kind == "leave":
            self.host.leave(session)
        elif kind == "rename":
            self.host.rename(session, message[2])
        elif kind == "language":
            self.host.remember_language(session, message[2])
        elif kind == "crashed":
            self.host.crashed(session, message[2], RuntimeError(message[3]))
        elif kind == "ended":
            ending = self._endings.get(message[1])
            if ending is not None and not ending.done():
                ending.set_result(message[2])

    def _answer(self, number: int, session, what: str, args: tuple) -> None:
        host = self.host
        try:
            if what == "open":
                value = host.create_table(args[0], session).number
            elif session is None:
                raise TableError(N_("the session has ended"))
            elif what == "sit":
                value = host.sit_now(session, *args)[1]
            elif what == "watch":
                host.watch_now(session, *args)
                value = None
            elif what == "play_now":
                table, seat = host.play_now_now(session, *args)
                value = (table.number, seat)
            else:
                raise TableError(N_("the host can't {what}"), what=what)
        except TableError as exc:
            # In the visitor's words: the worker shows it as it comes.
            words = exc.words(session.tr) if session is not None else str(exc)
            answer = ("answer", number, False, words)
        else:
            answer = ("answer", number, True, value)
        if session is not None:
            self._changed.add(id(session))      # the table it is at now, mirrored first
        self.flush()
        self.send(answer)
        self.flush()

    async def close(self) -> None:
        """Close the pipe and wait (a moment) for the worker to exit."""
        if self._writer is not None:
            self.flush()
            self._writer.close()
        deadline = time.monotonic() + STOP_WAIT
        while time.monotonic() < deadline:
            try:
                done, _ = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                break
            if done:
                break
            await asyncio.sleep(0.02)
        else:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        if self._task is not None:
            self._task.cancel()


class WorkerPool:
    """``count`` render workers for ``host``'s sessions."""

    def __init__(self, host: "HostRole", count: int) -> None:
        self.host = host
        self.count = count
        self.links: list[WorkerLink] = []

    async def start(self) -> None:
        """Fork the workers (before the host has threads, sockets or tables)."""
        from . import client  # noqa: F401  (Textual and the app, imported once for all)
        from .worker import run_worker

        parent = os.getpid()
        hook = self.host.worker_hook
        gc.collect()
        gc.freeze()      # the imports' objects: never touched by a collection, shared
        for _ in range(self.count):
            ours, theirs = socket.socketpair()
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:                                  # the worker
                status = 0
                try:
                    ours.close()
                    for link in self.links:
                        link.sock.close()
                    run_worker(theirs, parent, hook, self.host.crash_folder)
                except BaseException:
                    traceback.print_exc()
                    status = 1
                finally:
                    os._exit(status)
            theirs.close()
            self.links.append(WorkerLink(self, pid, ours))
        for link in self.links:
            await link.connect()

    @property
    def pids(self) -> tuple[int, ...]:
        return tuple(link.pid for link in self.links)

    def lost(self, link: WorkerLink) -> None:
        """``link``'s worker stopped on its own: new sessions go to the others."""
        if link not in self.links or self.host.stopping:
            return
        self.links.remove(link)
        try:
            os.waitpid(link.pid, os.WNOHANG)
        except ChildProcessError:
            pass
        self.host.log_line(f"render worker {link.pid} stopped: its {len(link.sessions)} "
                           f"sessions were dropped; {len(self.links)} workers left")

    async def run(self, session: "TerminalSession", table: "ServerTable | None") -> str:
        """Draw ``session``'s app in the least busy worker until it ends."""
        link = min(self.links, key=lambda link: len(link.sessions))
        return await link.run(session, table)

    def lobby_changed(self) -> None:
        for link in self.links:
            link.lobby_changed()

    def table_closed(self, number: int) -> None:
        for link in self.links:
            link.table_closed(number)

    async def stop(self) -> None:
        await asyncio.gather(*(link.close() for link in self.links))
