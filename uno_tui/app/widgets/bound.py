"""The base of the table's widgets: each reads the table screen's reactive state.

The table screen holds one reactive :class:`~uno_tui.app.tablestate.TableState`; every
widget is bound to it (its :class:`StateFeed`) and, when it changes, works out what it shows
into its own reactives. A widget whose part of the table did not change is not drawn
again, which is what keeps the bytes sent to the terminal (and over SSH) small;
:class:`DrawnInLines` goes further and sends only the cells that look different.
"""

from __future__ import annotations

from typing import Sequence

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from ..glyphs import EAST_ASIAN, unambiguous
from ..tablestate import TableState

__all__ = ["StateFeed", "TakesTableState", "TableWidget", "DrawnInLines", "KeepsItsStyle",
           "changed_span"]


class StateFeed:
    """Passes a table screen's state to the widgets drawn from it, in the order they
    were bound (:meth:`bind`, as they are composed), each by a plain call of its
    :meth:`TakesTableState.take_state`.

    Textual's data binding did it with a reactive on every widget: each new state set
    each widget's reactive through Textual's setter, which first went over all of the
    widget's ~20 reactives to see that they had values, then called its watchers: about
    a dozen widgets on each terminal, most with nothing new to draw (in cProfile a quarter
    of a server table's CPU was in state passes, much of it Textual's setter).
    """

    def __init__(self) -> None:
        #: The widgets given each state, in the order they were bound.
        self.readers: list[TakesTableState] = []
        #: The state last sent (a widget mounted later takes it as it mounts).
        self.state: TableState | None = None

    def bind(self, widget: "TakesTableState") -> "TakesTableState":
        """Give ``widget`` every state sent from now on (and the last one as it mounts);
        returns it (for ``yield feed.bind(Widget())`` in a compose)."""
        self.readers.append(widget)
        widget._feed = self
        return widget

    def send(self, state: TableState | None) -> None:
        """Give ``state`` to every bound widget that is mounted (the others take it as
        they mount)."""
        self.state = state
        if state is None:
            return
        for widget in self.readers:
            if widget.is_mounted:
                widget.take_state(state)


class TakesTableState:
    """A widget (a mixin for one) that its screen's :class:`StateFeed` gives the table's
    state: :meth:`watch_state` is called with each new one."""

    #: The table's state this widget last took (None: none yet).
    state: TableState | None = None
    _feed: StateFeed | None = None

    def take_state(self, state: TableState) -> None:
        """Take the table's new state and show what changed."""
        self.state = state
        self.watch_state(state)

    def watch_state(self, state: TableState | None) -> None:
        """Show what ``state`` says (subclasses)."""

    def _on_mount(self, event) -> None:
        # (Textual calls each class's own handler: this runs beside the widget's.)
        feed = self._feed
        if feed is not None and feed.state is not None:
            self.take_state(feed.state)


class TableWidget(TakesTableState, Widget):
    """A widget drawn from the table's state; subclasses implement :meth:`read`."""
    #: Where a variant's widget goes on the table: beside the piles ("piles") or in the
    #: column of statuses next to them ("status").
    TABLE_AREA = "status"
    #: Where it goes instead while the seats sit around the piles (None: the same). A
    #: round table leaves the piles' row only the room of the two shared piles, so a
    #: widget beside them (Party's mini-pile) lies in the statuses' column there, in
    #: compact cards: the table composes a second one of its class for that place.
    ROUND_AREA: str | None = None

    def watch_state(self, state: TableState | None) -> None:
        if state is not None:
            self.read(state)

    def read(self, state: TableState) -> None:
        """Take what this widget shows from ``state`` (into reactives that repaint)."""
        raise NotImplementedError


def _cells(line: Text) -> list[tuple[str, tuple[str, ...]]]:
    """Each character of ``line`` with the styles laid on it."""
    plain = line.plain
    base = (str(line.style),) if line.style else ()
    styles: list[tuple[str, ...]] = [base] * len(plain)
    for span in line.spans:
        for index in range(span.start, min(span.end, len(plain))):
            styles[index] = styles[index] + (str(span.style),)
    return list(zip(plain, styles))


