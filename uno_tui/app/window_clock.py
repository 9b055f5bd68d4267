"""The clock of ``catch-window:N``, one for every table's driver (the hot-seat table
screen, a server table).

The engine has no clock: it says when a timed window opened and for how long
(``Game.uno_window_clock``), and gives the action that closes it
(``Game.uno_window_closer(opened)``, a ``CloseUnoWindow``, recorded as any action). A
driver keeps one :class:`UnoWindowClock`, calls :meth:`follow` after every change to its
game, and gives it how to wait (``later``) and what to do when the time has run out
(``ran_out(game, opened)``: close that window, through ``TableController.close_uno_window``,
then redraw or tell the terminals). ``uno_window_closer(opened)`` gives nothing if that
window has closed by the rules since (another opening, a new round's game, is another
window).

No Textual here: the server uses it with its own timers.
"""

from __future__ import annotations

from typing import Callable, Protocol

from ..engine import Game

__all__ = ["UnoWindowClock"]


class _Cancellable(Protocol):
    def cancel(self) -> object: ...


class UnoWindowClock:
    """Times a missed UNO's window for ``N`` seconds from when it opened (``catch-window:N``).

    ``later(delay, callback)`` calls ``callback`` ``delay`` seconds from now and returns
    a handle with ``cancel()`` (or None); ``ran_out(game, opened)`` is called when the
    window ``opened`` of ``game`` has been open ``N`` seconds."""

    def __init__(self, later: Callable[[float, Callable[[], None]], _Cancellable | None],
                 ran_out: Callable[[Game, int], None]) -> None:
        self._later = later
        self._ran_out = ran_out
        #: The game and the opening being timed, else None.
        self._game: Game | None = None
        self._opened = -1
        self._handle: _Cancellable | None = None

    @property
    def running(self) -> bool:
        """True while a window is being timed."""
        return self._game is not None

    def follow(self, game: Game) -> None:
        """After any change to ``game``: start the clock on a timed window that has just
        opened, stop it for one that has closed."""
        clock = game.uno_window_clock
        if clock is None:
            if self._game is not None:
                self.stop()
            return
        opened, seconds = clock
        if self._game is game and self._opened == opened:
            return          # the same window: its clock goes on
        self.stop()
        self._game, self._opened = game, opened
        self._handle = self._later(seconds, lambda: self._fire(game, opened))

    def stop(self) -> None:
        """Time nothing (the table stops or pauses: a later :meth:`follow` starts the
        clock again, from the full time, on a window still open)."""
        if self._handle is not None:
            self._handle.cancel()
        self._handle = self._game = None

    def _fire(self, game: Game, opened: int) -> None:
        if self._game is game and self._opened == opened:
            self._handle = self._game = None
        self._ran_out(game, opened)
