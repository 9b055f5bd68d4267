"""The public table as one arrangement of widgets: the seats above, the piles at the
bottom next to the hand (centred), the direction and scores beside them, and a rule
set's own widgets in their areas. On a big terminal (from about 150x40) the seats sit
around the piles instead, as at a real table (:class:`TableArea`).

The seats take whatever height the piles leave (:class:`SeatArea`); a question asked
inline lies over them (the table screen places it there), so the piles and the hand
stay in view while it is open; at a round table it lies below the piles, between the
seats at the sides, so that every other seat stays in view.

The table screen and the replay screen compose the same arrangement, so a replay is
played back on exactly the widgets a match is played on.
"""

from __future__ import annotations

from typing import Iterable

from textual.app import ComposeResult
from textual.containers import Container, Horizontal, Vertical
from textual.geometry import Region
from textual.message import Message

from .bound import StateFeed, TableWidget
from .card import card_size_for
from .direction import DirectionTracker
from .discard import DiscardPile
from .draw_pile import DrawPile
from .house_rules import HouseRulesLine
from .scores import ScoreBoard
from .seats import ROUND_GAP, ROUND_PANEL_LINES, SeatPanel, SeatRing, round_places

__all__ = [
    "compose_table_area", "fits_round", "piles_at_a_round_table", "SeatArea", "TableArea",
]

#: The least room the statuses beside the piles need at a round table.
STATUS_MIN_WIDTH = 30
#: The classes of a rule set's widget's place that shows only while the seats stand in
#: rows, and of its twin's that shows only while they sit round (see table.tcss).
ROWS_ONLY = "-rows-only"
ROUND_ONLY = "-round-only"


class SeatArea(Vertical):
    """The rows above the piles: the seats, arranged for the room they get (one line
    each at 16 seats on 80x24, up to drawn fans of backs at 120x40)."""

    class Resized(Message):
        """The area moved or changed size (e.g. the hand grew a row of cards)."""

        def __init__(self, region: Region) -> None:
            super().__init__()
            self.region = region

    def on_resize(self) -> None:
        ring = self.query_one(SeatRing)
        if not ring.is_round:
            width, height = self.content_size
            ring.arrange_panels(width, height)
        self.post_message(self.Resized(self.region))


def piles_at_a_round_table(extras: Iterable[TableWidget]) -> int:
    """How many piles stand side by side in the middle of a round table: the discard
    and draw piles and a rule set's widgets that lie among them there. (One that lies
    elsewhere at a round table is not counted: the round table is what this decides.)"""
    return 2 + sum(1 for extra in extras if (extra.ROUND_AREA or extra.TABLE_AREA) == "piles")


def middle_size(piles: int, terminal: tuple[int, int]) -> tuple[int, int]:
    """The least room (cells) ``piles`` piles and the statuses beside them take on a
    terminal of size ``terminal``."""
    card = card_size_for(*terminal)
    return piles * (card.width + 1) + STATUS_MIN_WIDTH + 2, card.height + 1


def fits_round(players: int, piles: int, width: int, height: int,
               terminal: tuple[int, int]) -> bool:
    """True when ``players`` seats would sit around ``piles`` piles in ``width`` x
    ``height`` cells of a terminal of size ``terminal``."""
    return round_places(players - 1, width, height, middle_size(piles, terminal)) is not None


