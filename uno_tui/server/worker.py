"""A render worker: a process forked from the host that runs some sessions' apps.

The host keeps the SSH channels and the tables; it sends a worker the keys typed at
its sessions' terminals, their sizes, and each table's changes
(:class:`~uno_tui.server.replica.TableSync`). The worker's apps draw from their
tables' mirrors and their output goes back to the host, which writes it to the
channel. What an app asks of the tables (sit down, watch, open a table) is answered
by the host; a move is sent on and answered by the table's next change, as in the
host's own process.

Every message of one loop pass goes out in one write: a table change drawn by four
apps costs the pipe one write, not forty.
"""

from __future__ import annotations

import asyncio
import ctypes
import gc
import os
import signal
import sys
import time
from dataclasses import dataclass

from ..i18n import DEFAULT_LANGUAGE, Translator
from .identity import player_name
from .limits import InputRate
from .quiet_gc import QuietCollector
from .replica import TableMirror
from .table import TableError
from .typeahead import TypeAhead
from .wire import Outbox, receive

__all__ = ["RemoteTerminal", "LobbyEntry", "WorkerDesk", "Worker", "run_worker"]

#: Linux's prctl option: a signal for this process when its parent dies.
_PR_SET_PDEATHSIG = 1


class RemoteTerminal:
    """A session's terminal as its app in the worker sees it (see
    :class:`~uno_tui.server.driver.Terminal`); also the table's member here."""

    def __init__(self, worker: "Worker", sid: int, name: str, key: str | None,
                 term: str | None, env: dict, size: tuple[int, int], peer: str) -> None:
        self.worker = worker
        self.sid = sid
        self.name = name
        self.user = name
        self.key = key
        self.term = term
        self.env = env
        self.size = size
        self.peer = peer
        self.app = None
        self._driver = None
        #: Keys that came before the app's driver could take them, kept for it.
        self._input = TypeAhead()
        #: Set by the host's "open" message (see TerminalSession.input_rate).
        self.input_rate: InputRate | None = None
        #: The session's language, as the host decided it (see TerminalSession.language).
        self.language = DEFAULT_LANGUAGE

    def write(self, data: str) -> None:
        self.worker.output(self.sid, data)

    def attach(self, driver) -> None:
        self._driver = driver
        self._input.attach(driver.feed if driver is not None else None)

    def feed(self, text: str) -> None:
        self._input.feed(text)

    def resize(self, width: int, height: int) -> None:
        self.size = (width, height)
        if self._driver is not None:
            self._driver.resize(width, height)

    def table_changed(self, change) -> None:
        if self.app is not None:
            self.app.table_changed(change)

    def lobby_changed(self) -> None:
        if self.app is not None:
            self.app.lobby_changed()


@dataclass(frozen=True)
class LobbyEntry:
    """A table as the lobby lists it (``describe()`` as the host last said)."""

    number: int
    #: The line in each language (code -> line).
    description: dict[str, str]

    def describe(self, tr: Translator | None = None) -> str:
        lang = tr.lang if tr is not None else DEFAULT_LANGUAGE
        return self.description.get(lang) or self.description[DEFAULT_LANGUAGE]


class WorkerDesk:
    """The tables as a worker's apps reach them (the host's side is
    :class:`~uno_tui.server.host.Host`): a question to the host, awaited."""

    def __init__(self, worker: "Worker") -> None:
        self._worker = worker
        self.stdout = sys.stdout
        self.stderr = sys.stderr
        self.entries: tuple[LobbyEntry, ...] = ()

    @property
    def tables(self) -> tuple[LobbyEntry, ...]:
        return self.entries

    #: The host lists only the tables the lobby shows.
    lobby_tables = tables

    def table(self, number: int) -> LobbyEntry | None:
        return next((entry for entry in self.entries if entry.number == number), None)

    async def sit(self, member: RemoteTerminal, number: int, seat: int | None = None,
                  name: str | None = None) -> tuple[TableMirror, int]:
        seat = await self._worker.ask(member.sid, "sit", number, seat, name)
        return self._worker.mirrors[number], seat

    async def watch(self, member: RemoteTerminal, number: int) -> TableMirror:
        await self._worker.ask(member.sid, "watch", number)
        return self._worker.mirrors[number]

    async def open_table(self, config, member: RemoteTerminal | None = None) -> int:
        return await self._worker.ask(member.sid if member is not None else None, "open",
                                      config)

    def leave(self, member: RemoteTerminal) -> None:
        self._worker.send(("leave", member.sid))

    async def play_now(self, member: RemoteTerminal, name: str | None = None
                       ) -> tuple[TableMirror, int]:
        number, seat = await self._worker.ask(member.sid, "play_now", name)
        return self._worker.mirrors[number], seat

    def rename(self, member: RemoteTerminal, name: str) -> str:
        member.name = player_name(name)
        self._worker.send(("rename", member.sid, name))
        return member.name

    def remember_language(self, member: RemoteTerminal, lang: str) -> None:
        self._worker.send(("language", member.sid, lang))

    @property
    def crash_folder(self):
        return self._worker.crash_folder

    def crashed(self, member: RemoteTerminal, report: str | None, error: BaseException) -> None:
        self._worker.send(("crashed", member.sid, report, f"{type(error).__name__}: {error}"))


