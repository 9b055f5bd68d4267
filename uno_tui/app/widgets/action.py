"""A clickable action in words, e.g. "Catch! Bob forgot UNO (c)": the mouse's way to a key."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

__all__ = ["ActionLink"]


class ActionLink(Widget):
    """A one-line label that posts :class:`Pressed` when clicked; hidden while empty.

    Keys reach the same actions through the screen's bindings, so the link itself
    never takes the focus.
    """

    class Pressed(Message):
        """The link was clicked."""

        def __init__(self, link: "ActionLink") -> None:
            super().__init__()
            self.link = link

        @property
        def control(self) -> "ActionLink":
            return self.link

    label: reactive[str] = reactive("", layout=True)

    def __init__(self, label: str = "", *, id: str | None = None, classes: str = "") -> None:
        super().__init__(id=id, classes=f"action-link {classes}".strip())
        self.set_reactive(ActionLink.label, label)
        self.display = bool(label)

    def watch_label(self, label: str) -> None:
        self.display = bool(label)

    def render(self) -> Text:
        return Text(f" {self.label} ")

    def get_content_width(self, container, viewport) -> int:
        # In cells: a Japanese label's characters are two cells wide.
        return cell_len(self.label) + 2

    def on_click(self) -> None:
        if self.label:
            self.post_message(self.Pressed(self))