def changed_span(old: Text, new: Text) -> tuple[int, int] | None:
    """The cells ``(start, end)`` of ``new`` that look different from ``old`` (None: none
    do): everything between the first and the last difference, as the two lie on screen
    (from the left edge, padded with blanks)."""
    if old.plain == new.plain and old.style == new.style and old.spans == new.spans:
        # The same text in the same styles (most lines of a redrawn seat panel): no need
        # to compare them cell by cell.
        return None
    was, now = _cells(old), _cells(new)
    if was == now:
        return None
    first = 0
    while first < min(len(was), len(now)) and was[first] == now[first]:
        first += 1
    start = cell_len(new.plain[:first])
    old_width, new_width = cell_len(old.plain), cell_len(new.plain)
    if old_width != new_width:
        # A common end has moved: everything after the first difference is drawn again.
        return start, max(old_width, new_width, start + 1)
    # As wide: a common end sits in the same cells in both, and is left as it is.
    tail = 0
    while (tail < min(len(was), len(now)) - first
           and was[len(was) - 1 - tail] == now[len(now) - 1 - tail]):
        tail += 1
    return start, max(cell_len(new.plain[:len(now) - tail]), start + 1)


#: Lines as drawn (strips), by what makes them: the text, its spans and style, the
#: widget's style and its width. The terminals at a server table share a process and
#: draw the same seats, piles and statuses: the first to draw a line makes its strip,
#: the others take it (and with it what the compositor cut it into before).
_DRAWN_LINES: dict[tuple, Strip] = {}
#: The most lines kept there (the oldest go first).
DRAWN_LINES_KEPT = 4096


def drawn_line(line: Text, style: Style, width: int, console) -> Strip:
    """``line`` drawn in ``style`` (the widget's), cut or padded to ``width`` cells: the
    strip made for the same line before, if any. (Every app's console shares Rich's
    default theme, the only part of it a line's named styles are read from.)"""
    key = (line.plain, tuple(line.spans), line.style, style, width)
    strip = _DRAWN_LINES.get(key)
    if strip is None:
        # Text.render() leaves out the line's own style (Rich lays it on later).
        base = style + console.get_style(line.style) if line.style else style
        segments = Segment.apply_style(line.render(console, end=""), base)
        strip = Strip(segments).crop_extend(0, width, style)
        if len(_DRAWN_LINES) >= DRAWN_LINES_KEPT:
            del _DRAWN_LINES[next(iter(_DRAWN_LINES))]
        _DRAWN_LINES[key] = strip
    return strip


class KeepsItsStyle(Widget):
    """A widget that draws its lines itself (``render_line``) and keeps what it is drawn
    in until its styles change: its Rich style (:attr:`line_style`), and the background
    colours and opacity Textual asks for each time it draws some of its lines. Each is a
    walk over the widget's ancestors in Textual: a card of the hand and the log looked
    their style up for every line they drew, and every widget its colours for every
    redraw (at a server table ~60 and ~60 times per update over 8 terminals)."""

    #: What the widget is drawn in (None: not looked up since the styles last changed).
    _kept_style: Style | None = None
    _kept_colors: tuple[Color, Color] | None = None
    _kept_opacity: float | None = None

    @property
    def line_style(self) -> Style:
        """The widget's Rich style (as ``rich_style``), kept until its styles change."""
        style = self._kept_style
        if style is None:
            style = self._kept_style = self.rich_style
        return style

    @property
    def background_colors(self) -> tuple[Color, Color]:
        colors = self._kept_colors
        if colors is None:
            colors = self._kept_colors = super().background_colors
        return colors

    @property
    def opacity(self) -> float:
        opacity = self._kept_opacity
        if opacity is None:
            opacity = self._kept_opacity = super().opacity
        return opacity

    def notify_style_update(self) -> None:
        # (A class changed on the widget or an ancestor: Textual restyles the widget and
        # its descendants, and tells each of them.)
        super().notify_style_update()
        self._kept_style = self._kept_colors = self._kept_opacity = None


