"""A server on a free loopback port and SSH clients for it, for the server tests.

Clients are real asyncssh connections with a PTY: keys go over SSH, and every byte
the server sends back is kept (``Client.received``) for the leak scans. What a
client's screen shows is read from its app on the server side.
"""

from __future__ import annotations

import asyncio
import io
import re
from contextlib import asynccontextmanager
from dataclasses import replace
from time import monotonic
from typing import Callable

import asyncssh
from textual.css.query import NoMatches

from tests.app.helpers import screen_text
from uno_tui.app.screens.dialog import Dialog
from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.screens.round_result import RoundResultScreen
from uno_tui.app.widgets.hand import HandView
from uno_tui.config import PlayConfig, SeatSpec
from uno_tui.engine import DecisionKind, Draw, Game, Play
from uno_tui.server.client import ClientTableScreen
from uno_tui.server.host import Host, ServeConfig

#: The longest any wait lasts; only a broken server takes this long.
WAIT_LIMIT = 30.0
#: A card id as printed with show_card_ids.
CARD_ID = re.compile(r"#(\d+)")
#: A card id whose digits stop at an escape sequence: a widget that sends only the cells
#: that changed may have left the rest of the number on the screen from before ("#86"
#: becoming "#96" is sent as "#9" and a cursor move), so only its first digits are known.
CUT_CARD_ID = re.compile(r"#(\d+)(?=\x1b)")
WHOLE_CARD_ID = re.compile(r"#(\d+)(?![\d\x1b])")


def config_for(tmp_path, **overrides) -> ServeConfig:
    base = ServeConfig(host="127.0.0.1", port=0, data_dir=tmp_path, pace=0.0,
                       round_pause=60.0, hold=60.0, show_card_ids=True, turn_seconds=0.0)
    return replace(base, **overrides)


@asynccontextmanager
async def serving(tmp_path, **overrides):
    """A started :class:`Host` on a free port; stopped afterwards."""
    log = io.StringIO()
    host = Host(config_for(tmp_path, **overrides), stderr=log)
    host.test_log = log
    await host.start()
    try:
        yield host
    finally:
        await host.stop("test over")


def people(*names: str, computers: int = 0, **settings) -> PlayConfig:
    """A table config: people's seats called ``names``, then ``computers`` computers."""
    seats = tuple(SeatSpec(n) for n in names) + tuple(
        SeatSpec(f"CPU {n}", "normal") for n in range(1, computers + 1))
    return PlayConfig(seats=seats, mode=settings.pop("mode", "single"),
                      seed=settings.pop("seed", 7), **settings)


async def wait_until(condition: Callable[[], bool], what: str, limit: float = WAIT_LIMIT):
    deadline = monotonic() + limit
    while not condition():
        if monotonic() > deadline:
            raise AssertionError(f"waited in vain for {what}")
        await asyncio.sleep(0.01)


