"""The players: name, cards held, UNO status, points, dealer, and whose turn it is."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..tablestate import TableState

__all__ = ["SeatLine", "SeatList"]


class SeatLine(NamedTuple):
    """What one seat's line shows."""

    name: str
    count: int
    called_uno: bool
    forgot_uno: bool
    current: bool
    dealer: bool
    score: int


class SeatList(Widget):
    """One line per seat in seat order: ``▶ Ann  7 UNO!  120 D``."""

    lines: reactive[tuple[SeatLine, ...]] = reactive(())

    def watch_lines(self, old: tuple[SeatLine, ...], new: tuple[SeatLine, ...]) -> None:
        if len(old) != len(new):
            self.refresh(layout=True)

    def show(self, state: TableState) -> None:
        """Draw every seat from ``state``."""
        view = state.view
        self.lines = tuple(
            SeatLine(
                name=state.names[seat],
                count=info.card_count,
                called_uno=info.called_uno and info.card_count == 1,
                forgot_uno=seat in view.catchable,
                current=view.decision_seat == seat and view.winner is None,
                dealer=view.dealer == seat,
                score=state.scores[seat],
            )
            for seat, info in enumerate(view.seats)
        )

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self.lines))

    def render(self) -> Text:
        out = Text()
        for number, line in enumerate(self.lines):
            if number:
                out.append("\n")
            row = Text(style="reverse" if line.current else "")
            row.append("▶ " if line.current else "  ", style="bold")
            row.append(f"{line.name[:10]:<10}", style="bold" if line.current else "")
            row.append(f" {line.count:>2} ")
            if line.called_uno:
                row.append("UNO!", style="bold")
            elif line.forgot_uno:
                row.append("?UNO", style="bold")
            else:
                row.append("    ")
            row.append(f" {line.score:>4}")
            row.append(" D" if line.dealer else "  ")
            out.append_text(row)
        return out
