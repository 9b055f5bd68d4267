"""The public log of what happened, in players' names."""

from __future__ import annotations

import textwrap
from typing import Sequence

from textual.widgets import Log

from ...config import MAX_LOG_LINES as MAX_LINES

__all__ = ["GameLog", "MAX_LINES"]


class GameLog(Log):
    """Recent events, newest at the bottom, wrapped to the panel. Only public lines reach it."""

    def __init__(self, **kwargs) -> None:
        super().__init__(max_lines=MAX_LINES, auto_scroll=True, **kwargs)
        #: The unwrapped lines, as written (the log's own text).
        self.entries: list[str] = []
        # Arrow keys belong to the hand; the log scrolls with the mouse wheel.
        self.can_focus = False

        self._wrapped_at = 0

    def _wrap_width(self) -> int:
        return max(20, self.scrollable_content_region.width - 1)

    def _write(self, lines: Sequence[str]) -> None:
        width = self._wrapped_at = self._wrap_width()
        wrapped: list[str] = []
        for line in lines:
            wrapped += textwrap.wrap(line, width, subsequent_indent="  ") or [""]
        self.write_lines(wrapped)

    def add(self, lines: Sequence[str]) -> None:
        """Append log lines, wrapped to the panel's width (continuations indented)."""
        if not lines:
            return
        self.entries.extend(lines)
        del self.entries[:-MAX_LINES]
        self._write(lines)

    def on_resize(self) -> None:
        # Wrapped for another width: wrap everything again, latest line in view.
        if self.entries and self._wrap_width() != self._wrapped_at:
            self.clear()
            self._write(self.entries)

    def show_latest(self) -> None:
        """Bring the latest line into view (e.g. when a prompt opens)."""
        self.scroll_end(animate=False, immediate=True)

    def replace(self, lines: Sequence[str]) -> None:
        """Show exactly ``lines``."""
        self.clear()
        self.entries.clear()
        self.add(lines)
