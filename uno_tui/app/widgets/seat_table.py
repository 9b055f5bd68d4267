"""The seats of the setup screen: names typed in place, person or computer level."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...config import MAX_NAME, SeatSpec
from ...printable import clean_name

__all__ = ["SeatTable"]

_NAME_COLUMN = 4
_KIND_COLUMN = _NAME_COLUMN + MAX_NAME + 3
_ADD_LABEL = "[+ Add seat]"
_REMOVE_LABEL = "[- Remove seat]"
#: Characters a name may hold besides letters and digits ("+" adds a seat instead).
_NAME_PUNCTUATION = frozenset(" -_.'&")


class SeatTable(Widget, can_focus=True):
    """One line per seat: ``2  Bob   ◀ Computer: normal ▶``.

    Up/Down pick a seat, typing edits its name (Backspace deletes), Left/Right switch
    between a person and each computer level. A click on a name picks
    the seat, on its kind switches it; the last line adds or removes seats.
    """

    BINDINGS = [
        Binding("up", "move(-1)", "Seat above", show=False),
        Binding("down", "move(1)", "Seat below", show=False),
        Binding("left", "kind(-1)", "Person/computer", key_display="←→"),
        Binding("right", "kind(1)", show=False),
        Binding("backspace", "erase", "Erase", show=False),
    ]

    rows: reactive[tuple[SeatSpec, ...]] = reactive((), layout=True)
    cursor: reactive[int] = reactive(0)

    def __init__(self, seats: Sequence[SeatSpec], levels: Sequence[str], *,
                 id: str | None = None, max_seats: int = 16) -> None:
        super().__init__(id=id)
        #: Computer levels in the order Left/Right go through them.
        self.kinds: tuple[str | None, ...] = (None, *levels)
        self.max_seats = max_seats
        self.set_reactive(SeatTable.rows, tuple(seats))

    # ------------------------------------------------------------- reading

    @property
    def seats(self) -> list[SeatSpec]:
        """The seats as set up now, names trimmed and printable (see uno_tui.printable)."""
        return [SeatSpec(clean_name(seat.name, limit=None), seat.level) for seat in self.rows]

    # ------------------------------------------------------------- drawing

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.rows) + 2

    @staticmethod
    def _kind_label(level: str | None) -> str:
        return "Person" if level is None else f"Computer: {level}"

    def render(self) -> Text:
        text = Text(no_wrap=True)
        text.append(f"{'#':<{_NAME_COLUMN}}{'Name':<{MAX_NAME + 3}}Player\n", style="bold")
        for index, seat in enumerate(self.rows):
            picked = self.has_focus and index == self.cursor
            line = Text(style="reverse" if picked else "")
            line.append(f"{index + 1:<{_NAME_COLUMN}}")
            name = seat.name + ("▏" if picked else "")
            line.append(f"{name:<{MAX_NAME + 3}}", style="bold" if picked else "")
            line.append(f"◀ {self._kind_label(seat.level)} ▶")
            text.append_text(line)
            text.append("\n")
        text.append(_ADD_LABEL, style="bold")
        text.append("  ")
        text.append(_REMOVE_LABEL, style="bold")
        return text

    # ------------------------------------------------------------- editing

    def _replace(self, index: int, seat: SeatSpec) -> None:
        rows = list(self.rows)
        rows[index] = seat
        self.rows = tuple(rows)

    def action_move(self, step: int) -> None:
        self.cursor = max(0, min(len(self.rows) - 1, self.cursor + step))

    def action_kind(self, step: int) -> None:
        seat = self.rows[self.cursor]
        kinds = self.kinds
        index = kinds.index(seat.level) if seat.level in kinds else 0
        self._replace(self.cursor, SeatSpec(seat.name, kinds[(index + step) % len(kinds)]))

    def action_erase(self) -> None:
        seat = self.rows[self.cursor]
        self._replace(self.cursor, SeatSpec(seat.name[:-1], seat.level))

    def type_character(self, character: str) -> bool:
        """Add ``character`` to the picked seat's name; False when it can't go there."""
        seat = self.rows[self.cursor]
        if not self.accepts(character) or len(seat.name) >= MAX_NAME:
            return False
        self._replace(self.cursor, SeatSpec(seat.name + character, seat.level))
        return True

    @staticmethod
    def accepts(character: str | None) -> bool:
        """True for characters a name may hold."""
        return bool(character) and len(character) == 1 and (
            character.isalnum() or character in _NAME_PUNCTUATION)

    def add_seat(self, seat: SeatSpec) -> bool:
        """Add ``seat`` at the end and pick it; False when the table is full."""
        if len(self.rows) >= self.max_seats:
            return False
        self.rows = self.rows + (seat,)
        self.cursor = len(self.rows) - 1
        return True

    def remove_seat(self, minimum: int = 2) -> bool:
        """Remove the picked seat; False when only ``minimum`` seats are left."""
        if len(self.rows) <= minimum:
            return False
        rows = list(self.rows)
        del rows[self.cursor]
        self.rows = tuple(rows)
        self.cursor = min(self.cursor, len(rows) - 1)
        return True

    # ---------------------------------------------------------- keys, mouse

    def check_consume_key(self, key: str, character: str | None) -> bool:
        # Letters typed here are part of a name, not the screen's shortcuts.
        return self.accepts(character)

    def on_key(self, event: events.Key) -> None:
        if self.accepts(event.character) and self.type_character(event.character):
            event.stop()
            event.prevent_default()

    class AddRequested(Message):
        """The "add seat" line was clicked."""

    class RemoveRequested(Message):
        """The "remove seat" line was clicked."""

    def on_click(self, event: events.Click) -> None:
        row = event.y - 1
        if 0 <= row < len(self.rows):
            self.cursor = row
            if event.x >= _KIND_COLUMN:
                self.action_kind(1)
            return
        if row == len(self.rows):
            if event.x < len(_ADD_LABEL):
                self.post_message(self.AddRequested())
            elif len(_ADD_LABEL) + 2 <= event.x < len(_ADD_LABEL) + 2 + len(_REMOVE_LABEL):
                self.post_message(self.RemoveRequested())

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
