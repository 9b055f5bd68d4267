"""A list of on/off options, one a line: arrows move, Space toggles, a click toggles."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.reactive import reactive
from textual.widget import Widget

from .keys import OwnBindingsFirst

__all__ = ["CheckList"]


class CheckList(OwnBindingsFirst, Widget, can_focus=True):
    """``[x] name: description`` lines; ``selected`` lists the names that are on."""

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
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

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        if self.title:
            text.append(self.title, style="bold")
        for number, (name, description) in enumerate(self.items):
            if number or self.title:
                text.append("\n")
            here = self.has_focus and number == self.cursor
            text.append("[x] " if name in self.checked else "[ ] ",
                        style="bold reverse" if here else "bold")
            text.append(name, style="bold")
            room = self.size.width - 4 - len(name)
            detail = f": {description}"
            if len(detail) > room:
                detail = detail[:max(0, room - 1)] + "…"
            text.append(detail, style="dim")
        return text

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.items) + self._top

    def action_move(self, step: int) -> None:
        self.cursor = max(0, min(len(self.items) - 1, self.cursor + step))

    def action_toggle(self) -> None:
        self.toggle(self.items[self.cursor][0])

    def toggle(self, name: str) -> None:
        """Turn ``name`` on or off."""
        self.checked = self.checked ^ {name}

    def on_click(self, event: events.Click) -> None:
        row = event.y - self._top
        if 0 <= row < len(self.items):
            self.cursor = row
            self.toggle(self.items[row][0])

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
