"""The prompt panel: a question asked inline on the table, above the hand.

It keeps the table (and the hand of the person asked) in view: you name a colour
looking at your cards. Options answer to their digit, their letter, the arrows and
Enter, or a click. More than nine options: typing filters them by name, and
Page Up / Page Down turn the pages, so 16 seats are a few keys away.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from ..glyphs import unambiguous_text
from ..wrapping import wrap
from .question import PAGE, Question

__all__ = ["PromptPanel"]

#: Cells between two options on one line.
_GAP = 2


#: Keys the panel answers to, by Textual key name, and what they do.
_KEYS = {
    "enter": ("choose", ()),
    "left": ("move", (-1,)), "up": ("move", (-1,)),
    "right": ("move", (1,)), "down": ("move", (1,)),
    "pagedown": ("page", (1,)), "pageup": ("page", (-1,)),
    "backspace": ("unfilter", ()),
    "escape": ("back", ()),
    **{str(n): ("pick", (n - 1,)) for n in range(1, PAGE + 1)},
}
#: Characters that keep their table-wide meaning even while a name is typed.
_NOT_TYPED = frozenset("?")


class PromptPanel(Widget):
    """Shows a :class:`Question`; posts :class:`Answered` or (Escape) :class:`Cancelled`.

    It never takes the focus (a focus change repaints the whole screen): the table
    passes it the keys while a question is open (:meth:`handle_key`).
    """

    class Answered(Message):
        """An option was chosen."""

        def __init__(self, panel: "PromptPanel", value: object) -> None:
            super().__init__()
            self.panel = panel
            self.value = value

    class Cancelled(Message):
        """Escape on a question that may be left unanswered."""

        def __init__(self, panel: "PromptPanel") -> None:
            super().__init__()
            self.panel = panel

    #: Typed so far, to filter a long list of options.
    filter_text: reactive[str] = reactive("", layout=True)
    #: Position of the highlighted option among the matching ones.
    cursor: reactive[int] = reactive(0)

    def __init__(self, question: Question | None = None, *,
                 id: str | None = "prompt-panel") -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, int, int]] = []
        self.question: Question | None = None
        if question is not None:
            self.ask(question)

    @property
    def is_open(self) -> bool:
        """True while a question is shown."""
        return self.question is not None

    def ask(self, question: Question) -> None:
        """Show ``question`` (a first one, a follow-up, or the next step) in this place.

        The panel stays mounted between questions and is empty (no height) when closed:
        opening it redraws only the rows it covers, never the whole screen."""
        self.question = question
        self.set_class(True, "-open")
        self.set_reactive(PromptPanel.filter_text, "")
        self.set_reactive(PromptPanel.cursor, 0)
        self.refresh(layout=True)
        self.size_ahead()

    def size_ahead(self) -> None:
        """Take, before the layout that shows the question (or, closed, hides it), the
        size that layout gives.

        Textual lays a widget out and paints it once more when a layout changes its
        virtual size (its size, for a panel that does not scroll): growing from the
        closed panel's no height, the question was painted three times (3 KB more at
        120x40 with 16 seats); shrinking back, the screen was laid out twice."""
        if not self.is_attached:
            return
        margin, gutter = self.styles.margin, self.styles.gutter
        width = max(0, self.screen.size.width - margin.left - margin.right)
        rows = 0 if self.question is None else min(len(self._lines(width - gutter.width)[0]),
                                                   self._rows())
        self.set_reactive(Widget.virtual_size, Size(width, rows + gutter.height))

    def close(self) -> None:
        """Show nothing (and take no keys) until the next question."""
        if self.question is None:
            return
        self.question = None
        self.set_class(False, "-open")
        self.refresh(layout=True)
        # Shrinking to no height in the layout changed its virtual size, and Textual laid
        # the whole screen out once more in the next frame.
        self.size_ahead()

    # ------------------------------------------------------------ the options

    @property
    def matching(self) -> tuple[int, ...]:
        """Indexes of the options that match what was typed."""
        return self.question.matching(self.filter_text) if self.question else ()

    @property
    def page(self) -> int:
        """The page shown (0-based): the one holding the highlighted option."""
        return self.cursor // PAGE

    @property
    def visible(self) -> tuple[int, ...]:
        """Indexes of the options shown now (at most :data:`PAGE`)."""
        start = self.page * PAGE
        return self.matching[start:start + PAGE]

    @property
    def highlighted(self) -> int | None:
        """Index of the highlighted option (None: nothing matches)."""
        matching = self.matching
        return matching[self.cursor] if 0 <= self.cursor < len(matching) else None

    # -------------------------------------------------------------- drawing

    def _option_cell(self, number: int, index: int) -> Text:
        option = self.question.options[index]
        if option.number is not None:
            number = option.number
        cell = Text(f"{number} ", style="bold")
        if option.swatch:
            cell.append("  ", style=option.swatch)
            cell.append(" ")
        label = Text(option.label)
        if index == self.highlighted:
            label.stylize("reverse bold")
        cell.append_text(label)
        if option.key and not self.question.filtered:
            cell.append(f" ({option.key})", style="dim")
        return cell

    def _lines(self, width: int) -> tuple[list[Text], list[tuple[int, int, int, int]]]:
        """The panel's lines at ``width`` cells, and where each option is drawn:
        ``(line, start, end, option index)``."""
        width = max(10, width)
        question = self.question
        lines = [Text(question.title, style="bold")]
        lines[0].truncate(width, overflow="ellipsis")
        options, spans = self._option_rows(width)
        hint = [Text(line, style="dim") for line in wrap(self.hint, width)]
        # Where the rows are fewer than the question needs (16 seats at 80x24), the
        # message gives way: the options and the keys to the other pages stay in view;
        # a shorter message of the question's, if one fits, else the last one cut.
        room = self._rows() - 1 - len(options) - len(hint)
        for text in (question.message, *question.shorter):
            message = [Text(line) for part in text.splitlines() for line in wrap(part, width)]
            if len(message) <= max(1, room):
                break
        if len(message) > max(1, room):
            message = message[:max(1, room)]
            message[-1].truncate(width - 1)
            message[-1].append("…")
        lines += message
        spans = [(row + len(lines), start, end, index) for row, start, end, index in spans]
        return lines + options + hint, spans

    def _rows(self) -> int:
        """The content rows the panel may take (its max-height less its border)."""
        max_height = self.styles.max_height
        if max_height is None or not max_height.is_cells:
            return 10 ** 6
        return int(max_height.value) - self.styles.gutter.height

    def _option_rows(self, width: int) -> tuple[list[Text], list[tuple[int, int, int, int]]]:
        """The options laid in rows, and where each is: ``(row, start, end, index)``."""
        lines: list[Text] = []
        spans: list[tuple[int, int, int, int]] = []
        row, x = Text(), 0
        for number, index in enumerate(self.visible, start=1):
            cell = self._option_cell(number, index)
            cell.truncate(width, overflow="ellipsis")
            if x and x + _GAP + cell.cell_len > width:
                lines.append(row)
                row, x = Text(), 0
            if x:
                row.append(" " * _GAP)
                x += _GAP
            spans.append((len(lines), x, x + cell.cell_len, index))
            row.append_text(cell)
            x += cell.cell_len
        if row or not self.visible:
            lines.append(row if row else Text(
                self.app.tr("Nothing matches: Backspace to change it."), style="italic"))
        return lines, spans

    @property
    def hint(self) -> str:
        """The keys line under the options (what to press, and the pages)."""
        question, tr = self.question, self.app.tr
        keys = any(option.key for option in question.options) and not question.filtered
        parts = [tr("its number or letter, ←→ and Enter, or a click") if keys
                 else tr("its number, ←→ and Enter, or a click")]
        if question.filtered:
            matching = len(self.matching)
            pages = max(1, -(-matching // PAGE))
            parts.append(tr("Find: {typed}_ (Enter picks the first)", typed=self.filter_text)
                         if self.filter_text else tr("Type a name to find it"))
            if pages > 1:
                parts.append(tr("page {page}/{pages} (PgUp/PgDn)", page=self.page + 1,
                                pages=pages))
        if question.cancel:
            parts.append(tr("Esc: back"))
        return " · ".join(parts)

    def render(self) -> Text:
        if self.question is None:
            self._spans = []
            return Text()
        lines, self._spans = self._lines(self.content_region.width or self.size.width)
        # A cut line's "…" sits by the panel's border.
        return unambiguous_text(Text("\n").join(lines), self.app.tr.lang)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._lines(width)[0]) if self.question else 0

    def watch_cursor(self) -> None:
        self.refresh()

    # ----------------------------------------------------------------- keys

    def handle_key(self, key: str, character: str | None) -> bool:
        """Answer a key pressed while the question is open; False: not the panel's key."""
        question = self.question
        if question is None:
            return False
        typing = question.filtered and bool(self.filter_text)
        if character and len(character) == 1 and character.isprintable() \
                and not (character.isdigit() and not typing) and character not in _NOT_TYPED:
            if question.filtered:
                if character == " " and not self.filter_text:
                    return False
                self.filter_text += character
                self.cursor = 0
                return True
            for index, option in enumerate(question.options):
                if option.key and option.key == character.lower():
                    self._answer(index)
                    return True
            return False
        action = _KEYS.get(key)
        if action is None:
            return False
        name, arguments = action
        if not self.check_action(name, arguments):
            return False
        getattr(self, f"action_{name}")(*arguments)
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.question is None:
            return False
        if action == "pick":
            if not (bool(parameters) and isinstance(parameters[0], int)):
                return False
            if self.question.numbered:
                return self.question.numbered_as(parameters[0] + 1) in self.matching
            return parameters[0] < len(self.visible)
        if action == "page":
            return len(self.matching) > PAGE
        if action == "back":
            return self.question.cancel or bool(self.filter_text)
        if action == "unfilter":
            return bool(self.filter_text)
        return True

    def action_pick(self, number: int) -> None:
        """Answer with the ``number``-th option shown (0-based), or in a question whose
        options keep numbers, the one numbered ``number + 1``."""
        if self.question.numbered:
            index = self.question.numbered_as(number + 1)
            if index is not None and index in self.matching:
                self._answer(index)
            return
        visible = self.visible
        if 0 <= number < len(visible):
            self._answer(visible[number])

    def action_choose(self) -> None:
        """Answer with the highlighted option."""
        index = self.highlighted
        if index is not None:
            self._answer(index)

    def action_move(self, step: int) -> None:
        count = len(self.matching)
        if count:
            self.cursor = (self.cursor + step) % count
            self.refresh(layout=True)

    def action_page(self, step: int) -> None:
        count = len(self.matching)
        if count > PAGE:
            pages = -(-count // PAGE)
            self.cursor = ((self.page + step) % pages) * PAGE
            self.refresh(layout=True)

    def action_unfilter(self) -> None:
        self.filter_text = self.filter_text[:-1]
        self.cursor = 0

    def action_back(self) -> None:
        if self.filter_text:
            self.filter_text = ""
            self.cursor = 0
        elif self.question.cancel:
            self.post_message(self.Cancelled(self))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for line, start, end, index in self._spans:
            if line == offset.y and start <= offset.x < end:
                self._answer(index)
                return

    def option_offset(self, index: int) -> tuple[int, int] | None:
        """Where option ``index`` is drawn, relative to the panel's content (for a click)."""
        for line, start, _, option in self._spans:
            if option == index:
                return start + 1, line
        return None

    def _answer(self, index: int) -> None:
        if self.question is None:
            return
        self.post_message(self.Answered(self, self.question.options[index].value))
