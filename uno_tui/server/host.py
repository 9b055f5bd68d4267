"""The SSH host of ``uno-tui serve``: keys, logins, sessions, the tables, the log, stopping.

Design: this process keeps the SSH connections, the lobby and every table's one
authoritative match (it orders and validates every action). The sessions' Textual
apps, which cost nearly all of the CPU (each table change redraws every terminal at
it), run in ``workers`` render processes forked from this one at start
(:mod:`~uno_tui.server.pool`): each keeps a mirror of the tables its sessions sit at,
so only keys, output, actions and the tables' changes cross the pipe. With one worker
(the tests' setting, and enough for a small host) the apps run here instead, on this
event loop, each drawing through a :class:`~uno_tui.server.driver.ChannelDriver`.

One event loop was enough until eight terminals at one table each redrew on one core:
the last screen waited for the seven before it (about 90 ms of CPU per change). A
process per session would cost about 40 MB each; a few forked workers share the
imported code's pages with this process.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import logging
import os
import signal
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from ..app.controller import DEFAULT_PACE
from ..config import PlayConfig
from ..paths import data_dir
from ..saves import MatchRecord, MatchStore, SaveFileError
from .quiet_gc import QuietCollector
from .session import TerminalSession
from .table import DEFAULT_HOLD, DEFAULT_ROUND_PAUSE, ServerTable, TableError

if TYPE_CHECKING:
    from .pool import WorkerPool

__all__ = ["ServeConfig", "ServeError", "Host", "is_loopback", "run_server"]

HOST_KEY_FILE = "ssh_host_ed25519_key"
LOG_FILE = "server.log"
#: The server's tables are saved under this folder of the data directory (apart from
#: the hot-seat app's own saves, which its setup screen lists).
SAVES_FOLDER = "server"


class ServeError(ValueError):
    """The server can't start as asked: the reason, in one line."""


@dataclass(frozen=True)
class ServeConfig:
    """How ``uno-tui serve`` runs."""

    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: Path | None = None
    password_file: Path | None = None
    max_sessions: int = 32
    data_dir: Path | None = None
    #: Seconds a dropped player's seat waits for them.
    hold: float = DEFAULT_HOLD
    #: Seconds between two computer actions.
    pace: float = DEFAULT_PACE
    #: Seconds after a round before the next deal, unless everyone is ready sooner.
    round_pause: float = DEFAULT_ROUND_PAUSE
    #: Bytes of unsent output after which a client that is not reading is dropped.
    backlog_limit: int = 1 << 20
    #: Append each card's id to its label (tests tell identical cards apart by it).
    show_card_ids: bool = False
    #: Render processes for the sessions' apps; 1: the apps run in the host's process.
    workers: int = 1
    #: Listen for SSH on ``port`` (False: the web page only).
    ssh: bool = True
    #: The web page's port (0: any free one); None: no web page.
    web_port: int | None = None
    #: Anyone who reaches the web page plays, on any address (guest names).
    open: bool = False


def is_loopback(host: str) -> bool:
    """True for an address only this machine can reach (``localhost``, 127.x, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class _Login(asyncssh.SSHServer):
    """One connection's login: who it is, and how they proved it (if they must)."""

    def __init__(self, host: "Host") -> None:
        self._host = host
        self._user = ""
        self._key: str | None = None
        self._peer = "?"

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername")
        self._peer = f"{peer[0]}:{peer[1]}" if peer else "?"

    def begin_auth(self, username: str) -> bool:
        self._user = username
        return self._host.needs_login

    def public_key_auth_supported(self) -> bool:
        return self._host.authorized is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        authorized = self._host.authorized
        if authorized is None:
            return False
        host, _, _ = self._peer.rpartition(":")
        if authorized.validate(key, host, host) is None:
            return False
        self._key = key.get_fingerprint()
        return True

    def password_auth_supported(self) -> bool:
        return self._host.password is not None

    def validate_password(self, username: str, password: str) -> bool:
        expected = self._host.password
        return expected is not None and hmac.compare_digest(password.encode(), expected.encode())

    def session_requested(self) -> TerminalSession:
        return TerminalSession(self._host, self._user, self._key, self._peer)


