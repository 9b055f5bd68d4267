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
        tr = self.app.tr
        super().__init__(tr("Something went wrong"),
                         tr("The game can't go on: {problem}", problem=problem), [
            Option(tr("New setup"), SETUP, "s"),
            Option(tr("Quit"), QUIT, "q"),
        ])
