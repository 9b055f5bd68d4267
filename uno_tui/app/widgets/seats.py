"""The players around the table: one panel per seat with name, card backs and count,
UNO status, points, dealer and turn marks, what a computer is doing, the link cards.

In UNO Flip the backs are the inactive faces of the seat's cards, which everyone at a
real table sees: they are drawn in their own colours. A seat's active faces are never
here (the view does not hold them).
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual.containers import Grid
from textual.reactive import reactive

from ...engine import Face
from ..cardtext import card_style
from ..tablestate import TableState
from ..wrapping import crop_cells
from .bound import DrawnInLines, TableWidget, TakesTableState
from .card import corner_index

__all__ = ["SeatFacts", "SeatPanel", "SeatRing", "seat_facts", "round_places", "RoundPlaces"]

#: How wide a seat's panel is at least; the ring fits as many columns as the width allows.
MIN_PANEL_WIDTH = 24
#: Card backs drawn on a panel line before "+n" says how many more.
_BACK = "▮"
#: The fewest backs a panel line keeps beside other news (a ballot's marks).
MIN_BAR = 1
#: From this many lines a panel draws the backs as a fan of cards (three lines), or in
#: UNO Flip its backs' faces on up to three lines.
FAN_LINES = 5
FAN_ROWS = 3
#: The most lines a panel takes (the fan, and a blank line between rows of seats).
MAX_PANEL_LINES = 6
#: The top card of a fan, and its styles: a card back reads without colour too.
_FAN_FACE = "UNO"
_FAN_EDGE = "bold"
_FAN_BACK = "bold #ffffff on #b71c1c"


class SeatFacts(NamedTuple):
    """Everything one seat's panel shows."""

    name: str
    count: int
    called_uno: bool
    forgot_uno: bool
    current: bool
    dealer: bool
    score: int
    thinking: bool = False
    computer: bool = False
    #: Flip: the faces everyone sees on the backs of this seat's cards.
    backs: tuple[Face, ...] = ()
    #: The seat this one shares the link cards with (UNO Party!), else None.
    linked_with: str | None = None
    #: This seat's hand is the one on screen.
    holds_screen: bool = False
    #: After a Point Taken ballot: whom this seat pointed at, how many cards it draws.
    pointed_at: str | None = None
    pointed_draws: int = 0
    #: UNO Flip, this seat's hand on screen: its backs face the others (a player never
    #: sees the other side of their own cards).
    backs_away: bool = False
    #: Seconds the seat stays kept for its person, who lost the connection; else None.
    held_seconds: int | None = None


def seat_facts(state: TableState, seat: int) -> SeatFacts:
    """What ``state`` says about ``seat``, for its panel."""
    view = state.view
    info = view.seats[seat]
    link = view.extras.get("link")
    linked_with = None
    if link and seat in link:
        partner = link[1] if seat == link[0] else link[0]
        linked_with = state.names[partner]
    return SeatFacts(
        name=state.names[seat],
        count=info.card_count,
        called_uno=info.called_uno and info.card_count == 1,
        forgot_uno=seat in view.catchable,
        current=view.decision_seat == seat and view.winner is None,
        dealer=view.dealer == seat,
        score=state.scores[seat],
        thinking=state.thinking == seat,
        computer=state.levels[seat] is not None,
        backs=info.backs if seat != state.viewer else (),
        linked_with=linked_with,
        holds_screen=state.viewer == seat,
        pointed_at=_pointed_at(state, seat),
        pointed_draws=state.ballot.draws_of(seat) if state.ballot else 0,
        backs_away=seat == state.viewer and any(other.backs for other in view.seats),
        held_seconds=state.held[seat] if seat < len(state.held) else None,
    )


def _pointed_at(state: TableState, seat: int) -> str | None:
    target = state.ballot.target_of(seat) if state.ballot else None
    return state.names[target] if target is not None else None


