"""The shared shape of every prompt: a title, a message, numbered options, a footer.

Options are buttons (click, or move with the arrows and press Enter) and also
answer to their number key; subclasses add letter keys for their options.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalGroup
from textual.screen import ModalScreen
from textual.widgets import Button

from ..prompts.question import Option
from ..widgets.footer import KeysFooter
from ..widgets.prose import Prose

__all__ = ["Option", "Dialog"]

T = TypeVar("T")


def _digit_bindings() -> list[Binding]:
    bindings = [Binding("1", "pick(0)", "Pick", key_display="1-9")]
    bindings += [Binding(str(n), f"pick({n - 1})", show=False) for n in range(2, 10)]
    return bindings


class Dialog(ModalScreen[T]):
    """A modal question with numbered options; dismisses with the chosen value."""

    BINDINGS = [
        Binding("up", "move(-1)", "Move", key_display="↑↓"),
        Binding("down", "move(1)", show=False),
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        *_digit_bindings(),
    ]

    def __init__(self, title: str, message: str | Text, options: Sequence[Option[T]],
                 *, footer: bool = True) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.message = message
        self.options = tuple(options)
        self.show_footer = footer

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            # Names are data: the title and message are text, never markup.
            # Prose: Japanese lines broken by its line-breaking rules.
            yield Prose(self.title_text, classes="dialog-title")
            if self.message:
                yield Prose(self.message, classes="dialog-message")
            yield from self.compose_extra()
            with VerticalGroup(id="options"):
                for index, option in enumerate(self.options):
                    yield Button(self._button_label(index, option), id=f"option-{index}",
                                 classes="option", compact=True)
        if self.show_footer:
            yield KeysFooter()

    def compose_extra(self) -> ComposeResult:
        """Widgets between the message and the options (none by default)."""
        return iter(())

    def _button_label(self, index: int, option: Option[T]) -> Text:
        text = Text(f"{index + 1} ")
        if option.swatch:
            text.append("  ", style=option.swatch)
            text.append(" ")
        text.append(option.label)
        if option.key:
            text.append(f"  [{option.key}]", style="dim")
        return text

    def on_mount(self) -> None:
        buttons = self.query(Button)
        if buttons:
            buttons.first().focus()

    @on(Button.Pressed, ".option")
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        index = int((event.button.id or "option-0").rpartition("-")[2])
        self.action_pick(index)

    def action_pick(self, index: int) -> None:
        """Answer with option ``index`` (ignored when there is no such option)."""
        if 0 <= index < len(self.options):
            self.dismiss(self.options[index].value)

    def action_pick_key(self, key: str) -> None:
        """Answer with the option whose letter is ``key``."""
        for option in self.options:
            if option.key == key:
                self.dismiss(option.value)
                return

    def has_key(self, key: str) -> bool:
        """True when an option answers to letter ``key``."""
        return any(option.key == key for option in self.options)

    def action_move(self, step: int) -> None:
        if step > 0:
            self.focus_next(Button)
        else:
            self.focus_previous(Button)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return bool(parameters) and isinstance(parameters[0], int) \
                and parameters[0] < len(self.options)
        if action == "pick_key":
            return bool(parameters) and self.has_key(str(parameters[0]))
        return True

