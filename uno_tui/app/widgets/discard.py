"""The discard pile: its top card and the colour in play."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ...engine import Face
from ..cardtext import color_label, color_style, long_label
from ..tablestate import TableState

__all__ = ["DiscardPile"]


class DiscardPile(Static):
    """Top card (in its colour, with its name) and the active colour in words."""

    top: reactive[Face | None] = reactive(None)
    top_id: reactive[int | None] = reactive(None)
    color: reactive[str | None] = reactive(None)
    count: reactive[int] = reactive(0)
    show_ids: bool = False

    def show(self, state: TableState) -> None:
        """Draw the pile of ``state``."""
        view = state.view
        self.show_ids = state.show_ids
        self.top = view.top
        self.top_id = view.discard[-1].id if view.discard else None
        self.color = view.color
        self.count = view.discard_count

    def render(self) -> Text:
        if self.top is None:
            return Text("")
        label = long_label(self.top)
        if self.show_ids and self.top_id is not None:
            label += f"#{self.top_id}"
        text = Text()
        text.append(f" {label} ", style=color_style(self.top.color))
        text.append("\n")
        text.append("colour: ")
        text.append(color_label(self.color), style="bold")
        text.append(f"\n{self.count} in the pile", style="dim")
        return text
