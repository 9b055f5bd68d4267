"""A list of on/off options, one a line (a long list in two columns): arrows move, Space
toggles, a click toggles."""

from __future__ import annotations

from typing import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.reactive import reactive
from textual.widget import Widget

from ..glyphs import unambiguous
from .keys import OwnBindingsFirst

__all__ = ["CheckList"]


def _cut(text: str, cells: int) -> str:
    """The start of ``text`` that fits in ``cells``, never half a wide character."""
    width = 0
    for index, character in enumerate(text):
        width += cell_len(character)
        if width > cells:
            return text[:index]
    return text


class CheckList(OwnBindingsFirst, Widget, can_focus=True):
    """``[x] name: description`` lines; ``selected`` lists the names that are on."""

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("left", "across(-1)", show=False),
        Binding("right", "across(1)", show=False),
        Binding("space", "toggle", "On/off", key_display="Space"),
    ]

    cursor: reactive[int] = reactive(0)
    checked: reactive[frozenset[str]] = reactive(frozenset())

    def __init__(self, items: Sequence[tuple[str, str]], checked: Sequence[str] = (), *,
                 title: str = "", id: str | None = None) -> None:
        super().__init__(id=id)
        self.items = tuple(items)
        #: A heading drawn above the items.
        self.title = title
        self.set_reactive(CheckList.checked, frozenset(checked))

    @property
    def selected(self) -> list[str]:
        """The names that are on, in list order."""
        return [name for name, _ in self.items if name in self.checked]

    @property
    def _top(self) -> int:
        return 1 if self.title else 0

    def _columns(self, width: int) -> int:
        """Long lists go in two columns (read down, then across) when there is room, so
        a dozen house rules fit a 24-line screen."""
        return 2 if len(self.items) > self.ONE_COLUMN_MAX and width >= 60 else 1

    #: Up to this many items, one a line.
    ONE_COLUMN_MAX = 6

    def _rows(self, width: int) -> int:
        columns = self._columns(width)
        return -(-len(self.items) // columns)

    def render(self) -> Text:
        width = self.size.width
        columns, rows = self._columns(width), self._rows(width)
        cell = width // columns
        text = Text(no_wrap=True, overflow="ellipsis")
        if self.title:
            text.append(self.title, style="bold")
        for row in range(rows):
            if row or self.title:
                text.append("\n")
            for column in range(columns):
                number = column * rows + row
                if number >= len(self.items):
                    break
                name, description = self.items[number]
                here = self.has_focus and number == self.cursor
                text.append("[x] " if name in self.checked else "[ ] ",
                            style="bold reverse" if here else "bold")
                text.append(name, style="bold")
                # In cells, and cut between characters: a Japanese character is two
                # cells, and half of one would be a broken glyph.
                room = cell - 4 - cell_len(name) - (1 if column < columns - 1 else 0)
                detail = f": {description}"
                if cell_len(detail) > room:
                    detail = _cut(detail, room - 1) + "…" if room > 2 else ""
                    detail = unambiguous(detail, self.app.tr.lang)   # the next column's [ ]
                text.append(detail, style="dim")
                if column < columns - 1:
                    text.append(" " * max(1, cell - 4 - cell_len(name) - cell_len(detail)))
        return text

    def get_content_height(self, container, viewport, width: int) -> int:
        return self._rows(width) + self._top

    def action_move(self, step: int) -> None:
        self.cursor = max(0, min(len(self.items) - 1, self.cursor + step))

    def action_across(self, step: int) -> None:
        """Left/Right: to the item beside this one in the other column (two columns only)."""
        rows = self._rows(self.size.width)
        if self._columns(self.size.width) > 1 and 0 <= self.cursor + step * rows < len(self.items):
            self.cursor += step * rows

    def action_toggle(self) -> None:
        self.toggle(self.items[self.cursor][0])

    def toggle(self, name: str) -> None:
        """Turn ``name`` on or off."""
        self.checked = self.checked ^ {name}

    def on_click(self, event: events.Click) -> None:
        width = self.size.width
        columns, rows = self._columns(width), self._rows(width)
        row = event.y - self._top
        column = min(columns - 1, event.x // max(1, width // columns))
        number = column * rows + row
        if 0 <= row < rows and number < len(self.items):
            self.cursor = number
            self.toggle(self.items[number][0])

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
