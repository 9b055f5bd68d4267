"""The dialog that tells, in words, that the game can't go on."""

from __future__ import annotations

from textual.binding import Binding

from .dialog import Dialog, Option
from .error import QUIT, SETUP

__all__ = ["ErrorDialog"]


class ErrorDialog(Dialog[str]):
    """The game can't go on; offers a new setup or quitting."""

    BINDINGS = [Binding("s", "pick_key('s')", "New setup"), Binding("q", "pick_key('q')", "Quit")]

    def __init__(self, problem: str) -> None:
        super().__init__("Something went wrong", f"The game can't go on: {problem}", [
            Option("New setup", SETUP, "s"),
            Option("Quit", QUIT, "q"),
        ])
