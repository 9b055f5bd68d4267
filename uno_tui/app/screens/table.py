"""The table: everything public at a glance, the hand of the person at the keyboard,
its keys, and the prompts asked inline above the hand.

Who is at the keyboard and when it changes hands is :class:`~uno_tui.app.hotseat.HotSeat`'s
business; what each decision asks is the prompt registry's (:mod:`uno_tui.app.prompts`).
This screen draws, paces the computers and turns keys and clicks into actions.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from ..widgets.footer import Footer
from textual.worker import Worker, WorkerState

from ...engine import Action, Challenge, DecisionKind, Draw, EngineError, EventKind, Play
from ..cardtext import long_label
from ..moments import ballot_result
from ..controller import DEFAULT_PACE, BotTurn, TableController
from ..hotseat import Ask, Away, Computers, Handoff, HotSeat, RoundOver
from ..prompts import PromptContext, PromptPanel, Question, prompter_for
from ..prompts.windows import notice, out_of_turn_card, who_plays_out_of_turn
from ..tablestate import TableState
from ..widgets.discard import DiscardPile
from ..widgets.draw_pile import DrawPile
from ..widgets.card import COMPACT, LARGE, card_size_for
from ..widgets.extras import EXTRA_WIDGETS
from ..widgets.hand import HandView
from ..widgets.log import GameLog
from ..widgets.party import MiniPile
from ..widgets.prompt import PromptBar
from ..widgets.banner import MomentBanner
from ..widgets.seats import SeatRing
from ..widgets.table_area import compose_table_area
from ..widgets.title import TitleBar
from .handoff import HandoffScreen

__all__ = ["TableScreen"]

#: The fast pace is this share of the normal one.
FAST_SHARE = 0.2
#: While a person could catch a computer that forgot UNO, computers wait this much longer.
CATCH_GRACE = 2.5
#: At pace 0, at most this many computer actions run before the screen is redrawn.
BURST = 40
#: Textual timers need a positive interval.
MIN_TIMER = 0.001
#: How often computers look again whether a dialog that stopped them has closed.
RETRY = 0.1
#: The worker group of the computers' thinking.
BOT_GROUP = "bots"
#: The worker group of a person's prompt.
PROMPT_GROUP = "prompt"

_D = DecisionKind

#: The one-line bars of the table: title, banner, prompt and footer.
FIXED_LINES = 4
#: Rows of cards the hand shows at most before it scrolls, by card size.
HAND_ROWS = {COMPACT: 1, LARGE: 2}
#: The log's width by card size (the table takes the rest).
LOG_WIDTH = {COMPACT: 27, LARGE: 40}


def _first_answer(turns: list[BotTurn]) -> tuple[BotTurn, Action] | None:
    """The first computer that acts, and its action (run in a worker thread)."""
    for turn in turns:
        action = turn.decide()
        if action is not None:
            return turn, action
    return None


def _digit_bindings() -> list[Binding]:
    keys = [str(n) for n in range(1, 10)] + ["0"]
    return [Binding(key, f"select({index})", show=False) for index, key in enumerate(keys)]


class TableScreen(Screen[None]):
    """The game table for one match, driven by a :class:`TableController`."""

    AUTO_FOCUS = None
    #: Lets the app find the table among its screens without importing this module.
    is_table = True
    BINDINGS = [
        Binding("left", "move(-1)", "Pick", key_display="←→"),
        Binding("right", "move(1)", show=False),
        *_digit_bindings(),
        Binding("enter", "play", "Play", key_display="⏎"),
        Binding("d", "draw", "Draw"),
        Binding("u", "uno", "UNO!"),
        Binding("c", "catch", "Catch!"),
        Binding("j", "jump_in(True)", "Speed play"),
        Binding("j", "jump_in(False)", "Jump in"),
        Binding("f", "pace(True)", "Fast"),
        Binding("f", "pace(False)", "Normal pace"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("f1", "help", show=False),
        Binding("q", "request_quit", "Quit"),
    ]

    def __init__(self, controller: TableController, *, pace: float = DEFAULT_PACE,
                 held: frozenset[int] | None = None) -> None:
        super().__init__(classes="table-screen")
        self.ctl = controller
        #: Who is at the keyboard, and what may show (``held``: the seats at this terminal).
        self.flow = HotSeat(controller, held)
        self.pace = max(0.0, pace)
        self.fast = False
        #: True while the viewer is asked to play a card or draw.
        self.awaiting_turn = False
        #: The viewer asked to call UNO together with their next card.
        self.uno_armed = False
        #: An explanation for the last refused move, shown until the next move.
        self.message = ""
        self._timer: Timer | None = None
        self._bot_busy = False
        self._bot_answer: tuple[BotTurn, Action] | None = None
        self._bot_lines: list[str] = []
        self._burst = 0
        self._failed = False
        self._footer_keys: tuple = ()
        #: The answer the question shown inline waits for.
        self._answer: asyncio.Future | None = None
        #: True from a prompt's first question to its action (computers wait meanwhile).
        self._asking = False
        #: What the open prompt is about: a decision kind, "notice" or "claim" ("": none).
        self.asked_kind = ""
        self._extras = [factory() for factory in EXTRA_WIDGETS.get(controller.variant, ())]
        #: The controller's last events as last drawn, and how many batches were drawn.
        self._events_seen: tuple = ()
        self._serial = 0
        #: The last ballot revealed, and the serial it came with.
        self._ballot = None

    @property
    def viewer(self) -> int | None:
        """Whose hand is on screen (None: every hand hidden)."""
        return self.flow.viewer

    # --------------------------------------------------------------- layout

    #: What the table shows now; every widget of the table is bound to it.
    state: reactive[TableState | None] = reactive(None, repaint=False)

    def compose(self) -> ComposeResult:
        ctl = self.ctl
        bind = TableScreen.state
        yield TitleBar(f"{ctl.game.variant.label} · {ctl.players} players")
        with Horizontal(id="top"):
            yield from compose_table_area(ctl.players, self._extras, bind)
            yield GameLog(id="log")
        yield MomentBanner(id="banner").data_bind(bind)
        yield PromptBar(id="prompt")
        yield HandView(id="hand").data_bind(bind)
        yield Footer()

    def on_mount(self) -> None:
        # The prompt panel lies over the table, empty until a question comes.
        self.mount(PromptPanel())
        self.query_one("#log").border_title = "Log"
        # An open panel follows every layout (the hand's height moves its place).
        self.screen_layout_refresh_signal.subscribe(self, self._place_open_panel)
        self._refresh()
        self.call_after_refresh(self._start)

    def on_resize(self) -> None:
        size = card_size_for(*self.app.size)
        for pile in (self.query_one(DiscardPile), self.query_one(DrawPile),
                     *self.query(MiniPile)):
            pile.size_class = size
        self.set_class(size == LARGE, "-large")
        # The seats get what the one-line bars, the piles and the hand leave.
        width, height = self.app.size
        log_width = LOG_WIDTH[size]
        budget = height - FIXED_LINES - (size.height + 1) - HAND_ROWS[size] * size.height - 2
        self.query_one(SeatRing).arrange_panels(width - log_width - 2, budget)
        self.query_one(GameLog).styles.width = log_width
        for panel in self.query(PromptPanel):
            if panel.is_open:
                self.call_after_refresh(self._place_panel, panel)

    def _start(self) -> None:
        # The log wraps to its width, which is known once the screen is laid out.
        self.query_one(GameLog).add(self.ctl.log)
        self.resume()

    # ---------------------------------------------------------------- state

    def table_state(self) -> TableState:
        """What the table shows now (the viewer's view, or public parts only)."""
        ctl = self.ctl
        seat = self.viewer
        if seat is None:
            decider = ctl.decider
            seat = decider if decider is not None else 0
        match = ctl.match
        return TableState(
            view=ctl.view(seat), viewer=self.viewer, names=ctl.names,
            levels=tuple(spec.level for spec in ctl.seats), scores=tuple(match.scores),
            round_number=match.round_number, target=ctl.target, mode=ctl.mode,
            variant_label=ctl.game.variant.label, show_ids=ctl.show_ids,
            playable=ctl.playable(self.viewer) if self.awaiting_turn else None,
            notice=self._hidden_notice(),
            thinking=ctl.decider if self._bot_busy and ctl.decider is not None
            and not ctl.is_human(ctl.decider) else None,
            events=tuple(event.for_seat(None) for event in ctl.last_events),
            serial=self._serial,
            ballot=self._ballot[0] if self._ballot is not None else None,
        )

    def _refresh(self) -> None:
        """Give the table's widgets the controller's state (they redraw what changed)."""
        ctl = self.ctl
        if ctl.last_events is not self._events_seen:
            self._events_seen = ctl.last_events
            self._serial += 1
            ballot = ballot_result(ctl.last_events)
            if ballot is not None:
                self._ballot = (ballot, self._serial)
            elif self._ballot is not None and self._serial > self._ballot[1] + ctl.players:
                self._ballot = None     # every player has had a turn since: old news
        self.state = self.table_state()
        self._refresh_prompt()
        panel = self.query_one(PromptPanel)
        if panel.is_open:
            self.call_after_refresh(self._place_panel, panel)

    def _refresh_prompt(self) -> None:
        """Redraw the prompt line and the footer's keys only (the table has not changed)."""
        ctl = self.ctl
        prompt = self.query_one(PromptBar)
        prompt.text = self._prompt_text()
        catch = ctl.catch_option(self.viewer)
        prompt.catch_label = (f"Catch! {ctl.names[catch.target]} forgot UNO (c)"
                              if catch else "")
        prompt.uno_label = self._uno_label()
        self._refresh_footer()

    def _refresh_footer(self) -> None:
        """Update the footer's keys, only when the keys that apply have changed."""
        keys = tuple(self.check_action(action, parameters)
                     for action, parameters in (("play", ()), ("uno", ()), ("catch", ()),
                                                ("jump_in", (True,)), ("jump_in", (False,)),
                                                ("pace", (True,)), ("move", ())))
        if keys != self._footer_keys:
            self._footer_keys = keys
            self.refresh_bindings()

    def _hidden_notice(self) -> str:
        ctl = self.ctl
        decider = ctl.decider
        if decider is None:
            return "The round is over."
        if ctl.is_human(decider):
            return f"Hands are hidden until {ctl.names[decider]} takes the keyboard."
        return f"Hands are hidden while {ctl.names[decider]} (computer) plays."

    def _prompt_text(self) -> str:
        ctl = self.ctl
        if self.message:
            return self.message
        decider = ctl.decider
        if decider is None:
            return "The round is over."
        name = ctl.names[decider]
        if self._asking:
            return ""          # the question and its keys are in the prompt panel
        if self.awaiting_turn:
            unpicked = self.query_one(HandView).unpicked
            pick = "pick a card (←→, 1-9)" if unpicked else "←→ or 1-9 picks a card"
            text = f"{name}: {pick}, Enter plays it, d draws"
            return text + (" · UNO armed" if self.uno_armed else "")
        if not ctl.is_human(decider):
            return f"{name} is playing…"
        if self._bot_busy:
            # A person is next, but computers have their say first (e.g. their votes).
            return f"Computers are playing; then {name} is to {ctl.game.decision_verb}"
        return f"Waiting for {name} to {ctl.game.decision_verb}"

    def _can_arm_uno(self) -> bool:
        if not self.awaiting_turn or self.viewer is None:
            return False
        view_count = self.ctl.game.view(self.viewer).seats[self.viewer].card_count
        return view_count == 2 and bool(self.ctl.playable(self.viewer))

    def _uno_label(self) -> str:
        ctl = self.ctl
        uno = ctl.uno_option()
        if uno is not None:
            return f"UNO! for {ctl.names[uno.seat]} (u)"
        if self._can_arm_uno():
            return "UNO armed (u)" if self.uno_armed else "UNO! (u)"
        return ""

    @property
    def asking(self) -> bool:
        """True while a question waits for a person's answer inline."""
        return self._answer is not None and not self._answer.done()

    @property
    def waiting_for_person(self) -> bool:
        """True when nothing happens until a person acts (a turn, a question, a dialog)."""
        return (not self._bot_busy and (not self.is_active or self.awaiting_turn
                                        or self.asking or self.ctl.game.is_over))

    # ----------------------------------------------------------------- flow

    def resume(self) -> None:
        """Move the game on: computer turns, a handoff, or the next prompt."""
        if self._bot_busy or self._failed or self._asking or not self.is_active:
            return
        try:
            self._advance()
        except Exception as exc:  # an engine or bot bug must not reach the player as a traceback
            self._fail(exc)

    def _advance(self) -> None:
        step = self.flow.next_step()
        self.awaiting_turn = False
        if isinstance(step, RoundOver):
            self._refresh()
            self._round_over()
        elif isinstance(step, Computers):
            self._bot_busy = True      # before the redraw, so the seat shows "thinking…"
            self._refresh()
            self._timer = self.set_timer(max(self._delay(), MIN_TIMER), self._bot_think)
        elif isinstance(step, Handoff):
            self._handoff(step.seat, step.reason, self.resume)
        elif isinstance(step, Ask) and step.kind == _D.TURN:
            self.awaiting_turn = True
            self._refresh()
        elif isinstance(step, Ask):
            self._refresh()
            self._run_prompt(partial(self._decide, step.seat))
        elif isinstance(step, Away):
            self._refresh()

    def _handoff(self, seat: int, reason: str, then: Callable[[], None]) -> None:
        """Hide every hand, ask for ``seat``'s player, then show their hand and run ``then``."""
        self.flow.hide()
        self.awaiting_turn = False
        self._refresh()

        def handed(_: bool | None) -> None:
            self.flow.handed(seat)
            self.message = ""
            # No card is picked: the Enter that took the keyboard and one more must not
            # play a card by accident.
            self.query_one(HandView).unpick()
            self._guard(then)

        self.app.push_screen(HandoffScreen(self.ctl.names[seat], reason), handed)

    def _delay(self) -> float:
        delay = self.pace * (FAST_SHARE if self.fast else 1.0)
        if not self.fast and self.ctl.catch_option(self.viewer) is not None:
            delay *= CATCH_GRACE
        return delay

    @property
    def bot_busy(self) -> bool:
        """True while computer players are waiting for their pace or thinking."""
        return self._bot_busy

    def _bots_may_go(self, retry) -> bool:
        """Whether computers may act now; while a dialog, a person's question or help is
        open they wait for it to close (``retry`` is called again later)."""
        self._timer = None
        if self._failed:
            return False
        if not self.is_active or self._asking:
            self._timer = self.set_timer(RETRY, retry)
            return False
        return True

    def _bot_think(self) -> None:
        """Ask the computer players in a worker thread, so slow bots never freeze the screen."""
        if not self._bots_may_go(self._bot_think):
            return
        turns = self.ctl.bot_turns()
        if not turns:
            self._bot_finish()
            return
        self.run_worker(partial(_first_answer, turns), thread=True, group=BOT_GROUP,
                        exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group not in (BOT_GROUP, PROMPT_GROUP):
            return
        if event.state == WorkerState.ERROR:
            self._fail(worker.error if isinstance(worker.error, Exception)
                       else RuntimeError(str(worker.error)))
        elif event.state == WorkerState.SUCCESS and worker.group == BOT_GROUP:
            self._bot_answer = worker.result
            self._bot_apply()

    def _bot_apply(self) -> None:
        """Apply a computer's answer; at pace 0, go straight on to the next one."""
        if not self._bots_may_go(self._bot_apply):
            return
        answer, self._bot_answer = self._bot_answer, None
        try:
            if answer is not None:
                self._bot_lines += self.ctl.apply_bot(*answer)
            more = self._delay() == 0 and self.ctl.bot_pending() and self._burst < BURST
        except Exception as exc:
            self._fail(exc)
            return
        if more:
            # Redrawing after every computer move is what costs; at pace 0 do it once.
            self._burst += 1
            self._bot_think()
            return
        self._bot_finish()

    def _bot_finish(self) -> None:
        self.query_one(GameLog).add(self._bot_lines)
        self._bot_lines = []
        self._burst = 0
        self._bot_busy = False
        self.resume()

    def _guard(self, step: Callable[[], None]) -> None:
        try:
            step()
        except Exception as exc:
            self._fail(exc)

    def _fail(self, exc: BaseException) -> None:
        """Tell the player in words that the game can't go on, instead of a traceback."""
        from .error import ErrorDialog, SETUP

        if self._failed:
            return
        self._failed = True
        self._bot_busy = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        problem = str(exc) or type(exc).__name__
        self.log.error(f"game stopped: {exc!r}")

        def chosen(choice: str | None) -> None:
            if choice == SETUP:
                self.app.show_setup()
            else:
                self.app.exit(return_code=1)

        self.app.push_screen(ErrorDialog(problem), chosen)

    # -------------------------------------------------------------- prompts

    def _run_prompt(self, prompt: Callable[[], "asyncio.Future"]) -> None:
        """Run a person's prompt (a coroutine that asks inline) while computers wait."""
        self._asking = True
        self._refresh_prompt()
        self.run_worker(self._prompting(prompt), group=PROMPT_GROUP, exclusive=True,
                        exit_on_error=False)

    async def _prompting(self, prompt) -> None:
        try:
            then = await prompt()
        finally:
            await self._close_panel()
            self._asking = False
            self.asked_kind = ""
        if then is not None:
            then()
        else:
            self._refresh()
            self.resume()

    async def ask(self, question: Question) -> object:
        """Show ``question`` inline above the hand; its answer (None: backed out)."""
        panel = self.query_one(PromptPanel)
        if not panel.is_open:
            self._place_panel(panel)
        panel.ask(question)
        # Once the hand is laid out for the person asked, the panel sits just above it.
        self.call_after_refresh(self._place_panel, panel)
        self._answer = asyncio.get_running_loop().create_future()
        self._refresh_prompt()
        return await self._answer

    def _place_open_panel(self, _screen=None) -> None:
        for panel in self.query(PromptPanel):
            if panel.is_open:
                self._place_panel(panel)

    def _place_panel(self, panel: PromptPanel) -> None:
        """Lay the panel over the bottom of the table area (it is docked at the screen's
        bottom) and left of the log: the hand, the announcements, the prompt line and
        the log's latest lines stay in view."""
        table = self.query_one("#top")
        log = self.query_one(GameLog)
        below = max(0, self.size.height - table.region.bottom)
        right = self.size.width - log.region.x if log.region.x > 0 else 0
        margin = (0, max(0, right), below, 0)
        if tuple(panel.styles.margin) != margin:
            panel.styles.margin = margin

    def withdraw_question(self) -> None:
        """Take back the open question, as if its person had backed out: the game it
        asked about has been replaced (a server table dealt afresh), so the flow asks
        again about the game as it is now."""
        if self._answer is not None and not self._answer.done():
            self._answer.set_result(None)

    async def _close_panel(self) -> None:
        self._answer = None
        self.query_one(PromptPanel).close()

    def on_key(self, event) -> None:
        """While a question is open, its keys go to it first (it never takes the focus)."""
        panel = self.query_one(PromptPanel)
        if panel.is_open and self.asking and panel.handle_key(event.key, event.character):
            event.stop()
            event.prevent_default()

    @on(PromptPanel.Answered)
    def _prompt_answered(self, message: PromptPanel.Answered) -> None:
        message.stop()
        if self._answer is not None and not self._answer.done():
            self._answer.set_result(message.value)

    @on(PromptPanel.Cancelled)
    def _prompt_cancelled(self, message: PromptPanel.Cancelled) -> None:
        message.stop()
        if self._answer is not None and not self._answer.done():
            self._answer.set_result(None)

    async def _decide(self, seat: int):
        """Ask ``seat`` (the viewer) the decision the game waits on; what to do next."""
        ctl = self.ctl
        context = PromptContext(seat=seat, names=ctl.names, view=ctl.view(seat),
                                actions=tuple(ctl.own_actions(seat)),
                                events=ctl.last_events_for(seat), face_of=ctl.game.face,
                                ask=self.ask, verb=ctl.game.decision_verb)
        self.asked_kind = ctl.decision_kind
        action = await prompter_for(ctl.decision_kind)(context)
        if action is None:
            return None
        return partial(self._act, seat, action)

    def _act(self, seat: int, action: Action) -> None:
        """Apply a person's action: log it, or explain why it was refused; then go on."""
        ctl = self.ctl
        try:
            if type(action) is Play and self.uno_armed:
                lines = ctl.play(seat, action.card, call_uno=True)
            else:
                lines = ctl.apply(action)
        except EngineError as exc:
            self.message = f"✗ {exc}."
            self._refresh()
            self.resume()
            return
        except Exception as exc:
            self._fail(exc)
            return
        self.message = ""
        self.uno_armed = False
        self.query_one(HandView).unpicked = False
        self.awaiting_turn = False
        self.query_one(GameLog).add(lines)
        if type(action) is Challenge:
            self._guard(lambda: self._reveal(seat))
            return
        drawn = self.flow.drawn_notice(seat, action, ctl.last_events_for(seat))
        if drawn:
            self._refresh()
            self._run_prompt(partial(self._notice, drawn))
            return
        self._refresh()
        self.resume()

    async def _notice(self, text: str):
        """Show ``text`` to the person at the keyboard until they go on."""
        self.asked_kind = "notice"
        await self.ask(notice(text, "Remember it: the keyboard moves on next."))
        return None

    def _reveal(self, challenger: int) -> None:
        """Show the challenged hand to the challenger alone (behind its own handoff)."""
        from .reveal import RevealScreen

        ctl = self.ctl
        view = ctl.view(challenger)
        verdict = "".join(ctl.narrator.line(event) for event in ctl.last_events
                          if event.kind == EventKind.CHALLENGE)
        if view.revealed is None:
            self._refresh()
            self.resume()
            return
        target, faces = view.revealed

        def show() -> None:
            self._refresh()
            self.app.push_screen(
                RevealScreen(ctl.names[challenger], ctl.names[target], faces, verdict),
                lambda _: self.resume())

        # Another's hand: even the challenger who holds the keyboard confirms that only
        # they are looking.
        if self.flow.shared:
            self._handoff(challenger, f"{ctl.names[target]}'s hand is shown to "
                          f"{ctl.names[challenger]} alone.", show)
        else:
            show()

    def _round_over(self) -> None:
        from .round_result import RoundResultScreen

        summary = self.ctl.finish_round()
        self.state = self.table_state()

        def closed(_: None) -> None:
            if summary.match_over:
                self._match_over(summary)
            else:
                self._guard(self._next_round)

        self.app.push_screen(RoundResultScreen(summary), closed)

    def _next_round(self) -> None:
        self.query_one(GameLog).add(self.ctl.next_round())
        self._new_deal()

    def _new_deal(self) -> None:
        self.flow.new_round()
        self.uno_armed = False
        self.message = ""
        self._refresh()
        self.resume()

    def _match_over(self, summary) -> None:
        from .match_result import AGAIN, SETUP, MatchResultDialog

        def chosen(choice: str) -> None:
            if choice == AGAIN:
                self.ctl.restart()
                self.query_one(GameLog).replace(self.ctl.log)
                self._guard(self._new_deal)
            elif choice == SETUP:
                self.app.show_setup()
            else:
                self.app.exit()

        self.app.push_screen(MatchResultDialog(summary), chosen)

    # -------------------------------------------------------- keys and mouse

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        ctl = self.ctl
        if action in ("move", "select", "play", "draw"):
            return self.awaiting_turn
        if action == "uno":
            return ctl.uno_option() is not None or self._can_arm_uno()
        if action == "catch":
            return ctl.catch_option(self.viewer) is not None
        if action == "jump_in":
            speed = bool(ctl.game.variant.builtin_jump_in)
            return (not self._asking and bool(parameters) and parameters[0] == speed
                    and bool(self._claimers()))
        if action == "pace":
            return bool(ctl.bots) and bool(parameters) and parameters[0] != self.fast
        return True

    def action_move(self, step: int) -> None:
        self.query_one(HandView).move(step)
        self.query_one(PromptBar).text = self._prompt_text()

    def action_select(self, index: int) -> None:
        hand = self.query_one(HandView)
        if not hand.select(index):
            self.message = f"There is no card {index + 1 if index < 9 else 10} in the hand."
            self.query_one(PromptBar).text = self._prompt_text()
            self.message = ""
            return
        self.query_one(PromptBar).text = self._prompt_text()

    def action_play(self) -> None:
        card = self.query_one(HandView).selected_card
        if card is None:
            self.message = "Pick a card first: ←→ or its number (1-9); d draws."
            self.query_one(PromptBar).text = self._prompt_text()
            self.message = ""
            return
        self.try_play(card)

    def try_play(self, card: int) -> None:
        """Play ``card`` for the viewer, or explain why it can't be played (nothing changes)."""
        ctl = self.ctl
        seat = self.viewer
        if seat is None or not self.awaiting_turn:
            who = ctl.names[ctl.decider] if ctl.decider is not None else "nobody"
            self.message = f"✗ Not now: the game is waiting for {who}."
            self.query_one(PromptBar).text = self._prompt_text()
            return
        action = Play(seat, card)
        if action not in ctl.game.legal_actions(seat):
            self.message = f"✗ {ctl.explain(action)}."
            self.query_one(PromptBar).text = self._prompt_text()
            self.app.bell()
            return
        self._act(seat, action)

    def action_draw(self) -> None:
        seat = self.viewer
        if seat is None or not self.awaiting_turn:
            return
        self._act(seat, Draw(seat))

    def action_uno(self) -> None:
        uno = self.ctl.uno_option()
        if uno is not None:
            self._window(uno)
        elif self._can_arm_uno():
            self.uno_armed = not self.uno_armed
            self._refresh()

    def action_catch(self) -> None:
        catch = self.ctl.catch_option(self.viewer)
        if catch is not None:
            self._window(catch)

    def _window(self, action: Action) -> None:
        """A window action (UNO, catch) taken by a person at any moment of play."""
        awaiting = self.awaiting_turn
        try:
            lines = self.ctl.apply(action)
        except EngineError as exc:
            self.message = f"✗ {exc}."
            lines = []
        except Exception as exc:
            self._fail(exc)
            return
        self.query_one(GameLog).add(lines)
        self.awaiting_turn = awaiting and self.ctl.decider == self.viewer \
            and self.ctl.decision_kind == _D.TURN
        self._refresh()
        self.resume()

    # ------------------------------------------------ out of turn (jump-in, speed play)

    def _claimers(self) -> tuple[int, ...]:
        """The people at this keyboard who may claim an out-of-turn play now."""
        return tuple(s for s in self.ctl.jump_in_candidates() if s in self.flow.held)

    def action_jump_in(self, speed: bool) -> None:
        """Someone claims an out-of-turn play: they pick their name, then their card."""
        claimers = self._claimers()
        if not claimers or self._asking:
            return
        what = "Speed play" if speed else "Jump in"
        self.awaiting_turn = False
        self._run_prompt(partial(self._claim, claimers, what))

    async def _claim(self, claimers: tuple[int, ...], what: str):
        ctl = self.ctl
        top = ctl.game.top
        self.asked_kind = "claim"
        if len(claimers) == 1:
            seat = claimers[0]
        else:
            seat = await self.ask(who_plays_out_of_turn(
                [(s, ctl.names[s]) for s in claimers], top, what))
            if seat is None:
                return None
        if not ctl.jump_in_actions(seat):
            # Said at once: nobody goes through a handoff only to hear this.
            self.message = (f"✗ {ctl.names[seat]} holds no card identical to "
                            f"{long_label(top)}: nothing happens.")
            return None
        if self.flow.needs_handoff(seat):
            return partial(self._handoff, seat, f"{ctl.names[seat]} claims a "
                           f"{what.lower()} on {long_label(top)}.",
                           partial(self._run_prompt, partial(self._claim_card, seat, what)))
        return await self._claim_card(seat, what)

    async def _claim_card(self, seat: int, what: str):
        ctl = self.ctl
        self.flow.handed(seat)
        self.asked_kind = "claim"
        faces = {c.id: c.face for c in ctl.view(seat).hand}
        choices = [(a, faces[a.card]) for a in ctl.jump_in_actions(seat)]
        if not choices:
            return None          # the moment passed
        self._refresh()
        action = await self.ask(out_of_turn_card(ctl.names[seat], ctl.game.top, choices, what))
        if action is None:
            return None
        return partial(self._act, seat, action)

    def action_pace(self, fast: bool) -> None:
        self.fast = fast
        self.refresh_bindings()

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.ctl.variant, self.ctl.rules),
                             lambda _: self.resume())

    def action_request_quit(self) -> None:
        self.app.request_quit()

    @on(HandView.CardChosen)
    def _card_clicked(self, message: HandView.CardChosen) -> None:
        self.try_play(message.card_id)

    @on(DrawPile.DrawRequested)
    def _pile_clicked(self) -> None:
        self.action_draw()

    @on(PromptBar.CatchRequested)
    def _catch_clicked(self) -> None:
        self.action_catch()

    @on(PromptBar.UnoRequested)
    def _uno_clicked(self) -> None:
        self.action_uno()
