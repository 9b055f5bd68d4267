"""The direction tracker: which way play goes and who is next; it turns on a Reverse.

UNO Party! plays with a tracker card on the table (``view.extras["direction_tracker"]``);
the widget then says so. When the direction changes, the tracker is highlighted for
a moment (class ``-turned``), so the turn is seen on the table, not only in the log.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.reactive import reactive

from ..tablestate import TableState
from .bound import TableWidget

__all__ = ["DirectionTracker", "TURNED_FOR"]

#: Seconds the tracker stays highlighted after the direction changed.
TURNED_FOR = 2.0

_ARROWS = {1: ("↻", "clockwise"), -1: ("↺", "anticlockwise")}


class Heading(NamedTuple):
    direction: int
    next_name: str
    card: bool


class DirectionTracker(TableWidget):
    """``↻ clockwise · next: Bob``; on two or more lines the arrow is drawn as a ring."""

    heading: reactive[Heading | None] = reactive(None)

    def read(self, state: TableState) -> None:
        view = state.view
        following = (view.current + view.direction) % view.players
        self.heading = Heading(view.direction, state.names[following],
                               "direction_tracker" in view.extras)

    def watch_heading(self, old: Heading | None, new: Heading | None) -> None:
        if old is not None and new is not None and old.direction != new.direction:
            self.add_class("-turned")
            self.set_timer(TURNED_FOR, lambda: self.remove_class("-turned"))

    def render(self) -> Text:
        heading = self.heading
        if heading is None:
            return Text("")
        arrow, words = _ARROWS.get(heading.direction, _ARROWS[1])
        label = ("tracker card: " if heading.card else "") + words
        text = Text(no_wrap=True, overflow="ellipsis")
        if self.size.height >= 3:
            ring = (("╭─→─╮", f"↑ {arrow} ↓", "╰─←─╯") if heading.direction == 1
                    else ("╭─←─╮", f"↓ {arrow} ↑", "╰─→─╯"))
            text.append(f"{ring[0]} {label}\n", style="bold")
            text.append(f"{ring[1]}\n", style="bold")
            text.append(ring[2], style="bold")
            text.append(" next: ")
            text.append(Text(heading.next_name, style="bold"))
            return text
        text.append(f"{arrow} {label}", style="bold")
        text.append("\nnext: " if self.size.height == 2 else " · next: ")
        text.append(Text(heading.next_name, style="bold"))
        return text
