"""The end of a match: who won, then play again, set up anew, or quit."""

from __future__ import annotations

from textual.binding import Binding

from ..controller import RoundSummary
from .dialog import Dialog, Option

__all__ = ["MatchResultDialog", "AGAIN", "SETUP", "QUIT"]

AGAIN = "again"
SETUP = "setup"
QUIT = "quit"


def match_title(summary: RoundSummary) -> str:
    """"Ann wins the match!" (or a shared win)."""
    names = [summary.names[s] for s in summary.match_winners]
    if not names:
        return "The match ends with no winner"
    if len(names) == 1:
        return f"{names[0]} wins the match!"
    return f"{' and '.join(names)} share the win!"


class MatchResultDialog(Dialog[str]):
    """Returns ``again``, ``setup`` or ``quit``."""

    BINDINGS = [Binding("a", "pick_key('a')", "Play again"),
                Binding("s", "pick_key('s')", "New setup"),
                Binding("q", "pick_key('q')", "Quit")]

    def __init__(self, summary: RoundSummary) -> None:
        order = sorted(range(len(summary.names)), key=lambda s: summary.totals[s],
                       reverse=summary.mode != "lowest")
        standings = "\n".join(f"{summary.names[s]:<16} {summary.totals[s]:>5}" for s in order)
        super().__init__(match_title(summary), f"Final scores:\n{standings}", [
            Option("Play again with the same players", AGAIN, "a"),
            Option("New setup", SETUP, "s"),
            Option("Quit", QUIT, "q"),
        ])
