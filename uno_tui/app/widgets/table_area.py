"""The public table as one arrangement of widgets: the seats above, the piles at the
bottom next to the hand (centred), the direction and scores beside them, and a rule
set's own widgets in their areas.

The seats take whatever height the piles leave (:class:`SeatArea`); a question asked
inline lies over them (the table screen places it there), so the piles and the hand
stay in view while it is open.

The table screen and the replay screen compose the same arrangement, so a replay is
played back on exactly the widgets a match is played on.
"""

from __future__ import annotations

from typing import Iterable

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.message import Message
from textual.reactive import Reactive

from .bound import TableWidget
from .direction import DirectionTracker
from .discard import DiscardPile
from .draw_pile import DrawPile
from .scores import ScoreBoard
from .seats import SeatPanel, SeatRing

__all__ = ["compose_table_area", "SeatArea"]


class SeatArea(Vertical):
    """The rows above the piles: the seats, arranged for the room they get (one line
    each at 16 seats on 80x24, up to drawn fans of backs at 120x40)."""

    class Resized(Message):
        """The area moved or changed size (e.g. the hand grew a row of cards)."""

        def __init__(self, region: Region) -> None:
            super().__init__()
            self.region = region

    def on_resize(self) -> None:
        width, height = self.content_size
        self.query_one(SeatRing).arrange_panels(width, height)
        self.post_message(self.Resized(self.region))


def compose_table_area(players: int, extras: Iterable[TableWidget], bind: Reactive) -> ComposeResult:
    """Yield the table's widgets (inside ``#table``), each bound to the screen's ``bind``
    reactive; call it with ``yield from`` inside a screen's ``compose``."""
    extras = tuple(extras)
    with Vertical(id="table"):
        with SeatArea(id="seat-area"):
            with SeatRing(players, id="seats"):
                for seat in range(players):
                    yield SeatPanel(seat).data_bind(bind)
        with Horizontal(id="middle"):
            yield DiscardPile(id="discard").data_bind(bind)
            yield DrawPile(id="draw-pile").data_bind(bind)
            yield from _extras_in(extras, "piles", bind)
            with Vertical(id="status"):
                yield DirectionTracker(id="direction").data_bind(bind)
                yield ScoreBoard(id="scoreboard").data_bind(bind)
                yield from _extras_in(extras, "status", bind)


def _extras_in(extras: Iterable[TableWidget], area: str, bind: Reactive) -> ComposeResult:
    """A rule set's own widgets that go in ``area`` of the table, bound to ``bind``."""
    for extra in extras:
        if extra.TABLE_AREA == area:
            yield extra.data_bind(bind)
