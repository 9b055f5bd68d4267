"""The app each SSH session runs: the lobby, then the app's own table screen over a
seat (or a few) at a server table.

The seam with the hot-seat app: :class:`~uno_tui.app.screens.table.TableScreen`
talks to a table controller. In hot seat that is a ``TableController`` over a local
match; here it is a :class:`SeatController`, which sends the terminal's choices to the
table and never applies anything itself. The table's changes arrive as
:class:`TableChanged` messages, after which the screen redraws and asks this
terminal's people for their next decision, if any.

The app runs in the host's process (its table is the
:class:`~uno_tui.server.table.ServerTable` itself) or in a render worker (a
:class:`~uno_tui.server.replica.TableMirror` of it). Either way it reaches the tables
through a *desk* (``app.host``): the :class:`~uno_tui.server.host.Host`, or the
worker's :class:`~uno_tui.server.worker.WorkerDesk`. Sitting down, watching and opening
a table are answered by the host, so they are awaited.
"""

from __future__ import annotations

import io
import time
from dataclasses import replace

from rich.console import Console
from textual import on
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widget import MountError

from ..app.app import UnoApp
from ..app.controller import TableController
from ..app.screens.setup import SetupScreen
from ..app.screens.table import TableScreen
from ..app.widgets.hand import HandView
from ..app.widgets.log import GameLog
from ..app.widgets.prompt import refused
from ..config import PlayConfig, SeatSpec, computer_name, default_bot_level
from ..engine import Action, Challenge, Play
from .driver import ChannelDriver, color_system_for
from .table import Submission, TableChange, TableError

__all__ = ["SeatController", "ClientTableScreen", "ClientApp", "NewTableScreen", "TableChanged"]


class TableChanged(Message):
    """The server table moved on: the screen's queued changes wait for it."""


class SeatController(TableController):
    """The table controller of one terminal at a server table.

    It reads the shared match through the views of the seats this terminal holds
    (``humans``); everything it is asked to do goes to the table's queue. Computers
    are the table's business, so the screen sees none to run.
    """

    def __init__(self, table, member) -> None:
        # No match of its own: the table holds the one match everybody plays.
        self.table = table
        self.member = member
        config = table.config
        self.variant = config.variant
        self.target = config.target
        self.mode = config.mode
        self.rules = frozenset(config.rules)
        self.seed = config.seed
        self.show_ids = table.show_ids
        self.bots = {}
        #: True from a submission until the table answers it.
        self.pending = False
        #: The seat that challenged in the submission in flight (its hand reveal follows).
        self.challenger: int | None = None

    # What the screen reads, always the table's current state.
    match = property(lambda self: self.table.ctl.match)
    names = property(lambda self: self.table.ctl.names)
    log = property(lambda self: self.table.ctl.log)
    narrator = property(lambda self: self.table.ctl.narrator)
    last_events = property(lambda self: self.table.ctl.last_events)
    seats = property(lambda self: self.table.seat_specs())

    def last_events_for(self, seat: int):
        """The table's last events as ``seat`` saw them."""
        return self.table.ctl.last_events_for(seat)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats this terminal holds."""
        return self.table.seats_of(self.member)

    def is_human(self, seat: int) -> bool:
        """True when ``seat`` is played at this terminal."""
        return seat in self.humans

    def apply(self, action: Action) -> list[str]:
        """Send ``action`` to the table; the lines arrive with the table's change."""
        if type(action) is Challenge:
            self.challenger = action.seat
        self._submit(Submission((action,)))
        return []

    def play(self, seat: int, card: int, call_uno: bool = False) -> list[str]:
        self._submit(Submission((Play(seat, card),), call_uno=call_uno))
        return []

    def _submit(self, submission: Submission) -> None:
        self.pending = True
        self.table.submit(self.member, submission)

    def bot_pending(self) -> bool:
        return False

    def bot_turns(self) -> list:
        return []

    def finish_round(self):
        """The round the table has scored."""
        return self.table.summary

    def next_round(self) -> list[str]:
        """Tell the table this terminal has seen the result; it deals when all have."""
        self.table.ready(self.member)
        return []

    def restart(self) -> None:
        self.table.ready(self.member)

    def use_position(self, game) -> None:
        raise TableError("a server table plays its own match")

    def close_uno_window(self, game, opened: int) -> None:
        """The server table keeps the clock of ``catch-window:N``: a terminal closes no
        window (it hears of it, and reads its log line, with the table's change)."""
        return None


