"""One SSH session: a PTY channel with its own app, in this process or in a render worker."""

from __future__ import annotations

import asyncio
import codecs
import time
from typing import TYPE_CHECKING

import asyncssh

from ..i18n import CHOSEN_LANGUAGE, N_, Translator, language_from_environment, translator
from .identity import Identity, chosen_name, player_name, split_login
from .roles import WORKER_LOST

if TYPE_CHECKING:
    from .client import ClientApp
    from .unread import UnreadOutput
    from .driver import ChannelDriver
    from .roles import HostRole, LinkRole
    from .table import ServerTable, TableChange

__all__ = ["TerminalSession", "player_name", "NO_PTY_MESSAGE", "NO_COMMANDS_MESSAGE"]

# The last words a client reads are English here, and said in the session's language
# when they are written (see TerminalSession.tr).
NO_PTY_MESSAGE = N_("uno-tui needs a terminal: connect with plain 'ssh -p PORT HOST' "
                    "(or add -t), not with a command or a pipe.")
NO_COMMANDS_MESSAGE = N_("uno-tui runs no commands: connect with plain 'ssh -p PORT HOST' "
                         "to play.")
#: Bytes a terminal may send per second (a paste, a burst of escape sequences) before
#: the rest is dropped unread: far more than any typing, far less than a flood.
INPUT_BYTES_PER_SECOND = 16_384
CRASH_MESSAGE = N_("Sorry: the game stopped on an internal error (the server kept a "
                   "report). Connect again to take your seat back.")
LOST_MESSAGE = N_("The server lost the process drawing your screen. Connect again to take "
                  "your seat back.")
THANKS_MESSAGE = N_("Thanks for playing.")


