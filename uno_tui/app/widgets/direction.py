"""The direction tracker: which way play goes, and who is next."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ..tablestate import TableState

__all__ = ["DirectionTracker"]


class DirectionTracker(Static):
    """An arrow and a word for the direction of play; ↓ / ↑: down or up the seat list."""

    direction: reactive[int] = reactive(1)

    def show(self, state: TableState) -> None:
        """Draw the direction of ``state``."""
        self.direction = state.view.direction

    def render(self) -> Text:
        if self.direction == 1:
            return Text("↻ clockwise ↓")
        return Text("↺ anticlockwise ↑")
