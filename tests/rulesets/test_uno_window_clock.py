"""The one clock of ``catch-window:N`` (``app/window_clock.py``) over the engine's
``uno_window_clock``: a window's opening is told apart from every other one, and a
clock started for an old window never closes a newer one."""

from __future__ import annotations

from uno_tui.app.window_clock import UnoWindowClock
from uno_tui.engine import CallUno, CloseUnoWindow, Draw, Game, Play


class _Timers:
    """``later`` for the clock: timers that fire when the test says."""

    def __init__(self) -> None:
        self.pending: list[list] = []

    def later(self, delay, callback):
        timer = [delay, callback, False]
        self.pending.append(timer)

        class Handle:
            def cancel(self_inner):
                timer[2] = True
        return Handle()

    def fire(self, index: int = -1) -> None:
        delay, callback, cancelled = self.pending[index]
        if not cancelled:
            callback()


def _close(game: Game, opened: int) -> bool:
    """What a table's driver does when its clock runs out: apply the closing, if any."""
    closer = game.uno_window_closer(opened)
    if closer is None:
        return False
    game.apply(closer)
    return True


def test_the_engine_says_when_a_timed_window_opened_and_for_how_long():
    game = Game.from_position("classic", hands=[["R5", "G7"], ["B1", "B2", "B3"]], top="R3",
                              rules=("catch-window:3",))
    assert game.uno_window_clock is None
    game.apply(Play(0, game.hands[0][0]))
    opened, seconds = game.uno_window_clock
    assert seconds == 3 and game.uno_window == 0
    assert game.uno_window_closer(opened + 1) is None  # not this window: nothing to close
    assert game.uno_window == 0
    assert game.uno_window_closer(opened) == CloseUnoWindow(0)
    assert _close(game, opened)
    assert game.uno_window is None and game.uno_window_clock is None
    assert not _close(game, opened)                    # closed already


def test_without_a_clock_there_is_no_timed_window():
    game = Game.from_position("classic", hands=[["R5", "G7"], ["B1", "B2", "B3"]], top="R3",
                              rules=("catch-window",))
    game.apply(Play(0, game.hands[0][0]))
    assert game.uno_window == 0 and game.uno_window_clock is None
    assert game.uno_window_closer(-1) is None


def test_a_clock_started_for_an_old_window_never_closes_a_newer_one_of_the_same_seat():
    game = Game.from_position("classic", hands=[["R5", "R7", "R8"], ["B1", "R2", "B3", "B4"]],
                              top="R3", draw=["G1", "G2", "G4", "G6"], rules=("catch-window:3",))
    closed = []
    timers = _Timers()
    clock = UnoWindowClock(timers.later, lambda g, opened: closed.append(_close(g, opened)))
    game.apply(Play(0, game.hands[0][0]))             # R5: two left
    clock.follow(game)
    assert timers.pending == []
    game.apply(Play(1, game.hands[1][1]))             # R2
    game.apply(Play(0, game.hands[0][0]))             # R7: one left, UNO not called
    clock.follow(game)
    first = game.uno_window_clock[0]
    assert [t[0] for t in timers.pending] == [3] and clock.running
    clock.follow(game)                                # the same window: the clock goes on
    assert len(timers.pending) == 1
    game.apply(CallUno(0))                            # called late: the window closes
    clock.follow(game)
    assert not clock.running and timers.pending[0][2]  # its timer called off
    # The same seat's window opens again (a new one) before the old timer could fire.
    game.apply(Draw(1))
    game.restore({"uno_window": 0, "called": set()})
    clock.follow(game)
    assert game.uno_window_clock[0] != first and len(timers.pending) == 2
    timers.pending[0][1]()                            # the old timer, fired anyway
    assert closed == [False] and game.uno_window == 0
    timers.fire()                                     # the new window's time is up
    assert closed == [False, True] and game.uno_window is None