def _uno_mark(facts: SeatFacts) -> tuple[str, str]:
    if facts.called_uno:
        return "UNO!", "bold reverse"
    if facts.forgot_uno:
        return "UNO?", "bold reverse blink"
    return "", ""


def _chips_that_fit(backs: tuple[Face, ...], room: int, counted: bool = True) -> int:
    """How many of ``backs`` fit as chips (``R5 ``) in ``room`` cells; with ``counted``,
    leaving room for a ``+N `` that says how many more there are when not all fit."""
    used = 0
    for shown, face in enumerate(backs):
        chip = cell_len(corner_index(face)) + 1
        left = len(backs) - shown - 1
        more = len(f"+{left} ") if counted and left else 0
        if used + chip + more > room:
            return shown
        used += chip
    return len(backs)


#: Seat panels' lines by what they show (see :meth:`SeatPanel.lines`), at most
#: :data:`PANEL_LINES_KEPT` of them (the oldest go first).
_PANEL_LINES: dict[tuple, list[Text]] = {}
PANEL_LINES_KEPT = 1024


class SeatPanel(DrawnInLines, TableWidget):
    """One seat: ``▶ Ann  D 120`` over its backs ``▮▮▮▮▮▮▮ 7  UNO!``, then its status.

    Draws in as many lines as it is given: with one line everything is squeezed onto
    it (``▶Ann  7 U! 120D``) so 16 seats still show points and dealer; from five lines
    the backs are drawn as a fan of cards. When the seat changes, only the cells that
    look different are sent to the terminal (a computer's move changes two seats).
    """

    COMPONENT_CLASSES = {"seat-panel--turn"}

    facts: reactive[SeatFacts | None] = reactive(None, repaint=False)

    def __init__(self, seat: int, **kwargs) -> None:
        super().__init__(classes="seat-panel", **kwargs)
        self.seat = seat

    def read(self, state: TableState) -> None:
        self.facts = seat_facts(state, self.seat)

    def watch_facts(self, facts: SeatFacts | None) -> None:
        if facts is not None:
            # (The seat whose turn it is is lit in its lines, not by a class: a class
            # change restyles the panel and redraws it whole.)
            self.set_class(facts.holds_screen, "-viewer")
            self.redraw()

    def lines(self) -> list[Text]:
        facts = self.facts
        if facts is None:
            return []
        # The terminals at a server table share a process and draw the same seats at
        # the same sizes: a panel's lines are made once for its facts, size, language
        # (and the lit style of the seat whose turn it is), and copied (the caller may
        # cut them).
        size = self.size
        key = (facts, size.width, size.height, self.app.tr.lang,
               self._turn_style if facts.current else None)
        lines = _PANEL_LINES.get(key)
        if lines is None:
            lines = self._lines(facts)
            if len(_PANEL_LINES) >= PANEL_LINES_KEPT:
                del _PANEL_LINES[next(iter(_PANEL_LINES))]
            _PANEL_LINES[key] = [line.copy() for line in lines]
            return lines
        return [line.copy() for line in lines]

    def _lines(self, facts: SeatFacts) -> list[Text]:
        """The panel's lines for its size now."""
        width = max(1, self.size.width)
        height = max(1, self.size.height)
        if height <= 1:
            lines = [self._one_line(facts, width)]
        elif height >= FAN_LINES:
            if facts.backs:
                backs = self._face_rows(facts, width)
            elif facts.backs_away:
                backs = [self._backs(facts, width), self._away_note(width), Text("")]
            else:
                backs = self._fan(facts, width)
            lines = [self._title(facts, width), *backs, self._status(facts, width)]
        elif height >= 3:
            lines = [self._title(facts, width), self._backs(facts, width),
                     self._status(facts, width)]
        else:
            # No status line: whom this seat pointed at goes beside its count.
            lines = [self._title(facts, width), self._backs(facts, width, pointing=True)]
        return lines

    def _fan(self, facts: SeatFacts, width: int) -> list[Text]:
        """The backs as a fan of cards, three lines: ``╭┬┬┬───╮`` over ``││││UNO│ 7``."""
        mark, mark_style = _uno_mark(facts)
        count = f" {facts.count}"
        # Cells for slivers: what the indent, the top card, the count, a "+" and the
        # UNO mark leave.
        room = max(0, width - 2 - len(count) - (len(mark) + 1 if mark else 0)
                   - len(_FAN_FACE) - 2 - 1)
        slivers = max(0, min(facts.count - 1, room))
        top, middle, bottom = Text("  "), Text("  "), Text("  ")
        if facts.count:
            top.append("╭" + "┬" * slivers + "─" * len(_FAN_FACE) + "╮", style=_FAN_EDGE)
            middle.append("│", style=_FAN_EDGE)
            middle.append("│" * slivers + _FAN_FACE, style=_FAN_BACK)
            middle.append("│", style=_FAN_EDGE)
            bottom.append("╰" + "┴" * slivers + "─" * len(_FAN_FACE) + "╯", style=_FAN_EDGE)
        middle.append(count, style="bold")
        if slivers < facts.count - 1:
            middle.append("+", style="dim")       # more cards than room: the count says
        if mark:
            middle.append(" ")
            middle.append(mark, style=mark_style)
        return [top, middle, bottom]

    @staticmethod
    def _marker(facts: SeatFacts) -> str:
        return "▶ " if facts.current else "  "

    def _title(self, facts: SeatFacts, width: int) -> Text:
        tr = self.app.tr
        for score in (format(facts.score, ">4"), str(facts.score)):
            right = tr("{score} pts", score=score)
            if facts.dealer:
                right = tr("D {score}", score=right)
            room = max(1, width - cell_len(right) - 3)
            # The score's column gives way before the name does (ディーラー is ten cells:
            # at 16 seats of 120x40 "CPU 15" read "CPU …").
            if cell_len(facts.name) <= room:
                break
        name = (facts.name if cell_len(facts.name) <= room
                else crop_cells(facts.name, room - 1) + "…")
        line = Text(self._marker(facts), style="bold")
        line.append(Text(name, style="bold" if facts.current else ""))
        if facts.current:
            # The seat whose turn it is: its marker and name are lit (only those cells,
            # so a turn moving on redraws two names, not two panels).
            line.stylize(self._turn_style)
        line.append(" " * max(1, width - 2 - cell_len(name) - cell_len(right)))
        line.append(right, style="dim" if not facts.dealer else "")
        return line

    @property
    def _turn_style(self):
        return self.get_component_rich_style("seat-panel--turn")

    def _backs(self, facts: SeatFacts, width: int, pointing: bool = False) -> Text:
        """``▮▮▮▮▮▮▮ 7  UNO!`` (in Flip the backs' faces); with ``pointing``, then whom
        the seat pointed at (the backs take the room that leaves)."""
        mark, mark_style = _uno_mark(facts)
        count = f" {facts.count}"
        room = max(0, width - 2 - len(count) - (len(mark) + 1 if mark else 0))
        # A few backs stay beside whom the seat pointed at (the name gives way first).
        bar = min(facts.count, MIN_BAR) if not facts.backs else 0
        tail = self._pointing(facts, room - 2 - bar) if pointing else None
        if tail:
            room = max(0, room - 2 - tail.cell_len)
        line = Text("  ")
        if facts.backs:
            shown = _chips_that_fit(facts.backs, room)
            for face in facts.backs[:shown]:
                line.append(corner_index(face), style=card_style(face))
                line.append(" ")
            if shown < len(facts.backs):
                # More backs than room: how many more, never a chip cut in two.
                line.append(f"+{len(facts.backs) - shown} ", style="dim")
        else:
            backs = min(facts.count, max(0, room))
            line.append(_BACK * backs, style="bold #b71c1c")
        line.append(count, style="bold")
        if mark:
            line.append(" ")
            line.append(mark, style=mark_style)
        if tail:
            line.append("  ")
            line.append_text(tail)
        line.truncate(width)
        return line

    def _face_rows(self, facts: SeatFacts, width: int) -> list[Text]:
        """UNO Flip's backs on three lines, as many as fit; the count on the first."""
        mark, mark_style = _uno_mark(facts)
        tail = Text(f" {facts.count}", style="bold")
        if mark:
            tail.append(" ")
            tail.append(mark, style=mark_style)
        rows: list[Text] = [Text("  ")]
        backs = facts.backs
        placed = 0
        while placed < len(backs):
            reserve = tail.cell_len if len(rows) == 1 else 0
            last_row = len(rows) == FAN_ROWS
            room = width - rows[-1].cell_len - reserve
            fit = (_chips_that_fit(backs[placed:], room) if last_row
                   else _chips_that_fit(backs[placed:], room, counted=False))
            for face in backs[placed:placed + fit]:
                rows[-1].append(corner_index(face), style=card_style(face))
                rows[-1].append(" ")
            placed += fit
            if placed < len(backs):
                if last_row:
                    # More backs than room: how many more, never a chip cut in two.
                    rows[-1].append(f"+{len(backs) - placed} ", style="dim")
                    break
                rows.append(Text("  "))
        rows[0].append_text(tail)
        return rows + [Text("")] * (FAN_ROWS - len(rows))

    def _away_note(self, width: int) -> Text:
        """Under the viewer's own backs in UNO Flip: they can't see that side."""
        line = Text("  ")
        line.append(self.app.tr("other side faces away"), style="dim italic")
        line.truncate(width)
        return line

    def _status(self, facts: SeatFacts, width: int) -> Text:
        line, tr = Text("  "), self.app.tr
        if facts.thinking:
            line.append(tr("thinking…"), style="italic")
        elif facts.held_seconds is not None:
            # Nobody plays the seat while it waits: why the table waits, and how long.
            line.append(tr("link lost: held {seconds} s", seconds=facts.held_seconds),
                        style="bold")
        elif facts.pointed_at is not None:
            line.append_text(self._pointing(facts, width - 2))
        elif facts.linked_with is not None:
            line.append(Text(tr("∞ linked with {name}", name=facts.linked_with), style="bold"))
        elif facts.holds_screen:
            line.append(tr("hand on screen"), style="dim")
        elif facts.computer:
            line.append(tr("computer"), style="dim")
        line.truncate(width)
        return line

    def _pointing(self, facts: SeatFacts, room: int) -> Text | None:
        """After a ballot: `` draws 2  ☞ Bob`` in at most ``room`` cells (what this
        seat draws first, so it does not read as Bob's; the name shortened first: how
        many cards this seat draws must show); None if it did not point."""
        if facts.pointed_at is None:
            return None
        draws = (self.app.tr(" draws {count} ", count=facts.pointed_draws)
                 if facts.pointed_draws else "")
        name_room = max(1, room - 2 - (cell_len(draws) + 1 if draws else 0))
        name = facts.pointed_at
        if cell_len(name) > name_room:
            name = crop_cells(name, name_room - 1) + "…"
        line = Text()
        if draws:
            line.append(draws, style="bold reverse")
            line.append(" ")
        line.append(f"☞ {name}", style="bold")
        return line

    def _one_line(self, facts: SeatFacts, width: int) -> Text:
        """``▶Ann     7▮ UNO!  120 pts D``: everything on one line, the name shortened."""
        mark, mark_style = _uno_mark(facts)
        status = "…" if facts.thinking else ("∞" if facts.linked_with else (
            "☞" if facts.pointed_draws else " "))
        if facts.pointed_draws and not mark:
            # How many cards the ballot gives this seat: "☞+2".
            mark, mark_style = f"+{facts.pointed_draws}", "bold reverse"
        score = (self.app.tr("{score} pts", score=format(facts.score, ">4")) if width >= 32
                 else f"{facts.score:>4}")
        dealer = self.app.tr(" D")
        tail_width = 3 + 1 + 1 + 4 + 1 + cell_len(score) + cell_len(dealer)
        room = max(1, width - 1 - tail_width)
        name = crop_cells(facts.name, room)
        line = Text("▶" if facts.current else " ", style="bold")
        line.append(Text(name, style="bold" if facts.current else ""))
        if facts.current:
            line.stylize(self._turn_style)
        line.append(" " * (room - cell_len(name)))
        line.append(f"{facts.count:>3}", style="bold")
        line.append(_BACK, style="bold #b71c1c")
        line.append(status)
        line.append(f"{mark:<4}", style=mark_style if mark else "")
        line.append(f" {score}", style="dim")
        line.append(dealer if facts.dealer else " " * cell_len(dealer), style="bold")
        return line


