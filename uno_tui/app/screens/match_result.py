"""The end of a match: who won, then play again, set up anew, or quit."""

from __future__ import annotations

from rich.cells import cell_len
from textual.binding import Binding

from ...i18n import Translator, translator

from ..controller import RoundSummary
from .dialog import Dialog, Option

__all__ = ["MatchResultDialog", "AGAIN", "SETUP", "QUIT"]

AGAIN = "again"
SETUP = "setup"
QUIT = "quit"


def match_title(summary: RoundSummary, tr: Translator | None = None) -> str:
    """"Ann wins the match!" (or a shared win)."""
    tr = tr or translator()
    names = [summary.names[s] for s in summary.match_winners]
    if not names:
        return tr("The match ends with no winner")
    if len(names) == 1:
        return tr("{name} wins the match!", name=names[0])
    return tr("{names} share the win!", names=tr(" and ").join(names))


def _padded(name: str, cells: int) -> str:
    """``name`` filled with spaces to ``cells`` cells (a kanji takes two)."""
    return name + " " * max(0, cells - cell_len(name))


class MatchResultDialog(Dialog[str]):
    """Returns ``again``, ``setup`` or ``quit``."""

    BINDINGS = [Binding("a", "pick_key('a')", "Play again"),
                Binding("s", "pick_key('s')", "New setup"),
                Binding("q", "pick_key('q')", "Quit")]

    def __init__(self, summary: RoundSummary, tr: Translator | None = None) -> None:
        tr = tr or translator()
        order = sorted(range(len(summary.names)), key=lambda s: summary.totals[s],
                       reverse=summary.mode != "lowest")
        standings = "\n".join(f"{_padded(summary.names[s], 16)} {summary.totals[s]:>5}"
                              for s in order)
        super().__init__(match_title(summary, tr), tr("Final scores:\n{standings}",
                                                      standings=standings), [
            Option(tr("Play again with the same players"), AGAIN, "a"),
            Option(tr("New setup"), SETUP, "s"),
            Option(tr("Quit"), QUIT, "q"),
        ])
