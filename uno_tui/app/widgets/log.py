"""The public log of what happened, in players' names."""

from __future__ import annotations

import textwrap
from typing import Sequence

from textual.widgets import Log

__all__ = ["GameLog", "MAX_LINES"]

MAX_LINES = 300


class GameLog(Log):
    """Recent events, newest at the bottom, wrapped to the panel. Only public lines reach it."""

    def __init__(self, **kwargs) -> None:
        super().__init__(max_lines=MAX_LINES, auto_scroll=True, **kwargs)
        #: The unwrapped lines, as written (the log's own text).
        self.entries: list[str] = []
        # Arrow keys belong to the hand; the log scrolls with the mouse wheel.
        self.can_focus = False

    def add(self, lines: Sequence[str]) -> None:
        """Append log lines, wrapped to the panel's width (continuations indented)."""
        if not lines:
            return
        self.entries.extend(lines)
        del self.entries[:-MAX_LINES]
        width = max(20, self.scrollable_content_region.width - 1)
        wrapped: list[str] = []
        for line in lines:
            wrapped += textwrap.wrap(line, width, subsequent_indent="  ") or [""]
        self.write_lines(wrapped)

    def replace(self, lines: Sequence[str]) -> None:
        """Show exactly ``lines``."""
        self.clear()
        self.entries.clear()
        self.add(lines)
