"""The banner: the latest moment that matters, announced on the table (see moments.py).

One line between the table and the prompt. It changes only when a new moment comes
(or, with stacking on, when the draw waiting on the next player changes), so it costs
nothing between moments.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ..moments import headlines, pending_draw_line
from ..tablestate import TableState
from .bound import TableWidget

__all__ = ["MomentBanner"]


class MomentBanner(TableWidget):
    """``Caught! Bob forgot UNO (Ann saw it) · Ann calls UNO!``; blank before any moment."""

    headline: reactive[str] = reactive("")
    pending: reactive[str] = reactive("")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._serial = -1

    def read(self, state: TableState) -> None:
        view = state.view
        pending = view.pending_draw
        self.pending = pending_draw_line(pending, state.names[view.decision_seat]) \
            if pending and view.winner is None else ""
        if state.serial == self._serial:
            return
        self._serial = state.serial
        lines = headlines(state.events, state.names)
        if lines:
            self.headline = " · ".join(lines)

    def watch_headline(self, headline: str) -> None:
        self.set_class(bool(headline), "-news")

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        if self.pending:
            text.append(f" ⚠ {self.pending} ", style="bold reverse")
            text.append(" ")
        text.append(Text(self.headline))
        return text
