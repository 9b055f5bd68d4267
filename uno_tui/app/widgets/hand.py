"""The hand of the person at the keyboard, or a notice while hands are hidden."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Grid, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ...engine import HandCard
from ..tablestate import TableState
from .card import CardChip

__all__ = ["HandView"]

#: Width of one chip in cells, including its border and the gap after it.
CHIP_WIDTH = 12


class HandView(VerticalScroll):
    """The viewer's cards as chips; unplayable ones are marked during their turn."""

    class CardChosen(Message):
        """A card was clicked (or chosen by key) to be played."""

        def __init__(self, card_id: int) -> None:
            super().__init__()
            self.card_id = card_id

    #: Whose hand this is; None while every hand is hidden.
    owner: reactive[str | None] = reactive(None, recompose=True)
    cards: reactive[tuple[HandCard, ...]] = reactive((), recompose=True)
    #: Card ids playable now, or None when it is not the owner's turn to play.
    playable: reactive[frozenset[int] | None] = reactive(None)
    cursor: reactive[int] = reactive(0)
    notice: reactive[str] = reactive("", recompose=True)
    show_ids: bool = False

    def compose(self) -> ComposeResult:
        if self.owner is None:
            yield Static(self.notice or "Hands are hidden.", classes="hand-notice")
            return
        playable = self.playable
        with Grid(id="chips"):
            for index, card in enumerate(self.cards):
                yield CardChip(card.id, card.face, index, show_id=self.show_ids,
                               playable=None if playable is None else card.id in playable,
                               selected=playable is not None and index == self.cursor)

    def show(self, state: TableState, playable: frozenset[int] | None, notice: str) -> None:
        """Draw ``state.viewer``'s hand (``playable`` marks its turn), or ``notice``."""
        self.show_ids = state.show_ids
        if state.viewer is None:
            self.border_title = "Hand"
            self.notice = notice
            self.owner = None
            self.playable = None
            return
        owner = state.names[state.viewer]
        cards = state.view.hand
        count = len(cards)
        self.border_title = f"{owner}'s hand ({count} card{'s' if count != 1 else ''})"
        if cards != self.cards or owner != self.owner:
            self.cursor = min(self.cursor, max(0, count - 1))
        self.notice = notice
        self.owner = owner
        self.cards = cards
        self.playable = playable

    def watch_playable(self, playable: frozenset[int] | None) -> None:
        for chip in self.query(CardChip):
            chip.playable = None if playable is None else chip.card_id in playable
            chip.selected = playable is not None and chip.index == self.cursor

    def watch_cursor(self, cursor: int) -> None:
        active = self.playable is not None
        for chip in self.query(CardChip):
            chip.selected = active and chip.index == cursor
            if chip.selected:
                self.scroll_to_widget(chip, animate=False)

    def move(self, step: int) -> None:
        """Move the selection ``step`` cards along, wrapping at the ends."""
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def select(self, index: int) -> bool:
        """Select the card at ``index``; False when there is no such card."""
        if 0 <= index < len(self.cards):
            self.cursor = index
            return True
        return False

    @property
    def selected_card(self) -> int | None:
        """The id of the selected card, if any."""
        if self.owner is None or not self.cards:
            return None
        return self.cards[min(self.cursor, len(self.cards) - 1)].id

    def on_card_chip_pressed(self, message: CardChip.Pressed) -> None:
        message.stop()
        self.cursor = message.chip.index
        self.post_message(self.CardChosen(message.card_id))

    def on_resize(self, event: events.Resize) -> None:
        self._fit_columns(event.size.width)

    def on_mount(self) -> None:
        self._fit_columns(self.size.width)

    def _fit_columns(self, width: int) -> None:
        columns = max(1, width // CHIP_WIDTH)
        for grid in self.query("#chips"):
            grid.styles.grid_size_columns = columns

    def on_descendant_mount(self, event: events.DescendantMount) -> None:
        if getattr(event.widget, "id", None) == "chips":
            self._fit_columns(self.size.width)
