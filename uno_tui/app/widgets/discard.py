"""The discard pile: its top card drawn as a card, the colour in play, how many are down."""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from ...engine import DecisionKind, Face
from ..cardtext import color_label, color_style
from ..tablestate import TableState
from .bound import DrawnInLines, TableWidget
from .card import CardSize, COMPACT, card_line_texts, card_lines

__all__ = ["DiscardPile", "PileCard"]


class PileCard(NamedTuple):
    """What a pile shows: its top card, and the captions under it."""

    face: Face | None
    card_id: int | None
    caption: str
    color: str | None = None
    #: A colour is being named for it: the colour in play is about to change, so the
    #: colour before it is not shown (it read as if that colour had been named).
    naming: bool = False


class DiscardPile(DrawnInLines, TableWidget):
    """The top card as a card; under it the colour in play (also after a wild; "colour:
    ?" while one is being named) and the count. A card going down on one of its colour rewrites the cells that differ."""

    pile: reactive[PileCard | None] = reactive(None, repaint=False)
    size_class: reactive[CardSize] = reactive(COMPACT, layout=True)

    def read(self, state: TableState) -> None:
        view = state.view
        top_id = view.discard[-1].id if view.discard else None
        self.pile = PileCard(view.top, top_id if state.show_ids else None,
                             self.app.tr("Discard {count}", count=view.discard_count), view.color,
                             view.decision_kind == DecisionKind.COLOR)

    def get_content_width(self, container, viewport) -> int:
        return max(self.size_class.width, 12)

    def _colour_in_play(self, color: str | None) -> str:
        """``" Red (R) "``; without its margins where they do not fit the pile's width
        (「 オレンジ (O) 」 is 14 cells, the compact pile 12: it read 「オレンジ (⋯」)."""
        label = self.app.tr.words(color_label(color))
        padded = f" {label} "
        return padded if cell_len(padded) <= max(self.size_class.width, 12) else label

    def get_content_height(self, container, viewport, width: int) -> int:
        return self.size_class.height + 1

    def watch_pile(self) -> None:
        self.redraw()

    def lines(self) -> list[Text]:
        pile = self.pile
        if pile is None or pile.face is None:
            return []
        lines = card_line_texts(card_lines(pile.face, self.size_class, card_id=pile.card_id,
                                           tr=self.app.tr))
        if pile.naming:
            lines.append(Text(self.app.tr(" colour: ? "), style="dim"))
        elif pile.face.color != pile.color or pile.face.color is None:
            lines.append(Text(self._colour_in_play(pile.color), style=color_style(pile.color)))
        else:
            lines.append(Text(pile.caption, style="dim"))
        return lines
