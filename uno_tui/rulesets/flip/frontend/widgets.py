"""UNO Flip: which side is in play, LIGHT or DARK, in that side's own colours, and in
words what the chips beside the other players are (their cards' other side).

When the side changes the widget is highlighted for a moment (class ``-flipped``), so
the flip is seen on the table, not only read in the log.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ....engine import DARK_COLORS, LIGHT_COLORS
from ....app.cardtext import color_style
from ....app.tablestate import TableState
from ....app.timers import call_after
from ....app.widgets.bound import TableWidget

__all__ = ["FlipSide", "FLIPPED_FOR", "SIDE_NAMES"]

#: Seconds the widget stays highlighted after a flip.
FLIPPED_FOR = 2.0
#: The sides by ``view.side``, with the colours printed on each.
SIDE_NAMES = {0: ("LIGHT", LIGHT_COLORS), 1: ("DARK", DARK_COLORS)}


class FlipSide(TableWidget):
    """``LIGHT side RYGB`` (the side in play and its four colours) over ``others' cards: DARK
    side``: a newcomer reads "T4 P⇅ O1" beside a seat as that seat's
    cards, seen from the other side."""

    side: reactive[int | None] = reactive(None)

    def read(self, state: TableState) -> None:
        self.side = state.view.side

    def watch_side(self, old: int | None, new: int | None) -> None:
        self.set_class(new == 1, "-dark")
        self.set_class(new == 0, "-light")
        if old is not None and new is not None and old != new:
            self.add_class("-flipped")
            call_after(self, FLIPPED_FOR, lambda: self.remove_class("-flipped"))

    def render(self) -> Text:
        if self.side is None:
            return Text("")
        name, colors = SIDE_NAMES.get(self.side, SIDE_NAMES[0])
        text = Text(no_wrap=True, overflow="crop")
        text.append(f" {name} side ", style="bold reverse")
        text.append(" ")
        for color in colors:
            letter = color[0].upper() if color != "purple" else "U"
            text.append(letter, style=color_style(color))
        other, _ = SIDE_NAMES[1 - self.side] if self.side in (0, 1) else SIDE_NAMES[1]
        # The letters as they were drawn before this second line: on the side's label.
        text.stylize_before("bold reverse", 0, len(text))
        text.append("\nothers' cards: ", style="dim")
        text.append(other, style="bold")
        text.append(" side", style="dim")
        return text
