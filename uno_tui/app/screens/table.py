"""The table: everything public at a glance, the hand of the person at the keyboard,
and the hot-seat flow (handoffs, prompts, computer turns at a readable pace).
"""

from __future__ import annotations

from functools import partial
from typing import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from ..widgets.footer import Footer
from textual.worker import Worker, WorkerState

from ...engine import (
    Action, Challenge, ChooseColor, DecisionKind, Draw, EngineError, EventKind,
    Keep, Play, SwapHands, WINDOW_ACTIONS,
)
from ...engine.variants import DRAW_EFFECTS
from ..cardtext import long_label
from ..controller import DEFAULT_PACE, BotTurn, TableController
from ..tablestate import TableState
from ..widgets.direction import DirectionTracker
from ..widgets.discard import DiscardPile
from ..widgets.draw_pile import DrawPile
from ..widgets.extras import EXTRA_WIDGETS
from ..widgets.hand import HandView
from ..widgets.log import GameLog
from ..widgets.prompt import PromptBar
from ..widgets.scores import ScoreBoard
from ..widgets.seats import SeatList
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

_D = DecisionKind

_DECISION_WORDS = {
    _D.TURN: "play a card or draw",
    _D.DRAWN: "play the drawn card or keep it",
    _D.COLOR: "name a colour",
    _D.RESPOND: "answer a draw card",
    _D.SWAP: "choose whom to swap hands with",
}


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
        Binding("j", "jump_in", "Jump in"),
        Binding("f", "pace(True)", "Fast"),
        Binding("f", "pace(False)", "Normal pace"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("f1", "help", show=False),
        Binding("q", "request_quit", "Quit"),
    ]

    def __init__(self, controller: TableController, *, pace: float = DEFAULT_PACE) -> None:
        super().__init__(classes="table-screen")
        self.ctl = controller
        self.pace = max(0.0, pace)
        self.fast = False
        humans = controller.humans
        #: Whose hand is on screen (None: every hand hidden).
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
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
        self._extras = [factory() for factory in EXTRA_WIDGETS.get(controller.variant, ())]

    # --------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        ctl = self.ctl
        yield TitleBar(f"{ctl.game.variant.label} · {ctl.players} players")
        with Horizontal(id="top"):
            yield SeatList(id="seats")
            with Vertical(id="piles"):
                yield DiscardPile(id="discard")
                yield DrawPile(id="draw-pile")
                yield DirectionTracker(id="direction")
                yield ScoreBoard(id="scoreboard")
                yield from self._extras
            yield GameLog(id="log")
        yield PromptBar(id="prompt")
        yield HandView(id="hand")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#seats").border_title = "Players"
        self.query_one("#seats").border_subtitle = "cards · points"
        self.query_one("#discard").border_title = "Discard"
        self.query_one("#draw-pile").border_title = "Draw (d)"
        self.query_one("#log").border_title = "Log"
        self._refresh()
        self.call_after_refresh(self._start)

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
        )

    def _refresh(self) -> None:
        """Redraw every widget from the controller's state."""
        ctl = self.ctl
        state = self.table_state()
        for part in (self.query_one(SeatList), self.query_one(DiscardPile),
                     self.query_one(DrawPile), self.query_one(DirectionTracker),
                     self.query_one(ScoreBoard), *self._extras):
            part.show(state)
        playable = ctl.playable(self.viewer) if self.awaiting_turn else None
        self.query_one(HandView).show(state, playable, self._hidden_notice())
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
                                                ("jump_in", ()), ("pace", (True,))))
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
        if self.awaiting_turn:
            text = f"{name}: pick a card (←→, 1-9), Enter plays it, d draws"
            return text + (" · UNO armed" if self.uno_armed else "")
        if not ctl.is_human(decider):
            return f"{name} is playing…"
        words = _DECISION_WORDS.get(ctl.decision_kind, "decide")
        return f"Waiting for {name} to {words}"

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

    # ----------------------------------------------------------------- flow

    def resume(self) -> None:
        """Move the game on: computer turns, a handoff, or the next prompt."""
        if self._bot_busy or self._failed or not self.is_active:
            return
        try:
            self._advance()
        except Exception as exc:  # an engine or bot bug must not reach the player as a traceback
            self._fail(exc)

    def _advance(self) -> None:
        ctl = self.ctl
        if ctl.game.is_over:
            self.awaiting_turn = False
            self._refresh()
            self._round_over()
            return
        if ctl.bot_pending():
            self.awaiting_turn = False
            if ctl.shared_keyboard:
                self.viewer = None
            self._refresh()
            self._bot_busy = True
            self._timer = self.set_timer(max(self._delay(), MIN_TIMER), self._bot_think)
            return
        seat = ctl.decider
        if seat != self.viewer:
            self._handoff(seat, self._decision_reason(seat), lambda: self._prompt(seat))
            return
        self._prompt(seat)

    def _decision_reason(self, seat: int) -> str:
        words = _DECISION_WORDS.get(self.ctl.decision_kind, "decide")
        return f"{self.ctl.names[seat]} is to {words}."

    def _handoff(self, seat: int, reason: str, then: Callable[[], None]) -> None:
        """Hide every hand, ask for ``seat``'s player, then show their hand and run ``then``."""
        self.viewer = None
        self.awaiting_turn = False
        self._refresh()

        def handed(_: bool | None) -> None:
            self.viewer = seat
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
        """Whether computers may act now; while a dialog or help is open they wait for it
        to close (``retry`` is called again later)."""
        self._timer = None
        if self._failed:
            return False
        if not self.is_active:
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
        if worker.group != BOT_GROUP:
            return
        if event.state == WorkerState.ERROR:
            self._fail(worker.error if isinstance(worker.error, Exception)
                       else RuntimeError(str(worker.error)))
        elif event.state == WorkerState.SUCCESS:
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

    def _fail(self, exc: Exception) -> None:
        """Tell the player in words that the game can't go on, instead of a traceback."""
        from .error import ErrorDialog, SETUP

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

    def _prompt(self, seat: int) -> None:
        """Ask ``seat`` (the viewer) for the decision the game waits on."""
        ctl = self.ctl
        kind = ctl.decision_kind
        self.message = ""
        if kind == _D.TURN:
            self.awaiting_turn = True
            self._refresh()
            return
        self.awaiting_turn = False
        self._refresh()
        name = ctl.names[seat]
        view = ctl.view(seat)
        actions = [a for a in ctl.legal(seat) if not isinstance(a, WINDOW_ACTIONS)]
        top_label = long_label(view.top)
        if kind == _D.COLOR:
            from .color import ColorDialog
            colors = [a.color for a in actions if type(a) is ChooseColor]
            self.app.push_screen(ColorDialog(name, colors, top_label),
                                 lambda color: self._decided(ChooseColor(seat, color)))
        elif kind == _D.DRAWN:
            from .drawn import PLAY, DrawnDialog
            card = next(a.card for a in actions if type(a) is Play)
            face = next(c.face for c in view.hand if c.id == card)
            can_keep = Keep(seat) in actions

            def drawn(choice: str) -> None:
                if choice == PLAY:
                    self._do(lambda: ctl.play(seat, card, call_uno=self.uno_armed))
                else:
                    self._decided(Keep(seat))

            self.app.push_screen(DrawnDialog(name, face, can_keep), drawn)
        elif kind == _D.RESPOND:
            from .respond import RespondDialog
            attacker = (seat - view.direction) % view.players
            penalty = view.pending_draw or DRAW_EFFECTS.get(view.top.kind, 0)
            amount = ("until the named colour shows" if penalty == "until"
                      else f"{penalty} card{'s' if penalty != 1 else ''}")
            stack = [c for c in view.hand if Play(seat, c.id) in actions]
            self.app.push_screen(
                RespondDialog(name, ctl.names[attacker], top_label, amount, actions, stack),
                self._decided)
        elif kind == _D.SWAP:
            from .swap import SwapDialog
            targets = [(a.target, ctl.names[a.target], view.seats[a.target].card_count)
                       for a in actions if type(a) is SwapHands]
            self.app.push_screen(SwapDialog(name, targets),
                                 lambda target: self._decided(SwapHands(seat, target)))
        else:
            from .choice import ActionDialog
            question = _DECISION_WORDS.get(kind, kind.replace("_", " "))
            self.app.push_screen(
                ActionDialog(name, question, actions, ctl.names, ctl.game.face), self._decided)

    def _decided(self, action: Action) -> None:
        """Apply an answer from a prompt, then move on (a challenge first shows the hand)."""
        if type(action) is Challenge:
            self._do(lambda: self.ctl.apply(action), after=lambda: self._reveal(action.seat))
        else:
            self._do(lambda: self.ctl.apply(action))

    def _do(self, apply: Callable[[], list[str]], after: Callable[[], None] | None = None) -> None:
        """Run a person's action: log it, or explain why it was refused; then go on."""
        try:
            lines = apply()
        except EngineError as exc:
            self.message = f"✗ {exc}."
            lines = []
        except Exception as exc:
            self._fail(exc)
            return
        else:
            self.message = ""
            self.uno_armed = False
        self.query_one(GameLog).add(lines)
        self.awaiting_turn = False
        if after is not None:
            self._guard(after)
            return
        self._refresh()
        self.resume()

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

        if ctl.shared_keyboard:
            self._handoff(challenger, f"{ctl.names[target]}'s hand is shown to "
                          f"{ctl.names[challenger]} alone.", show)
        else:
            show()

    def _round_over(self) -> None:
        from .round_result import RoundResultScreen

        summary = self.ctl.finish_round()
        self.query_one(ScoreBoard).show(self.table_state())
        self.query_one(SeatList).show(self.table_state())

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
        humans = self.ctl.humans
        self.viewer = humans[0] if len(humans) == 1 else None
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
            return bool(ctl.jump_in_candidates())
        if action == "pace":
            return bool(ctl.bots) and bool(parameters) and parameters[0] != self.fast
        return True

    def action_move(self, step: int) -> None:
        self.query_one(HandView).move(step)

    def action_select(self, index: int) -> None:
        hand = self.query_one(HandView)
        if not hand.select(index):
            self.message = f"There is no card {index + 1 if index < 9 else 10} in the hand."
            self.query_one(PromptBar).text = self._prompt_text()
            self.message = ""

    def action_play(self) -> None:
        card = self.query_one(HandView).selected_card
        if card is not None:
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
        self._do(lambda: ctl.play(seat, card, call_uno=self.uno_armed))

    def action_draw(self) -> None:
        seat = self.viewer
        if seat is None or not self.awaiting_turn:
            return
        self._do(lambda: self.ctl.apply(Draw(seat)))

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

    def action_jump_in(self) -> None:
        from .jump_in import JumperDialog

        candidates = self.ctl.jump_in_candidates()
        if not candidates:
            return
        if len(candidates) == 1:
            self._jump_for(candidates[0])
            return
        top = long_label(self.ctl.game.top)
        self.app.push_screen(
            JumperDialog([(s, self.ctl.names[s]) for s in candidates], top),
            lambda seat: self.resume() if seat is None else self._jump_for(seat))

    def _jump_for(self, seat: int) -> None:
        from .jump_in import JumpInDialog

        ctl = self.ctl

        def choose() -> None:
            view = ctl.view(seat)
            faces = {c.id: c.face for c in view.hand}
            choices = [(a, faces[a.card]) for a in ctl.jump_in_actions(seat)]
            self._refresh()

            def chosen(action) -> None:
                if action is None:
                    self.resume()
                else:
                    self._do(lambda: ctl.apply(action))

            self.app.push_screen(JumpInDialog(ctl.names[seat], long_label(view.top), choices),
                                 chosen)

        if seat != self.viewer and ctl.shared_keyboard:
            self._handoff(seat, f"{ctl.names[seat]} wants to jump in.", choose)
        else:
            self.viewer = seat
            choose()

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

