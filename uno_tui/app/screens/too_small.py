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
        self.query_one("#too-small-message", Static).update(
            f"The terminal is too small for uno-tui: it is {width}x{height}, "
            f"and the game needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            "Make the window bigger to go on (Ctrl+Q quits).")