class Host:
    """Hosts the tables and every session's app. ``await start()``, then ``await stop()``."""

    def __init__(self, config: ServeConfig, *, stderr=None, worker_hook=None) -> None:
        self.config = config
        #: Run in each render worker once it is up, with the worker (the benchmark's
        #: autopilot); None: nothing.
        self.worker_hook = worker_hook
        #: The render workers, when there are more than one (else the apps run here).
        self.pool: "WorkerPool | None" = None
        #: The server's own streams (see ClientApp: Textual's redirection must not move them).
        self.stdout = sys.stdout
        self.stderr = stderr if stderr is not None else sys.stderr
        self.data = data_dir(config.data_dir)
        self.authorized = None
        self.password: str | None = None
        self._check_access()
        self.needs_login = self.authorized is not None or self.password is not None
        self.sessions: set[TerminalSession] = set()
        self._tables: dict[int, ServerTable] = {}
        #: Every table's match is saved here after each change; interrupted ones come back.
        self.store = MatchStore(self.data / SAVES_FOLDER)
        self._next_table = 1
        self._server: asyncssh.SSHAcceptor | None = None
        #: The web page (``--web``), if served.
        self.web = None
        self._executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="uno-bots")
        self._log = self._make_log()
        self.stopping = False
        self.goodbye = "The server is stopping. Your table was saved. Goodbye!"
        self.port: int | None = None
        #: When any terminal was last sent output (monotonic): the server is quiet after.
        self.last_output = time.monotonic()
        self._collector = QuietCollector(lambda: self.last_output)

    # ---------------------------------------------------------------- setup

    def _check_access(self) -> None:
        config = self.config
        if config.authorized_keys is not None:
            try:
                self.authorized = asyncssh.read_authorized_keys(str(config.authorized_keys))
            except (OSError, ValueError, asyncssh.KeyImportError) as exc:
                raise ServeError(f"can't read the authorized keys "
                                 f"{str(config.authorized_keys)!r}: {exc}") from None
        if config.password_file is not None:
            try:
                text = Path(config.password_file).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise ServeError(f"can't read the password file "
                                 f"{str(config.password_file)!r}: {exc}") from None
            lines = text.splitlines()
            password = lines[0].strip() if lines else ""
            if not password:
                raise ServeError(f"the password file {str(config.password_file)!r} is empty")
            self.password = password
        if (config.ssh and not is_loopback(config.host) and self.authorized is None
                and self.password is None):
            raise ServeError(f"listening on {config.host!r} lets other machines in: give "
                             "--authorized-keys FILE or --password-file FILE (or listen on "
                             "127.0.0.1, or serve the web page only with --no-ssh)")

    def _host_key(self) -> asyncssh.SSHKey:
        path = self.data / HOST_KEY_FILE
        if path.exists():
            try:
                return asyncssh.read_private_key(str(path))
            except (OSError, ValueError, asyncssh.KeyImportError) as exc:
                raise ServeError(f"the host key {str(path)!r} can't be read: {exc}") from None
        key = asyncssh.generate_private_key("ssh-ed25519", comment="uno-tui host key")
        temp = path.with_suffix(".tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
        os.replace(temp, path)
        key.write_public_key(str(path) + ".pub")
        self.log_line(f"new host key {key.get_fingerprint()} in {path}")
        return key

    def _make_log(self) -> logging.Logger:
        log = logging.getLogger(f"uno_tui.server.{id(self)}")
        log.propagate = False
        log.setLevel(logging.INFO)
        form = logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%dT%H:%M:%S")
        for handler in (logging.StreamHandler(self.stderr),
                        logging.FileHandler(self.data / LOG_FILE, encoding="utf-8")):
            handler.setFormatter(form)
            log.addHandler(handler)
        return log

    async def start(self) -> int:
        """Start the render workers, offer the tables saved before, then listen;
        returns the port (useful with 0)."""
        config = self.config
        if config.workers > 1:
            from .pool import WorkerPool

            # Forked first: no thread, socket or table of the host's exists yet.
            self.pool = WorkerPool(self, config.workers)
            await self.pool.start()
        self._restore_tables()
        if config.ssh:
            await self._listen_ssh()
        if config.web_port is not None:
            from .web import WebFront

            self.web = WebFront(self)
            try:
                await self.web.start()
            except ServeError:
                if self._server is not None:
                    self._server.close()
                raise
        self._collector.start()
        how = ("anyone who can reach it" if not self.needs_login else
               "with " + " or ".join(w for w, on in (("an authorized key", self.authorized),
                                                     ("the table password", self.password))
                                     if on))
        drawn = (f"{config.workers} render workers" if self.pool is not None
                 else "the apps in this process")
        if self._server is not None:
            self.log_line(f"serving on {config.host}:{self.port} ({how}; {drawn}); "
                          f"join with: ssh -p {self.port} {config.host}")
        if self.web is not None:
            self.log_line(f"web page on {config.host}:{self.web.port} ("
                          f"{'anyone who can reach it' if self.web.free else 'with a login'}"
                          f"; {drawn})")
            for line in self.web.links():
                # Printed, not logged: a token link is a key to the tables.
                print(line, file=self.stderr, flush=True)
        return self.port

    async def _listen_ssh(self) -> None:
        config = self.config
        try:
            self._server = await asyncssh.create_server(
                lambda: _Login(self), config.host, config.port,
                server_host_keys=[self._host_key()], line_editor=False, encoding=None,
                keepalive_interval=30, keepalive_count_max=4)
        except OSError as exc:
            raise ServeError(f"can't listen on {config.host}:{config.port}: "
                             f"{exc.strerror or exc}") from None
        sockets = self._server.sockets
        self.port = sockets[0].getsockname()[1] if sockets else config.port

    # -------------------------------------------------------------- logging

    def log_line(self, text: str) -> None:
        self._log.info(text)

    def log_event(self, what: str, session: TerminalSession) -> None:
        """One line about a session: who, from where, which terminal, how long, how it ended."""
        width, height = session.size
        line = (f"session {what} addr={session.peer} user={session.user!r} "
                f"term={session.term or '-'} size={width}x{height}")
        if what != "start":
            line += f" duration={time.monotonic() - session.started:.1f}s ended={session.ending!r}"
        self.log_line(line)

    # ------------------------------------------------------------- sessions

    def admit(self, session: TerminalSession) -> str:
        """'' to let ``session`` in, else why not."""
        if len(self.sessions) >= self.config.max_sessions:
            return f"The server is full ({self.config.max_sessions} players). Try again later."
        if self.stopping:
            return "The server is stopping."
        self.sessions.add(session)
        return ""

    def forget(self, session: TerminalSession) -> None:
        self.sessions.discard(session)

    def apps(self):
        """``(user, app)`` for each session whose app runs in this process."""
        return [(s.user, s.app) for s in list(self.sessions) if s.app is not None]

    # --------------------------------------------------------------- tables

    @property
    def tables(self) -> tuple[ServerTable, ...]:
        return tuple(self._tables[n] for n in sorted(self._tables))

    def table(self, number: int) -> ServerTable | None:
        return self._tables.get(number)

    def create_table(self, config: PlayConfig) -> ServerTable:
        """Open a table playing ``config``; computers play its seats until people sit."""
        config = PlayConfig(config.variant, config.seats, config.seed, config.target,
                            config.mode, config.rules)
        table = self._new_table(config)
        table.start()
        self.log_line(f"table {table.number} opened: {config.variant}, "
                      f"{len(config.seats)} seats")
        self._lobby_changed(table)
        return table

    def _new_table(self, config: PlayConfig, record: MatchRecord | None = None) -> ServerTable:
        table = ServerTable(self._next_table, config, pace=self.config.pace,
                            hold=self.config.hold, round_pause=self.config.round_pause,
                            executor=self._executor, on_empty=self._table_empty,
                            on_seats=self._lobby_changed, show_ids=self.config.show_card_ids,
                            store=self.store, record=record,
                            on_save_problem=self._save_problem)
        self._next_table += 1
        self._tables[table.number] = table
        return table

    def _restore_tables(self) -> None:
        """Offer every table saved unfinished (the server stopped or crashed) in the
        lobby, interrupted: it plays on when someone sits down again."""
        store = self.store
        for summary in reversed(store.unfinished()):     # the oldest gets the lowest number
            try:
                record = store.load(summary.path)
                table = self._new_table(record.config, record)
            except (SaveFileError, ValueError) as exc:
                self.log_line(f"a saved table can't be offered: {exc}")
                continue
            people = ", ".join(record.humans) or "nobody"
            self.log_line(f"table {table.number} restored from {summary.path.name}: round "
                          f"{record.round_number}, waiting for {people}")
        for problem in store.problems:
            self.log_line(f"a saved table can't be offered: {problem}")
        store.problems.clear()

    def _save_problem(self, problem: str) -> None:
        self.log_line(problem)

    # ------------------------------------------- the desk the apps sit down at

    def seat_returning(self, session: TerminalSession) -> ServerTable | None:
        """Seat ``session`` at the seat kept for its person, if any (they lost the
        connection and came back); the table, else None (the lobby comes first)."""
        kept = self.kept_seat(session.name, session.key)
        if kept is None:
            return None
        table, seat = kept
        try:
            return self.sit_now(session, table.number, seat)[0]
        except TableError:
            return None

    def _open(self, number: int) -> ServerTable:
        table = self._tables.get(number)
        if table is None:
            raise TableError("that table has closed")
        return table

    def sit_now(self, session: TerminalSession, number: int, seat: int | None = None,
                name: str | None = None) -> tuple[ServerTable, int]:
        """Seat ``session`` at table ``number`` (see :meth:`ServerTable.sit`); the table
        and the seat. Refused with :class:`TableError`, changing nothing."""
        table = self._open(number)
        seat = table.sit(session, seat, name)
        session.table = table
        return table, seat

    def watch_now(self, session: TerminalSession, number: int) -> ServerTable:
        """``session`` watches table ``number`` (refused with :class:`TableError`)."""
        table = self._open(number)
        table.watch(session)
        session.table = table
        return table

    # The same for an app in this process, as a worker's desk offers them (awaited).

    async def sit(self, session, number, seat=None, name=None) -> tuple[ServerTable, int]:
        return self.sit_now(session, number, seat, name)

    async def watch(self, session, number) -> ServerTable:
        return self.watch_now(session, number)

    async def open_table(self, config: PlayConfig) -> int:
        """A new table playing ``config``: its number."""
        return self.create_table(config).number

    def leave(self, session: TerminalSession) -> None:
        """``session`` leaves its table on purpose."""
        table, session.table = session.table, None
        if table is not None:
            table.leave(session)

    def kept_seat(self, name: str, key: str | None) -> tuple[ServerTable, int] | None:
        """A seat kept for ``name`` (with ``key``) coming back, at whichever table."""
        for table in self.tables:
            seat = table.kept_seat(name, key)
            if seat is not None:
                return table, seat
        return None

    def _table_empty(self, table: ServerTable) -> None:
        if self.stopping or self._tables.get(table.number) is not table:
            return
        if table.awaited:
            # Someone lost the connection and may come back: the table waits for them.
            table.pause()
            self.log_line(f"table {table.number} interrupted: nobody is left, it waits "
                          "for those who lost the connection")
        else:
            del self._tables[table.number]
            self.log_line(f"table {table.number} closed: nobody is left")
            table.discard_save()
            asyncio.get_running_loop().create_task(table.close())
        self._lobby_changed(table)

    def _lobby_changed(self, _table: ServerTable) -> None:
        for session in list(self.sessions):
            session.lobby_changed()
        if self.pool is not None:
            self.pool.lobby_changed()

    # ------------------------------------------------------------- stopping

    def save_tables(self, timeout: float = 5.0) -> list[Path]:
        """Wait until every table's latest save is on disk; their paths.

        Each table is saved after every change as it is played; at the next start the
        server offers the unfinished ones in the lobby again.
        """
        written = []
        for table in self.tables:
            if not table.flush_save(timeout):
                self.log_line(f"table {table.number}: the save did not finish in {timeout:g} s")
            record = table.recorder.record if table.recorder is not None else None
            if record is not None and record.path is not None:
                written.append(record.path)
            problem = table.recorder.problem if table.recorder is not None else None
            if problem:
                self.log_line(f"table {table.number}: {problem}")
        return written

    async def stop(self, reason: str = "stopped") -> None:
        """Stop every table where it is (saved), say goodbye to every client, stop
        listening."""
        if self.stopping:
            return
        self.stopping = True
        self.log_line(f"stopping ({reason})")
        if self._server is not None:
            self._server.close()
        # First the tables stop, so that nothing (a computer taking over a seat whose
        # person is told goodbye) plays on after the last save.
        for table in list(self._tables.values()):
            await table.close()
        for path in self.save_tables():
            self.log_line(f"saved {path}")
        sessions = list(self.sessions)
        for session in sessions:
            session.close(self.goodbye, "server stopped")
        if sessions:
            await asyncio.wait([asyncio.ensure_future(s.wait_closed()) for s in sessions],
                               timeout=5)
        self._tables.clear()
        if self._server is not None:
            await self._server.wait_closed()
        if self.web is not None:
            await self.web.stop()
        if self.pool is not None:
            await self.pool.stop()
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._collector.stop()
        if self._collector.collections:
            self.log_line(f"{self._collector.collections} full garbage collections were run "
                          "while the server was quiet")
        for handler in list(self._log.handlers):
            handler.close()
            self._log.removeHandler(handler)


def run_server(config: ServeConfig) -> int:
    """``uno-tui serve``: run until SIGTERM or Ctrl+C; the exit status."""

    async def main() -> int:
        host = Host(config)
        await host.start()
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        reasons = []
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            loop.add_signal_handler(signum, lambda s=signum: (reasons.append(
                signal.Signals(s).name), stop.set()))
        await stop.wait()
        await host.stop(reasons[0] if reasons else "stopped")
        return 0

    return asyncio.run(main())
