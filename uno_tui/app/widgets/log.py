"""The public log of what happened, in players' names.

Written for a terminal at the far end of an SSH link: a new line costs one row on the
screen, not the whole panel. The log fills downward; when a line would fall off the
bottom it jumps by half a page, so the latest lines sit in the top half with room to
fill below. A scrolling log would move (and repaint) every visible row for every line.
When the whole panel is drawn anyway (its height changed, a question opens) it is
filled again: the latest line at the bottom, the lines before it above, no blank rows
while there are earlier lines to show.
"""

from __future__ import annotations

from typing import Sequence

from rich.cells import cell_len
from rich.segment import Segment
from textual import events
from textual.geometry import Region
from textual.strip import Strip

from ...config import MAX_LOG_LINES as MAX_LINES
from ...i18n import N_, Phrase
from ..wrapping import wrap
from .bound import KeepsItsStyle

__all__ = ["GameLog", "MAX_LINES"]

#: Continuation rows of a wrapped line start with this (a line's first row does not).
INDENT = "  "
#: The narrowest width lines are wrapped to, whatever the panel's size.
MIN_WRAP = 20
#: Shown on the border while older lines are in view.
SCROLLED_BACK = N_("older lines · wheel ↓")


def wrap_line(line: str, width: int) -> list[str]:
    """``line`` as rows of at most ``width`` cells, continuations indented (Japanese
    broken between characters by its line-breaking rules: see wrapping.py)."""
    return wrap(line, width, subsequent_indent=INDENT) or [""]