class Client:
    """One SSH client with a PTY; ``received`` is every byte the server sent it."""

    def __init__(self, host: Host, name: str) -> None:
        self.host = host
        self.name = name
        self.received = bytearray()
        self.conn: asyncssh.SSHClientConnection | None = None
        self.process = None
        self._reader: asyncio.Task | None = None
        self.changed = asyncio.Event()
        #: The login that takes this client's seats back after a drop (NAME+TOKEN).
        self.comeback: str | None = None
        #: What the tables hold its seats by (its identity).
        self.seat_key: str | None = None
        #: The screen's text as last drawn (see text), and what it was drawn for.
        self._text = ""
        self._text_key: tuple | None = None

    async def connect(self, size=(100, 32), term="xterm-256color",
                      window: int = 2 * 1024 * 1024, password: str | None = None,
                      port: int | None = None, env: dict[str, str] | None = None
                      ) -> "Client":
        """Connect (to ``port`` if given: a proxy in front of the host; ``env``: the locale
        variables ssh's SendEnv would send); with render
        workers (whose apps the test can't read) wait for the first screen's bytes
        instead of the app."""
        # In open mode any password does (plain ssh gets in by keyboard-interactive,
        # which asyncssh's client does not offer unasked).
        if password is None and self.host.config.open:
            password = "guest"
        self.conn = await asyncssh.connect("127.0.0.1", port or self.host.port,
                                           username=self.name, known_hosts=None,
                                           client_keys=None, agent_path=None,
                                           password=password)
        self.process = await self.conn.create_process(term_type=term, term_size=size,
                                                      encoding=None, window=window,
                                                      env=env or {})
        self._reader = asyncio.create_task(self._read())
        await wait_until(lambda: self.session is not None, f"{self.name}'s session")
        session = self.session
        self.comeback = session.identity.comeback_login(session.name)
        self.seat_key = session.key
        if self.host.pool is not None:
            await wait_until(lambda: self.session is not None and self.session.link is not None
                             and self.received, f"{self.name}'s first screen")
            return self
        await wait_until(lambda: self.app is not None and self.app.is_running
                         and self.app.screen is not None, f"{self.name}'s app")
        return self

    async def until(self, text: bytes, since: int = 0) -> None:
        """Wait until ``text`` is among what the server sent from offset ``since``."""
        await wait_until(lambda: text in self.received[since:], f"{text!r} at {self.name}")

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    return
                self.received += data
                self.changed.set()
        except (asyncssh.Error, OSError, asyncio.CancelledError):
            return

    @property
    def session(self):
        for session in self.host.sessions:
            if session.user == self.name:
                return session
        return None

    @property
    def app(self):
        session = self.session
        return session.app if session is not None else None

    @property
    def screen(self):
        return self.app.screen

    def text(self) -> str:
        """The text on this client's screen, as of the last frame the server sent it.

        Drawing it costs about 7 ms, and waits ask every 10 ms, on the event loop the
        server runs on: it is drawn again only once the server has sent the terminal
        more output (a screen whose text changes is drawn and sent), else the last
        drawing is the answer."""
        app = self.app
        session = self.session
        key = (id(app), id(app.screen), app.size, session.bytes_sent)
        if key != self._text_key:
            # The app runs in the session's task; read it inside the app's own context.
            with app._context():
                self._text = screen_text(app)
            self._text_key = key
        return self._text

    def keys(self, data: str) -> None:
        self.process.stdin.write(data.encode())

    async def at_table(self) -> ClientTableScreen:
        await wait_until(lambda: isinstance(self.app.screen, ClientTableScreen),
                         f"{self.name} at the table")
        return self.app.screen

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            await self.conn.wait_closed()
        if self._reader is not None:
            await self._reader

    def abort(self) -> None:
        """Drop the connection without a goodbye (a cable pulled)."""
        self.conn.abort()

    async def stop_reading_until_dropped(self) -> None:
        """Stop reading (the SSH window fills up) and have the server redraw this
        terminal's whole screen, by resizes, until it drops it for its backlog."""
        self._reader.cancel()
        session = self.session
        for size in range(60):
            session.terminal_size_changed(100 + size % 2, 32, 0, 0)
            await asyncio.sleep(0.02)
            if session.ending:
                break
        await wait_until(lambda: session.ending == "dropped: output backlog", "the drop")


async def sit_from_the_lobby(client: Client, shown: bytes, keys: str) -> None:
    """Once ``shown`` is on ``client``'s screen (its bytes: a render worker's app can't
    be read), press ``keys`` and wait until the host has seated it."""
    await client.until(shown)
    client.keys(keys)
    await wait_until(lambda: client.session.table is not None
                     and client.session.table.seats_of(client.session),
                     f"{client.name} seated")