class ClientTableScreen(TableScreen):
    """The app's table screen over a :class:`SeatController`: it waits for the table
    instead of running computers, and prompts only for this terminal's seats."""

    ctl: SeatController
    #: Built at once: the table's changes are drawn into its widgets as they come.
    builds_beneath_handoff = False
    BINDINGS = [Binding("plus", "add_person", "Another player here", key_display="+"),
                Binding("a", "mark_away", "Mark away"),
                # It leaves the table for the lobby (after a confirm), not the program.
                Binding("q", "request_quit", "Leave")]

    def __init__(self, controller: SeatController, returning: bool = False) -> None:
        super().__init__(controller, pace=0, held=frozenset(controller.humans))
        #: Back at a kept seat after a lost connection.
        self._returning = returning
        self._round_seen: int | None = None
        #: Changes from the table not yet drawn; one TableChanged message is on its way.
        self._changes: list[TableChange] = []

    def take_change(self, change: TableChange) -> None:
        """Queue a change from the table (on the loop, never blocking).

        Changes that come while the screen is busy are drawn together: each terminal
        redraws once however many changes the table made meanwhile (eight terminals
        share one event loop, so a redraw saved is time the others get).
        """
        self._changes.append(change)
        if len(self._changes) == 1 and not self.post_message(TableChanged()):
            self._changes.clear()      # the screen is closing: nothing more to draw

    def _refresh_footer(self) -> None:
        super()._refresh_footer()
        free = bool(self.ctl.table.free_seats())
        if free != getattr(self, "_free_shown", None):
            self._free_shown = free
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "add_person":
            return bool(self.ctl.table.free_seats())
        if action == "mark_away":
            return self._absent_seat() is not None
        return super().check_action(action, parameters)

    def on_mount(self) -> None:
        # The log is drawn from the table's whole log as the screen mounts
        # (TableScreen.on_mount): the lines of changes that came while the screen was
        # being put up are in it already (they were shown twice).
        self._changes = [replace(change, lines=(), fresh=False) for change in self._changes]
        if self._returning:
            # No card picked until a key picks one, as after a handoff: the Enter a
            # person presses to see where they are must not play a card.
            self.query_one(HandView).unpick()
        # The countdowns in the prompt line (the turn timer's, a kept seat's), every
        # second: the prompt only.
        self.set_interval(1.0, self._tick_countdown)

    def _tick_countdown(self) -> None:
        table = self.ctl.table
        if not self.is_active:
            return
        shown = self.state.held if self.state is not None else ()
        if table.held_seats() or any(second is not None for second in shown):
            # A kept seat's panel counts down too (the widgets redraw what changed).
            self.state = self.table_state()
        if table.turn_deadline is not None or table.held_seats():
            self._refresh_prompt()

    def _countdown(self) -> str:
        """' · 23 s left' while the turn timer runs, else ''."""
        table = self.ctl.table
        deadline = table.turn_deadline
        if deadline is None or table.turn_seat is None:
            return ""
        left = max(0, round(deadline - time.monotonic()))
        return " · " + self.app.tr("{seconds} s left", seconds=left)

    def _held_notes(self, waited_on: int | None) -> list[str]:
        """One note for each seat kept for a person who lost the connection, with the
        seconds the seat stays kept (``waited_on``'s aside: its prompt says it)."""
        now = time.monotonic()
        names = self.ctl.names
        return [self.app.tr("{name} lost the link: seat kept {seconds} s", name=names[seat],
                            seconds=max(0, round(until - now)))
                for seat, until in sorted(self.ctl.table.held_seats().items())
                if seat != waited_on and seat < len(names)]

    def _waiting_for_held(self, decider: int, until: float) -> str:
        """The prompt while the table waits on a seat kept for a person who lost the
        connection: how long it stays kept, the turn timer's seconds, and ``a`` for the
        table's creator (a computer plays it at once)."""
        tr = self.app.tr
        name = self.ctl.names[decider]
        held = max(0, round(until - time.monotonic()))
        countdown = self._countdown()
        if self._absent_seat() is not None:
            return "\n".join((
                tr("Waiting for {name}, who lost the link: seat kept {seconds} s{countdown} "
                   "(a: mark them away)…", name=name, seconds=held, countdown=countdown),
                tr("{name} lost the link: seat kept {seconds} s{countdown} (a: mark away)",
                   name=name, seconds=held, countdown=countdown),
                tr("{name}: link lost, kept {seconds} s{countdown} (a)", name=name,
                   seconds=held, countdown=countdown)))
        return "\n".join((
            tr("Waiting for {name}, who lost the link: seat kept {seconds} s{countdown}…",
               name=name, seconds=held, countdown=countdown),
            tr("{name}: link lost, kept {seconds} s{countdown}", name=name, seconds=held,
               countdown=countdown)))

    def on_key(self, event) -> None:
        # Back at the keyboard after a computer stood in (timeouts, or marked away).
        ctl = self.ctl
        if set(ctl.humans) & set(ctl.table.asleep):
            ctl.table.wake(ctl.member)

    def _absent_seat(self) -> int | None:
        """The seat of a person at another terminal the table waits on, which this
        terminal's person (who opened the table) may mark away; else None."""
        ctl = self.ctl
        table = ctl.table
        if table.opener is None or table.opener != ctl.member.key or ctl.game.is_over:
            return None
        seat = ctl.game.decision.seat
        if seat in ctl.humans or table.played_by_computer(seat) or seat in table.asleep:
            return None
        return seat

    def action_mark_away(self) -> None:
        seat = self._absent_seat()
        if seat is None:
            return
        refusal = self.ctl.table.mark_away(self.ctl.member, seat)
        self.message = refused(self.app.tr, refusal) if refusal else ""
        self._refresh()

    def action_add_person(self) -> None:
        """Seat one more person at this terminal (they share it as in hot seat)."""
        from .lobby import NameDialog

        async def named(name: str | None) -> None:
            if name:
                try:
                    _, seat = await self.app.host.sit(self.ctl.member, self.ctl.table.number,
                                                      None, name)
                except TableError as exc:
                    self.message = f"✗ {exc.words(self.app.tr)}."
                else:
                    # The table's log says who sat down; the prompt line stays the
                    # turn's (a notice there hid whose turn it was until the next key).
                    self.flow.held = frozenset(self.ctl.humans)
                    self.message = ""
            self._refresh()
            self.resume()

        self.app.push_screen(NameDialog(self.app.tr("Who else plays at this terminal?")),
                             lambda name: self.app.run_worker(named(name), group="seating"))

    def _advance(self) -> None:
        ctl = self.ctl
        table = ctl.table
        if ctl.game.is_over or table.summary is not None:
            # The table has scored the round: show it once, then wait for the deal.
            self.awaiting_turn = False
            self.flow.hide()
            self._refresh()
            if self._round_seen != table.deal and table.summary is not None:
                self._round_seen = table.deal
                self._round_over()
            return
        if ctl.pending:
            return
        super()._advance()

    def _prompt_text(self) -> str:
        wordings = self._table_prompt()
        decider, table = self.ctl.decider, self.ctl.table
        waited_on = decider if not table.played_by_computer(decider) else None
        notes = self._held_notes(waited_on)
        if not notes or not wordings:
            return wordings
        # The kept seats' countdowns go with the longer wordings; the shortest is kept
        # as it is (the turn's own words come first where room is short).
        note = " · " + " · ".join(notes)
        lines = wordings.split("\n")
        # "Waiting for bob · 15 s left · ann lost the link: seat kept 25 s…"
        noted = [line.removesuffix("…") + note + "…" if line.endswith("…") else line + note
                 for line in lines]
        return "\n".join(noted + lines[-1:])

    def _table_prompt(self) -> str:
        ctl = self.ctl
        tr = self.app.tr
        if self.message:
            return self.message
        if ctl.game.is_over or ctl.table.summary is not None:
            return tr("The round is over: the next deal comes when everyone is ready.")
        if ctl.pending:
            return tr("Sent…")
        decider = ctl.decider
        if decider is not None and decider not in ctl.humans:
            name = ctl.names[decider]
            held = ctl.table.held_seats()
            if decider in held and not ctl.table.played_by_computer(decider):
                return self._waiting_for_held(decider, held[decider])
            if ctl.table.played_by_computer(decider):
                return tr("{name} (computer) is playing…", name=name)
            if self._absent_seat() is not None:
                return tr("Waiting for {name}{countdown} (a: mark them away)…", name=name,
                          countdown=self._countdown())
            return tr("Waiting for {name}{countdown}…", name=name, countdown=self._countdown())
        if set(ctl.humans) & set(ctl.table.asleep):
            return tr("A computer plays your seat while you were away: press any key to play.")
        # The prompt is wordings longest first (the line shows the first that fits):
        # the countdown goes with each, not only the shortest (at 120 columns the
        # turn's own prompt had none); alone, it needs no separator.
        countdown = self._countdown()
        wordings = super()._prompt_text()
        if not wordings:
            return countdown.removeprefix(" · ")
        return "\n".join(wording + countdown for wording in wordings.split("\n"))

    def table_state(self):
        state = super().table_state()
        held = self.ctl.table.held_seats()
        if held:
            now = time.monotonic()
            state = state._replace(held=tuple(
                max(0, round(held[seat] - now)) if seat in held else None
                for seat in range(self.ctl.players)))
        view = state.view
        if state.viewer is not None or view.players < 2:
            return state
        # Every hand hidden (a spectator): the table is drawn from the decider's view,
        # where the decider's own cards have no backs; in Flip everyone else sees their
        # other side, and so must a spectator (it saw a plain back there).
        seat = view.seat
        other = self.ctl.view((seat + 1) % view.players).seats[seat]
        seats = tuple(other if info.seat == seat else info for info in view.seats)
        return state._replace(view=replace(view, seats=seats))

    def _hidden_notice(self) -> str:
        if not self.ctl.humans:
            return self.app.tr("You are watching: every hand is hidden.")
        return super()._hidden_notice()

    @on(TableChanged)
    def _table_changed(self) -> None:
        changes, self._changes = self._changes, []
        if not changes:
            return
        change = TableChange.merged(changes)
        if change.closed:
            # Nothing more happens at that table: back to the lobby, told why.
            self.app.show_lobby(self.app.tr.words(change.closed))
            return
        ctl = self.ctl
        log = self.query_one(GameLog)
        if change.fresh:
            log.replace(ctl.log)
            self.withdraw_question()     # it asked about a game that has been replaced
            self._result_overtaken()
        elif change.lines:
            log.add(list(change.lines))
            self.withdraw_question_overtaken()
        challenger = None
        if change.answered:
            ctl.pending = False
            challenger, ctl.challenger = ctl.challenger, None
            if change.refusal:
                self.message = refused(self.app.tr, change.refusal)
                challenger = None
                self.app.bell()
        if change.fresh or (change.lines and ctl.decider not in ctl.humans):
            self.uno_armed = False
        if challenger is not None and ctl.game.view(challenger).revealed is not None:
            self._guard(lambda: self._reveal(challenger))
        elif self.is_active and not ctl.pending and not self._asking:
            self.resume()      # it redraws the table as it goes
        else:
            self._refresh()

    def _result_overtaken(self) -> None:
        """The table dealt (everyone else was ready, or the pause between rounds ran
        out) while this terminal still showed the last result: it closes as if its
        person had gone on, instead of lying over the new hand."""
        from ..app.screens.match_result import AGAIN, MatchResultDialog
        from ..app.screens.round_result import RoundResultScreen

        screen = self.app.screen
        if isinstance(screen, MatchResultDialog):
            screen.dismiss(AGAIN)
        elif isinstance(screen, RoundResultScreen):
            screen.dismiss(None)

    def _match_over(self, summary) -> None:
        from ..app.screens.match_result import AGAIN, SETUP, MatchResultDialog

        if self.ctl.table.deal != self._round_seen:
            return      # the next match is dealt already (its result was overtaken)

        def chosen(choice: str) -> None:
            if choice == AGAIN:
                self.ctl.restart()
                self.resume()
            elif choice == SETUP:
                self.app.show_setup()
            else:
                self.app.exit()

        self.app.push_screen(MatchResultDialog(summary, self.app.tr), chosen)


