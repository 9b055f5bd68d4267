"""The draw pile: how many cards are left; a click draws."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ...engine import Face
from ..cardtext import color_style, short_label
from ..tablestate import TableState

__all__ = ["DrawPile"]


class DrawPile(Static):
    """Cards left to draw. In UNO Flip it also shows the top card's visible back."""

    class DrawRequested(Message):
        """The pile was clicked: the person at the keyboard wants to draw."""

    count: reactive[int] = reactive(0)
    #: The face everyone sees on the pile's top card (UNO Flip), else None.
    back: reactive[Face | None] = reactive(None)

    def show(self, state: TableState) -> None:
        """Draw the pile of ``state``."""
        self.count = state.view.draw_count
        self.back = state.view.draw_top_back

    def render(self) -> Text:
        text = Text(f"{self.count} card{'s' if self.count != 1 else ''} to draw")
        if self.back is not None:
            text.append("\nback: ")
            text.append(f" {short_label(self.back)} ", style=color_style(self.back.color))
        return text

    def on_click(self) -> None:
        self.post_message(self.DrawRequested())