class TableArea(Vertical):
    """The seats, the piles and the statuses: the seats in rows above the piles, or,
    when the terminal has the room, around them (the piles in the middle, the hand's
    owner's seat below them). ``piles``: how many stand in the middle at a round table
    (:func:`piles_at_a_round_table`)."""

    def __init__(self, *, piles: int = 2, **kwargs) -> None:
        super().__init__(**kwargs)
        self.piles = piles

    def on_resize(self) -> None:
        self.arrange_seats(*self.content_size)

    def middle_size(self) -> tuple[int, int]:
        """The least room the piles and the statuses beside them take (cells)."""
        return middle_size(self.piles, self.app.size)

    def arrange_seats(self, width: int, height: int) -> None:
        """Lay the seats out for a table of ``width`` x ``height`` cells (called before
        the first layout too, with the size the table will get)."""
        if width <= 0 or height <= 0:
            return
        ring = self.query_one(SeatRing)
        middle = self.query_one("#middle")
        middle_w, middle_h = self.middle_size()
        panel_w = ring.arrange_round(width, height, (middle_w, middle_h))
        if panel_w:
            self.add_class("-round")
            panel_w, panel_h = panel_w + ROUND_GAP[0], ROUND_PANEL_LINES + ROUND_GAP[1]
            middle.styles.width = width - 2 * panel_w
            middle.styles.offset = (panel_w, panel_h + max(0, height - 2 * panel_h - middle_h) // 2)
        else:
            self.remove_class("-round")
            middle.styles.width = None
            middle.styles.offset = None
            ring.arrange_panels(width, height - middle_h)

    @property
    def is_round(self) -> bool:
        """True while the seats sit around the piles."""
        return self.query_one(SeatRing).is_round

    def below_seats_region(self) -> Region:
        """The piles' rows and what lies below them inside the table (a question about
        the players lies there and down over the hand); at a round table only below the
        piles, between the seats at the sides (:meth:`below_piles_region`)."""
        if self.is_round:
            return self.below_piles_region()
        table = self.region
        top = self.query_one("#middle").region.y
        return Region(table.x, top, table.width, max(0, table.bottom - top))

    def below_piles_region(self) -> Region:
        """At a round table: the rows below the piles, as wide as the piles' middle (the
        seats at the sides stand left and right of it), down to the table's bottom. Only
        the hand's owner's seat lies there, and the question is theirs."""
        table = self.region
        middle = self.query_one("#middle").region
        return Region(middle.x, middle.bottom, middle.width,
                      max(0, table.bottom - middle.bottom))

    def question_region(self) -> Region:
        """Where a question asked inline may lie: over the seats above the piles; at a
        round table, where seats stand above the piles too, below the piles (no seat but
        the asked person's own is covered, and the piles stay in view)."""
        if self.is_round:
            return self.below_piles_region()
        return self.query_one(SeatArea).region


def compose_table_area(players: int, extras: Iterable[TableWidget], bind: StateFeed,
                       draw_key: str = "", round_table: bool = False) -> ComposeResult:
    """Yield the table's widgets (inside ``#table``), each bound to the screen's state
    feed ``bind``; call it with ``yield from`` inside a screen's ``compose``. ``draw_key``:
    the key that draws a card on that screen, named under the draw pile ("": none).
    ``round_table``: the seats will sit around the piles (the table and the seats get
    the round table's class before they are styled: given once they were mounted, it
    restyled the whole table area before the first frame)."""
    extras = tuple(extras)
    round_class = "-round" if round_table else None
    with TableArea(id="table", piles=piles_at_a_round_table(extras), classes=round_class):
        with SeatArea(id="seat-area"):
            with bind.bind(SeatRing(players, id="seats", classes=round_class)):
                for seat in range(players):
                    yield bind.bind(SeatPanel(seat))
        with Horizontal(id="middle"):
            yield bind.bind(DiscardPile(id="discard"))
            yield bind.bind(DrawPile(draw_key, id="draw-pile"))
            yield from _extras_in(extras, "piles", bind)
            with Vertical(id="status"):
                yield bind.bind(DirectionTracker(id="direction"))
                yield bind.bind(ScoreBoard(id="scoreboard"))
                yield from _extras_in(extras, "status", bind)
                yield bind.bind(HouseRulesLine(id="house-rules"))


def _extras_in(extras: Iterable[TableWidget], area: str, bind: StateFeed) -> ComposeResult:
    """A rule set's own widgets that go in ``area`` of the table, bound to ``bind``; one
    that lies elsewhere at a round table (its ``ROUND_AREA``) is wrapped so that it shows
    only while the seats stand in rows, and its twin, made from its class, only while
    they sit round."""
    for extra in extras:
        moves = extra.ROUND_AREA not in (None, extra.TABLE_AREA)
        if extra.TABLE_AREA == area:
            if moves:
                with Container(classes=ROWS_ONLY):
                    yield bind.bind(extra)
            else:
                yield bind.bind(extra)
        elif moves and extra.ROUND_AREA == area:
            with Container(classes=ROUND_ONLY):
                yield bind.bind(type(extra)())
