"""The prompt line: what the table waits for, and the Catch! / UNO! buttons."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import HorizontalGroup
from textual.message import Message
from textual.reactive import reactive
from rich.text import Text
from textual.widget import Widget
from textual.widgets import Button

__all__ = ["PromptBar"]


class PromptText(Widget):
    """The instruction itself; repainted without a new layout when it changes."""

    text: reactive[str] = reactive("")

    def render(self) -> Text:
        return Text(self.text, no_wrap=True, overflow="ellipsis")


class PromptBar(HorizontalGroup):
    """A one-line instruction, plus buttons for the actions open to anyone right now."""

    class CatchRequested(Message):
        """Someone pressed Catch!."""

    class UnoRequested(Message):
        """Someone pressed UNO!."""

    text: reactive[str] = reactive("")
    #: Label of the Catch! button ("" hides it), e.g. "Catch! Bob forgot UNO (c)".
    catch_label: reactive[str] = reactive("")
    #: Label of the UNO! button ("" hides it).
    uno_label: reactive[str] = reactive("")

    def compose(self) -> ComposeResult:
        yield PromptText(id="prompt-text")
        yield Button("", id="catch-button", compact=True, variant="warning")
        yield Button("", id="uno-button", compact=True, variant="success")

    def on_mount(self) -> None:
        for button in self.query(Button):
            # Keys act on the table; the buttons are for the mouse.
            button.can_focus = False
        self.watch_catch_label(self.catch_label)
        self.watch_uno_label(self.uno_label)

    def watch_text(self, text: str) -> None:
        self.query_one(PromptText).text = text

    def watch_catch_label(self, label: str) -> None:
        button = self.query_one("#catch-button", Button)
        if label:
            button.label = label
        button.display = bool(label)

    def watch_uno_label(self, label: str) -> None:
        button = self.query_one("#uno-button", Button)
        if label:
            button.label = label
        button.display = bool(label)

    @on(Button.Pressed, "#catch-button")
    def _catch(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.CatchRequested())

    @on(Button.Pressed, "#uno-button")
    def _uno(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.UnoRequested())