class Worker:
    """One render worker's loop: the host's messages in, the apps' output out."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 crash_folder=None) -> None:
        self._reader = reader
        self.crash_folder = crash_folder
        self.desk = WorkerDesk(self)
        self.terminals: dict[int, RemoteTerminal] = {}
        self.mirrors: dict[int, TableMirror] = {}
        self._tasks: dict[int, asyncio.Task] = {}
        self._output: dict[int, list[str]] = {}
        self._outbox = Outbox(last=self._take_output)
        self._outbox.writer = writer
        self._questions: dict[int, asyncio.Future] = {}
        self._next_question = 0
        self.last_output = time.monotonic()

    def apps(self):
        """``(user, app)`` for each session drawn here (for the benchmark's autopilot)."""
        return [(t.name, t.app) for t in self.terminals.values() if t.app is not None]

    # ---------------------------------------------------------------- out

    def send(self, message: object) -> None:
        self._outbox.send(message)

    def output(self, sid: int, data: str) -> None:
        self._output.setdefault(sid, []).append(data)
        self.last_output = time.monotonic()
        self._outbox.soon()

    def _take_output(self) -> list:
        """Each terminal's output since the last write, as one message each."""
        output, self._output = self._output, {}
        return [("out", sid, "".join(parts).encode("utf-8", "replace"))
                for sid, parts in output.items()]

    async def ask(self, sid: int | None, what: str, *args):
        """A question for the host about the tables; its answer, or its TableError."""
        self._next_question += 1
        number = self._next_question
        answer = self._questions[number] = asyncio.get_running_loop().create_future()
        self.send(("ask", number, sid, what, args))
        ok, value = await answer
        if not ok:
            raise TableError(value)
        return value

    # ----------------------------------------------------------------- in

    async def run(self) -> None:
        while (message := await receive(self._reader)) is not None:
            self._handle(message)
        # The host is gone (it stopped, or died): so are its sessions.
        for terminal in self.terminals.values():
            if terminal.app is not None:
                terminal.app.exit()
        if self._tasks:
            await asyncio.wait(list(self._tasks.values()), timeout=2)

    def _handle(self, message) -> None:
        kind = message[0]
        if kind == "input":
            terminal = self.terminals.get(message[1])
            if terminal is not None:
                terminal.feed(message[2])
        elif kind == "sync":
            _, syncs, changes, lobby = message
            for sync in syncs:
                mirror = self.mirrors.get(sync.state.number)
                if mirror is None:
                    self.mirrors[sync.state.number] = TableMirror(sync, self.send)
                else:
                    mirror.take(sync)
            if lobby is not None:
                self.desk.entries = tuple(LobbyEntry(n, d) for n, d in lobby)
                for terminal in self.terminals.values():
                    terminal.lobby_changed()
            for sid, change in changes:
                terminal = self.terminals.get(sid)
                if terminal is not None:
                    terminal.table_changed(change)
        elif kind == "answer":
            _, number, ok, value = message
            answer = self._questions.pop(number, None)
            if answer is not None and not answer.done():
                answer.set_result((ok, value))
        elif kind == "resize":
            terminal = self.terminals.get(message[1])
            if terminal is not None:
                terminal.resize(message[2], message[3])
        elif kind == "open":
            self._open(*message[1:])
        elif kind == "forget":           # the table has closed (an app at it keeps its own)
            self.mirrors.pop(message[1], None)
        elif kind == "close":
            terminal = self.terminals.get(message[1])
            if terminal is not None and terminal.app is not None:
                terminal.app.exit()

    def _open(self, sid: int, name: str, key, term, env, size, peer,
              table: int | None, keys_per_second: float, language: str) -> None:
        terminal = RemoteTerminal(self, sid, name, key, term, env, size, peer)
        terminal.input_rate = InputRate(keys_per_second)
        terminal.language = language
        self.terminals[sid] = terminal
        self._tasks[sid] = asyncio.get_running_loop().create_task(
            self._run_app(terminal, self.mirrors.get(table) if table is not None else None),
            name=f"session {name}")

    async def _run_app(self, terminal: RemoteTerminal, table) -> None:
        from .client import ClientApp

        ending = ""
        try:
            terminal.app = app = ClientApp(self.desk, terminal, table)
            await app.run_async(size=terminal.size)
        except Exception as exc:  # one session's failure must not reach the others
            ending = f"error: {exc!r}"
        finally:
            self._outbox.flush()            # the app's last output goes first
            self.terminals.pop(terminal.sid, None)
            self._tasks.pop(terminal.sid, None)
            self.send(("ended", terminal.sid, ending))


def run_worker(sock, parent: int, hook=None, crash_folder=None) -> None:
    """The forked child's whole life: serve the host over ``sock`` until it closes.

    Called right after ``os.fork`` in the child, which still holds a copy of the host's
    running loop: it is set aside, never run here. The worker dies with the host (it
    asks Linux for SIGKILL when its parent goes) and ignores Ctrl+C, which reaches
    every process of the terminal's group: the host decides when the sessions end.
    """
    signal.set_wakeup_fd(-1)
    for signum in (signal.SIGINT, signal.SIGHUP, signal.SIGTSTP):
        signal.signal(signum, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:      # the host died before the wish was made
        os._exit(0)
    asyncio.events._set_running_loop(None)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)

    async def main() -> None:
        reader, writer = await asyncio.open_connection(sock=sock)
        worker = Worker(reader, writer, crash_folder)
        collector = QuietCollector(lambda: worker.last_output)
        collector.start()
        hooked = loop.create_task(hook(worker)) if hook is not None else None
        await worker.run()
        if hooked is not None:
            hooked.cancel()
        collector.stop()

    loop.run_until_complete(main())
    gc.collect()