class GameLog(KeepsItsStyle, can_focus=False):
    """Recent events, newest at the bottom of what is written, wrapped to the panel.

    Only public lines reach it; they are text, never markup, kept as given (phrases)
    and put into the app's language as they are wrapped. The mouse wheel scrolls
    back; the next line brings the latest back into view. It keeps the last
    :data:`MAX_LINES` lines. Nothing runs in a thread: wrapping to the panel's width is
    all the measuring it needs.
    """

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        #: The unwrapped lines, as written (the log's own text), oldest first.
        self.entries: list[str] = []
        #: Every entry wrapped to :attr:`_wrapped_at` cells, and how many rows each took.
        self._rows: list[str] = []
        self._row_counts: list[int] = []
        self._wrapped_at = 0
        #: How many lines were ever written, and where each reader stopped reading.
        self.written = 0
        self._read: dict[int, int] = {}
        #: The first row shown.
        self._top = 0
        #: Where the top is while the latest lines are followed (the wheel goes back
        #: from here and no further forward).
        self._home = 0

    # ------------------------------------------------------------------ reading

    @property
    def rows(self) -> tuple[str, ...]:
        """The rows on the panel now, top to bottom (empty rows left out)."""
        return tuple(self._rows[self._top:self._top + self._page])

    @property
    def latest_in_view(self) -> bool:
        """True when the latest line's last row is on the panel (or nothing is written)."""
        return not self._rows or self._top <= len(self._rows) - 1 < self._top + self._page

    @property
    def _page(self) -> int:
        return max(1, self.content_size.height)

    # ------------------------------------------------------------------ writing

    def add(self, lines: Sequence[str]) -> None:
        """Append log lines, wrapped to the panel's width (continuations indented)."""
        if not lines:
            return
        self.written += len(lines)
        self.entries.extend(lines)
        dropped = max(0, len(self.entries) - MAX_LINES)
        del self.entries[:dropped]
        if not self._wrapped_at:
            return          # not laid out yet: wrapped once the width is known
        before = len(self._rows)
        for line in lines:
            wrapped = wrap_line(self._words(line), self._wrapped_at)
            self._rows += wrapped
            self._row_counts.append(len(wrapped))
        if dropped:
            gone = sum(self._row_counts[:dropped])
            del self._row_counts[:dropped], self._rows[:gone]
            before -= gone
            self._top -= gone
            self._home -= gone
        new = len(self._rows) - before
        page = self._page
        scrolled_back = self._top != self._home
        top = self._home
        if 0 <= top <= before and len(self._rows) <= top + page:
            if scrolled_back or self._top < 0:
                self._scroll_to(top)
            else:
                # The new rows fit below what shows: paint only them.
                self.refresh(Region(0, before - top, self.content_size.width, new))
            return
        # Jump: the latest rows go to the top half, the bottom half is room to fill.
        shown = min(page, max(new, page - page // 2))
        self._scroll_to(self._line_start(max(0, len(self._rows) - shown)))

    def bookmark(self, reader: int) -> None:
        """Note that ``reader`` (a seat) has read everything written so far."""
        self._read[reader] = self.written

    def unread(self, reader: int) -> list[str]:
        """The lines written since ``reader``'s bookmark, oldest first (none without
        one; at most the lines the log still keeps), as kept: phrases, put into words
        by whoever shows them."""
        if reader not in self._read:
            return []
        new = min(self.written - self._read[reader], len(self.entries))
        return self.entries[len(self.entries) - new:] if new > 0 else []

    def replace(self, lines: Sequence[str]) -> None:
        """Show exactly ``lines``."""
        self.entries.clear()
        self._rows.clear()
        self._row_counts.clear()
        self._top = self._home = 0
        self.refresh()
        self.add(lines)

    def show_latest(self) -> None:
        """Bring the latest line into view and fill the panel up to it, earlier lines
        above (e.g. when a prompt opens: the room a jump left below is earlier news)."""
        self.refill()

    def refill(self) -> None:
        """The latest line at the bottom and as many earlier lines above it as the panel
        holds (it starts with a whole line); nothing is drawn if that is what shows."""
        top = self._line_start(max(0, len(self._rows) - self._page))
        if top != self._top or top != self._home:
            self._scroll_to(top)

    def _words(self, line: str) -> str:
        """``line`` in the app's language (the log keeps lines as phrases, made with no
        language: see narration.py)."""
        tr = getattr(self.app, "tr", None)
        return tr.words(line) if tr is not None else str(line)

    def _line_start(self, top: int) -> int:
        """``top``, or the first row of the next line if ``top`` is a continuation (the
        panel never starts with half a line)."""
        rows = self._rows
        while top < len(rows) - 1 and rows[top].startswith(INDENT):
            top += 1
        return top

    def _scroll_to(self, top: int) -> None:
        self._top = self._home = top
        self.border_subtitle = ""
        self.refresh()

    def _rewrap(self) -> None:
        """Wrap every entry again for the panel's width; the latest line at the bottom."""
        width = self._wrapped_at = max(MIN_WRAP, self.content_size.width)
        self._rows = []
        self._row_counts = []
        for line in self.entries:
            wrapped = wrap_line(self._words(line), width)
            self._rows += wrapped
            self._row_counts.append(len(wrapped))
        self._scroll_to(self._line_start(max(0, len(self._rows) - self._page)))

    def on_resize(self) -> None:
        if self.content_size.width and max(MIN_WRAP, self.content_size.width) != self._wrapped_at:
            self._rewrap()
        elif self._top == self._home:
            # Taller (a handoff hides the hand) or shorter: the panel is drawn whole
            # anyway, so it shows the latest lines without blank rows under them (it
            # kept its top, and grown, left the new rows blank). Scrolled back, it stays.
            self.refill()

    # ---------------------------------------------------------------- the wheel

    def _wheel(self, rows: int) -> None:
        top = min(self._home, max(0, self._top + rows))
        if top != self._top:
            self._top = top
            self.border_subtitle = self._words(Phrase(SCROLLED_BACK)) if top < self._home else ""
            self.refresh()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self._wheel(-max(1, round(self.app.scroll_sensitivity_y)))

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self._wheel(max(1, round(self.app.scroll_sensitivity_y)))

    # ------------------------------------------------------------------ drawing

    def render_line(self, y: int) -> Strip:
        style = self.line_style
        width = self.content_size.width
        index = self._top + y
        if not 0 <= index < len(self._rows):
            return Strip.blank(width, style)
        row = self._rows[index]
        return Strip([Segment(row, style)], cell_len(row)).crop_extend(0, width, style)
