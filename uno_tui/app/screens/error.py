"""An unexpected problem, told in words instead of a traceback."""

from __future__ import annotations

from typing import Callable

__all__ = ["StopsInWords", "QUIT", "SETUP"]

#: What the error dialog offers: quit, or a new setup.
QUIT = "quit"
SETUP = "setup"


class StopsInWords:
    """Mixin for a screen that runs a game: when the engine, a computer or the screen
    itself fails, the game stops with an :class:`~.error_dialog.ErrorDialog` in words,
    never a traceback. The screen provides ``_stop_play()`` (stop its timers and computers)."""

    #: True once the game has stopped: nothing moves it on any more.
    _failed: bool = False

    def _guard(self, step: Callable[[], None]) -> None:
        """Run ``step``; if it fails, stop the game in words."""
        try:
            step()
        except Exception as exc:
            self._fail(exc)

    def _fail(self, exc: BaseException) -> None:
        """Tell the player in words that the game can't go on, instead of a traceback."""
        if self._failed:
            return
        self._failed = True
        self._stop_play()
        # The dialog's module is read only now: a game that never fails never loads it.
        from .error_dialog import ErrorDialog

        problem = str(exc) or type(exc).__name__
        self.log.error(f"game stopped: {exc!r}")

        def chosen(choice: str | None) -> None:
            if choice == SETUP:
                self.app.show_setup()
            else:
                self.app.exit(return_code=1)

        self.app.push_screen(ErrorDialog(problem), chosen)
