"""The prompt line: what the table waits for, and the Catch! / UNO! actions."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import HorizontalGroup
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from .action import ActionLink

__all__ = ["PromptBar", "PromptText"]


class PromptText(Widget):
    """The instruction itself; repainted without a new layout when it changes."""

    text: reactive[str] = reactive("")

    def render(self) -> Text:
        return Text(self.text, no_wrap=True, overflow="ellipsis")


class PromptBar(HorizontalGroup):
    """A one-line instruction, plus the actions open to anyone right now (for the mouse)."""

    class CatchRequested(Message):
        """Someone clicked Catch!."""

    class UnoRequested(Message):
        """Someone clicked UNO!."""

    text: reactive[str] = reactive("")
    #: Label of the Catch! action ("" hides it), e.g. "Catch! Bob forgot UNO (c)".
    catch_label: reactive[str] = reactive("")
    #: Label of the UNO! action ("" hides it).
    uno_label: reactive[str] = reactive("")

    def compose(self) -> ComposeResult:
        yield PromptText(id="prompt-text")
        yield ActionLink(id="catch-button")
        yield ActionLink(id="uno-button")

    def watch_text(self, text: str) -> None:
        self.query_one(PromptText).text = text

    def watch_catch_label(self, label: str) -> None:
        self.query_one("#catch-button", ActionLink).label = label

    def watch_uno_label(self, label: str) -> None:
        self.query_one("#uno-button", ActionLink).label = label

    @on(ActionLink.Pressed, "#catch-button")
    def _catch(self, event: ActionLink.Pressed) -> None:
        event.stop()
        self.post_message(self.CatchRequested())

    @on(ActionLink.Pressed, "#uno-button")
    def _uno(self, event: ActionLink.Pressed) -> None:
        event.stop()
        self.post_message(self.UnoRequested())