class DrawnInLines(KeepsItsStyle):
    """A widget drawn as lines of text (:meth:`lines`). When it changes (call
    :meth:`redraw`), only the cells that look different are sent to the terminal: a
    seat whose count went from 7 to 6 rewrites a few cells, not its panel. Only the
    lines that changed are turned into segments again."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        #: The lines last drawn, and the size they were drawn at.
        self._drawn: Sequence[Text] | None = None
        self._drawn_at = Size(0, 0)
        #: Each line of ``_drawn`` as drawn (a strip), once asked for.
        self._strips: dict[int, Strip] = {}

    def notify_style_update(self) -> None:
        super().notify_style_update()
        # The lines are drawn in the new colours: a highlight taken off (the tracker's
        # after a Reverse) stayed on every cell of a line that its next change did not
        # touch, on a terminal drawn in parts.
        self._strips = {}

    def lines(self) -> list[Text]:
        """What the widget shows now, one Text per line (within its size)."""
        raise NotImplementedError

    def _fitted(self, width: int | None = None) -> list[Text]:
        """:meth:`lines`, each cut to the widget's width (``width``, if the caller has
        it: the widget's size is a walk up to its screen) (a line never wraps)."""
        if width is None:
            width = self.size.width
        lines = self.lines()
        lang = self.app.tr.lang
        for line in lines:
            if line.cell_len > width:
                line.truncate(max(1, width), overflow="ellipsis")
            if lang in EAST_ASIAN:
                # One symbol for another, one cell each: the spans stay where they were.
                line.plain = unambiguous(line.plain, lang)
        return lines

    def redraw(self) -> None:
        """Send what changed since the last drawing (everything if the lines did)."""
        if not self.is_mounted:
            return
        # (Looked up once: a widget's size is found through its screen's map each time.)
        size = self.size
        if not size:
            # Not laid out yet (the table's first state comes before its first layout):
            # the lines are made once, at the size they are drawn at.
            self._drawn = None
            return
        width = size.width
        old, new = self._drawn, self._fitted(width)
        # What the screen will show once the refresh asked for now is drawn.
        self._drawn = new
        if old is None or len(old) != len(new) or self._drawn_at != size:
            self._drawn_at = size
            self._strips = {}
            self.refresh()
            return
        regions = []
        for y, (was, now) in enumerate(zip(old, new)):
            span = changed_span(was, now)
            if span is not None:
                self._strips.pop(y, None)
                if span[0] < width:
                    regions.append(Region(span[0], y, min(span[1], width) - span[0], 1))
        if regions:
            self.refresh(*regions)

    def render_line(self, y: int) -> Strip:
        # One line at a time, from the line's own Text: through render(), Textual
        # turned the whole widget into segments again for every refreshed line (at the
        # table, most of a computer action's CPU went to the two seat panels it changed).
        # (The size looked up once: a widget's size is found through its screen's map.)
        size = self.size
        if self._drawn is None or self._drawn_at != size:
            self._drawn, self._drawn_at = self._fitted(size.width), size
            self._strips = {}
        strip = self._strips.get(y)
        if strip is None:
            style = self.line_style
            width = size.width
            if y < len(self._drawn):
                strip = drawn_line(self._drawn[y], style, width, self.app.console)
            else:
                strip = Strip.blank(width, style)
            self._strips[y] = strip
        return strip

    def render(self) -> Text:
        # Drawing goes through render_line; this is what Textual measures an auto-sized
        # widget by.
        lines = self._fitted()
        out = Text(no_wrap=True, overflow="crop")
        for number, line in enumerate(lines):
            if number:
                out.append("\n")
            out.append_text(line)
        return out
