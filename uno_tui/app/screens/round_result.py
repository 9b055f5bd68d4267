"""The end of a round: every hand's remaining cards and points, the winner, the totals."""

from __future__ import annotations

from typing import Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...i18n import Translator, translator
from ..cardtext import card_style, short_label
from ..controller import RoundSummary
from ..widgets.footer import KeysFooter

__all__ = ["RoundResultScreen", "round_table", "CardRun"]


class CardRun:
    """Cards side by side, wrapped between cards, never inside one: a label such as
    ``Y Skip`` (``Y スキップ``) is one coloured block, which Rich's wrapping broke at its
    space ("Y" at a line's end, "スキップ" on the next; in the dialog at 80x24 "Y …")."""

    def __init__(self, labels: Sequence[Text]) -> None:
        self.labels = list(labels)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [label.cell_len for label in self.labels] or [0]
        return Measurement(max(widths), sum(widths) + len(widths) - 1)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = Text()
        for label in self.labels:
            if line and line.cell_len + 1 + label.cell_len > options.max_width:
                yield line
                line = Text()
            if line:
                line.append(" ")
            line.append_text(label)
        yield line


def round_table(summary: RoundSummary, tr: Translator | None = None) -> Table:
    """A table of the round: cards left, their points, points gained, running total."""
    tr = tr or translator()
    table = Table(expand=True, box=None, pad_edge=False, show_edge=False)
    table.add_column(tr("Player"), no_wrap=True)
    table.add_column(tr("Cards left"), ratio=1)
    table.add_column(tr("Points"), justify="right", no_wrap=True)
    table.add_column(tr("Round"), justify="right", no_wrap=True)
    table.add_column(tr("Total"), justify="right", no_wrap=True)
    for seat, name in enumerate(summary.names):
        cards = CardRun([Text(tr.words(short_label(face)), style=card_style(face))
                         for face in summary.hands[seat]]
                        or [Text(tr("out") if seat == summary.winner else tr("no cards"))])
        gained = summary.gained[seat]
        table.add_row(
            Text(name, style="bold" if seat == summary.winner else ""),
            cards,
            str(summary.hand_points[seat]),
            f"{gained:+d}" if gained else "0",
            str(summary.totals[seat]),
        )
    return table


def round_title(summary: RoundSummary, tr: Translator | None = None) -> str:
    """"Round 2: Ann wins 87 points" or "Round 2 ends with no winner"."""
    tr = tr or translator()
    if summary.winner is None:
        return tr("Round {number} ends with no winner", number=summary.number)
    name = summary.names[summary.winner]
    points = summary.gained[summary.winner]
    if summary.mode == "lowest":
        return tr("Round {number}: {name} goes out", number=summary.number, name=name)
    return tr("Round {number}: {name} goes out and scores {points}", number=summary.number,
              name=name, points=points)


class RoundResultScreen(ModalScreen[None]):
    """The round's result; Enter (or a click) goes on."""

    BINDINGS = [Binding("enter", "close", "Go on", key_display="⏎")]

    def __init__(self, summary: RoundSummary) -> None:
        super().__init__(classes="dialog-screen")
        self.summary = summary

    def compose(self) -> ComposeResult:
        summary = self.summary
        tr = self.app.tr
        if summary.match_over:
            after = tr("Press Enter for the match result.")
        else:
            after = tr("Press Enter to deal round {number}.", number=summary.number + 1)
        with Vertical(id="dialog", classes="wide-dialog"):
            yield Static(Text(round_title(summary, tr)), classes="dialog-title")
            with VerticalScroll(id="round-table"):
                yield Static(round_table(summary, tr))
            yield Static(after, classes="dialog-hint")
        yield KeysFooter()

    def on_click(self) -> None:
        self.action_close()

    def action_close(self) -> None:
        self.dismiss(None)