def fail_every_computer_answer(table) -> None:
    """From now on every computer's answer at ``table`` fails as it is applied (a bug
    that repeats: the computer is asked again at every pace), from a position where a
    computer at seat 2 is to play."""
    def fails(*answer):
        raise RuntimeError("a bug in applying a computer's answer")
    table.ctl.apply_bot = fails
    table.use_position(Game.from_position(
        "classic", hands=[["R5", "G7"], ["B1", "B2"], ["G1", "G2"]], top="R3", current=2))


def table_screen(client: Client) -> ClientTableScreen | None:
    for screen in client.app.screen_stack:
        if isinstance(screen, ClientTableScreen):
            return screen
    return None


def hand_cards(client: Client) -> tuple:
    """The cards in the hand on ``client``'s table screen, in the order shown."""
    screen = table_screen(client)
    if screen is None:
        return ()
    with client.app._context():
        try:
            return screen.query_one(HandView).cards
        except NoMatches:   # not composed yet
            return ()


def key_moment(app) -> tuple:
    """What the keys of :func:`keys_for` answer: an autopilot presses them once per
    moment. The table's version, its deal, the screen, and the question open inline (a
    prompt may ask a second one, Wild Drawn Together's second player, with the table
    unchanged: keyed on the table alone, nobody answered it and the table waited)."""
    table = app.server_table
    screen = app.screen
    question = screen._answer if isinstance(screen, ClientTableScreen) and screen.asking \
        else None
    return table.version, table.deal, type(screen).__name__, question


def shows_hand(client: Client, *codes: str) -> bool:
    """True when ``client``'s hand shows the cards ``codes`` and no others: a position's
    hand, not the one the computers standing in had left (as many cards, maybe)."""
    return sorted(card.face.code for card in hand_cards(client)) == sorted(codes)


def keys_for(app) -> tuple[str, int | None] | None:
    """The keys the person at ``app``'s terminal would press now, and the id of the card
    they play (None for other keys); None when it is not their moment.

    A playable card is picked by its number key and played with Enter; with none, d
    draws; a dialog gets 1 (its first option); a question asked inline, Enter (its
    highlighted first answer); a handoff or the round's result, Enter.
    """
    screen = app.screen
    if isinstance(screen, (RoundResultScreen, HandoffScreen)):
        return "\r", None
    if isinstance(screen, Dialog):
        return "1", None
    if isinstance(screen, ClientTableScreen) and screen.asking:
        # A question asked inline: its first answer, highlighted when it opens. Not its
        # digit 1: a question about players numbers them by seat, and seat 1, asked
        # whom to point at, has no option 1 (the key did nothing and the vote waited).
        return "\r", None
    if not isinstance(screen, ClientTableScreen) or not screen.awaiting_turn \
            or screen.ctl.pending:
        return None
    seat = screen.viewer
    game = screen.ctl.game
    if game.is_over or game.decision.seat != seat or game.decision.kind != DecisionKind.TURN:
        return None
    with app._context():
        try:
            cards = screen.query_one(HandView).cards
        except NoMatches:
            return None
    legal = game.legal_actions(seat)
    for index, card in enumerate(cards[:9]):
        if Play(seat, card.id) in legal:
            return f"{index + 1}\r", card.id
    if Draw(seat) in legal:
        return "d", None
    return None


def log_entries(client: Client) -> list[str]:
    """The lines of the log on ``client``'s table screen, unwrapped."""
    from uno_tui.app.widgets.log import GameLog

    screen = table_screen(client)
    if screen is None:
        return []
    with client.app._context():
        try:
            return list(screen.query_one(GameLog).entries)
        except NoMatches:
            return []


def play_a_step(client: Client) -> bool:
    """Send the keys this client's person would press now; False when nothing to do."""
    keys = keys_for(client.app)
    if keys is None:
        return False
    client.keys(keys[0])
    return True


