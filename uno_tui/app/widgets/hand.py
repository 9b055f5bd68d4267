"""The hand of the person at the keyboard, or a notice while hands are hidden."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Offset, Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ...engine import HandCard
from ..tablestate import TableState
from .card import CHIP_HEIGHT, CHIP_WIDTH, chip_lines

__all__ = ["HandView", "ChipGrid"]

#: Blank cells between two chips in a row.
GAP = 1
_NOTICE_STYLE = Style(dim=True)


class ChipGrid(Widget):
    """All the cards of a hand in rows of chips; a click on a chip posts :class:`Clicked`."""

    class Clicked(Message):
        """A chip was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    cards: reactive[tuple[HandCard, ...]] = reactive(())
    #: Card ids playable now, or None when it is not the owner's turn to play.
    playable: reactive[frozenset[int] | None] = reactive(None)
    cursor: reactive[int] = reactive(0, repaint=False)
    notice: reactive[str] = reactive("")
    show_ids: reactive[bool] = reactive(False)

    def watch_cards(self, old: tuple[HandCard, ...], new: tuple[HandCard, ...]) -> None:
        # A new layout only when the number of rows changes; otherwise a repaint will do.
        if self._rows(len(old)) != self._rows(len(new)):
            self.refresh(layout=True)

    def watch_cursor(self, old: int, new: int) -> None:
        # Only the two chips whose border changes are drawn again.
        self.refresh(self._chip_region(old), self._chip_region(new))

    def _chip_region(self, index: int) -> Region:
        middle = self.chip_offset(index)
        return Region(middle.x - 2, middle.y - 1, CHIP_WIDTH, CHIP_HEIGHT)

    def _rows(self, count: int) -> int:
        return max(1, -(-count // self.columns())) if count else 0

    def columns(self, width: int | None = None) -> int:
        """Chips per row at ``width`` cells (the widget's width by default)."""
        width = self.size.width if width is None else width
        return max(1, (width + GAP) // (CHIP_WIDTH + GAP))

    def get_content_height(self, container, viewport, width: int) -> int:
        if not self.cards:
            return 1
        return -(-len(self.cards) // self.columns(width)) * CHIP_HEIGHT


    def render_line(self, y: int) -> Strip:
        # Drawn line by line, so that moving the pick redraws two chips, not the hand.
        base = self.rich_style
        width = self.size.width
        if not self.cards:
            text = self.notice if y == 0 else ""
            return Strip([Segment(text[:width], base + _NOTICE_STYLE)]).extend_cell_length(
                width, base)
        columns = self.columns()
        row, part = divmod(y, CHIP_HEIGHT)
        segments: list[Segment] = []
        playable = self.playable
        for offset, card in enumerate(self.cards[row * columns:(row + 1) * columns]):
            index = row * columns + offset
            if offset:
                segments.append(Segment(" " * GAP, base))
            can_play = None if playable is None else card.id in playable
            pieces = chip_lines(card.face, index, can_play,
                                picked=can_play is not None and index == self.cursor,
                                card_id=card.id if self.show_ids else None)[part]
            segments += [Segment(text, base + Style.parse(style)) for text, style in pieces]
        return Strip(segments).extend_cell_length(width, base)

    def chip_offset(self, index: int) -> Offset:
        """Where the chip at ``index`` is drawn, relative to this widget (its middle line)."""
        columns = self.columns()
        row, column = divmod(index, columns)
        return Offset(column * (CHIP_WIDTH + GAP) + 2, row * CHIP_HEIGHT + 1)

    def index_at(self, x: int, y: int) -> int | None:
        """The card index drawn at cell ``(x, y)``, or None between chips."""
        column, within = divmod(x, CHIP_WIDTH + GAP)
        if within >= CHIP_WIDTH or column >= self.columns():
            return None
        index = (y // CHIP_HEIGHT) * self.columns() + column
        return index if 0 <= index < len(self.cards) else None

    def on_click(self, event: events.Click) -> None:
        index = self.index_at(event.x, event.y)
        if index is not None:
            self.post_message(self.Clicked(index))


class HandView(VerticalScroll):
    """The viewer's cards; unplayable ones are marked during their turn. Scrolls when long."""

    class CardChosen(Message):
        """A card was clicked to be played."""

        def __init__(self, card_id: int) -> None:
            super().__init__()
            self.card_id = card_id

    def compose(self) -> ComposeResult:
        yield ChipGrid()

    def on_mount(self) -> None:
        # The table screen owns the arrow keys; the hand scrolls with the wheel.
        self.can_focus = False

    @property
    def grid(self) -> ChipGrid:
        return self.query_one(ChipGrid)

    def show(self, state: TableState, playable: frozenset[int] | None, notice: str) -> None:
        """Draw ``state.viewer``'s hand (``playable`` marks its turn), or ``notice``."""
        grid = self.grid
        grid.show_ids = state.show_ids
        if state.viewer is None:
            self.border_title = "Hand"
            grid.notice = notice
            grid.playable = None
            grid.cards = ()
            return
        owner = state.names[state.viewer]
        cards = state.view.hand
        count = len(cards)
        self.border_title = f"{owner}'s hand ({count} card{'s' if count != 1 else ''})"
        grid.notice = "No cards." if not cards else ""
        if playable and grid.playable is None:
            # A turn begins: start on the first card that can be played.
            grid.cursor = next(i for i, card in enumerate(cards) if card.id in playable)
        else:
            grid.cursor = min(grid.cursor, max(0, count - 1))
        grid.cards = cards
        grid.playable = playable
        self.scroll_to_cursor()

    @property
    def cards(self) -> tuple[HandCard, ...]:
        return self.grid.cards

    @property
    def cursor(self) -> int:
        return self.grid.cursor

    def move(self, step: int) -> None:
        """Move the pick ``step`` cards along, wrapping at the ends (from no pick: the
        first or the last card)."""
        grid = self.grid
        if grid.cards:
            if grid.cursor < 0:
                grid.cursor = 0 if step > 0 else len(grid.cards) - 1
            else:
                grid.cursor = (grid.cursor + step) % len(grid.cards)
            self.scroll_to_cursor()

    def unpick(self) -> None:
        """No card is picked (after a handoff, so that Enter cannot play one by accident)."""
        self.grid.cursor = -1

    def select(self, index: int) -> bool:
        """Pick the card at ``index``; False when there is no such card."""
        grid = self.grid
        if 0 <= index < len(grid.cards):
            grid.cursor = index
            self.scroll_to_cursor()
            return True
        return False

    def scroll_to_cursor(self) -> None:
        """Keep the picked card's row in view."""
        grid = self.grid
        if grid.cards and grid.cursor >= 0 and self.max_scroll_y:
            row_top = grid.chip_offset(grid.cursor).y - 1
            if not self.scroll_y <= row_top <= self.scroll_y + self.size.height - CHIP_HEIGHT:
                self.scroll_to(y=row_top, animate=False)

    @property
    def selected_card(self) -> int | None:
        """The id of the picked card, if any."""
        grid = self.grid
        if not grid.cards or grid.cursor < 0:
            return None
        return grid.cards[min(grid.cursor, len(grid.cards) - 1)].id

    def on_chip_grid_clicked(self, message: ChipGrid.Clicked) -> None:
        message.stop()
        grid = self.grid
        grid.cursor = message.index
        self.post_message(self.CardChosen(grid.cards[message.index].id))
