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
    """One line per seat in seat order: ``▶ Ann  7 UNO!  120 D``; two narrower columns
    when there are more seats than lines."""

    lines: reactive[tuple[SeatLine, ...]] = reactive(())

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

    def render(self) -> Text:
        if len(self.lines) > self.size.height > 0:
            return self._render_two_columns()
        out = Text()
        for number, line in enumerate(self.lines):
            if number:
                out.append("\n")
            row = Text(style="reverse" if line.current else "")
            row.append("▶ " if line.current else "  ", style="bold")
            row.append(f"{line.name[:10]:<10}", style="bold" if line.current else "")
            row.append(f" {line.count:>2} ")
            row.append(self._uno(line, "UNO!", "?UNO", "    "),
                       style="bold" if line.called_uno or line.forgot_uno else "")
            row.append(f" {line.score:>4}")
            row.append(" D" if line.dealer else "  ")
            out.append_text(row)
        return out

    @staticmethod
    def _uno(line: SeatLine, called: str, forgot: str, neither: str) -> str:
        if line.called_uno:
            return called
        return forgot if line.forgot_uno else neither

    def _render_two_columns(self) -> Text:
        """Big tables: two narrower columns (name, cards, UNO status) instead of one."""
        rows = -(-len(self.lines) // 2)
        out = Text()
        for row_number in range(rows):
            if row_number:
                out.append("\n")
            for line in self.lines[row_number::rows]:
                cell = Text(style="reverse" if line.current else "")
                cell.append("▶" if line.current else " ", style="bold")
                cell.append(f"{line.name[:6]:<6}{line.count:>3}")
                cell.append(f"{self._uno(line, ' U!', ' ?U', '   ')} ")
                out.append_text(cell)
        return out
