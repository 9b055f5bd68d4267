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


#: The most moments the banner keeps at once (newest first).
KEPT = 3


class MomentBanner(TableWidget):
    """``Ann calls UNO! · Caught! Bob forgot UNO (Ann saw it)``: the latest moments, newest
    first; a moment stays until every player has acted once since. Blank before any."""

    headline: reactive[str] = reactive("")
    pending: reactive[str] = reactive("")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._serial = -1
        #: (serial, headline) of the moments kept, oldest first.
        self._moments: list[tuple[int, str]] = []

    def read(self, state: TableState) -> None:
        view = state.view
        pending = view.pending_draw
        self.pending = pending_draw_line(pending, state.names[view.decision_seat]) \
            if pending and view.winner is None else ""
        if state.serial == self._serial:
            return
        self._serial = state.serial
        self._moments += [(state.serial, line) for line in headlines(state.events, state.names)]
        self._moments = [(serial, line) for serial, line in self._moments
                         if serial > state.serial - view.players][-KEPT:]
        self.headline = " · ".join(line for _, line in reversed(self._moments))

    def watch_headline(self, headline: str) -> None:
        self.set_class(bool(headline), "-news")

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        if self.pending:
            text.append(f" ⚠ {self.pending} ", style="bold reverse")
            text.append(" ")
        text.append(Text(self.headline))
        return text