class TerminalSession(asyncssh.SSHServerSession):
    """A connection's terminal: feeds its keys to the app's driver, carries its output.

    It is also the table's :class:`~uno_tui.server.table.Member` for the person (or
    people) at this terminal. Its app runs here (``app``) or in a render worker
    (``link``), which then gets the keys and sends the output.
    """

    def __init__(self, host: "HostRole", user: str, key: str | None, peer: str) -> None:
        from .limits import InputRate
        from .typeahead import TypeAhead

        self.host = host
        self.user = user
        login, token = split_login(user)
        #: Who this is: the key's fingerprint, else a token (brought back, or new).
        self.identity = Identity.of(key, token)
        if host.config.open:
            self.name = chosen_name(login) or host.guest_name()
        else:
            self.name = player_name(login)
        #: The SSH key's fingerprint, if the client logged in with one.
        self.fingerprint = key
        #: What the tables hold a seat by (the Member protocol's ``key``): the identity.
        self.key = self.identity.seat_key
        self.peer = peer
        self.address = peer.rpartition(":")[0] or peer
        #: When the client last typed (monotonic): the lobby's idle limit counts from it.
        self.last_input = time.monotonic()
        self._bytes_in = InputRate(INPUT_BYTES_PER_SECOND)
        #: The keys this terminal may type per second (its app's driver drops the rest).
        self.input_rate = InputRate(host.limits.keys_per_second)
        #: The crash report of this session's app, if it stopped on an internal error.
        self.crash_report: str | None = None
        #: The last words for the client when the server ends the session.
        self._farewell: str | None = None
        #: A command the client asked to run instead of a shell (refused).
        self.command: str | None = None
        self.term: str | None = None
        self.size: tuple[int, int] = (80, 24)
        self.env: dict[str, str] = {}
        self.started = time.monotonic()
        self.ending = ""
        self.app: "ClientApp | None" = None
        #: The render worker drawing this session's app, if not this process.
        self.link: "LinkRole | None" = None
        #: The table this session is at (seated or watching), as the host sees it.
        self.table: "ServerTable | None" = None
        self._chan: asyncssh.SSHServerChannel | None = None
        #: What of the output the client has not taken (see unread.UnreadOutput).
        self._unread: "UnreadOutput | None" = None
        self._unread_timer: asyncio.TimerHandle | None = None
        self._driver: "ChannelDriver | None" = None
        #: Where the client's input goes: this process's driver or a worker's link,
        #: and until one takes it (the app is starting), kept for it.
        self.input = TypeAhead()
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._task: asyncio.Task | None = None
        self._closed = False
        #: Bytes sent to the client (for measurements).
        self.bytes_sent = 0

    @property
    def tr(self) -> Translator:
        """The words of this session's visitor: the language they switched to in the
        lobby, else the one their client asks for (SendEnv LANG, Accept-Language)."""
        return translator(self.language)

    @property
    def language(self) -> str:
        """This session's language (see :attr:`tr`); the server's ``--lang`` when the
        client names none."""
        return (self.host.languages.get(self.key)
                or language_from_environment(self.env, self.host.config.lang))

    # ----------------------------------------------------------- SSH events

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self._chan = chan

    def pty_requested(self, term_type: str, term_size, term_modes) -> bool:
        self.term = term_type
        width, height = term_size[0], term_size[1]
        if width and height:
            self.size = (width, height)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        # Accepted only to be refused with a line the client sees (a refused request
        # would end in the client's own less clear words).
        self.command = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self.host.log_event_line("subsystem refused", addr=self.peer, user=self.user,
                                 command=subsystem)
        return False

    def session_started(self) -> None:
        chan = self._chan
        try:
            self.env = dict(chan.get_environment())
        except Exception:
            self.env = {}
        if self.command is not None:
            self.host.log_event_line("exec refused", addr=self.peer, user=self.user,
                                     key=self.fingerprint, command=self.command[:200])
            self._refuse(NO_COMMANDS_MESSAGE, "a command, refused")
            return
        if self.term is None:
            self._refuse(NO_PTY_MESSAGE, "no terminal")
            return
        refusal = self.host.admit(self)
        if refusal:
            self._refuse(refusal, "server full")
            return
        self.host.log_event("start", self)
        self._watch_unread(chan)
        self._task = asyncio.create_task(self._run(), name=f"session {self.name}")

    def data_received(self, data: bytes, datatype) -> None:
        self.last_input = time.monotonic()
        if not self._bytes_in.allow(min(len(data), self._bytes_in.burst)):
            return      # a flood: dropped unread (the app's own rate drops excess keys)
        text = self._decoder.decode(data)
        if text:
            self.input.feed(text)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        if width and height:
            self.size = (width, height)
            if self.link is not None:
                self.link.send(("resize", id(self), width, height))
            elif self._driver is not None:
                self._driver.resize(width, height)

    def eof_received(self) -> bool:
        return False

    def break_received(self, msec: int) -> bool:
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        self._stop_watching_unread()
        if not self.ending:
            # How it was lost, when asyncssh says more than that (e.g. "Client not
            # responding to keepalive": a frozen client).
            said = str(exc or "").strip()
            self.ending = "connection lost" + (
                f" ({said})" if said and said.lower() != "connection lost" else "")
        self.host.drop(self)
        self._end_app()

    def _end_app(self) -> None:
        if self.link is not None:
            self.link.send(("close", id(self)))
        elif self.app is not None:
            self.app.exit()

    # --------------------------------------------------------- the terminal

    def attach(self, driver: "ChannelDriver | None") -> None:
        self._driver = driver
        self.input.attach(driver.feed if driver is not None else None)

    def write(self, data: str) -> None:
        """Terminal output for the client; a client that stops reading is dropped."""
        self.write_bytes(data.encode("utf-8", "replace"))

    def write_bytes(self, payload: bytes) -> None:
        """Encoded terminal output for the client (from this process or a worker)."""
        chan = self._chan
        if self._closed or chan is None:
            return
        self.bytes_sent += len(payload)
        self.host.last_output = time.monotonic()
        try:
            chan.write(payload)
        except Exception:
            self._closed = True
            return
        if self._unread is not None:
            why = self._unread.wrote(len(payload), time.monotonic())
            if why:
                self._drop_now(why)

    # A client that keeps typing but reads nothing answers every keepalive (asyncssh
    # counts any packet received as an answer), so the output it leaves is watched too.

    def _watch_unread(self, chan: asyncssh.SSHServerChannel) -> None:
        from .unread import UNREAD_KEEPALIVES, UnreadOutput

        keepalive = self.host.config.keepalive
        self._unread = UnreadOutput(chan, self.host.config.backlog_limit,
                                    UNREAD_KEEPALIVES * keepalive)
        if keepalive:
            self._check_unread_later(keepalive / 2)

    def _check_unread_later(self, every: float) -> None:
        self._unread_timer = asyncio.get_running_loop().call_later(
            every, self._check_unread, every)

    def _check_unread(self, every: float) -> None:
        self._unread_timer = None
        if self._closed or self._unread is None:
            return
        why = self._unread.check(time.monotonic())
        if why:
            self._drop_now(why)
        else:
            self._check_unread_later(every)

    def _stop_watching_unread(self) -> None:
        if self._unread_timer is not None:
            self._unread_timer.cancel()
            self._unread_timer = None

    def _drop_now(self, why: str) -> None:
        """The client stopped reading: its seats wait for it, and its whole SSH
        connection goes (a channel closed alone left the connection, and every other
        channel the client opened, in place)."""
        if not self.ending:
            self.ending = why
        self._closed = True
        self._stop_watching_unread()
        self.host.log_event_line("drop", addr=self.peer, user=self.user,
                                 key=self.fingerprint, why=why)
        self.host.drop(self)
        chan = self._chan
        if chan is None:
            return
        from .unread import connection_of

        connection = connection_of(chan)
        if connection is not None:
            connection.abort()
        else:
            chan.abort()

    # ---------------------------------------------------------- the table

    def table_changed(self, change: "TableChange") -> None:
        if self.link is not None:
            self.link.table_changed(self, change)
        elif self.app is not None:
            self.app.table_changed(change)

    def lobby_changed(self) -> None:
        if self.app is not None:
            self.app.lobby_changed()

    # ---------------------------------------------------------------- app

    async def _run(self) -> None:
        from .client import ClientApp

        host = self.host
        farewell = None
        chosen = host.languages.get(self.key)
        if chosen:
            # The language this visitor switched to before: stronger than their locale.
            self.env[CHOSEN_LANGUAGE] = chosen
        try:
            table = host.seat_returning(self)
            if host.pool is not None and host.pool.links:
                ending = await host.pool.run(self, table)
                if ending and not self.ending:
                    self.ending = ending
                if ending == WORKER_LOST:
                    # Not left on purpose: the seat waits as for a lost connection.
                    host.drop(self)
                    farewell = LOST_MESSAGE
            else:                       # in this process (also once no worker is left)
                self.app = ClientApp(host, self, table)
                await self.app.run_async(size=self.size)
        except Exception as exc:  # one session's failure must not reach the server
            self.ending = self.ending or f"error: {exc!r}"
        finally:
            if self.crash_report is not None or self.ending.startswith("error"):
                # Not left on purpose: the seat waits as for a lost connection.
                host.drop(self)
                self.ending = f"crash: {self.crash_report or self.ending}"
                farewell = farewell or CRASH_MESSAGE
            else:
                host.leave(self)
            if not self.ending:
                self.ending = "left"
            self._finish(farewell or self._farewell or (
                host.goodbye if host.stopping else THANKS_MESSAGE))

    def close(self, message: str, ending: str) -> None:
        """End the session from the server's side (e.g. the server stops), saying
        ``message`` (English, said in the session's language)."""
        if not self.ending:
            self.ending = ending
        self._farewell = message
        if self._task is not None and not self._task.done():
            self._end_app()
        else:
            self._finish(message)

    def _refuse(self, message: str, ending: str) -> None:
        self.ending = ending
        self.host.log_event("refused", self)
        self._finish(message, status=1)

    def _finish(self, message: str, status: int = 0) -> None:
        chan = self._chan
        self.host.forget(self)
        if not self._closed and chan is not None:
            try:
                chan.write((self.tr(message) + "\r\n").encode())
                chan.exit(status)
            except Exception:
                pass
        self._closed = True
        if self._task is not None:
            self.host.log_event("end", self)

    async def wait_closed(self) -> None:
        """Wait for the session's app to finish."""
        if self._task is not None:
            try:
                await self._task
            except Exception:
                pass
