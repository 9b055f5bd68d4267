"""Shown instead of everything else while the terminal is smaller than 80x24."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

__all__ = ["TooSmallScreen", "MIN_WIDTH", "MIN_HEIGHT"]

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmallScreen(Screen[None]):
    """Says plainly that the terminal is too small; goes away when it is big enough."""

    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit", priority=True)]

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-message")

    def on_mount(self) -> None:
        self.show_size(self.app.size.width, self.app.size.height)

    def show_size(self, width: int, height: int) -> None:
        """Name the current and the needed size."""
        tr = self.app.tr
        self.query_one("#too-small-message", Static).update(
            tr("The terminal is too small for uno-tui: it is {width}x{height}, and the "
               "game needs at least {min_width}x{min_height}.", width=width, height=height,
               min_width=MIN_WIDTH, min_height=MIN_HEIGHT)
            + "\n" + tr("Make the window bigger to go on (Ctrl+Q quits)."))
