"""One card as a clickable chip: colour initial and symbol, painted in its colour."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Face
from ..cardtext import card_style, short_label, with_id

__all__ = ["CardChip", "hotkey_for"]


def hotkey_for(index: int) -> str:
    """The digit key that selects the card at ``index`` (0-based): 1-9 then 0; "" after."""
    if index < 9:
        return str(index + 1)
    return "0" if index == 9 else ""


class CardChip(Widget):
    """A card in a hand. Marked when it can't be played; posts :class:`Pressed` on a click."""

    class Pressed(Message):
        """The chip was clicked."""

        def __init__(self, chip: "CardChip") -> None:
            super().__init__()
            self.chip = chip

        @property
        def card_id(self) -> int:
            """The id of the clicked card."""
            return self.chip.card_id

    #: True: playable now; False: not playable (marked); None: not this seat's turn.
    playable: reactive[bool | None] = reactive(None)
    selected: reactive[bool] = reactive(False, toggle_class="-selected")

    def __init__(self, card_id: int, face: Face, index: int, *, show_id: bool = False,
                 playable: bool | None = None, selected: bool = False) -> None:
        super().__init__(classes="card-chip")
        self.card_id = card_id
        self.face = face
        self.index = index
        self.show_id = show_id
        self.set_reactive(CardChip.playable, playable)
        self.set_reactive(CardChip.selected, selected)
        self.set_class(selected, "-selected")
        self.set_class(playable is False, "-unplayable")
        self.border_title = hotkey_for(index)
        self.border_subtitle = "no" if playable is False else ""

    def watch_playable(self, playable: bool | None) -> None:
        self.set_class(playable is False, "-unplayable")
        # Marked in words too, so it shows without colour or dimming.
        self.border_subtitle = "no" if playable is False else ""

    def render(self) -> Text:
        label = with_id(short_label(self.face), self.card_id, self.show_id)
        return Text(f" {label} ", style=card_style(self.face))

    def on_click(self) -> None:
        self.post_message(self.Pressed(self))