class CardWatch:
    """Which cards each seat may have seen: every card the table has seen (played,
    turned up, discarded) and, per seat, every card that has been in its hand.

    Wraps the table controller's ``apply`` and its deals, so it sees each change as it
    is made, events as the public sees them (``Event.for_seat(None)``).
    """

    def __init__(self, table) -> None:
        ctl = table.ctl
        self.ctl = ctl
        self.public: set[int] = set(ctl.game.discard)
        self.held: dict[int, set[int]] = {seat: set() for seat in range(ctl.players)}
        self._note(ctl.game.opening_events)
        apply, next_round, restart = ctl.apply, ctl.next_round, ctl.restart

        def watched_apply(action):
            lines = apply(action)
            self._note(ctl.last_events)
            return lines

        def watched_next_round():
            lines = next_round()
            self._note(ctl.game.opening_events)
            return lines

        def watched_restart():
            restart()
            self._note(ctl.game.opening_events)

        ctl.apply, ctl.next_round, ctl.restart = watched_apply, watched_next_round, watched_restart

    def note_position(self) -> None:
        """The table now plays on from a position (``ServerTable.use_position``)."""
        self.public.update(self.ctl.game.discard)
        self._note(self.ctl.game.opening_events)

    def _note(self, events) -> None:
        for event in events:
            self.public.update(event.for_seat(None).cards)
        for seat, hand in enumerate(self.ctl.game.hands):
            self.held[seat].update(hand)
        if self.ctl.game.is_over:   # the count lays every hand open
            for hand in self.ctl.game.hands:
                self.public.update(hand)

    def leaks(self, received: bytes, seats: tuple[int, ...]) -> set[int]:
        """Card ids in ``received`` that the holder of ``seats`` never could see (an id
        cut short by an escape sequence counts when no card they may see begins so)."""
        text = received.decode("utf-8", "replace")
        allowed = self.public.union(*(self.held[s] for s in seats))
        whole = {int(n) for n in WHOLE_CARD_ID.findall(text)} - allowed
        may_see = [str(card) for card in allowed]
        cut = {int(n) for n in CUT_CARD_ID.findall(text)
               if not any(card.startswith(n) for card in may_see)}
        return whole | cut

    def own(self, received: bytes, seat: int) -> set[int]:
        """The ids of ``seat``'s own cards found in ``received`` (the scan's control)."""
        shown = {int(n) for n in CARD_ID.findall(received.decode("utf-8", "replace"))}
        return shown & (self.held[seat] - self.public)


async def ssh_terminal(port: int, name: str = "ann", size: tuple[int, int] = (100, 32)):
    """A real SSH client at a server subprocess: ``(conn, process, until)``, where
    ``await until(b"text")`` reads the terminal's output until ``text`` has come."""
    conn = await asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None,
                                  client_keys=None)
    process = await conn.create_process(term_type="xterm-256color", term_size=size,
                                        encoding=None)
    received = bytearray()

    async def until(text: bytes) -> None:
        while text not in received:
            data = await asyncio.wait_for(process.stdout.read(65536), 30)
            if not data:
                raise AssertionError(f"closed before {text!r}")
            received.extend(data)
    return conn, process, until


async def typing_ahead(port: int, keys: bytes, name: str = "ann",
                       size: tuple[int, int] = (100, 32)):
    """A client that sends ``keys`` right behind its shell request, without waiting for
    the answer, as OpenSSH sends what was typed ahead (``ssh -tt host < keys``): the
    server has them before the session's app has started. ``(conn, process)``."""
    conn = await asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None,
                                  client_keys=None, agent_path=None)
    channel_class = asyncssh.channel.SSHClientChannel
    make_request = channel_class._make_request

    async def shell_then_keys(chan, request: bytes, *args: bytes):
        if request != b"shell":
            return await make_request(chan, request, *args)
        reply = asyncio.ensure_future(make_request(chan, request, *args))
        await asyncio.sleep(0)          # the request is on its way: the keys go behind it
        chan.write(keys)
        return await reply

    channel_class._make_request = shell_then_keys
    try:
        process = await conn.create_process(term_type="xterm-256color", term_size=size,
                                            encoding=None)
    finally:
        channel_class._make_request = make_request
    return conn, process
