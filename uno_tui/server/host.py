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
import logging
import os
import signal
import stringprep
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from ..app.app import write_crash_report
from ..app.controller import DEFAULT_PACE
from ..config import PlayConfig, SeatSpec, computer_name, default_bot_level
from ..i18n import DEFAULT_LANGUAGE, N_, Phrase, os_reason, parse_language, translator
from ..paths import data_dir
from ..saves import MatchRecord, MatchStore, SaveFileError
from .doorman import IN, OUT, WAIT, Doorman, Doorway
from .events import RepeatFolder, event_line
from .identity import guest_names, player_name
from .limits import FD_RESERVE, Gatekeeper, Limits, raise_fd_limit
from .quiet_gc import QuietCollector
from .roles import ServeError, is_loopback
from .session import TerminalSession
from .table import DEFAULT_HOLD, DEFAULT_ROUND_PAUSE, ServerTable, TableChange, TableError

if TYPE_CHECKING:
    from .pool import WorkerPool

__all__ = ["ServeConfig", "ServeError", "Host", "is_loopback", "run_server"]

HOST_KEY_FILE = "ssh_host_ed25519_key"
#: SSH keepalives a client may leave unanswered; the next one ends the connection.
KEEPALIVE_MISSES = 2
#: How often the lobby is checked for idle visitors at most (seconds).
IDLE_SWEEP = 5.0
LOG_FILE = "server.log"
#: The server's tables are saved under this folder of the data directory (apart from
#: the hot-seat app's own saves, which its setup screen lists).
SAVES_FOLDER = "server"
#: Under SAVES_FOLDER: the saves of tables closed because nobody was left (kept, never
#: offered again).
CLOSED_FOLDER = "closed"
#: What the people at a table closed after failing again and again read in the lobby.
BROKEN_TABLE_NOTICE = N_("Table {number} had to close: something went wrong there again "
                         "and again. Its match is kept in the server's files.")
#: Seconds an interrupted table (restored after a restart, or whose last person lost
#: the connection) waits for someone to come back before it closes, at the least.
ABANDONED_WAIT = 600.0
#: Seconds over which the same limit hit again (the same reason, the same address) is
#: one line in server.log, with how many times it was hit.
LIMIT_LOG_EVERY = 10.0


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
    #: A public demo: anyone may log in, on any address, with no key or password.
    open: bool = False
    #: What one address, connection and terminal may do (see limits.Limits).
    limits: Limits = Limits()
    #: Seconds each person has for a decision at a table (0: no turn timer).
    turn_seconds: float = 30.0
    #: Seconds between SSH keepalives; a link that answers none of three is dead
    #: (about 30 s).
    keepalive: float = 10.0
    #: The server's language (``--lang``): its console's words, and every visitor's whose
    #: client names no language (no SendEnv LANG, no Accept-Language).
    lang: str = DEFAULT_LANGUAGE


def accept_newer_characters_in_logins() -> None:
    """Let login names with characters newer than Unicode 3.2 (every emoji) in.

    asyncssh checks a login name with SASLprep (RFC 4013) before any of our code sees
    it, and SASLprep's tables are Unicode 3.2's (2002): an emoji is "unassigned" there,
    and asyncssh dropped the connection with "Unassigned character". It has no option
    for this, but takes the check from its connection module's ``saslprep``: this puts
    in the same check without the one for unassigned characters (prohibited ones,
    controls and private use among them, are still refused, and the name is still
    NFKC-normalised). Applied once, at import; the client side of asyncssh, which the
    tests use, takes it too.
    """
    from asyncssh import connection, saslprep

    if getattr(connection.saslprep, "accepts_newer_characters", False):
        return
    strict = connection.saslprep

    def saslprep_with_newer_characters(text: str) -> str:
        try:
            return strict(text)
        except saslprep.SASLPrepError as exc:
            if not str(exc).startswith("Unassigned character"):
                raise
        return saslprep._stringprep(
            text, False, saslprep._map_saslprep, "NFKC",
            (stringprep.in_table_c12, stringprep.in_table_c21_c22, stringprep.in_table_c3,
             stringprep.in_table_c4, stringprep.in_table_c5, stringprep.in_table_c6,
             stringprep.in_table_c7, stringprep.in_table_c8, stringprep.in_table_c9), True)

    saslprep_with_newer_characters.accepts_newer_characters = True
    connection.saslprep = saslprep_with_newer_characters


accept_newer_characters_in_logins()


#: The log's lines: the time, then the message.
LOG_FORMAT = ("%(asctime)s %(message)s", "%Y-%m-%dT%H:%M:%S")


class _WordedFormatter(logging.Formatter):
    """A log formatter that puts a :class:`Phrase` message into ``tr``'s words (any
    other message, an event's ``key=value`` line, is written as it is)."""

    def __init__(self, tr, fmt: str, datefmt: str) -> None:
        super().__init__(fmt, datefmt)
        self.tr = tr

    def format(self, record: logging.LogRecord) -> str:
        if isinstance(record.msg, Phrase):
            record = logging.makeLogRecord({**record.__dict__,
                                            "msg": self.tr.words(record.msg), "args": ()})
        return super().format(record)


