"""One choice among a few, in a single line: arrows or a click change it."""

from __future__ import annotations

from typing import Generic, Sequence, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..glyphs import unambiguous
from .keys import OwnBindingsFirst

__all__ = ["ChoiceRow"]

T = TypeVar("T")


class ChoiceRow(OwnBindingsFirst, Widget, Generic[T], can_focus=True):
    """Options shown side by side (``(•) Classic  ( ) Pokémon``), or, when ``compact``,
    only the chosen one between arrows (``◀ Computer: normal ▶``).

    Left/Right choose the previous/next option, Space the next; a click picks the
    option under the mouse (compact: the next one). ``label`` is drawn first, in its
    own column. Posts :class:`Changed`.
    """

    BINDINGS = [
        Binding("left", "step(-1)", "Choose", key_display="←→"),
        Binding("right", "step(1)", show=False),
        Binding("space", "step(1)", show=False),
    ]

    #: Width of the label column, in cells (a longer label gets one space after it).
    LABEL_WIDTH = 9

    class Changed(Message):
        """The chosen option changed."""

        def __init__(self, row: "ChoiceRow") -> None:
            super().__init__()
            self.row = row

        @property
        def control(self) -> "ChoiceRow":
            return self.row

    index: reactive[int] = reactive(0)

    def __init__(self, options: Sequence[tuple[str, T]], value: T | None = None, *,
                 label: str = "", compact: bool = False, id: str | None = None,
                 classes: str = "", label_width: int | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.options = tuple(options)
        self.label = label
        #: The label column's width (a longer label than the other rows' gets its own).
        self.label_width = label_width or self.LABEL_WIDTH
        self.compact = compact
        values = [v for _, v in self.options]
        self.set_reactive(ChoiceRow.index, values.index(value) if value in values else 0)

    @property
    def value(self) -> T:
        """The chosen option's value."""
        return self.options[self.index][1]

    @property
    def _indent(self) -> int:
        return max(self.label_width, cell_len(self.label) + 1) if self.label else 0

    def _spans(self) -> list[tuple[int, int]]:
        """Where each option is drawn: (start, end) cells, in the wide layout."""
        spans, x = [], self._indent
        for label, _ in self.options:
            width = cell_len(label) + 4
            spans.append((x, x + width))
            x += width + 2
        return spans

    @property
    def _narrow(self) -> bool:
        """Drawn compact: asked to be, or the options side by side are wider than the
        widget (Japanese labels are two cells a character), and would be cut."""
        return self.compact or 0 < self.size.width < self._spans()[-1][1]

    def render(self) -> Text:
        text = Text()
        if self.label:
            # Padded in cells: a Japanese label's characters are two cells wide.
            text.append(self.label + " " * (self._indent - cell_len(self.label)), style="bold")
        if self._narrow:
            text.append(unambiguous(f"◀ {self.options[self.index][0]} ▶", self.app.tr.lang))
            return text
        for number, (label, _) in enumerate(self.options):
            if number:
                text.append("  ")
            chosen = number == self.index
            text.append("(•) " if chosen else "( ) ", style="bold" if chosen else "")
            text.append(label, style="bold reverse" if chosen else "")
        return text

    def get_content_width(self, container, viewport) -> int:
        compact = self._indent + max(cell_len(label) for label, _ in self.options) + 4
        if self.compact:
            return compact
        wide = self._spans()[-1][1]
        # Too wide for the room there is: drawn compact (see _narrow) in what there is.
        return wide if wide <= container.width else max(compact, container.width)

    def get_content_height(self, container, viewport, width: int) -> int:
        return 1

    def watch_index(self) -> None:
        self.post_message(self.Changed(self))

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.options)

    def on_click(self, event: events.Click) -> None:
        if event.x < self._indent:
            return
        if self._narrow:
            self.action_step(1)
            return
        for number, (start, end) in enumerate(self._spans()):
            if start <= event.x < end:
                self.index = number
                return