#: A seat's panel at a round table: its widths, the widest that fits first (the
#: narrower lets the table go round from about 150x40 on; it is the rows' least width,
#: and keeps "other side faces away" whole), and its lines (title, a fan of backs,
#: status); a blank line or two cells between panels.
ROUND_PANEL_WIDTHS = (26, 24)
ROUND_PANEL_WIDTH = ROUND_PANEL_WIDTHS[0]
ROUND_PANEL_LINES = 5
ROUND_GAP = (2, 1)


class RoundPlaces(NamedTuple):
    """Where the panels go at a round table (cells from the table's top left corner)."""

    #: The seat at the bottom, the hand's owner's, and where its panel goes.
    anchor: tuple[int, int]
    #: The other seats' panels in play order after the anchor: up the left side,
    #: along the top, down the right side.
    others: tuple[tuple[int, int], ...]
    #: Every panel's width (cells).
    panel_width: int = ROUND_PANEL_WIDTH


def _spread(count: int, start: int, end: int) -> list[int]:
    """``count`` positions from ``start`` to ``end`` as evenly apart as they can be
    (one: in the middle)."""
    if count == 1:
        return [(start + end) // 2]
    return [start + round(index * (end - start) / (count - 1)) for index in range(count)]


def round_places(others: int, width: int, height: int, middle: tuple[int, int]) -> RoundPlaces | None:
    """The places of ``others`` seats around the piles (``middle``: their width and
    height, centred) and of the anchor's below them, in ``width`` x ``height`` cells,
    in the widest panels that fit; None when they do not all fit in the narrowest (then
    the seats stand in rows above the piles).

    As at a real table seen by the person at the bottom: the next player in seat order
    sits on the left, the ones after along the top, the last ones on the right.
    """
    for panel_w in ROUND_PANEL_WIDTHS:
        places = _round_places(others, width, height, middle, panel_w)
        if places is not None:
            return places
    return None


def _round_places(others: int, width: int, height: int, middle: tuple[int, int],
                  panel_w: int) -> RoundPlaces | None:
    panel_h = ROUND_PANEL_LINES
    gap_x, gap_y = ROUND_GAP
    middle_w, middle_h = middle
    if width < 2 * (panel_w + gap_x) + middle_w or height < 2 * (panel_h + gap_y) + middle_h:
        return None
    side_room = (height + gap_y) // (panel_h + gap_y)
    top_room = (width - 2 * (panel_w + gap_x) + gap_x) // (panel_w + gap_x)
    if others <= 1:
        left, top = 0, others
    elif others == 2:
        left, top = 1, 0
    else:
        left = (others + 1) // 3
        top = others - 2 * left
    if top > top_room:
        top = top_room
        left = -(-(others - top) // 2)
    right = others - top - left
    if left > side_room or right > side_room or top < 0:
        return None
    bottom_y = height - panel_h
    # The sides close around the piles' middle, spread out only as far as they need.
    step = min(panel_h + gap_y + 2, bottom_y // max(1, max(left, right) - 1))
    centre = (height - panel_h) // 2

    def side(count: int) -> list[int]:
        first = max(0, min(bottom_y - (count - 1) * step, centre - (count - 1) * step // 2))
        return [first + index * step for index in range(count)]

    # The left side from the bottom up (the next player sits by the anchor's left).
    places = [(0, y) for y in reversed(side(left))]
    if top:
        places += [(x, 0) for x in _spread(top, panel_w + gap_x,
                                            width - 2 * panel_w - gap_x)]
    places += [(width - panel_w, y) for y in side(right)]
    return RoundPlaces(((width - panel_w) // 2, bottom_y), tuple(places), panel_w)


class SeatRing(TakesTableState, Grid):
    """The seats in play order, in as many columns as fit (rows as even as they can
    be); each panel gets the lines the room allows, one when the table is crowded
    (16 seats at 80x24), a fan of backs when there is room (120x40). On a big terminal
    the seats sit around the piles instead (:meth:`arrange_round`), the hand's owner at
    the bottom."""

    def __init__(self, players: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.players = players
        #: The seat at the bottom of a round table: whose hand is on screen (the last
        #: one while every hand is hidden), at first the first person's.
        self.anchor: int | None = None
        #: The table's size last arranged round for (None: the seats are in rows).
        self._round_for: tuple[int, int, tuple[int, int]] | None = None

    def watch_state(self, state: TableState | None) -> None:
        if state is None:
            return
        anchor = state.viewer
        if anchor is None:
            anchor = self.anchor if self.anchor is not None else next(
                (seat for seat, level in enumerate(state.levels) if level is None), 0)
        if anchor != self.anchor:
            self.anchor = anchor
            if self._round_for is not None:
                self.arrange_round(*self._round_for)

    @property
    def is_round(self) -> bool:
        """True while the seats sit around the piles."""
        return self._round_for is not None

    def arrange_round(self, width: int, height: int, middle: tuple[int, int]) -> int:
        """Seat the players around the piles (``middle``: their width and height) in
        ``width`` x ``height`` cells; the panels' width, or 0 (nothing changed) when
        they do not fit."""
        places = round_places(self.players - 1, width, height, middle)
        if places is None:
            return 0
        self._round_for = (width, height, middle)
        self.add_class("-round")
        self.styles.height = height
        anchor = self.anchor or 0
        spots = {anchor: places.anchor}
        for step, spot in enumerate(places.others, start=1):
            spots[(anchor + step) % self.players] = spot
        for panel in self.query(SeatPanel):
            panel.styles.width = places.panel_width
            panel.styles.height = ROUND_PANEL_LINES
            panel.styles.offset = spots[panel.seat]
        return places.panel_width

    def arrange_panels(self, width: int, height: int) -> None:
        """Choose columns and lines per seat for ``width`` x ``height`` cells, and take
        only the lines that needs."""
        if width <= 0 or height <= 0:
            return
        # (Composed round, the ring has the class before it was ever arranged round.)
        self.remove_class("-round")
        if self._round_for is not None:
            self._round_for = None
            for panel in self.query(SeatPanel):
                panel.styles.width = None
                panel.styles.offset = None
        columns = max(1, min(self.players, width // MIN_PANEL_WIDTH))
        rows = -(-self.players // columns)
        columns = -(-self.players // rows)        # 4 seats in 3 columns: 2 and 2
        lines = max(1, min(MAX_PANEL_LINES, height // rows))
        while lines == 1 and rows > height and columns < self.players:
            columns += 1
            rows = -(-self.players // columns)
        self.styles.grid_size_columns = columns
        self.styles.grid_rows = str(lines)
        self.styles.height = min(height, rows * lines)
        for panel in self.query(SeatPanel):
            panel.styles.height = lines
