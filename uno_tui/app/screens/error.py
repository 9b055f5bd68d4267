"""An unexpected problem, told in words instead of a traceback."""

from __future__ import annotations

from textual.binding import Binding

from .dialog import Dialog, Option

__all__ = ["ErrorDialog", "QUIT", "SETUP"]

QUIT = "quit"
SETUP = "setup"


class ErrorDialog(Dialog[str]):
    """The game can't go on; offers a new setup or quitting."""

    BINDINGS = [Binding("s", "pick_key('s')", "New setup"), Binding("q", "pick_key('q')", "Quit")]

    def __init__(self, problem: str) -> None:
        super().__init__("Something went wrong", f"The game can't go on: {problem}", [
            Option("New setup", SETUP, "s"),
            Option("Quit", QUIT, "q"),
        ])
