"""The draw pile: the back of its top card and how many are left; a click draws.

In UNO Flip every card's other side is its back, so the pile shows its top card's
inactive face, as everyone at a real table sees it; elsewhere the UNO back.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.message import Message
from textual.reactive import reactive

from ...engine import Face
from ..tablestate import TableState
from .bound import DrawnInLines, TableWidget
from .card import COMPACT, CardSize, back_lines, card_line_texts, card_lines

__all__ = ["DrawPile"]


class DrawFacts(NamedTuple):
    count: int
    #: The face everyone sees on the pile's top card (UNO Flip), else None.
    back: Face | None


class DrawPile(DrawnInLines, TableWidget):
    """A card back (or Flip's visible back face) over ``Draw 83 (d)``; a card drawn
    rewrites the count."""

    class DrawRequested(Message):
        """The pile was clicked: the person at the keyboard wants to draw."""

    facts: reactive[DrawFacts | None] = reactive(None, repaint=False)
    size_class: reactive[CardSize] = reactive(COMPACT, layout=True)

    def __init__(self, key: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        #: The key that draws on this screen, named after the count ("": none, e.g.
        #: in a replay, where "(d)" read as a key that did nothing).
        self.key = key

    def read(self, state: TableState) -> None:
        self.facts = DrawFacts(state.view.draw_count, state.view.draw_top_back)

    def get_content_width(self, container, viewport) -> int:
        # As wide as "Draw 104 (d)" whatever the count: the piles never shift sideways.
        return max(self.size_class.width, len("Draw 000 (d)"))

    def get_content_height(self, container, viewport, width: int) -> int:
        return self.size_class.height + 1

    def watch_facts(self) -> None:
        self.redraw()

    def lines(self) -> list[Text]:
        facts = self.facts
        if facts is None:
            return []
        if facts.count == 0:
            lines = [Text(""), Text("(empty)".ljust(self.size_class.width), style="dim")]
        elif facts.back is not None:
            lines = card_line_texts(card_lines(facts.back, self.size_class, tr=self.app.tr))
        else:
            lines = card_line_texts(back_lines(self.size_class))
        tr = self.app.tr
        caption = (tr("Draw {count} ({key})", count=facts.count, key=self.key) if self.key
                   else tr("Draw {count}", count=facts.count))
        lines.append(Text(caption, style="dim"))
        return lines

    def on_click(self) -> None:
        self.post_message(self.DrawRequested())
