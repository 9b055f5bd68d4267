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
from .bound import DrawnInLines, TableWidget
from .card import corner_index

__all__ = ["SeatFacts", "SeatPanel", "SeatRing", "seat_facts"]

#: How wide a seat's panel is at least; the ring fits as many columns as the width allows.
MIN_PANEL_WIDTH = 24
#: Card backs drawn on a panel line before "+n" says how many more.
_BACK = "▮"
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
        return [] if facts is None else self._lines(facts)

    def _lines(self, facts: SeatFacts) -> list[Text]:
        """The panel's lines for its size now."""
        width = max(1, self.size.width)
        height = max(1, self.size.height)
        if height <= 1:
            lines = [self._one_line(facts, width)]
        elif height >= FAN_LINES:
            backs = self._face_rows(facts, width) if facts.backs else self._fan(facts, width)
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
        right = tr("{score} pts", score=format(facts.score, ">4"))
        if facts.dealer:
            right = tr("D {score}", score=right)
        room = max(1, width - cell_len(right) - 3)
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
        tail = self._pointing(facts, room - 2) if pointing else None
        if tail:
            room = max(0, room - 2 - tail.cell_len)
        line = Text("  ")
        if facts.backs:
            used = shown = 0
            for face in facts.backs:
                chip = corner_index(face)
                if used + len(chip) + 1 > room - (2 if shown + 1 < len(facts.backs) else 0):
                    break
                line.append(chip, style=card_style(face))
                line.append(" ")
                used += len(chip) + 1
                shown += 1
            if shown < len(facts.backs):
                line.append("… ", style="dim")      # more backs than room: the count says
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
        for number, face in enumerate(facts.backs):
            chip = corner_index(face)
            more = number + 1 < len(facts.backs)
            reserve = (tail.cell_len if len(rows) == 1 else 0) + \
                (2 if more and len(rows) == FAN_ROWS else 0)
            if rows[-1].cell_len + len(chip) + 1 > width - reserve:
                if len(rows) == FAN_ROWS:
                    rows[-1].append("… ", style="dim")   # more backs than room
                    break
                rows.append(Text("  "))
            rows[-1].append(chip, style=card_style(face))
            rows[-1].append(" ")
        rows[0].append_text(tail)
        return rows + [Text("")] * (FAN_ROWS - len(rows))

    def _status(self, facts: SeatFacts, width: int) -> Text:
        line, tr = Text("  "), self.app.tr
        if facts.thinking:
            line.append(tr("thinking…"), style="italic")
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
        """After a ballot: ``☞ Bob   draws 2 `` in at most ``room`` cells (the name
        shortened first: how many cards this seat draws must show); None if it did
        not point."""
        if facts.pointed_at is None:
            return None
        draws = (self.app.tr(" draws {count} ", count=facts.pointed_draws)
                 if facts.pointed_draws else "")
        name_room = max(1, room - 2 - (cell_len(draws) + 2 if draws else 0))
        name = facts.pointed_at
        if cell_len(name) > name_room:
            name = crop_cells(name, name_room - 1) + "…"
        line = Text()
        line.append(f"☞ {name}", style="bold")
        if draws:
            line.append("  ")
            line.append(draws, style="bold reverse")
        return line

    def _one_line(self, facts: SeatFacts, width: int) -> Text:
        """``▶Ann     7▮ UNO!  120 pts D``: everything on one line, the name shortened."""
        mark, mark_style = _uno_mark(facts)
        status = "…" if facts.thinking else ("∞" if facts.linked_with else (
            "☞" if facts.pointed_draws else " "))
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


class SeatRing(Grid):
    """The seats in play order, in as many columns as fit (rows as even as they can
    be); each panel gets the lines the room allows, one when the table is crowded
    (16 seats at 80x24), a fan of backs when there is room (120x40)."""

    def __init__(self, players: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.players = players

    def arrange_panels(self, width: int, height: int) -> None:
        """Choose columns and lines per seat for ``width`` x ``height`` cells, and take
        only the lines that needs."""
        if width <= 0 or height <= 0:
            return
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
