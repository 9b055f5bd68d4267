"""The seats of the setup screen: each name in Textual's own ``Input``, each seat's
player (a person or a computer level) in a switch beside it."""

from __future__ import annotations

from typing import Callable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input, Static

from ...config import MAX_NAME, SeatSpec, name_cells
from ...i18n import N_, Translator, translator
from ...printable import clean_name
from ..glyphs import unambiguous
from .action import ActionLink
from .keys import OwnBindingsFirst

__all__ = ["SeatTable", "NameInput", "KindSwitch", "kind_label", "level_word"]

#: Characters a name may hold: letters and digits of any script, and a little
#: punctuation ("+" adds a seat instead).
NAME_PATTERN = r"[\w \-.'&]*"
_ADD_LABEL = N_("+ Add seat")
#: The class of the spare row, laid over the links' line until "+" takes it (setup.tcss).
SPARE = "-spare"
_REMOVE_LABEL = N_("- Remove seat")
#: The built-in computer levels as players read them (the command line's
#: ``cpu:LEVEL`` keeps the English names; a rule set's own level shows its name).
LEVEL_WORDS = {"random": N_("random"), "easy": N_("easy"), "normal": N_("normal"),
               "hard": N_("hard")}


def level_word(level: str, tr: Translator | None = None) -> str:
    """The computer level ``level`` in ``tr``'s words (English by default)."""
    tr = tr or translator()
    return tr(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def kind_label(level: str | None, testing: bool = False, tr: Translator | None = None) -> str:
    """``Person``, ``Computer: normal``, ``Computer: random (for testing)`` (in ``tr``'s
    words; English by default)."""
    tr = tr or translator()
    if level is None:
        return tr("Person")
    if testing:
        return tr("Computer: {level} (for testing)", level=level_word(level, tr))
    return tr("Computer: {level}", level=level_word(level, tr))


class NameInput(OwnBindingsFirst, Input):
    """A seat's name, edited in Textual's ``Input`` (cursor, selection, paste, IME).

    Its editing keys (Backspace, Delete, the arrows, Home, End) act as they arrive (see
    :mod:`.keys`: "CPU 1", Backspace, x, y gave "CPU 1x" in a real terminal). "+" is
    left to the screen: it adds a seat.
    """

    TYPES_TEXT = True

    def __init__(self, value: str, **kwargs) -> None:
        # The classes Textual's Input gives itself as it is made, given at once: a name
        # has no validators, so its first value (set as it is made) marks it valid, and
        # "compact" adds a class. Each class added restyled the field, not even mounted
        # yet (70 of the setup screen's 183 style applications before its first frame,
        # for its 5 names); given at once, they change nothing.
        own = ["-valid"]
        if kwargs.get("compact"):
            # Compact already, so Input's setting it finds nothing to change.
            self.set_reactive(Input.compact, True)
            own.append("-textual-compact")
        kwargs["classes"] = " ".join(filter(None, (kwargs.get("classes"), *own)))
        super().__init__(value, **kwargs)

    class TooWide(Message):
        """What was typed would make the name wider than ``MAX_NAME`` cells: it was
        refused (the screen says why)."""

    async def _on_key(self, event: events.Key) -> None:
        if event.character == "+":
            return
        await super()._on_key(event)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character != "+" and super().check_consume_key(key, character)

    def replace(self, text: str, start: int, end: int) -> None:
        # ``max_length`` counts characters, but a name is measured in cells: eight kanji
        # fill the room sixteen letters do.
        value = self.value
        start, end = sorted((max(0, start), min(len(value), end)))
        if name_cells(value[:start] + text + value[end:]) > MAX_NAME:
            self.restricted()
            self.post_message(self.TooWide())
            return
        super().replace(text, start, end)


class KindSwitch(OwnBindingsFirst, Widget, can_focus=True):
    """``◀ Computer: normal ▶``: Left/Right (or Space, or a click) go through a person
    and each computer level, the level for testing last."""

    BINDINGS = [
        Binding("left", "step(-1)", "Person/computer", key_display="←→"),
        Binding("right", "step(1)", show=False),
        Binding("space", "step(1)", show=False),
    ]

    level: reactive[str | None] = reactive(None, layout=True)

    class Changed(Message):
        """The seat's player changed."""

        def __init__(self, switch: "KindSwitch") -> None:
            super().__init__()
            self.switch = switch

        @property
        def control(self) -> "KindSwitch":
            return self.switch

    def __init__(self, level: str | None, kinds: Sequence[str | None],
                 testing: frozenset[str] = frozenset(), **kwargs) -> None:
        super().__init__(**kwargs)
        self.kinds = tuple(kinds)
        self.testing = testing
        self.set_reactive(KindSwitch.level, level)

    def render(self) -> Text:
        tr = self.app.tr
        return Text(unambiguous(f"◀ {kind_label(self.level, self.level in self.testing, tr)} ▶",
                                tr.lang))

    def get_content_width(self, container, viewport) -> int:
        tr = self.app.tr
        return max(cell_len(kind_label(k, k in self.testing, tr)) for k in self.kinds) + 4

    def action_step(self, step: int) -> None:
        kinds = self.kinds
        index = kinds.index(self.level) if self.level in kinds else 0
        self.level = kinds[(index + step) % len(kinds)]
        self.post_message(self.Changed(self))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        self.action_step(1)


class SeatRow(Horizontal):
    """One seat: its number, its name, its player."""

    def __init__(self, seat: SeatSpec, kinds: Sequence[str | None],
                 testing: frozenset[str], number: int, *, spare: bool = False) -> None:
        # (The spare's class given at once: added later, it styled the row again.)
        super().__init__(classes=f"seat-row {SPARE}" if spare else "seat-row")
        self._number = number
        self._seat = seat
        self._kinds = kinds
        self._testing = testing

    def compose(self) -> ComposeResult:
        yield Static(str(self._number), classes="seat-number")
        yield NameInput(self._seat.name, max_length=MAX_NAME, restrict=NAME_PATTERN,
                        compact=True, select_on_focus=False, classes="seat-name")
        yield KindSwitch(self._seat.level, self._kinds, self._testing, classes="seat-kind")

    @property
    def seat(self) -> SeatSpec:
        return SeatSpec(self.query_one(NameInput).value, self.query_one(KindSwitch).level)

    def show_number(self, number: int) -> None:
        """Number the row ``number``. Its column is as wide whatever the number, so
        nothing is laid out again (every "+" and "-" laid out the whole screen once per
        row, and drew it again)."""
        # (A row just mounted may not have composed its label yet: it was made with
        # its number.)
        for label in self.query(".seat-number").results(Static):
            if str(label.content) != str(number):
                label.update(str(number), layout=False)

    def seat_as(self, seat: SeatSpec, number: int) -> None:
        """Show ``seat`` as seat ``number`` (a spare row taken into use), changing only
        what differs: the spare was made as the seat "+" would add, and each change
        costs the keypress (a new name is validated and restyles its field)."""
        self._seat, self._number = seat, number
        self.show_number(number)
        name = self.query_one(NameInput)
        if name.value != seat.name:
            name.value = seat.name
        switch = self.query_one(KindSwitch)
        if switch.level != seat.level:
            switch.set_reactive(KindSwitch.level, seat.level)
            switch.refresh()


class SeatTable(Vertical):
    """One line per seat: ``2   Bob            ◀ Computer: normal ▶``, then the links
    that add and remove seats.

    Tab goes through each name and each player; Up/Down go to the seat above or below,
    in the same column. ``rows`` are the seats as set up now; ``cursor`` is the seat
    that has (or last had) the focus.
    """

    # Priority: the focus moves before a key typed next is handed to the field it left.
    BINDINGS = [
        Binding("up", "move(-1)", "Seat above", show=False, priority=True),
        Binding("down", "move(1)", "Seat below", show=False, priority=True),
    ]

    # (Not repainted: the table draws nothing of its own, and a repaint drew every seat
    # again at each "+" and each focus move.)
    rows: reactive[tuple[SeatSpec, ...]] = reactive((), repaint=False)
    cursor: reactive[int] = reactive(0, repaint=False)

    class AddRequested(Message):
        """The "add seat" link was clicked."""

    class RemoveRequested(Message):
        """The "remove seat" link was clicked."""

    def __init__(self, seats: Sequence[SeatSpec], levels: Sequence[str], *,
                 id: str | None = None, max_seats: int = 16,
                 testing: Sequence[str] = (),
                 next_seat: Callable[[Sequence[SeatSpec]], SeatSpec] | None = None) -> None:
        super().__init__(id=id)
        #: The seat "+" adds after ``rows`` (the spare row is made as that seat).
        self.next_seat = next_seat or (lambda rows: SeatSpec("", None))
        #: A person, then the computer levels in the order Left/Right go through them.
        self.kinds: tuple[str | None, ...] = (None, *levels)
        self.testing = frozenset(testing)
        self.max_seats = max_seats
        self.set_reactive(SeatTable.rows, tuple(seats))

    def compose(self) -> ComposeResult:
        tr = self.app.tr
        name = tr("Name")
        # Padded in cells, so the heading stays over its column in any script.
        header = "#   " + name + " " * max(1, MAX_NAME + 3 - cell_len(name)) + tr("Player")
        yield Static(Text(header, style="bold"), classes="seat-header")
        for number, seat in enumerate(self.rows, start=1):
            yield SeatRow(seat, self.kinds, self.testing, number=number)
        with Horizontal(classes="seat-links"):
            yield ActionLink(tr(_ADD_LABEL), id="add-seat")
            yield ActionLink(tr(_REMOVE_LABEL), id="remove-seat")
        if len(self.rows) < self.max_seats:
            yield self._new_spare()

    # ------------------------------------------------------------- reading

    @property
    def seats(self) -> list[SeatSpec]:
        """The seats as set up now, names trimmed and printable (see uno_tui.printable)."""
        return [SeatSpec(clean_name(seat.name, limit=None), seat.level) for seat in self.rows]

    @property
    def seat_rows(self) -> list[SeatRow]:
        # Its children (a query walked every field of every row: ~5% of the "+").
        return [row for row in self.children
                if isinstance(row, SeatRow) and row is not self._spare]

    #: A row mounted ahead as the seat "+" will add, invisible, laid over the links'
    #: line below the last seat (it takes no room): "+" makes it visible there, and only
    #: that line is drawn. Mounting a row (four widgets styled and laid out) took most
    #: of the keypress (7.6x a bare Textual app's), and a row shown in the flow moved
    #: every field below the seats down a line, all drawn again, before the new seat
    #: showed. Once that frame is out the row joins the seats (:meth:`_added`): the
    #: links and the fields below move down while nobody waits.
    _spare: SeatRow | None = None

    def _new_spare(self) -> SeatRow:
        row = SeatRow(self.next_seat(self.rows), self.kinds, self.testing,
                      number=len(self.rows) + 1, spare=True)
        row.visible = False
        self._place_spare(row)
        self._spare = row
        return row

    def _place_spare(self, row: SeatRow) -> None:
        """Lay the spare over the links' line, below the header and the seats."""
        row.styles.offset = (0, 1 + len(self.rows))

    def _mount_spare(self) -> None:
        if self._spare is None and self.is_attached and len(self.rows) < self.max_seats:
            self.mount(self._new_spare())

    def _number_rows(self) -> None:
        for number, row in enumerate(self.seat_rows, start=1):
            row.show_number(number)

    def _read_rows(self) -> None:
        self.rows = tuple(row.seat for row in self.seat_rows)

    # ------------------------------------------------------------- editing

    @on(Input.Changed, ".seat-name")
    @on(KindSwitch.Changed)
    def _changed(self, event: Message) -> None:
        event.stop()
        self._read_rows()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        for index, row in enumerate(self.seat_rows):
            if event.widget in row.children:
                self.cursor = index

    def action_move(self, step: int) -> None:
        """The same field of the seat above or below."""
        rows = self.seat_rows
        focused = self.screen.focused
        column = KindSwitch if isinstance(focused, KindSwitch) else NameInput
        target = max(0, min(len(rows) - 1, self.cursor + step))
        # At once (focus() waits a turn): the next key typed goes to the field moved to.
        self.screen.set_focus(rows[target].query_one(column))

    def add_seat(self, seat: SeatSpec) -> bool:
        """Add ``seat`` at the end and put the focus on its name; False when full."""
        rows = self.seat_rows
        if len(rows) >= self.max_seats:
            return False
        spare = self._spare
        if spare is not None and spare.is_mounted:
            self._spare = None
            spare.seat_as(seat, len(rows) + 1)
            spare.visible = True
            row = spare
            # The focus at once, so the row shows in the first frame with its cursor (it
            # came a frame later); scrolled into view once it is laid out.
            self.screen.set_focus(row.query_one(NameInput), scroll_visible=False)
        else:
            row = SeatRow(seat, self.kinds, self.testing, number=len(rows) + 1)
            self.mount(row, after=rows[-1])
        self.call_after_refresh(self._added, row)
        self.rows = self.rows + (seat,)
        self.cursor = len(self.rows) - 1
        return True

    def _added(self, row: SeatRow) -> None:
        if row.has_class(SPARE) and row.is_attached:
            # The frame with the new seat is out: it joins the seats, above the links.
            row.remove_class(SPARE)
            row.styles.offset = None
            self.move_child(row, before=self.query_one(".seat-links"))
        self._number_rows()
        if row.is_attached:
            name = row.query_one(NameInput)
            if self.screen.focused is name:
                name.scroll_visible(animate=False)
            else:
                name.focus()
            # The next "+" shows a row mounted now, while nobody waits for it.
            self.call_after_refresh(self._mount_spare)

    def remove_seat(self, minimum: int = 2) -> bool:
        """Remove the picked seat; False when only ``minimum`` seats are left."""
        rows = self.seat_rows
        if len(rows) <= minimum:
            return False
        index = min(self.cursor, len(rows) - 1)
        had_focus = self.screen.focused is not None and self.screen.focused in rows[index].children
        rows[index].remove()
        left = [row for number, row in enumerate(rows) if number != index]
        self.rows = tuple(row.seat for row in left)
        self.cursor = min(index, len(left) - 1)
        if had_focus:
            left[self.cursor].query_one(NameInput).focus()
        self.call_after_refresh(self._number_rows)
        if self._spare is not None:
            self._place_spare(self._spare)      # up a line, over the links again
        else:
            self.call_after_refresh(self._mount_spare)
        return True

    @on(ActionLink.Pressed, "#add-seat")
    def _add_pressed(self, event: ActionLink.Pressed) -> None:
        event.stop()
        self.post_message(self.AddRequested())

    @on(ActionLink.Pressed, "#remove-seat")
    def _remove_pressed(self, event: ActionLink.Pressed) -> None:
        event.stop()
        self.post_message(self.RemoveRequested())
