"""The end of a round: every hand's remaining cards and points, the winner, the totals."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..cardtext import card_style, short_label
from ..controller import RoundSummary
from ..widgets.footer import KeysFooter

__all__ = ["RoundResultScreen", "round_table"]


def round_table(summary: RoundSummary) -> Table:
    """A table of the round: cards left, their points, points gained, running total."""
    table = Table(expand=True, box=None, pad_edge=False, show_edge=False)
    table.add_column("Player", no_wrap=True)
    table.add_column("Cards left", ratio=1)
    table.add_column("Points", justify="right", no_wrap=True)
    table.add_column("Round", justify="right", no_wrap=True)
    table.add_column("Total", justify="right", no_wrap=True)
    for seat, name in enumerate(summary.names):
        cards = Text()
        for face in summary.hands[seat]:
            cards.append(short_label(face), style=card_style(face))
            cards.append(" ")
        if not summary.hands[seat]:
            cards.append("out" if seat == summary.winner else "no cards")
        gained = summary.gained[seat]
        table.add_row(
            Text(name, style="bold" if seat == summary.winner else ""),
            cards,
            str(summary.hand_points[seat]),
            f"{gained:+d}" if gained else "0",
            str(summary.totals[seat]),
        )
    return table


def round_title(summary: RoundSummary) -> str:
    """"Round 2: Ann wins 87 points" or "Round 2 ends with no winner"."""
    if summary.winner is None:
        return f"Round {summary.number} ends with no winner"
    name = summary.names[summary.winner]
    points = summary.gained[summary.winner]
    if summary.mode == "lowest":
        return f"Round {summary.number}: {name} goes out"
    return f"Round {summary.number}: {name} goes out and scores {points}"


class RoundResultScreen(ModalScreen[None]):
    """The round's result; Enter (or a click) goes on."""

    BINDINGS = [Binding("enter", "close", "Go on", key_display="⏎")]

    def __init__(self, summary: RoundSummary) -> None:
        super().__init__(classes="dialog-screen")
        self.summary = summary

    def compose(self) -> ComposeResult:
        summary = self.summary
        if summary.match_over:
            after = "Press Enter for the match result."
        else:
            after = f"Press Enter to deal round {summary.number + 1}."
        with Vertical(id="dialog", classes="wide-dialog"):
            yield Static(Text(round_title(summary)), classes="dialog-title")
            with VerticalScroll(id="round-table"):
                yield Static(round_table(summary))
            yield Static(after, classes="dialog-hint")
        yield KeysFooter()

    def on_click(self) -> None:
        self.action_close()

    def action_close(self) -> None:
        self.dismiss(None)
