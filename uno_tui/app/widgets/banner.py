"""The banner: the latest moment that matters, announced on the table (see moments.py).

One line between the table and the prompt. A moment is news, not a record (the log
keeps it): it goes away with the next action, or after :data:`SHOWN_AT_MOST` seconds,
whichever is first; but it stays at least :data:`SHOWN_AT_LEAST` seconds, so that a
computer acting right after it does not wipe it before anyone could read it. With
stacking on, the draw waiting on the next player stays as long as it waits.
"""

from __future__ import annotations

from time import monotonic
from typing import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from ..moments import headline_forms, pending_draw_line
from ..tablestate import TableState
from ..timers import call_after
from .bound import TableWidget

__all__ = ["MomentBanner"]


#: The most moments the banner shows at once (newest first), from one action.
KEPT = 3
#: Seconds a moment stays at most, and at least (even when the next action comes).
SHOWN_AT_MOST = 4.0
SHOWN_AT_LEAST = 1.5
#: Between two moments on the line.
SEPARATOR = " · "


def fitted(moments: Sequence[Sequence[str]], width: int) -> str:
    """The newest of ``moments`` (newest first, each as its forms, whole first) that fit
    in ``width`` cells together, each in its longest form that fits: never a moment cut
    in the middle. When not even the newest's shortest form fits, that form (to be cut)."""
    shown: list[str] = []
    room = width
    for forms in moments:
        if shown:
            room -= cell_len(SEPARATOR)
        form = next((form for form in forms if cell_len(form) <= room), None)
        if form is None:
            if not shown:
                shown.append(forms[-1])
            break
        shown.append(form)
        room -= cell_len(form)
    return SEPARATOR.join(shown)


class MomentBanner(TableWidget):
    """``Ann calls UNO! · Caught! Bob forgot UNO (Ann saw it)``: the moments of the last
    action, until the next action or a few seconds pass. Blank between moments."""

    #: What went up, every moment whole (the line shows what fits of it: :func:`fitted`).
    headline: reactive[str] = reactive("")
    pending: reactive[str] = reactive("")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._serial = -1
        #: When the headline shown now went up (monotonic seconds), and how many went up.
        self._shown_at = 0.0
        self._shown = 0
        #: The headline's moments, newest first, each as its forms in the reader's words.
        self._moments: tuple[tuple[str, ...], ...] = ()

    def read(self, state: TableState) -> None:
        view = state.view
        pending = view.pending_draw
        words = self.app.tr.words
        self.pending = words(pending_draw_line(pending, state.names[view.decision_seat])) \
            if pending and view.winner is None else ""
        if state.serial == self._serial:
            return
        self._serial = state.serial
        news = headline_forms(state.events, state.names)[-KEPT:]
        if news:
            self._moments = tuple(tuple(words(form) for form in forms)
                                  for forms in reversed(news))
            self.headline = SEPARATOR.join(forms[0] for forms in self._moments)
            self._shown_at = monotonic()
            self._shown += 1
            self._clear_later(SHOWN_AT_MOST)
        elif self.headline:
            # The next action came: the moment goes, once it has been up long enough.
            self._clear_later(max(0.0, SHOWN_AT_LEAST - (monotonic() - self._shown_at)))

    def _clear_later(self, delay: float) -> None:
        shown = self._shown

        def clear() -> None:
            if self._shown == shown:           # not a newer moment meanwhile
                self.headline = ""

        if delay <= 0:
            clear()
        else:
            call_after(self, delay, clear)

    def watch_headline(self, headline: str) -> None:
        self.set_class(bool(headline), "-news")

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        if self.pending:
            text.append(f" ⚠ {self.pending} ", style="bold reverse")
            text.append(" ")
        if self.headline:
            text.append(fitted(self._moments, self.size.width - text.cell_len))
        # (Textual wraps a Text's words whatever its overflow says: cut here, marked.)
        text.truncate(self.size.width, overflow="ellipsis")
        return text
