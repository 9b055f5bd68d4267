"""The computers' pacing as plain code: a fake host stands in for the screen's timers
and worker threads, so each step is run by the test, in order, with no clock. Last, the
table screen as the pacing's host: its timers fire however late they are looked at."""

from __future__ import annotations

import pytest

from uno_tui.app.app import UnoApp
from uno_tui.app.pacing import (
    BURST, CATCH_GRACE, FAST_SHARE, MIN_TIMER, RETRY, ComputerPacing, first_answer,
)
from uno_tui.app.screens.round_result import RoundResultScreen
from uno_tui.config import PlayConfig, SeatSpec
from uno_tui.engine import Catch

from .helpers import make_controller, rigged, timers_look_late, wait_for


class Timer:
    def __init__(self, delay, callback):
        self.delay, self.callback, self.stopped = delay, callback, False

    def cancel(self):
        self.stopped = True


class FakeHost:
    """The screen, as the pacing sees it: timers and the worker thread run when the
    test says so."""

    def __init__(self):
        self.may_act = True
        self.timers: list[Timer] = []
        self.work = None
        self.done: list[list[str]] = []
        self.failed: list[Exception] = []

    def computers_may_act(self):
        return self.may_act

    def later(self, delay, callback):
        timer = Timer(delay, callback)
        self.timers.append(timer)
        return timer

    def think_in_thread(self, work):
        assert self.work is None, "the computers think one at a time"
        self.work = work

    def computers_done(self, lines):
        self.done.append(lines)

    def computers_failed(self, error):
        self.failed.append(error)

    def fire(self) -> Timer:
        """Let the one pending timer fire."""
        pending = [t for t in self.timers if not t.stopped]
        assert len(pending) == 1, f"pending timers: {pending}"
        timer = pending[0]
        timer.stopped = True
        timer.callback()
        return timer

    def finish_thinking(self, pacing):
        work, self.work = self.work, None
        pacing.answered(work())


def computers_only(players="cpu,cpu,cpu", seed=3):
    return make_controller(players, seed=seed)


def test_a_computer_acts_after_the_pace_and_its_line_reaches_the_log():
    ctl = computers_only()
    host = FakeHost()
    pacing = ComputerPacing(ctl, host, pace=0.6)
    pacing.start()
    assert pacing.busy and host.timers[0].delay == pytest.approx(0.6)
    before = len(ctl.log)
    host.fire()
    assert host.work is not None and not host.done     # thinking in the thread
    host.finish_thinking(pacing)
    assert len(host.done) == 1 and host.done[0] == ctl.log[before:]
    assert host.done[0] and not pacing.busy


def test_fast_is_a_share_of_the_pace_and_pace_zero_still_uses_a_timer():
    ctl = computers_only()
    host = FakeHost()
    pacing = ComputerPacing(ctl, host, pace=0.5)
    pacing.fast = True
    pacing.start()
    assert host.timers[-1].delay == pytest.approx(0.5 * FAST_SHARE)
    zero = ComputerPacing(ctl, FakeHost(), pace=-1)
    assert zero.pace == 0 and zero.delay == 0
    zero.start()
    assert zero.host.timers[-1].delay == MIN_TIMER


def test_computers_wait_longer_while_a_person_may_catch_one():
    ctl = rigged("Ann,cpu", hands=[["B1", "B2", "B3"], ["R1", "R2"]], top="R3", current=1,
                 calls_uno=False)
    ctl.bot_step()                                      # CPU 1 plays down to one card
    assert type(ctl.catch_option()) is Catch
    pacing = ComputerPacing(ctl, FakeHost(), pace=0.4)
    assert pacing.delay == pytest.approx(0.4 * CATCH_GRACE)
    pacing.fast = True                                  # fast: no grace
    assert pacing.delay == pytest.approx(0.4 * FAST_SHARE)


def test_computers_wait_while_a_question_or_dialog_is_open_and_then_go_on():
    ctl = computers_only()
    host = FakeHost()
    pacing = ComputerPacing(ctl, host, pace=0.6)
    pacing.start()
    host.may_act = False
    assert host.fire().delay == pytest.approx(0.6)
    assert host.work is None and host.timers[-1].delay == RETRY   # looks again later
    host.fire()
    assert host.work is None and pacing.busy
    host.may_act = True
    host.fire()
    assert host.work is not None
    # A dialog opens while it thinks: the answer waits too, and is applied afterwards.
    host.may_act = False
    version = len(ctl.log)
    host.finish_thinking(pacing)
    assert len(ctl.log) == version and not host.done
    host.may_act = True
    host.fire()
    assert len(host.done) == 1 and len(ctl.log) > version


def test_at_pace_zero_computers_act_in_a_burst_with_one_report():
    ctl = computers_only()
    host = FakeHost()
    pacing = ComputerPacing(ctl, host, pace=0)
    pacing.start()
    host.fire()
    thoughts = 0
    while host.work is not None:
        thoughts += 1
        host.finish_thinking(pacing)
    # Each answer but the last leads straight to the next one: no timer in between.
    assert len(host.timers) == 1
    assert thoughts == BURST + 1 or ctl.game.is_over
    assert len(host.done) == 1 and host.done[0]
    assert not pacing.busy


def test_stopped_pacing_cancels_its_timer_and_ignores_a_late_answer():
    ctl = computers_only()
    host = FakeHost()
    pacing = ComputerPacing(ctl, host, pace=0.6)
    pacing.start()
    timer = host.timers[0]
    pacing.stop()
    assert timer.stopped and not pacing.busy
    pacing.start()
    host.fire()
    assert host.work is None                            # stopped: nobody thinks any more
    before = list(ctl.log)
    pacing.answered(first_answer(ctl.bot_turns()))
    assert ctl.log == before and not host.done


def test_a_failing_computer_is_reported_not_raised():
    ctl = computers_only()
    host = FakeHost()

    def broken():
        raise RuntimeError("the bot fell over")

    ctl.bot_turns = broken
    pacing = ComputerPacing(ctl, host, pace=0.1)
    pacing.start()
    host.fire()
    assert [str(e) for e in host.failed] == ["the bot fell over"] and not host.done


def test_nothing_to_do_is_reported_done_at_once():
    ctl = rigged("Ann,cpu", hands=[["R1", "R2"], ["G1", "G2"]], top="R3")
    host = FakeHost()
    pacing = ComputerPacing(ctl, host, pace=0.2)
    pacing.start()
    host.fire()
    assert host.done == [[]] and host.work is None and not pacing.busy


async def test_computers_play_on_when_the_machine_is_too_crowded_to_see_their_timer_in_time():
    # At pace 0 the computers wait 1 ms for the screen to redraw. Textual's one-shot timer
    # skips a moment that has passed by the time its task first looks at the clock, and
    # then never fires: under load the table stood still for good, "CPU 2 is playing…
    # thinking…". The pacing's timers must fire however late they are looked at.
    seats = tuple(SeatSpec(f"CPU {n}", "easy") for n in range(1, 4))
    app = UnoApp(PlayConfig(seats=seats, target=10**4, seed=2), pace=0, steady=True)
    with timers_look_late():
        async with app.run_test(size=(80, 24)) as pilot:
            for number in (1, 2):
                await wait_for(pilot, lambda: isinstance(app.screen, RoundResultScreen)
                               and app.screen.summary.number == number,
                               f"the end of round {number}")
                await pilot.press("enter")
