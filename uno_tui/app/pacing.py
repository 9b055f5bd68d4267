"""Computer pacing: the computers act one after another, at a pace people can follow.

:class:`ComputerPacing` is plain code, no Textual. Its host (the table screen) lends
it a timer, a worker thread and the word on whether a person's question or a dialog
is open; the pacing decides when the next computer thinks, when its answer is
applied, and when the computers are done so that the people's flow goes on.
"""

from __future__ import annotations

from functools import partial
from typing import Callable, Protocol, Sequence

from ..engine import Action
from .controller import DEFAULT_PACE, BotTurn, TableController

__all__ = ["ComputerPacing", "PacingHost", "Answer", "first_answer",
           "FAST_SHARE", "CATCH_GRACE", "BURST", "MIN_TIMER", "RETRY"]

#: The fast pace is this share of the normal one.
FAST_SHARE = 0.2
#: While a person could catch a computer that forgot UNO, computers wait this much longer.
CATCH_GRACE = 2.5
#: At pace 0, at most this many computer actions run before the screen is redrawn.
BURST = 40
#: Timers need a positive interval.
MIN_TIMER = 0.001
#: How often computers look again whether a question or dialog that stopped them has closed.
RETRY = 0.1

#: A computer's answer: the turn it answered and its action (None: nobody acts).
Answer = tuple[BotTurn, Action] | None


def first_answer(turns: Sequence[BotTurn]) -> Answer:
    """The first computer that acts, and its action (run in a worker thread)."""
    for turn in turns:
        action = turn.decide()
        if action is not None:
            return turn, action
    return None


class Cancellable(Protocol):
    """A timer that can be cancelled before it fires (e.g. :class:`asyncio.TimerHandle`)."""

    def cancel(self) -> None:
        """Cancel the timer."""


class PacingHost(Protocol):
    """What the pacing needs from the screen it paces."""

    def computers_may_act(self) -> bool:
        """False while a person's question, a dialog or the help is open."""

    def later(self, delay: float, callback: Callable[[], None]) -> Cancellable:
        """Call ``callback`` once, ``delay`` seconds from now, or as soon as possible
        after that however late it is: a timer that never fires leaves the computers
        waiting for good."""

    def think_in_thread(self, work: Callable[[], Answer]) -> None:
        """Run ``work`` in a worker thread; hand what it returns to
        :meth:`ComputerPacing.answered` (an error to :meth:`computers_failed`)."""

    def computers_done(self, lines: list[str]) -> None:
        """The computers have had their say; ``lines`` are their new log lines."""

    def computers_failed(self, error: Exception) -> None:
        """A computer (or the engine under it) failed: the game can't go on."""


class ComputerPacing:
    """Runs the computers' actions for one table, one at a time, at ``pace`` seconds
    apart (``fast``: a share of it); at pace 0 they act in bursts, one redraw each."""

    def __init__(self, controller: TableController, host: PacingHost,
                 pace: float = DEFAULT_PACE) -> None:
        self.ctl = controller
        self.host = host
        self.pace = max(0.0, pace)
        #: True: computers act at :data:`FAST_SHARE` of the pace.
        self.fast = False
        #: True from :meth:`start` until the computers are done (waiting, or thinking).
        self.busy = False
        #: True once :meth:`stop` was called: nothing more happens.
        self.stopped = False
        self._timer: Cancellable | None = None
        self._answer: Answer = None
        self._lines: list[str] = []
        self._burst = 0

    @property
    def delay(self) -> float:
        """Seconds before the next computer acts: longer while a person could catch one
        that forgot to call UNO (unless played fast)."""
        delay = self.pace * (FAST_SHARE if self.fast else 1.0)
        if not self.fast and self.ctl.catch_option() is not None:
            delay *= CATCH_GRACE
        return delay

    def start(self) -> None:
        """The computers have something to do: the first of them acts after the delay."""
        self.busy = True
        self._timer = self.host.later(max(self.delay, MIN_TIMER), self._think)

    def stop(self) -> None:
        """Stop for good (the game can't go on): no timer fires, no answer is applied."""
        self.stopped = True
        self.busy = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def answered(self, answer: Answer) -> None:
        """The worker thread's answer (see :meth:`PacingHost.think_in_thread`)."""
        self._answer = answer
        self._apply()

    def _may_go(self, retry: Callable[[], None]) -> bool:
        """Whether computers may act now; while a question or dialog is open they wait
        for it to close (``retry`` is called again a little later)."""
        self._timer = None
        if self.stopped:
            return False
        if not self.host.computers_may_act():
            self._timer = self.host.later(RETRY, retry)
            return False
        return True

    def _think(self) -> None:
        """Ask the computers in a worker thread, so a slow one never freezes the screen."""
        if not self._may_go(self._think):
            return
        try:
            turns = self.ctl.bot_turns()
        except Exception as error:
            self.host.computers_failed(error)
            return
        if not turns:
            self._finish()
            return
        self.host.think_in_thread(partial(first_answer, turns))

    def _apply(self) -> None:
        """Apply the computer's answer; at pace 0, go straight on to the next one."""
        if not self._may_go(self._apply):
            return
        answer, self._answer = self._answer, None
        try:
            if answer is not None:
                self._lines += self.ctl.apply_bot(*answer)
            more = self.delay == 0 and self.ctl.bot_pending() and self._burst < BURST
        except Exception as error:
            self.host.computers_failed(error)
            return
        if more:
            # Redrawing after every computer move is what costs; at pace 0 do it once.
            self._burst += 1
            self._think()
            return
        self._finish()

    def _finish(self) -> None:
        lines, self._lines = self._lines, []
        self._burst = 0
        self.busy = False
        self.host.computers_done(lines)