class _Login(asyncssh.SSHServer):
    """One connection's login: who it is, how they proved it (if they must), and the
    limits on logging in (see :class:`~uno_tui.server.limits.Gatekeeper`)."""

    def __init__(self, host: "Host") -> None:
        self._host = host
        self._user = ""
        self._key: str | None = None
        self._peer = "?"
        self._address = "?"
        self._conn: asyncssh.SSHServerConnection | None = None
        #: Counted by the gatekeeper (to be let go once, when the connection closes).
        self._counted = False
        self._logged_in = False
        self._failures = 0
        self._method = "none"

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        peer = conn.get_extra_info("peername")
        if peer:
            self._address = str(peer[0])
            self._peer = f"{peer[0]}:{peer[1]}"
        host = self._host
        # The doorman counted it as it let it in (see Host.admit_connection).
        self._counted = True
        self.connected_at = time.monotonic()
        host.silent[self] = self.connected_at
        host.unstarted[self] = self.connected_at
        #: False while this connection's connect line is folded into its address's
        #: (written at its login after all, see auth_completed).
        self._connect_logged = host.log_stranger("connect", self._address, addr=self._peer)

    @property
    def address(self) -> str:
        """The client's address (its IP, without the port)."""
        return self._address

    @property
    def spoke(self) -> bool:
        """True once the client has sent its SSH version line."""
        conn = self._conn
        return conn is not None and conn.get_extra_info("client_version") is not None

    def make_room(self, why: str) -> None:
        """Closed to let in a newcomer whose client spoke, every login slot being taken:
        ``why`` this one (for the log). Its slot is free at once."""
        self._host.silent.pop(self, None)
        self._host.unstarted.pop(self, None)
        if self._counted:
            self._counted = False
            self._host.gate.disconnected(self._address, False)
            self._host.log_limit(f"closed a connection that {why} to let in one whose "
                                 "client spoke (every login slot was taken)", addr=self._peer)
        if self._conn is not None:
            self._conn.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self._host.silent.pop(self, None)
        self._host.unstarted.pop(self, None)
        if not self._counted:
            return
        self._counted = False
        self._host.gate.disconnected(self._address, self._logged_in)
        if not self._logged_in:
            self._host.login_slot_freed()
        if not self._logged_in:
            reason = str(exc) if exc is not None else "closed"
            if "Login timeout" in reason:
                reason = f"login grace time over ({self._host.limits.login_grace:g} s)"
            self._host.log_stranger("disconnect", self._address, addr=self._peer,
                                    user=self._user or None, why=reason)

    def begin_auth(self, username: str) -> bool:
        self._user = username
        self._host.unstarted.pop(self, None)      # it is logging in: not stalled
        blocked = self._host.gate.blocked(self._address)
        if blocked:
            self._host.log_limit(blocked, addr=self._peer, user=username)
            self._refuse(Phrase("Too many failed logins from your address in the last minute "
                                "({most}): wait a minute and try again.",
                                most=self._host.limits.failed_logins_per_minute),
                         asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                         "Too many failed logins from your address: wait a minute")
            return True
        # Open mode asks for nothing, but takes a key the client offers as its identity.
        return self._host.needs_login or self._host.config.open

    def _refuse(self, words: Phrase, code: int, reason: str) -> None:
        """Close the connection, telling the client ``words`` in the server's language
        (no client has said its own before it logs in: its SendEnv comes after).

        OpenSSH shows a disconnect's reason with anything but ASCII as octal escapes, so
        the words go first as an authentication banner (shown as sent, in a UTF-8
        terminal) and the disconnect says ``reason``, in English and ASCII."""
        if self._conn is None:
            return
        try:
            self._conn.send_auth_banner(translator(self._host.config.lang).words(words)
                                        + "\r\n")
        except OSError:                 # authentication is over: no banner any more
            pass
        self._conn.disconnect(code, reason)

    def auth_completed(self) -> None:
        self._logged_in = True
        self._host.silent.pop(self, None)
        self._host.unstarted.pop(self, None)
        self._host.gate.logged_in(self._address)
        self._host.login_slot_freed()
        if not self._connect_logged:
            # A login's lines are one per event, even from an address that floods.
            self._host.log_stranger_after_all("connect", self._address, addr=self._peer,
                                              ago=f"{time.monotonic() - self.connected_at:.1f}s")
        self._host.log_event_line("auth ok", addr=self._peer, user=self._user,
                                  method=self._method, key=self._key)

    def _failed(self, method: str, delay: float = 0.0) -> None:
        self._failures += 1
        self._host.log_event_line("auth failed", addr=self._peer, user=self._user,
                                  method=method, attempt=self._failures,
                                  delay=f"{delay:g}s")

    def _too_many(self) -> bool:
        """True (and the connection closes) once it has failed more than it may."""
        limit = self._host.limits.auth_attempts
        if self._failures < limit:
            return False
        self._host.log_limit(f"{self._failures} failed logins on one connection (the most "
                             f"is {limit})", addr=self._peer, user=self._user)
        self._refuse(Phrase("Too many failed logins on this connection ({most}): connect "
                            "again to try once more.", most=limit),
                     asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                     f"Too many failed logins ({limit})")
        return True

    def public_key_auth_supported(self) -> bool:
        return self._host.authorized is not None or self._host.config.open

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self._too_many():
            return False
        if self._host.config.open:
            self._key = key.get_fingerprint()
            self._method = "publickey"
            return True
        authorized = self._host.authorized
        if authorized is None or authorized.validate(key, self._address,
                                                     self._address) is None:
            self._failed("publickey")
            return False
        self._key = key.get_fingerprint()
        self._method = "publickey"
        return True

    def password_auth_supported(self) -> bool:
        return self._host.password is not None or self._host.config.open

    async def validate_password(self, username: str, password: str) -> bool:
        if self._too_many():
            return False
        if self._host.config.open:
            self._method = "password (open: any)"
            return True
        expected = self._host.password
        if expected is not None and hmac.compare_digest(password.encode(), expected.encode()):
            self._method = "password"
            return True
        delay = self._host.gate.login_failed(self._address)
        self._failed("password", delay)
        # A guess costs the guesser time: the first waits a moment, each next one within
        # the minute twice as long.
        await asyncio.sleep(delay)
        return False

    def kbdint_auth_supported(self) -> bool:
        # Open mode: a client without a key (plain ssh tries keys, then this) gets in
        # without a question.
        return self._host.config.open

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str):
        self._method = "keyboard-interactive (open)"
        return True

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
        self.limits = config.limits
        #: Counts connections, logins and sessions per address (its budget of file
        #: descriptors is set at start, once the soft limit is raised).
        self.gate = Gatekeeper(self.limits)
        #: Connections not logged in that may not have sent their SSH version yet, the
        #: oldest first, with when each came (see close_oldest_silent).
        self.silent: dict[_Login, float] = {}
        #: Connections in a login slot that have not begun to log in, the oldest first,
        #: with when each came (see close_oldest_stalled).
        self.unstarted: dict[_Login, float] = {}
        #: Sockets waiting for a login slot until their client speaks (see doorman),
        #: the longest waiting first, with the timer that closes each after the login
        #: grace time.
        self.waiting: dict[Doorman, asyncio.TimerHandle] = {}
        #: The waiting sockets whose client spoke and found no slot to take, the
        #: longest waiting first (see _seat_speakers).
        self.speakers: dict[Doorman, None] = {}
        #: When a slot may next be made for them (the oldest stall running out).
        self._room_timer: asyncio.TimerHandle | None = None
        self._guests = guest_names()
        self._sweeper: asyncio.Task | None = None
        self.sessions: set[TerminalSession] = set()
        #: The language each visitor (by identity) switched to in the lobby: theirs at
        #: every connection while the server runs, over their terminal's locale.
        self.languages: dict[str, str] = {}
        self._tables: dict[int, ServerTable] = {}
        #: Every table's match is saved here after each change; interrupted ones come back.
        self.store = MatchStore(self.data / SAVES_FOLDER)
        self._next_table = 1
        self._server: asyncssh.SSHAcceptor | None = None
        #: The web page (``--web``), if served.
        self.web = None
        self._executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="uno-bots")
        self._log = self._make_log()
        self._repeats = RepeatFolder(LIMIT_LOG_EVERY)
        self.stopping = False
        #: What every client reads when the server stops (in their own language).
        self.goodbye = N_("The server is stopping. Your table was saved. Goodbye!")
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
                raise ServeError(Phrase("can't read the authorized keys {file}: {problem}",
                                        file=repr(str(config.authorized_keys)),
                                        problem=_problem(exc))) from None
        if config.password_file is not None:
            try:
                text = Path(config.password_file).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise ServeError(Phrase("can't read the password file {file}: {problem}",
                                        file=repr(str(config.password_file)),
                                        problem=_problem(exc))) from None
            lines = text.splitlines()
            password = lines[0].strip() if lines else ""
            if not password:
                raise ServeError(Phrase("the password file {file} is empty",
                                        file=repr(str(config.password_file))))
            self.password = password
        if config.open and (self.authorized is not None or self.password is not None):
            raise ServeError(Phrase("--open lets anyone in: it does not go with "
                                    "--authorized-keys or --password-file"))
        if config.open:
            return
        if (config.ssh and not is_loopback(config.host) and self.authorized is None
                and self.password is None):
            raise ServeError(Phrase("listening on {host} lets other machines in: give "
                                    "--authorized-keys FILE or --password-file FILE (or listen "
                                    "on 127.0.0.1, or serve the web page only with --no-ssh)",
                                    host=repr(config.host)))

    def _host_key(self) -> asyncssh.SSHKey:
        path = self.data / HOST_KEY_FILE
        if path.exists():
            try:
                return asyncssh.read_private_key(str(path))
            except (OSError, ValueError, asyncssh.KeyImportError) as exc:
                raise ServeError(Phrase("the host key {file} can't be read: {problem}",
                                        file=repr(str(path)), problem=_problem(exc))) from None
        key = asyncssh.generate_private_key("ssh-ed25519", comment="uno-tui host key")
        temp = path.with_suffix(".tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
        os.replace(temp, path)
        key.write_public_key(str(path) + ".pub")
        self.log_line(Phrase("new host key {fingerprint} in {file}",
                             fingerprint=key.get_fingerprint(), file=str(path)))
        return key

    def _make_log(self) -> logging.Logger:
        log = logging.getLogger(f"uno_tui.server.{id(self)}")
        log.propagate = False
        log.setLevel(logging.INFO)
        # server.log stays English (one language to search and to report); the console
        # reads the server's --lang.
        console = logging.StreamHandler(self.stderr)
        console.setFormatter(_WordedFormatter(translator(self.config.lang), *LOG_FORMAT))
        file = logging.FileHandler(self.data / LOG_FILE, encoding="utf-8")
        file.setFormatter(logging.Formatter(*LOG_FORMAT))
        for handler in (console, file):
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
        soft = raise_fd_limit()
        # Every connection holds one descriptor: new ones are refused while the rest
        # leaves room for the files, pipes and sockets the server has open already.
        self.gate.fd_budget = max(1, soft - FD_RESERVE - _open_fds())
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
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        anyone = Phrase("anyone who can reach it")
        if not self.needs_login:
            how = anyone
        elif self.authorized is not None and self.password is not None:
            how = Phrase("with an authorized key or the table password")
        elif self.authorized is not None:
            how = Phrase("with an authorized key")
        else:
            how = Phrase("with the table password")
        drawn = (Phrase("{count} render workers", count=config.workers)
                 if self.pool is not None else Phrase("the apps in this process"))
        if self._server is not None:
            self.log_line(Phrase("serving on {host}:{port} ({how}; {drawn}); join with: "
                                 "ssh -p {port} {host}", host=config.host, port=self.port,
                                 how=how, drawn=drawn))
        if self.web is not None:
            self.log_line(Phrase("web page on {host}:{port} ({how}; {drawn})",
                                 host=config.host, port=self.web.port,
                                 how=anyone if self.web.free else Phrase("with a login"),
                                 drawn=drawn))
            tr = translator(config.lang)
            for line in self.web.links():
                # Printed, not logged: a token link is a key to the tables.
                print(tr.words(line), file=self.stderr, flush=True)
        return self.port

    async def _listen_ssh(self) -> None:
        config = self.config
        try:
            self._server = await asyncssh.create_server(
                lambda: _Login(self), config.host, config.port,
                tunnel=Doorway(self),
                server_host_keys=[self._host_key()], line_editor=False, encoding=None,
                login_timeout=self.limits.login_grace,
                keepalive_interval=config.keepalive, keepalive_count_max=KEEPALIVE_MISSES)
        except OSError as exc:
            raise ServeError(Phrase("can't listen on {host}:{port}: {problem}",
                                    host=config.host, port=config.port,
                                    problem=os_reason(exc))) from None
        sockets = self._server.sockets
        self.port = sockets[0].getsockname()[1] if sockets else config.port

    # ------------------------------------------------- the doorman's desk

    def admit_connection(self, doorman: Doorman) -> str:
        """A socket was just accepted: may it become an SSH connection (IN, counted),
        wait for a login slot until its client speaks (WAIT, every slot being taken, or
        clients that spoke waiting for one before it), or not (OUT: the refusal is
        logged, folded)? Nothing of asyncssh is built for it before IN.

        An address blocked for its failed logins is let in to be told so at its login
        (see _Login.begin_auth); a connection beyond the others' limits is closed before
        its handshake, where no words of ours can reach the client (as OpenSSH's
        MaxStartups does)."""
        address = doorman.address
        # A newcomer that has said nothing yet closes nobody: it waits (a slot of the
        # flood's taken by the next of the flood only built one SSH connection after
        # another, about a hundred a second under 1,000 idle sockets).
        refusal = "" if self.speakers else self.gate.connect(address, check_failures=False)
        if not refusal and not self.speakers:
            return IN
        if self.gate.logins_full or self.speakers:
            refusal = self.gate.wait(address, make_room=self._send_oldest_waiter_away)
            if not refusal:
                self.waiting[doorman] = asyncio.get_running_loop().call_later(
                    self.limits.login_grace, self._waited_too_long, doorman)
                return WAIT
        self.log_limit(refusal, addr=doorman.peer)
        return OUT

    def admit_speaker(self, doorman: Doorman) -> bool:
        """A waiting socket's client spoke: it waits on among the clients that spoke,
        and is let in (perhaps at once) as a slot is free or can be made (True), unless
        the server is stopping (False: closed)."""
        if self.stopping:
            self._forget_waiter(doorman)
            return False
        self.speakers[doorman] = None
        self._seat_speakers()
        return True

    def login_slot_freed(self) -> None:
        """A connection has logged in or gone: a client that spoke may take its slot."""
        if self.speakers and not self.stopping:
            self._seat_speakers()

    def _seat_speakers(self) -> None:
        """Let waiting clients that spoke into login slots while there are slots, or
        connections that may give theirs up (see make_login_room). The client from the
        address holding the fewest slots goes first, the longest waiting among equals:
        a flood that reopens as fast as it can from a few addresses holds many slots at
        each, and its clients wait behind a player's, who holds none (before, the slot
        went to whichever client spoke as it came free: nearly always the flood's)."""
        gate = self.gate
        while self.speakers:
            doorman = min(self.speakers, key=lambda waiter: gate.logging_in(waiter.address))
            if gate.logins_full and not self.make_login_room():
                self._make_room_later()
                return
            self._forget_waiter(doorman)
            refusal = gate.connect(doorman.address, check_failures=False)
            if refusal:         # the open-files limit, or its address's
                doorman.send_away()
                self.log_limit(refusal, addr=doorman.peer)
                continue
            doorman.let_in()

    def _make_room_later(self) -> None:
        """Look again when the oldest connection that has not begun to log in has held
        its slot login_stall seconds (a slot that frees before is given at once)."""
        if self._room_timer is not None or not self.unstarted:
            return
        since = next(iter(self.unstarted.values()))
        loop = asyncio.get_running_loop()
        delay = max(0.0, since + self.limits.login_stall - time.monotonic())
        self._room_timer = loop.call_later(delay, self._room_due)

    def _room_due(self) -> None:
        self._room_timer = None
        self.login_slot_freed()

    def stopped_waiting(self, doorman: Doorman) -> None:
        self._forget_waiter(doorman)

    def _forget_waiter(self, doorman: Doorman) -> None:
        self.speakers.pop(doorman, None)
        timer = self.waiting.pop(doorman, None)
        if timer is not None:
            timer.cancel()
            self.gate.stopped_waiting(doorman.address)

    def _send_away(self, doorman: Doorman, why: str) -> None:
        self._forget_waiter(doorman)
        doorman.send_away()
        self.log_limit(why, addr=doorman.peer)

    def _send_oldest_waiter_away(self) -> bool:
        """The waiting room is full: the socket that has waited longest goes."""
        if not self.waiting:
            return False
        self._send_away(next(iter(self.waiting)), "closed the connection that had waited "
                        "longest for a login slot, for a newcomer (the waiting room was full)")
        return True

    def _waited_too_long(self, doorman: Doorman) -> None:
        self._send_away(doorman, f"a connection waited {self.limits.login_grace:g} s for a "
                        "login slot (login grace time over)")

    def make_login_room(self) -> bool:
        """Every login slot is taken and a newcomer's client spoke: close the oldest
        connection that has said nothing, else one stalled (True: a slot is free)."""
        return self.close_oldest_silent() or self.close_oldest_stalled()

    def close_oldest_stalled(self) -> bool:
        """Close a connection that has held its login slot ``login_stall`` seconds or
        more without beginning to log in, if any (True: a slot is free): of those, one
        from the address holding the most slots, the oldest among equals.

        A flood that sends its SSH version and then nothing held every slot for the
        whole login grace time, and a real client that came meanwhile was closed. A
        real client begins to log in a few round trips after it gets its slot (the key
        exchange, then its first login request), so it is never the one that goes; to
        keep every slot, a flood must now open ``max_unauthenticated / login_stall``
        connections a second, from enough addresses, and a real client still gets one
        of the slots that turn over (first: see _seat_speakers)."""
        stall = self.limits.login_stall
        latest = time.monotonic() - stall
        gate = self.gate
        chosen, most = None, 0
        for login, since in self.unstarted.items():         # oldest first
            if since > latest:
                break
            held = gate.logging_in(login.address)
            if held > most:
                chosen, most = login, held
        if chosen is None:
            return False
        chosen.make_room(f"had not begun to log in after {stall:g} s")
        return True

    def close_oldest_silent(self) -> bool:
        """Every login slot is taken and a newcomer's client spoke: close the oldest
        connection that has not sent its SSH version line, if any (True: one slot is
        free)."""
        silent = self.silent
        while silent:
            login = next(iter(silent))
            del silent[login]
            if not login.spoke:       # those that spoke are logging in: not idle
                login.make_room("had said nothing")
                return True
        return False

    # -------------------------------------------------------------- logging

    def log_line(self, text: str) -> None:
        self._log.info(text)

    def log_event_line(self, what: str, **fields) -> None:
        """One line about an event, ``what key=value ...`` (see events.event_line)."""
        self.log_line(event_line(what, **fields))

    def log_limit(self, refusal: str, **fields) -> None:
        """A limit was hit: what was refused, and why; the same refusal again within
        LIMIT_LOG_EVERY is counted, not written (see RepeatFolder)."""
        self._log_folded("limit", {"why": refusal}, **fields, why=refusal)

    def log_stranger(self, what: str, address: str, **fields) -> bool:
        """A line about a connection that has not logged in (``connect``, ``disconnect``
        and its ``why``): the first from ``address`` within LIMIT_LOG_EVERY is written,
        the next ones are counted and written as one line with their count (a flood
        from one address wrote thousands of lines a minute). True if written."""
        return self._log_folded(what, {"addr": address, "why": fields.get("why")}, **fields)

    def log_stranger_after_all(self, what: str, address: str, **fields) -> None:
        """Write a line :meth:`log_stranger` counted instead (uncounted now)."""
        self._repeats.take_back((what, ("addr", address), ("why", fields.get("why"))))
        self.log_event_line(what, **fields)

    def _log_folded(self, what: str, key: dict, **fields) -> bool:
        """Write ``what`` with ``fields`` unless a line of the same ``key`` was written
        within LIMIT_LOG_EVERY (then counted, and written later with ``key`` as one
        line, ``repeated=N``); True if written."""
        left_out = self._repeats.note((what, *key.items()), time.monotonic())
        if left_out is None:
            return False
        if left_out:
            fields["repeated"] = left_out
        self.log_event_line(what, **fields)
        return True

    def _log_repeats(self) -> None:
        """The lines counted since the last of their kind was written, and how many."""
        self._write_repeats(time.monotonic())

    def _write_repeats(self, now: float) -> None:
        for (what, *key), left_out in self._repeats.due(now):
            self.log_event_line(what, repeated=left_out,
                                **{name: value for name, value in key if value is not None})

    def log_event(self, what: str, session: TerminalSession) -> None:
        """One line about a session: who, from where, which terminal, how long, how it ended."""
        width, height = session.size
        fields = dict(addr=session.peer, user=session.user, name=session.name,
                      key=session.fingerprint, term=session.term or "-",
                      size=f"{width}x{height}")
        if what != "start":
            fields.update(duration=f"{time.monotonic() - session.started:.1f}s",
                          ended=session.ending)
        self.log_event_line(f"session {what}", **fields)

    # ------------------------------------------------------------- sessions

    def admit(self, session: TerminalSession) -> str:
        """'' to let ``session`` in, else why not (in the session's language; the
        server's log says it in English)."""
        tr = session.tr
        if self.stopping:
            return tr("The server is stopping.")
        if len(self.sessions) >= self.config.max_sessions:
            self.log_limit(f"the server is full ({self.config.max_sessions} sessions)",
                           addr=session.peer, user=session.user)
            return tr("The server is full ({most} players). Try again later.",
                      most=self.config.max_sessions)
        refusal = self.gate.start_session(session.address)
        if refusal:
            self.log_limit(refusal, addr=session.peer, user=session.user)
            return tr("Too many sessions from your address ({most}). Try again later.",
                      most=self.limits.sessions_per_address)
        self.sessions.add(session)
        return ""

    def forget(self, session: TerminalSession) -> None:
        if session in self.sessions:
            self.sessions.discard(session)
            self.gate.end_session(session.address)

    @property
    def crash_folder(self) -> Path:
        return self.data / "crashes"

    def crashed(self, session, report: str | None, error: BaseException) -> None:
        """A session's app stopped on an internal error (in this process or a worker)."""
        self._log_crash(error, report, addr=session.peer, user=session.user)
        session.crash_report = report

    def _table_crashed(self, table: ServerTable, error: BaseException) -> None:
        """Applying an action at ``table`` failed on a bug: its report, with the match."""
        report = write_crash_report(error, table, folder=self.crash_folder)
        self._log_crash(error, report, table=table.number)

    def _table_broken(self, table: ServerTable) -> None:
        """Applying actions at ``table`` failed again and again: it closes, its match
        kept aside, and the people there go back to the lobby, told why."""
        failures = table.failures_in_a_row
        self._close_table(table, f"{failures} actions in a row failed",
                          notice=Phrase(BROKEN_TABLE_NOTICE, number=table.number))
        self._lobby_changed(table)

    def _log_crash(self, error: BaseException, report: str | None, **where) -> None:
        self.log_event_line("crash", **where, error=f"{type(error).__name__}: {error}"[:300],
                            report=report)

    def guest_name(self) -> str:
        """A name for a visitor who gave none (open mode): one nobody here has now."""
        taken = {s.name.casefold() for s in self.sessions}
        for name in self._guests:
            if name.casefold() not in taken:
                return name
        raise AssertionError("guest_names never ends")

    async def _sweep(self) -> None:
        """Now and then: close abandoned tables, disconnect idle visitors."""
        idle = self.limits.lobby_idle
        while not self.stopping:
            await asyncio.sleep(min(IDLE_SWEEP, idle / 4) if idle else IDLE_SWEEP)
            self._close_abandoned()
            self._log_repeats()
            if idle:
                # In a method of its own: a loop variable here stayed bound while the
                # sweep slept, keeping the last session's app (and its screens) alive.
                self._disconnect_idle(idle)

    def _disconnect_idle(self, idle: float) -> None:
        now = time.monotonic()
        for session in list(self.sessions):
            if session.table is None and now - session.last_input >= idle:
                self.log_limit(f"idle in the lobby for {idle:g} s", addr=session.peer,
                               user=session.user)
                tr = session.tr
                if idle >= 60:
                    farewell = tr("You were idle in the lobby for {minutes} minutes: "
                                  "come back any time!", minutes=f"{idle / 60:g}")
                else:
                    farewell = tr("You were idle in the lobby for {seconds} s: come "
                                  "back any time!", seconds=f"{idle:g}")
                session.close(farewell, f"idle in the lobby for {idle:g} s")

    def apps(self):
        """``(user, app)`` for each session whose app runs in this process."""
        return [(s.user, s.app) for s in list(self.sessions) if s.app is not None]

    # --------------------------------------------------------------- tables

    @property
    def tables(self) -> tuple[ServerTable, ...]:
        return tuple(self._tables[n] for n in sorted(self._tables))

    @property
    def lobby_tables(self) -> tuple[ServerTable, ...]:
        """The tables the lobby lists: those in play. An interrupted one waits for its
        own people, who are seated there as they log in; nobody else could join it."""
        return tuple(table for table in self.tables if not table.interrupted)

    def tables_opened_by(self, key: str) -> tuple[ServerTable, ...]:
        return tuple(t for t in self.tables if t.opener == key)

    def table(self, number: int) -> ServerTable | None:
        return self._tables.get(number)

    def create_table(self, config: PlayConfig, opener: TerminalSession | None = None
                     ) -> ServerTable:
        """Open a table playing ``config``; computers play its seats until people sit.
        ``opener`` (the session asking) may have only so many open (TableError)."""
        if opener is not None:
            opened = self.tables_opened_by(opener.key)
            if len(opened) >= self.limits.tables_per_person:
                self.log_limit(f"{len(opened)} tables opened already", addr=opener.peer,
                               user=opener.user)
                numbers = ", ".join(str(t.number) for t in opened)
                raise TableError(N_("you have opened {count} tables already ({numbers}), the "
                                    "most one person may have open"), count=len(opened),
                                 numbers=numbers)
        config = PlayConfig(config.variant, config.seats, config.seed, config.target,
                            config.mode, config.rules)
        table = self._new_table(config)
        table.opener = opener.key if opener is not None else None
        table.start()
        self.log_event_line("table opened", table=table.number, variant=config.variant,
                            seats=len(config.seats),
                            addr=opener.peer if opener is not None else None,
                            user=opener.user if opener is not None else None)
        self._lobby_changed(table)
        return table

    def _new_table(self, config: PlayConfig, record: MatchRecord | None = None) -> ServerTable:
        table = ServerTable(self._next_table, config, pace=self.config.pace,
                            hold=self.config.hold, round_pause=self.config.round_pause,
                            executor=self._executor, on_empty=self._table_empty,
                            on_seats=self._lobby_changed, show_ids=self.config.show_card_ids,
                            store=self.store, record=record,
                            on_save_problem=self._save_problem,
                            turn_seconds=self.config.turn_seconds, on_crash=self._table_crashed,
                            on_broken=self._table_broken)
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
            raise TableError(N_("that table has closed"))
        return table

    def sit_now(self, session: TerminalSession, number: int, seat: int | None = None,
                name: str | None = None) -> tuple[ServerTable, int]:
        """Seat ``session`` at table ``number`` (see :meth:`ServerTable.sit`); the table
        and the seat. Refused with :class:`TableError`, changing nothing."""
        table = self._open(number)
        self._leave_other_tables(session, table)
        seat = table.sit(session, seat, name)
        session.table = table
        return table, seat

    def watch_now(self, session: TerminalSession, number: int) -> ServerTable:
        """``session`` watches table ``number`` (refused with :class:`TableError`)."""
        table = self._open(number)
        self._leave_other_tables(session, table)
        table.watch(session)
        session.table = table
        return table

    def _leave_other_tables(self, session: TerminalSession, table: ServerTable) -> None:
        """A terminal is at one table at a time: it leaves any other first."""
        for other in self.tables:
            if other is not table and session in other.members:
                other.leave(session)
        if session.table is not table:
            session.table = None

    # The same for an app in this process, as a worker's desk offers them (awaited).

    async def sit(self, session, number, seat=None, name=None) -> tuple[ServerTable, int]:
        return self.sit_now(session, number, seat, name)

    async def watch(self, session, number) -> ServerTable:
        return self.watch_now(session, number)

    def play_now_now(self, session: TerminalSession, name: str | None = None
                     ) -> tuple[ServerTable, int]:
        """A seat for ``session`` at once: at the table with the most people waiting
        and a free seat, else at a new one (a round of classic; computers play the
        other seats until visitors sit there). Refused with TableError."""
        name = name or session.name
        waiting = sorted((t for t in self.lobby_tables if t.free_seats()),
                         key=lambda t: (-t.people_seated(), t.number))
        for table in waiting:
            try:
                return self.sit_now(session, table.number, None, name)
            except TableError:
                continue
        seats = (SeatSpec(name),) + tuple(SeatSpec(computer_name(n)) for n in (1, 2)) + (
            SeatSpec(computer_name(3), default_bot_level()),)
        table = self.create_table(PlayConfig(seats=seats, mode="single"), session)
        return self.sit_now(session, table.number, 0, name)

    async def play_now(self, session, name=None) -> tuple[ServerTable, int]:
        return self.play_now_now(session, name)

    def rename(self, session: TerminalSession, name: str) -> str:
        """``session``'s person is called ``name`` from now on; the name as kept."""
        kept = player_name(name)
        self.log_event_line("rename", addr=session.peer, user=session.user,
                            name=session.name, to=kept)
        session.name = kept
        return kept

    def remember_language(self, session: TerminalSession, lang: str) -> None:
        """``session``'s visitor reads ``lang`` from now on, here and when they come back."""
        self.languages[session.key] = parse_language(lang)

    async def open_table(self, config: PlayConfig, session=None) -> int:
        """A new table playing ``config`` (opened by ``session``): its number."""
        return self.create_table(config, session).number

    def leave(self, session: TerminalSession) -> None:
        """``session`` leaves its table on purpose (every table it is at)."""
        session.table = None
        for table in self.tables:
            if session in table.members:
                table.leave(session)

    def drop(self, session: TerminalSession) -> None:
        """``session``'s connection was lost: its seats wait for it, wherever."""
        session.table = None
        for table in self.tables:
            if session in table.members:
                table.drop(session)

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
            # Someone lost the connection and may come back: the table waits for them,
            # out of the lobby (see lobby_tables), for a while.
            table.pause()
            self.log_event_line("table interrupted", table=table.number,
                                why="nobody is left; it waits for those who lost the "
                                    "connection")
        else:
            self._close_table(table, "nobody is left")
        self._lobby_changed(table)

    def _close_table(self, table: ServerTable, why: str, notice: str = "") -> None:
        """Close ``table``: its save is kept aside (never offered again). Anyone still
        at it goes back to the lobby, saying ``notice`` (a phrase)."""
        if self._tables.get(table.number) is not table:
            return
        del self._tables[table.number]
        kept = table.discard_save(self.store.root / CLOSED_FOLDER)
        self.log_event_line("table closed", table=table.number, why=why, saved=kept)
        closed = TableChange(closed=notice or Phrase("That table has closed."))
        for member in table.members:
            if getattr(member, "table", None) is table:
                member.table = None
            member.table_changed(closed)
        if self.pool is not None:
            self.pool.table_closed(table.number)
        # Closed now (a table out of the list must not play on until a task runs);
        # its tasks are waited for in the background.
        table.shut()
        asyncio.get_running_loop().create_task(table.close())

    def _close_abandoned(self) -> None:
        """Close the interrupted tables nobody came back to in time."""
        wait = max(self.config.hold, ABANDONED_WAIT)
        now = time.monotonic()
        for table in self.tables:
            since = table.interrupted_since
            if table.interrupted and since is not None and now - since >= wait \
                    and not table.members:
                self._close_table(table, f"nobody came back in {wait:g} s")
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
        self._write_repeats(float("inf"))
        self.log_line(Phrase("stopping ({reason})", reason=reason))
        if self._server is not None:
            self._server.close()
        if self._room_timer is not None:
            self._room_timer.cancel()
            self._room_timer = None
        for doorman in list(self.waiting):
            self._forget_waiter(doorman)
            doorman.send_away()
        # First the tables stop, so that nothing (a computer taking over a seat whose
        # person is told goodbye) plays on after the last save.
        for table in list(self._tables.values()):
            await table.close()
        for path in self.save_tables():
            self.log_line(f"saved {path}")
        for table in self.tables:       # let go of the matches' files (their locks)
            if table.recorder is not None:
                table.recorder.close()
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
        if self._sweeper is not None:
            self._sweeper.cancel()
        self._collector.stop()
        if self._collector.collections:
            self.log_line(f"{self._collector.collections} full garbage collections were run "
                          "while the server was quiet")
        for handler in list(self._log.handlers):
            handler.close()
            self._log.removeHandler(handler)


def _problem(exc: Exception) -> str:
    """What is wrong with a file the server reads: the system's reason (in the reader's
    words) for an ``OSError``, else what the error says."""
    return os_reason(exc) if isinstance(exc, OSError) else str(exc)


def _open_fds() -> int:
    """File descriptors this process has open now (a guess where /proc is missing)."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return FD_RESERVE


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
