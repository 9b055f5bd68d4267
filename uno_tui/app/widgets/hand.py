"""The hand of the person at the keyboard, or a notice while hands are hidden."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Offset, Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ...engine import Face, HandCard
from ...i18n import Translator, translator
from ..cardtext import hand_order
from ..glyphs import EAST_ASIAN, unambiguous_pieces, unambiguous_text
from ..tablestate import TableState
from .bound import KeepsItsStyle, TableWidget, TakesTableState
from .card import COMPACT, CardSize, card_lines, card_size_for

__all__ = ["HandView", "HandTitle", "ChipGrid", "CardSlot", "hand_title"]


class SlotFacts(NamedTuple):
    """What one card of the hand shows."""

    face: Face
    index: int
    playable: bool | None
    picked: bool
    card_id: int | None
    size: CardSize
    #: The next card of a fanned hand lies over this one's right part.
    covered: bool = False


def _lines_of(facts: SlotFacts, tr):
    return card_lines(facts.face, facts.size, facts.index, facts.playable, facts.picked,
                      facts.card_id, facts.covered, tr)


#: Cards whose strips are kept between redraws (each line of a card is asked for on its
#: own, and a card that did not change is drawn again as it was). Each kept strip also
#: keeps what Textual derives from it (crops, styled copies): 2,048 cards were about 20 MB
#: in every render worker after two minutes of play; 512 cover 16 terminals' hands.
CARD_STRIPS_KEPT = 512


@lru_cache(maxsize=CARD_STRIPS_KEPT)
def _card_strips(lines, base: Style) -> tuple[Strip, ...]:
    """A card's lines as strips, each piece's style over ``base`` (the slot's own)."""
    return tuple(Strip([Segment(text, base + Style.parse(style) if style else base)
                        for text, style in line]) for line in lines)


#: Card widgets made with the hand; a bigger hand adds more (at the cost of one full redraw).
SLOTS_AT_START = 12
#: A long hand is fanned from this card height on (large cards: their corner index is
#: at their left edge); each card shows at least this many cells of it.
FAN_FROM_HEIGHT = 8
FAN_MIN_STEP = 5


class CardSlot(KeepsItsStyle):
    """One card of the hand, as its own widget: moving the pick redraws the two cards
    whose border changes and nothing else (Textual writes a widget's changed lines from
    its left edge, so one wide widget would rewrite the row up to the card)."""

    facts: reactive[SlotFacts | None] = reactive(None, repaint=False)

    def watch_facts(self, old: SlotFacts | None, new: SlotFacts | None) -> None:
        if old is None or new is None or old.size != new.size:
            if old != new:
                self.refresh()
            return
        # Only the lines that look different: the pick changes two borders, the end of a
        # turn only the unplayable cards.
        width, tr = new.size.width, self.app.tr
        changed = [Region(0, y, width, 1)
                   for y, (was, now) in enumerate(zip(_lines_of(old, tr), _lines_of(new, tr)))
                   if was != now]
        if changed:
            self.refresh(*changed)

    def render_line(self, y: int) -> Strip:
        # The card's lines as cached strips: drawing a card through Textual's content
        # pipeline took most of a keypress at 120x40 (two cards redrawn per move).
        facts = self.facts
        style = self.line_style
        if facts is not None:
            lines = _lines_of(facts, self.app.tr)
            if self.app.tr.lang in EAST_ASIAN:
                lines = unambiguous_pieces(lines)
            strips = _card_strips(lines, style)
            if y < len(strips):
                return strips[y]
        # Empty (it keeps its place after its card left): blank in the very styles the
        # grid gives its own empty space beneath, so that the screen is the same cell for
        # cell whether a slot lies there or not: the grid's first line is its notice's
        # (a text of no colour of its own: the background alone), the others are its
        # padding (its colours).
        if y + int(self.styles.offset.y.value) == 0:
            style = Style.from_color(bgcolor=style.bgcolor)
        return Strip.blank(self.size.width, style)

    def on_click(self, event: events.Click) -> None:
        if self.facts is not None:
            event.stop()
            self.post_message(ChipGrid.Clicked(self.facts.index))


class ChipGrid(Widget):
    """All the cards of a hand in rows of cards (one :class:`CardSlot` each), or a notice
    while no hand shows; a click on a card posts :class:`Clicked`."""

    class Clicked(Message):
        """A card was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    cards: reactive[tuple[HandCard, ...]] = reactive((), repaint=False)
    #: Card ids playable now, or None when it is not the owner's turn to play.
    playable: reactive[frozenset[int] | None] = reactive(None, repaint=False)
    #: The picked card's index; -1: none.
    cursor: reactive[int] = reactive(0, repaint=False)
    notice: reactive[str] = reactive("")
    show_ids: reactive[bool] = reactive(False, repaint=False)
    card_size: reactive[CardSize] = reactive(COMPACT, repaint=False)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._slots: list[CardSlot] = [CardSlot() for _ in range(SLOTS_AT_START)]

    def compose(self) -> ComposeResult:
        # Mounted at the start: a widget mounted later makes Textual redraw the whole
        # screen (it rebuilds its map), which a hand growing by one card should not cost.
        yield from self._slots

    def render(self) -> Text:
        return Text("" if self.cards else self.notice, style="dim")

    def on_mount(self) -> None:
        # Whatever of these changes, the slots are given their cards again.
        for name in ("cards", "playable", "cursor", "show_ids", "card_size"):
            self.watch(self, name, self._sync, init=False)

    def on_resize(self) -> None:
        self._sync()

    def _sync(self, *_) -> None:
        """Give every slot its card; add slots when the hand grows.

        A slot without a card is emptied (it draws nothing), never hidden: hiding or
        showing one renumbers its siblings, which redraws every card of the hand. While
        the cards lie side by side, an empty slot keeps its own place in the rows (past
        the last card, or below the hand's height): a card played or drawn then moves no
        slot, and only the slots whose card changed are drawn again, without laying out
        the screen (a moved slot made Textual lay out every widget of it, on each
        terminal watching the table). Where an empty slot could lie over a card (a
        fanned hand, whose cards overlap) or the notice (no cards), it goes below.
        """
        cards = self.cards
        while len(self._slots) < len(cards):
            slot = CardSlot()
            self._slots.append(slot)
            self.mount(slot)
        size = self.card_size
        columns, step = self.row_layout()
        playable = self.playable
        rows = -(-len(cards) // columns) if cards else 1
        # A blank slot in its own place covers no card only when no card overlaps
        # another (and no notice shows).
        empty_in_place = bool(cards) and step >= size.width
        for index, slot in enumerate(self._slots):
            slot.styles.width = size.width
            slot.styles.height = size.height
            if index >= len(cards):
                slot.facts = None
                if empty_in_place:
                    row, column = divmod(index, columns)
                    slot.styles.offset = (column * step, row * size.height)
                else:
                    slot.styles.offset = (0, rows * size.height)
                continue
            card = cards[index]
            can_play = None if playable is None else card.id in playable
            row, column = divmod(index, columns)
            covered = step < size.width and column < columns - 1 and index < len(cards) - 1
            slot.facts = SlotFacts(card.face, index, can_play,
                                   can_play is not None and index == self.cursor,
                                   card.id if self.show_ids else None, size, covered)
            slot.styles.offset = (column * step, row * size.height)
        self.styles.height = rows * size.height if cards else 1

    def columns(self, width: int | None = None) -> int:
        """Cards per row at ``width`` cells (the widget's width by default)."""
        return self.row_layout(width)[0]

    def row_layout(self, width: int | None = None) -> tuple[int, int]:
        """Cards per row at ``width`` cells, and the cells from one card to the next.

        A long hand of large cards is fanned: the cards overlap, each showing its left
        edge with its number key and corner index (``G5``), so that it takes fewer rows
        (one, at 200x60, up to about twenty cards) instead of scrolling.
        """
        width = self.size.width if width is None else width
        size = self.card_size
        side_by_side = max(1, width // size.width)
        count = len(self.cards)
        if count <= side_by_side or size.height < FAN_FROM_HEIGHT:
            return side_by_side, size.width
        most = max(side_by_side, 1 + (width - size.width) // FAN_MIN_STEP)
        rows = -(-count // most)
        per_row = -(-count // rows)
        return per_row, min(size.width, (width - size.width) // max(1, per_row - 1))

    def chip_offset(self, index: int) -> Offset:
        """A cell inside the card at ``index``, relative to this widget (the middle of
        what shows of it)."""
        size = self.card_size
        columns, step = self.row_layout()
        row, column = divmod(index, columns)
        shown = size.width if column == columns - 1 or index == len(self.cards) - 1 else step
        return Offset(column * step + shown // 2, row * size.height + size.height // 2)

    def index_at(self, x: int, y: int) -> int | None:
        """The card index drawn at cell ``(x, y)``, or None between cards."""
        size = self.card_size
        columns, step = self.row_layout()
        row = y // size.height
        column = min(x // step, columns - 1)
        last = min(len(self.cards), (row + 1) * columns) - 1
        index = min(row * columns + column, last)
        if index < 0 or x >= (index - row * columns) * step + size.width:
            return None
        return index if 0 <= index < len(self.cards) else None


ENGLISH = translator()


def hand_title(state: TableState, tr: Translator = ENGLISH) -> str:
    """``Ann's hand (7 cards)``, or ``Hand`` while every hand is hidden."""
    if state.viewer is None:
        return tr("Hand")
    count, name = len(state.view.hand), state.names[state.viewer]
    if state.sorted_hand:
        return tr.plural("{name}'s hand ({count} card, sorted)",
                         "{name}'s hand ({count} cards, sorted)", count, name=name)
    return tr.plural("{name}'s hand ({count} card)", "{name}'s hand ({count} cards)", count,
                     name=name)


class HandTitle(TableWidget):
    """The hand's top border with its title: ``╭─ Ann's hand (7 cards) ──╮``.

    Its own one-line widget: a border title that changes (every card played or drawn)
    would redraw the whole hand, cards and all; this redraws one line.
    """

    title: reactive[str] = reactive("Hand")

    def read(self, state: TableState) -> None:
        self.title = hand_title(state, self.app.tr)

    def render(self) -> Text:
        width = self.size.width
        # A name is text, never markup; cut in cells (a kanji is two), never mid-character.
        title = Text(self.title, style="bold")
        if title.cell_len > width - 6:
            title.truncate(max(0, width - 6), overflow="ellipsis")
            unambiguous_text(title, self.app.tr.lang)    # its "…" by the border
        line = Text("╭─ ")
        line.append_text(title)
        line.append(" " + "─" * max(0, width - title.cell_len - 5) + "╮")
        return line


class HandView(TakesTableState, VerticalScroll):
    """The viewer's cards; unplayable ones are marked during their turn. Scrolls when
    long, keeping the picked card in view. Bound to the table's state."""

    class CardChosen(Message):
        """A card was clicked to be played."""

        def __init__(self, card_id: int) -> None:
            super().__init__()
            self.card_id = card_id

    _shown_subtitle = ""
    #: Whose hand was drawn last (a card new to the same hand was just drawn).
    _viewer: int | None = None
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

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self.call_after_refresh(self._more_hint)

    @property
    def grid(self) -> ChipGrid:
        return self.query_one(ChipGrid)

    def _rows_in_view(self) -> int:
        """How many rows of cards the hand shows at most (from its max-height: the hint
        must not wait for a layout to know the hand goes on)."""
        height = self.grid.card_size.height
        max_height = self.styles.max_height
        if max_height is not None and max_height.is_cells:
            room = int(max_height.value) - self.styles.gutter.height
        else:
            room = self.size.height
        return max(1, room // height) if height else 1

    def _more_hint(self) -> None:
        """Say under the hand which cards are in view when some rows are off screen, and
        how many of those can be played: a newcomer would otherwise not know the hand
        goes on (and drew while a playable card sat out of sight)."""
        grid = self.grid
        hint = ""
        height = grid.card_size.height
        cards = grid.cards
        count = len(cards)
        columns = grid.columns() if self.size.width else 1
        rows_shown = self._rows_in_view()
        if count and height and -(-count // columns) > rows_shown:
            first_row = round(self.scroll_y) // height
            first = first_row * columns + 1
            last = min(count, (first_row + rows_shown) * columns)
            tr = self.app.tr
            hint = (tr("card {first} of {count}", first=first, count=count) if first == last
                    else tr("cards {first}-{last} of {count}", first=first, last=last,
                            count=count))
            playable = grid.playable
            if playable is not None:
                away = sum(1 for index, card in enumerate(cards)
                           if card.id in playable and not first - 1 <= index < last)
                if away:
                    hint += tr(" · {count} more can be played", count=away)
            hint += tr(" · ←→ show the rest")
        if hint != self._shown_subtitle:
            self._shown_subtitle = hint
            self.border_subtitle = hint

    def watch_state(self, state: TableState | None) -> None:
        if state is not None:
            self.show(state, state.playable, state.notice)

    def show(self, state: TableState, playable: frozenset[int] | None, notice: str) -> None:
        """Draw ``state.viewer``'s hand (``playable`` marks its turn), or ``notice``."""
        grid = self.grid
        grid.show_ids = state.show_ids
        if state.viewer is None:
            self.call_after_refresh(self._more_hint)
            grid.notice = notice
            grid.playable = None
            grid.cards = ()
            return
        cards = state.view.hand
        if state.sorted_hand:
            cards = tuple(sorted(cards, key=lambda card: hand_order(card.face)))
        count = len(cards)
        grid.notice = self.app.tr("No cards.") if not cards else ""
        before = {card.id for card in grid.cards} if state.viewer == self._viewer else None
        picked = self.selected_card if state.viewer == self._viewer else None
        self._viewer = state.viewer
        if self.unpicked:
            # After a handoff: no card is picked until its player picks one.
            grid.cursor = -1
        elif playable and grid.playable is None:
            # A turn begins: start on the first card that can be played.
            grid.cursor = next(i for i, card in enumerate(cards) if card.id in playable)
        elif picked is not None and any(card.id == picked for card in cards):
            # The same card stays picked when the hand is sorted or grows.
            grid.cursor = next(i for i, card in enumerate(cards) if card.id == picked)
        else:
            grid.cursor = min(grid.cursor, max(0, count - 1))
        grid.cards = cards
        grid.playable = playable
        drawn = [i for i, card in enumerate(cards) if before and card.id not in before]
        if drawn:
            # A card just drawn comes into view (it went to the end, off screen), once
            # the hand is laid out with it.
            self.scroll_to_index(drawn[-1])
            self.call_after_refresh(self.scroll_to_index, drawn[-1])
        else:
            self.scroll_to_cursor()
        self._more_hint()
        self.call_after_refresh(self._more_hint)
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
        if self.grid.cursor >= 0:
            self.scroll_to_index(self.grid.cursor)

    def scroll_to_index(self, index: int) -> None:
        """Bring the row of the card at ``index`` into view."""
        grid = self.grid
        if grid.cards and 0 <= index < len(grid.cards) and self.size.width:
            height = grid.card_size.height
            row_top = (index // grid.columns()) * height
            if not self.scroll_y <= row_top <= self.scroll_y + self.size.height - height:
                self.scroll_to(y=row_top, animate=False, force=True)

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
