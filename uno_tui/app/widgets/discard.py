"""The discard pile: its top card drawn as a card, the colour in play, how many are down."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.reactive import reactive

from ...engine import Face
from ..cardtext import color_label, color_style
from ..tablestate import TableState
from .bound import TableWidget
from .card import CardSize, COMPACT, card_lines, card_rich_text

__all__ = ["DiscardPile", "PileCard"]


class PileCard(NamedTuple):
    """What a pile shows: its top card, and the captions under it."""

    face: Face | None
    card_id: int | None
    caption: str
    color: str | None = None


class DiscardPile(TableWidget):
    """The top card as a card; under it the colour in play (also after a wild) and the count."""

    pile: reactive[PileCard | None] = reactive(None)
    size_class: reactive[CardSize] = reactive(COMPACT, layout=True)

    def read(self, state: TableState) -> None:
        view = state.view
        top_id = view.discard[-1].id if view.discard else None
        self.pile = PileCard(view.top, top_id if state.show_ids else None,
                             f"Discard {view.discard_count}", view.color)

    def get_content_width(self, container, viewport) -> int:
        return max(self.size_class.width, 12)

    def get_content_height(self, container, viewport, width: int) -> int:
        return self.size_class.height + 1

    def render(self) -> Text:
        pile = self.pile
        if pile is None or pile.face is None:
            return Text("")
        text = card_rich_text(card_lines(pile.face, self.size_class, card_id=pile.card_id))
        text.append("\n")
        if pile.face.color != pile.color or pile.face.color is None:
            text.append(f" {color_label(pile.color)} ", style=color_style(pile.color))
        else:
            text.append(pile.caption, style="dim")
        return text
