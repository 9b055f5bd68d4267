"""The direction tracker: which way play goes and who is next; it turns on a Reverse.

UNO Party! plays with a tracker card on the table (``view.extras["direction_tracker"]``);
the widget then says so. When the direction changes, the tracker is highlighted for
a moment (class ``-turned``), so the turn is seen on the table, not only in the log.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.reactive import reactive

from ...i18n import N_
from ..tablestate import TableState
from ..timers import call_after
from .bound import DrawnInLines, TableWidget

__all__ = ["DirectionTracker", "TURNED_FOR"]

#: Seconds the tracker stays highlighted after the direction changed.
TURNED_FOR = 2.0

_ARROWS = {1: ("↻", N_("clockwise")), -1: ("↺", N_("anticlockwise"))}


class Heading(NamedTuple):
    direction: int
    next_name: str
    card: bool


class DirectionTracker(DrawnInLines, TableWidget):
    """``↻ clockwise · next: Bob``; on two or more lines the arrow is drawn as a ring.
    A turn moving on rewrites the name, not the ring."""

    heading: reactive[Heading | None] = reactive(None, repaint=False)

    def read(self, state: TableState) -> None:
        view = state.view
        following = (view.current + view.direction) % view.players
        self.heading = Heading(view.direction, state.names[following],
                               "direction_tracker" in view.extras)

    def watch_heading(self, old: Heading | None, new: Heading | None) -> None:
        if old is not None and new is not None and old.direction != new.direction:
            self.add_class("-turned")
            call_after(self, TURNED_FOR, lambda: self.remove_class("-turned"))
        self.redraw()

    def lines(self) -> list[Text]:
        heading = self.heading
        if heading is None:
            return []
        tr = self.app.tr
        arrow, words = _ARROWS.get(heading.direction, _ARROWS[1])
        words = tr(words)
        ahead = tr("next: ")
        # (Party's tracker card says only which way play goes: "tracker card" was jargon,
        # and cut the direction short at 80x24: "tracker card: anticloc…".)
        label = words
        following = Text(heading.next_name, style="bold")    # a name is text, never markup
        if self.size.height >= 3:
            ring = (("╭─→─╮", f"↑ {arrow} ↓", "╰─←─╯") if heading.direction == 1
                    else ("╭─←─╮", f"↓ {arrow} ↑", "╰─→─╯"))
            return [Text(f"{ring[0]} {words}", style="bold"),
                    Text(ring[1], style="bold"),
                    Text.assemble((ring[2], "bold"), " ", ahead, following)]
        if self.size.height == 2:
            return [Text(f"{arrow} {label}", style="bold"), Text.assemble(ahead, following)]
        return [Text.assemble((f"{arrow} {label}", "bold"), " · ", ahead, following)]