class NewTableScreen(SetupScreen):
    """The lobby's "new table": the hot-seat setup screen, and q back to the lobby (as
    Ctrl+C; a name being typed takes its q)."""

    BINDINGS = [Binding("q", "app.request_quit", "Lobby")]


class _NullFile(io.TextIOBase):
    def write(self, text: str) -> int:
        return len(text)


class ClientApp(UnoApp):
    """The app of one SSH session: a lobby, then a seat (or a few) at a server table.

    ``host`` is the desk it reaches the tables through; ``session`` is the terminal (it
    carries the output and is the table's member); ``table`` is a table the host has
    already seated it at (a person coming back to their kept seat), else the lobby
    comes first.
    """

    BINDINGS = [Binding("ctrl+c", "request_quit", "Leave", show=False, priority=True)]

    def __init__(self, host, session, table=None) -> None:
        # The client's own locale (ssh's SendEnv LANG, LC_*), not the server's process's;
        # the server's --lang when the client names none.
        super().__init__(PlayConfig(), pace=0, lang=session.language)
        self.host = host
        self.session = session
        #: The driver draws on this (see ChannelDriver).
        self.terminal = session
        self.driver_class = ChannelDriver
        self.player_name = session.name
        self.key = session.key
        #: The table this terminal is at (the host's, or a worker's mirror of it).
        self.server_table = table
        #: True while a request to open a table, sit, watch or play now is on its way:
        #: another (a double Enter, a double click) is ignored, so one is made.
        self.seating = False
        # Textual redirects sys.stdout and sys.stderr while an app runs, and puts back
        # what it found when it stops. With several apps started and stopped in any
        # order that would leave the server writing into a finished app: give it the
        # server's own streams to "redirect" to, so every swap is a no-op.
        self._capture_stdout = host.stdout
        self._capture_stderr = host.stderr
        # Colours by the client's TERM, not by the server's environment.
        self.console = Console(
            color_system=color_system_for(session.term, session.env.get("COLORTERM")),
            file=_NullFile(), markup=True, highlight=False, emoji=False, legacy_windows=False,
            _environ={"TERM": session.term or ""}, force_terminal=True, safe_box=False,
            soft_wrap=False)

    def _handle_exception(self, error: Exception) -> None:
        if self._exit and isinstance(error, MountError):
            # The session ended (the server stops, the connection went) while a screen
            # it had just switched to was being put up: nothing is wrong with the game.
            return
        super()._handle_exception(error)
        # The player is told by the session; the server's console is not the place.
        self._exit_renderables.clear()
        self.host.crashed(self.session, self.crash_report, error)

    def crash_folder(self):
        """The server's data folder's ``crashes`` (``--data-dir``), in every process."""
        return self.host.crash_folder

    def remember_language(self, lang: str) -> str | None:
        # Per visitor, for as long as the server runs (the host keeps it by identity).
        self.host.remember_language(self.session, lang)
        return None

    def _catch_signals(self) -> None:
        # The process's signals belong to the server (SIGTERM saves every table and says
        # goodbye to everyone); one session's app must not take them over.
        return

    # -------------------------------------------------------------- screens

    def _first_screen(self) -> Screen:
        from .lobby import LobbyScreen

        if self.server_table is not None:
            return ClientTableScreen(SeatController(self.server_table, self.session),
                                     returning=True)
        return LobbyScreen()

    def _setup(self) -> Screen:
        seats = (SeatSpec(self.player_name),) + tuple(
            SeatSpec(computer_name(n), default_bot_level()) for n in range(1, 4))
        return NewTableScreen(PlayConfig(seats=seats))

    def show_lobby(self, message: str = "") -> None:
        """Leave any table and show the lobby (saying ``message``)."""
        from .lobby import LobbyScreen

        self.leave_table()
        self.close_dialogs()
        self.switch_screen(LobbyScreen(message))

    def show_setup(self) -> None:
        # "New game" in the hot-seat app's dialogs means the lobby here.
        self.show_lobby()

    async def seat_once(self, request) -> bool:
        """Await ``request()`` (which opens a table, sits or watches and switches to
        the table) unless one is on its way already; False when it was ignored."""
        if self.seating:
            return False
        self.seating = True
        try:
            await request()
        finally:
            self.seating = False
        return True

    def start_match(self, config: PlayConfig) -> None:
        """The setup screen's game becomes a new table; this terminal takes its seat."""
        if self.seating:
            return
        # Taken now, not once the worker starts: keys typed ahead are handed on
        # together, and the second Enter of a double Enter ran before the worker did
        # (two tables opened).
        self.seating = True

        async def open_table() -> None:
            try:
                await self._open_table(config)
            finally:
                self.seating = False

        self.run_worker(open_table(), group="seating")

    async def _open_table(self, config: PlayConfig) -> None:
        try:
            number = await self.host.open_table(config, self.session)
        except TableError as exc:
            self.show_lobby(self.tr("Can't open a table: {problem}.",
                                    problem=exc.words(self.tr)))
            return
        humans = [i for i, spec in enumerate(config.seats) if spec.is_human]
        mine = next((i for i in humans if config.seats[i].name.casefold()
                     == self.player_name.casefold()), humans[0] if humans else None)
        try:
            if mine is None:
                screen = await self._watch_screen(number)
            else:
                screen = await self._sit(number, mine, config.seats[mine].name)
        except TableError:
            self.show_lobby()       # the table is in the lobby's list: join it from there
            return
        self.switch_screen(screen)

    async def play_now(self) -> None:
        """A seat at once: at a table where visitors wait, else a new one (computers
        play the other seats until more people come); refused with TableError."""
        table, _ = await self.host.play_now(self.session, self.player_name)
        self.server_table = table
        self.switch_screen(ClientTableScreen(SeatController(table, self.session)))

    def rename(self, name: str) -> str:
        """This terminal's person is called ``name`` from now on (at the next table);
        the name as kept."""
        self.player_name = self.host.rename(self.session, name)
        return self.player_name

    async def _sit(self, number: int, seat: int | None, name: str | None = None) -> Screen:
        table, _ = await self.host.sit(self.session, number, seat, name)
        self.server_table = table
        return ClientTableScreen(SeatController(table, self.session))

    async def sit_at(self, table, name: str | None = None) -> None:
        """Take a free seat at ``table`` (another one, if this terminal has some);
        refused with :class:`TableError`."""
        screen = await self._sit(table.number, None, name)
        self.switch_screen(screen)

    async def _watch_screen(self, number: int) -> Screen:
        table = await self.host.watch(self.session, number)
        self.server_table = table
        return ClientTableScreen(SeatController(table, self.session))

    async def watch(self, table) -> None:
        """Watch ``table``: everything public, no hand; refused with :class:`TableError`."""
        self.switch_screen(await self._watch_screen(table.number))

    def leave_table(self) -> None:
        table, self.server_table = self.server_table, None
        if table is not None:
            self.host.leave(self.session)

    def lobby_changed(self) -> None:
        """From the host: the tables changed; the lobby, if shown, lists them again."""
        from .lobby import LobbyChanged, LobbyScreen

        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen):
                screen.post_message(LobbyChanged())

    def table_changed(self, change: TableChange) -> None:
        """From the table: pass it to the table screen."""
        screen = self.table
        if screen is not None:
            screen.take_change(change)

    # ----------------------------------------------------------------- quit

    def request_quit(self) -> None:
        """Ctrl+C or q: at a table, leave it after a confirm; elsewhere, go back or end."""
        from ..app.screens.confirm import ConfirmDialog
        from ..app.screens.too_small import TooSmallScreen
        from .lobby import LobbyScreen

        if isinstance(self.screen, ConfirmDialog):
            return
        if self.table is None:
            if isinstance(self.screen, (LobbyScreen, TooSmallScreen)):
                self.exit()
            else:
                self.show_lobby()
            return

        tr = self.tr
        self.confirm_leaving(ConfirmDialog(tr("Leave the table?"),
                                           tr("A computer plays your seat until someone "
                                              "takes it."),
                                           yes=tr("Leave"), no=tr("Stay")), self.show_lobby)
