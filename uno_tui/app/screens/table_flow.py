"""The table's flow on screen: it carries out what the hot-seat flow says comes next.

:class:`~uno_tui.app.hotseat.HotSeat` decides (computers act, a handoff, a question,
the round's end); :class:`TableFlow` does it: it starts the computers' pacing, pushes
the handoff, opens the prompt, applies what a person chose and follows it up (a drawn
card they could not play, a challenged hand, a claim to play out of turn).
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Callable

from textual.worker import Worker, WorkerState

from ...engine import Action, Catch, Challenge, DecisionKind, EngineError, EventKind, Play
from ...i18n import reason
from ..cardtext import long_label
from ..hotseat import Ask, Away, Computers, Handoff, RoundOver
from ..pacing import Answer
from ..timers import call_after
from ..prompts.host import PROMPT_GROUP
from ..prompts.panel import PromptPanel
from ..prompts.question import Option, Question
from ..prompts.registry import distinct_faces
from ..prompts.windows import (
    nothing_to_claim, out_of_turn_card, out_of_turn_sentence, who_plays_out_of_turn,
)
from ..widgets.hand import HandView
from ..widgets.log import GameLog
from ..widgets.prompt import refused

__all__ = ["TableFlow", "BOT_GROUP"]

#: The worker group of the computers' thinking.
BOT_GROUP = "bots"


class TableFlow:
    """Mixin for the table screen: moves the game on, step by step.

    The screen provides ``ctl``, ``flow`` (its :class:`HotSeat`), ``pacing`` (its
    :class:`~uno_tui.app.pacing.ComputerPacing`, whose host this is), the prompt host
    (``_run_prompt``, ``_decide``, ``_notice``, ``ask``), ``_guard``/``_fail``,
    ``_refresh()``, ``awaiting_turn``, ``uno_armed`` and ``message``, and ``_unbuilt``
    with ``built_beneath()`` (a table built only once its first handoff has shown).
    """

    def resume(self) -> None:
        """Move the game on: computer turns, a handoff, or the next prompt."""
        if self.pacing.busy or self._failed or self._asking or not self.is_active:
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
            self.pacing.start()        # before the redraw, so the seat shows "thinking…"
            self._refresh()
        elif isinstance(step, Handoff):
            self._handoff(step.seat, step.reason, self.resume)
        elif isinstance(step, Ask) and step.kind == DecisionKind.TURN:
            self.awaiting_turn = True
            self._refresh()
        elif isinstance(step, Ask):
            self._refresh()
            self._run_prompt(partial(self._decide, step.seat))
        elif isinstance(step, Away):
            self._refresh()

    def _handoff(self, seat: int, reason: str, then: Callable[[], None],
                 shows: str | None = None, kept: bool | None = None) -> None:
        """Hide every hand, ask for ``seat``'s player, then show their hand and run ``then``
        (``shows`` says what Enter shows them, in their words: "my cards" by default;
        ``kept``: they have the keyboard already, so only the others look away; by default,
        when they held it last)."""

        from .handoff import HandoffScreen     # not needed until a keyboard is shared

        async def handed(_: bool | None) -> None:
            if self._unbuilt:
                await self.built_beneath()      # (Enter came before it was built)
                if self._unbuilt:               # the app closed meanwhile
                    return
            self.flow.handed(seat)
            self.message = ""
            # No card is picked: the Enter that took the keyboard and one more must not
            # play a card by accident.
            self.query_one(HandView).unpick()
            self._guard(then)

        # The handoff covers the table first, then the table hides every hand beneath it:
        # hidden the other way round, a frame drawn between the two (seen under load) could
        # still carry the last person's cards while no one is meant to be looking.
        # What happened since this person's last decision, in the log's words (the log
        # is public): the person coming back reads it before their hand (each person's
        # place is marked as they decide: see _act).
        # (Nothing has been read before the table is built.)
        recent = [] if self._unbuilt else self.query_one(GameLog).unread(seat)
        if kept is None:
            kept = self.flow.holder == seat
        if shows is None:
            shows = self.app.tr("my cards")
        self.app.push_screen(HandoffScreen(self.ctl.names[seat], reason, recent, shows=shows,
                                           kept=kept), handed)
        self.flow.hide()
        self.awaiting_turn = False
        if self._unbuilt:
            # Built beneath the handoff once its first frame is drawn, while it is read.
            self.app.screen.call_after_refresh(self.build_beneath)
        else:
            self._refresh()

    # ------------------------------------------------------------ a person acts

    def _act(self, seat: int, action: Action) -> None:
        """Apply a person's action: log it, or explain why it was refused; then go on."""
        ctl = self.ctl
        try:
            if type(action) is Play and self.uno_armed:
                lines = ctl.play(seat, action.card, call_uno=True)
            else:
                lines = ctl.apply(action)
        except EngineError as exc:
            self.message = refused(self.app.tr, reason(exc))
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
        log = self.query_one(GameLog)
        log.add(lines)
        # What happens from now on is news to this person at their next handoff.
        log.bookmark(seat)
        if type(action) is Challenge:
            self._guard(lambda: self._reveal(seat))
            return
        drawn = self.flow.drawn_notice(seat, action, ctl.last_events_for(seat))
        self._refresh()
        if drawn:
            self._run_prompt(partial(self._notice, drawn,
                                     self.app.tr("Remember it: the keyboard moves on next.")))
            return
        self.resume()

    def _window(self, action: Action) -> None:
        """A window action (UNO, catch) taken by a person at any moment of play."""
        awaiting = self.awaiting_turn
        try:
            lines = self.ctl.apply(action)
        except EngineError as exc:
            self.message = refused(self.app.tr, reason(exc))
            lines = []
        except Exception as exc:
            self._fail(exc)
            return
        self.query_one(GameLog).add(lines)
        self.awaiting_turn = awaiting and self.ctl.decider == self.viewer \
            and self.ctl.decision_kind == DecisionKind.TURN
        self._refresh()
        self.resume()

    def _reveal(self, challenger: int) -> None:
        """Show the challenged hand to the challenger alone (behind its own handoff)."""
        from .reveal import RevealScreen

        ctl = self.ctl
        view = ctl.view(challenger)
        # The log's line (a phrase: the reveal screen reads it in its app's language).
        verdict = next((ctl.narrator.line(event) for event in ctl.last_events
                        if event.kind == EventKind.CHALLENGE), "")
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
            tr = self.app.tr
            self._handoff(challenger, tr("{target}'s hand is shown to {challenger} alone.",
                                         target=ctl.names[target],
                                         challenger=ctl.names[challenger]), show,
                          shows=tr("{name}'s hand", name=ctl.names[target]))
        else:
            show()

    # ------------------------------------------------ out of turn (jump-in, speed play)

    #: The out-of-turn play being claimed now ("Speed play", "Jump in"; "": none).
    claiming: str = ""

    def _claimers(self) -> tuple[int, ...]:
        """The people at this keyboard who may claim an out-of-turn play now."""
        return tuple(s for s in self.ctl.jump_in_candidates() if s in self.flow.held)

    async def _claim(self, claimers: tuple[int, ...], what: str):
        """Someone claims an out-of-turn play. At a shared keyboard it goes as a turn does:
        whoever pressed the key picks their name (the claim), the others look away (the
        gate, "Only Bob may look"), then the claimer, with their hand in view, plays their
        identical card or is told they hold none. Until the gate the screen is the same
        whether or not the claimer holds such a card: nobody learns it by looking on."""
        self.claiming = what
        try:
            return await self._claim_seat(claimers, what)
        finally:
            self.claiming = ""

    async def _claim_seat(self, claimers: tuple[int, ...], what: str):
        ctl, tr = self.ctl, self.app.tr
        top = ctl.game.top
        self.asked_kind = "claim"
        if self.flow.shared:
            seat = await self._claimed_by(who_plays_out_of_turn(
                [(s, ctl.names[s]) for s in claimers], top, what, tr))
            if seat is None:
                return None
            await self._gate(seat, tr(out_of_turn_sentence(what, "claims"),
                                      name=ctl.names[seat], card=long_label(top)))
            self.asked_kind = "claim"
        else:
            (seat,) = claimers
            self.flow.claimed(seat)
        # One option per face: the copies play alike, and their owner sees only the face.
        hand = {card.id: card for card in ctl.view(seat).hand}
        plays = {action.card: action for action in ctl.jump_in_actions(seat)}
        choices = [(plays[card.id], long_label(card.face), card.face)
                   for card in distinct_faces(hand[i] for i in plays)]
        name = ctl.names[seat]
        if not choices:
            decider = ctl.decider
            if decider is None:
                then = ""
            elif self.flow.shared and ctl.is_human(decider) and decider != seat:
                then = tr("The keyboard goes back to {name}.", name=ctl.names[decider])
            else:
                then = tr("{name} plays on.", name=ctl.names[decider])
            return await self._notice(*nothing_to_claim(name, top, what, then, tr))
        action = await self.ask(out_of_turn_card(name, top, choices, what, tr))
        if action is None:
            return None
        return partial(self._act, seat, action)

    async def _claimed_by(self, question):
        """Ask who claims an out-of-turn decision (``question``'s options are seats); every
        hand hides first, as whoever pressed the key may not be the one whose hand shows.
        The seat that answered has the keyboard (None: backed out, nothing changed)."""
        self.flow.hide()
        self._refresh()
        seat = await self.ask(question)
        if seat is not None:
            self.flow.claimed(seat)
        return seat

    async def _gate(self, seat: int, reason: str) -> None:
        """The handoff gate of an out-of-turn decision: ``seat``'s person, who claimed it,
        confirms that only they are looking; then their hand shows."""
        passed = asyncio.get_running_loop().create_future()
        # The claim's question goes: nothing of it may show with the hand after the gate.
        self.query_one(PromptPanel).close()

        def through() -> None:
            if not passed.done():
                passed.set_result(None)

        self._handoff(seat, reason, through, kept=True)
        await passed
        self._refresh()

    # ------------------------------------------------------------ catching

    def _catches(self) -> list[Catch]:
        """The catches the people at this keyboard may make now, in seat order."""
        legal = self.ctl.game.legal_actions
        return [action for seat in sorted(self.flow.held) for action in legal(seat)
                if type(action) is Catch]

    async def _claim_catch(self, catches: list[Catch]):
        """Several people could catch: the one who pressed c says who they are (every
        hand hidden meanwhile); a catch needs nothing private, so no gate follows."""
        ctl, tr = self.ctl, self.app.tr
        self.asked_kind = "claim"
        target = ctl.names[catches[0].target]
        seat = await self._claimed_by(Question(
            tr("Catch {name}: who is catching?", name=target),
            tr("{name} did not call UNO and draws 2. Whoever has the keyboard now picks "
               "their own name.", name=target),
            [Option(tr("I am {name}", name=ctl.names[c.seat]), c.seat, number=c.seat + 1)
             for c in catches],
            cancel=True))
        if seat is None:
            return None
        return partial(self._window, next(c for c in catches if c.seat == seat))

    # --------------------------------------------------- the computers' pacing host

    def computers_may_act(self) -> bool:
        """Computers wait while a dialog, a person's question or the help is open."""
        return self.is_active and not self._asking

    def later(self, delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle:
        """A timer for the pacing, run by this screen once it fires, however late (see
        :mod:`uno_tui.app.timers`: with ``set_timer`` the computers once waited for good)."""
        return call_after(self, delay, callback)

    def think_in_thread(self, work: Callable[[], Answer]) -> None:
        """The computers think in a worker thread (see :meth:`on_worker_state_changed`)."""
        self.run_worker(work, thread=True, group=BOT_GROUP, exit_on_error=False)

    def computers_done(self, lines: list[str]) -> None:
        self.query_one(GameLog).add(lines)
        self.resume()

    def computers_failed(self, error: Exception) -> None:
        self._fail(error)

    def _stop_play(self) -> None:
        self.pacing.stop()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group not in (BOT_GROUP, PROMPT_GROUP):
            return
        if event.state == WorkerState.ERROR:
            self._fail(worker.error if isinstance(worker.error, Exception)
                       else RuntimeError(str(worker.error)))
        elif event.state == WorkerState.SUCCESS and worker.group == BOT_GROUP:
            self.pacing.answered(worker.result)
