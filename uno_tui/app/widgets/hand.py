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
from textual.content import Content

from ...engine import HandCard
from ..tablestate import TableState
from .card import COMPACT, CardSize, card_lines, card_size_for

__all__ = ["HandView", "ChipGrid"]

#: Blank cells between two cards in a row (the borders already part them).
GAP = 0
_NOTICE_STYLE = Style(dim=True)


class ChipGrid(Widget):
    """All the cards of a hand in rows of cards; a click on a card posts :class:`Clicked`."""

    class Clicked(Message):
        """A card was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    cards: reactive[tuple[HandCard, ...]] = reactive(())
    #: Card ids playable now, or None when it is not the owner's turn to play.
    playable: reactive[frozenset[int] | None] = reactive(None)
    cursor: reactive[int] = reactive(0, repaint=False)
    notice: reactive[str] = reactive("")
    show_ids: reactive[bool] = reactive(False)
    card_size: reactive[CardSize] = reactive(COMPACT, layout=True)

    def watch_cards(self, old: tuple[HandCard, ...], new: tuple[HandCard, ...]) -> None:
        # A new layout only when the number of rows changes; otherwise a repaint will do.
        if self._rows(len(old)) != self._rows(len(new)):
            self.refresh(layout=True)

    def watch_cursor(self, old: int, new: int) -> None:
        # Only the two cards whose border changes are drawn again.
        self.refresh(self._card_region(old), self._card_region(new))

    def _card_region(self, index: int) -> Region:
        size = self.card_size
        columns = self.columns()
        row, column = divmod(index, columns)
        return Region(column * (size.width + GAP), row * size.height, size.width, size.height)

    def _rows(self, count: int) -> int:
        return max(1, -(-count // self.columns())) if count else 0

    def columns(self, width: int | None = None) -> int:
        """Cards per row at ``width`` cells (the widget's width by default)."""
        width = self.size.width if width is None else width
        return max(1, (width + GAP) // (self.card_size.width + GAP))

    def get_content_height(self, container, viewport, width: int) -> int:
        if not self.cards:
            return 1
        return -(-len(self.cards) // self.columns(width)) * self.card_size.height

    def render_line(self, y: int) -> Strip:
        # Drawn line by line, so that moving the pick redraws two cards, not the hand.
        base = self.rich_style
        width = self.size.width
        if not self.cards:
            text = self.notice if y == 0 else ""
            return Strip([Segment(text[:width], base + _NOTICE_STYLE)]).extend_cell_length(
                width, base)
        size = self.card_size
        columns = self.columns()
        row, part = divmod(y, size.height)
        segments: list[Segment] = []
        playable = self.playable
        for offset, card in enumerate(self.cards[row * columns:(row + 1) * columns]):
            index = row * columns + offset
            if offset and GAP:
                segments.append(Segment(" " * GAP, base))
            can_play = None if playable is None else card.id in playable
            pieces = card_lines(card.face, size, index, can_play,
                                picked=can_play is not None and index == self.cursor,
                                card_id=card.id if self.show_ids else None)[part]
            segments += [Segment(text, base + _style(style)) for text, style in pieces]
        return Strip(segments).extend_cell_length(width, base)

    def chip_offset(self, index: int) -> Offset:
        """A cell inside the card at ``index``, relative to this widget (its middle)."""
        region = self._card_region(index)
        return Offset(region.x + region.width // 2, region.y + region.height // 2)

    def index_at(self, x: int, y: int) -> int | None:
        """The card index drawn at cell ``(x, y)``, or None between cards."""
        size = self.card_size
        column, within = divmod(x, size.width + GAP)
        if within >= size.width or column >= self.columns():
            return None
        index = (y // size.height) * self.columns() + column
        return index if 0 <= index < len(self.cards) else None

    def on_click(self, event: events.Click) -> None:
        index = self.index_at(event.x, event.y)
        if index is not None:
            self.post_message(self.Clicked(index))


_STYLES: dict[str, Style] = {}


def _style(text: str) -> Style:
    """A parsed Rich style, cached (the same few styles are drawn over and over)."""
    style = _STYLES.get(text)
    if style is None:
        style = _STYLES[text] = Style.parse(text) if text else Style()
    return style


class HandView(VerticalScroll):
    """The viewer's cards; unplayable ones are marked during their turn. Scrolls when
    long, keeping the picked card in view. Bound to the table's state."""

    class CardChosen(Message):
        """A card was clicked to be played."""

        def __init__(self, card_id: int) -> None:
            super().__init__()
            self.card_id = card_id

    state: reactive[TableState | None] = reactive(None, repaint=False)
    #: True while no card is picked (after a handoff) until a key or a click picks one.
    unpicked = False

    def compose(self) -> ComposeResult:
        yield ChipGrid()

    def on_mount(self) -> None:
        # The table screen owns the arrow keys; the hand scrolls with the wheel.
        self.can_focus = False

    def on_resize(self) -> None:
        self.grid.card_size = card_size_for(*self.app.size)
        self.scroll_to_cursor()

    @property
    def grid(self) -> ChipGrid:
        return self.query_one(ChipGrid)

    def watch_state(self, state: TableState | None) -> None:
        if state is not None:
            self.show(state, state.playable, state.notice)

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
        # A name is text, never markup.
        self.border_title = Content(f"{owner}'s hand ({count} card{'s' if count != 1 else ''})")
        grid.notice = "No cards." if not cards else ""
        if self.unpicked:
            # After a handoff: no card is picked until its player picks one.
            grid.cursor = -1
        elif playable and grid.playable is None:
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
        self.unpicked = False
        if grid.cards:
            if grid.cursor < 0:
                grid.cursor = 0 if step > 0 else len(grid.cards) - 1
            else:
                grid.cursor = (grid.cursor + step) % len(grid.cards)
            self.scroll_to_cursor()

    def unpick(self) -> None:
        """No card is picked, until a key or click picks one (set after a handoff, so that
        the Enter that took the keyboard and one more cannot play a card by accident)."""
        self.unpicked = True
        self.grid.cursor = -1

    def select(self, index: int) -> bool:
        """Pick the card at ``index``; False when there is no such card."""
        grid = self.grid
        if 0 <= index < len(grid.cards):
            self.unpicked = False
            grid.cursor = index
            self.scroll_to_cursor()
            return True
        return False

    def scroll_to_cursor(self) -> None:
        """Keep the picked card's row in view."""
        grid = self.grid
        if grid.cards and grid.cursor >= 0 and self.max_scroll_y:
            height = grid.card_size.height
            row_top = (grid.cursor // grid.columns()) * height
            if not self.scroll_y <= row_top <= self.scroll_y + self.size.height - height:
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
        self.unpicked = False
        grid.cursor = message.index
        self.post_message(self.CardChosen(grid.cards[message.index].id))
