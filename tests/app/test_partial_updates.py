"""A screen drawn in parts is the screen drawn whole, and an update draws only what changed.

The table sends a terminal only the cells an update changed (uno_tui.app.compositor).
Here every update the app draws is played into a screen of cells as a terminal would
take it, and after each one that screen must equal a full redraw played into a fresh
one: cell by cell, each character with its colours and attributes.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.cells import cell_len
from rich.console import Console
from textual._compositor import Compositor
from textual.geometry import Region

from uno_tui.app.widgets.seats import SeatPanel

from .helpers import make_app, make_controller, press, quiet, settle

#: A control sequence: its parameters and its final letter.
_CSI = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])")


class ScreenOfCells:
    """What a terminal shows: a character and its SGR attributes in each cell. Knows
    what the compositor writes: cursor moves, SGR, text (wide characters take two
    cells, and a character written over half of one blanks its other half)."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells = [[(" ", "")] * width for _ in range(height)]
        self.x = self.y = 0
        self.sgr = ""

    def feed(self, data: str) -> None:
        at = 0
        for match in _CSI.finditer(data):
            self._text(data[at:match.start()])
            self._control(*match.groups())
            at = match.end()
        self._text(data[at:])

    def _control(self, params: str, final: str) -> None:
        if final == "H":
            row, _, column = params.partition(";")
            self.y, self.x = int(row or 1) - 1, int(column or 1) - 1
        elif final == "m":
            self.sgr = "" if params in ("", "0") else f"{self.sgr};{params}".lstrip(";")

    def _put(self, x: int, cell: tuple[str, str]) -> None:
        if 0 <= self.y < self.height and 0 <= x < self.width:
            self.cells[self.y][x] = cell

    def _text(self, text: str) -> None:
        for char in text:
            if char == "\n":
                self.y += 1
                continue
            if char == "\r":
                self.x = 0
                continue
            width = cell_len(char)
            if not width:
                continue
            row = self.cells[self.y] if 0 <= self.y < self.height else None
            if row is not None:
                # Half of a wide character overwritten: its other half is blanked.
                if self.x < self.width and row[self.x][0] == "" and self.x > 0:
                    row[self.x - 1] = (" ", row[self.x - 1][1])
                end = self.x + width
                if end < self.width and row[end][0] == "" and cell_len(row[end - 1][0]) == 2:
                    row[end] = (" ", row[end][1])
            self._put(self.x, (char, self.sgr))
            if width == 2:
                self._put(self.x + 1, ("", self.sgr))
            self.x += width

    def differences(self, other: "ScreenOfCells") -> list[str]:
        """The rows that differ, as text (this screen's, then the other's), with the
        first cell that differs and its attributes in both."""
        found = []
        for y, (mine, theirs) in enumerate(zip(self.cells, other.cells)):
            if mine != theirs:
                x = next(x for x, (a, b) in enumerate(zip(mine, theirs)) if a != b)
                found.append(f"row {y}, from column {x} ({mine[x]} drawn, {theirs[x]} whole)"
                             f":\n  drawn  {''.join(c for c, _ in mine)!r}\n"
                             f"  whole  {''.join(c for c, _ in theirs)!r}")
        return found


class Terminal:
    """One app's terminal: every update the app draws is played into a screen of cells."""

    def __init__(self) -> None:
        self.app = None
        # Every colour as it is (the headless app's console would write two colours
        # that are near as one).
        self.console = Console(file=io.StringIO(), force_terminal=True,
                               color_system="truecolor", legacy_windows=False)
        self.screen: ScreenOfCells | None = None
        #: Updates drawn, and how many of them in parts.
        self.updates = self.partial = 0
        #: What :meth:`check` found different from a full redraw, one entry per check.
        self.wrong: list[str] = []

    def take(self, compositor: Compositor, update) -> None:
        width, height = compositor.size
        if self.screen is None or (self.screen.width, self.screen.height) != (width, height):
            self.screen = ScreenOfCells(width, height)
        self.screen.feed(update.render_segments(self.console))
        self.updates += 1
        self.partial += type(update).__name__ == "ChopsUpdate"

    def check(self) -> None:
        """The screen as drawn so far against a full redraw of the app's screen now (call
        it with the app quiet: a frame may leave a change to the next)."""
        app = self.app
        width, height = app.screen._compositor.size
        whole = ScreenOfCells(width, height)
        full = _RENDER_UPDATE(app.screen._compositor, True, app._background_screens)
        whole.feed(full.render_segments(self.console))
        wrong = self.screen.differences(whole)
        if wrong:
            self.wrong.append("\n".join(wrong))
            self._last_screen, self.screen = self.screen, whole


_RENDER_UPDATE = Compositor.render_update


@pytest.fixture
def terminal(monkeypatch):
    """The terminal of the app a test puts in ``terminal.app``."""
    terminal = Terminal()

    def drawn(self, full=False, screen_stack=None, simplify=False):
        update = _RENDER_UPDATE(self, full, screen_stack, simplify)
        app = terminal.app
        if update is not None and app is not None and app.is_running and (
                self is app.screen._compositor):
            terminal.take(self, update)
        return update

    monkeypatch.setattr(Compositor, "render_update", drawn)
    return terminal


KEYS = ["left", "right", "left", "right", "enter", "enter", "d", "u", "s", "1", "2", "3"]


@pytest.mark.parametrize("players,variant,size,lang,seed", [
    ("Ann,cpu,cpu,cpu", "classic", (100, 32), "en", 3),
    ("Ann,cpu,cpu,cpu,cpu,cpu,cpu,cpu", "classic", (120, 40), "en", 5),
    ("Ann,cpu,cpu,cpu", "flip", (80, 24), "ja", 8),
    ("Ann," + ",".join(["cpu"] * 15), "party", (120, 40), "en", 13),
])
async def test_every_update_drawn_in_parts_equals_a_full_redraw(terminal, players, variant,
                                                                size, lang, seed):
    app = make_app(make_controller(players, seed=seed, variant=variant), lang=lang)
    terminal.app = app
    keys = random.Random(seed)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for _ in range(60):
            await press(pilot, keys.choice(KEYS))
            await quiet(pilot)
            terminal.check()
            if keys.random() < 0.3:
                await settle(pilot)            # the computers' moves, drawn as they come
                terminal.check()
    assert terminal.partial > 30, terminal.partial      # the updates were drawn in parts
    assert not terminal.wrong, "\n\n".join(terminal.wrong[:3])


async def test_an_update_renders_only_the_widgets_it_changed(terminal):
    """One seat panel's line and the hand's first card changed: no widget between them
    (the other seats, the piles, the log) is rendered again, only those two and what
    holds them. Textual rendered every widget in the box around both, each over its
    whole height."""
    from textual.widget import Widget

    from uno_tui.app.widgets.hand import CardSlot

    app = make_app(make_controller("Ann,cpu,cpu,cpu,cpu,cpu", seed=4))
    terminal.app = app
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        panel = app.screen.query(SeatPanel).first()
        card = app.screen.query(CardSlot).first()
        rendered: set = set()
        render_lines = Widget.render_lines

        def counted(widget, crop):
            rendered.add(widget)
            return render_lines(widget, crop)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(Widget, "render_lines", counted)
            panel.refresh(Region(1, 1, 3, 1))
            card.refresh(Region(1, 1, 2, 1))
            await quiet(pilot)
        holders = {*panel.ancestors_with_self, *card.ancestors_with_self}
        assert {panel, card} <= rendered
        assert rendered <= holders, sorted(type(w).__name__ for w in rendered - holders)
        terminal.check()
        assert not terminal.wrong, terminal.wrong[0]


async def test_a_highlight_taken_off_leaves_no_cell_of_it_behind(terminal):
    """The direction tracker lit after a Reverse, then not: each of its cells is drawn
    unlit once the next name is written in it (its lines were kept in the lit colours,
    and the next change sent only the cells of the name)."""
    from uno_tui.app.widgets.direction import DirectionTracker

    app = make_app(make_controller("Ann,cpu,cpu", seed=2))
    terminal.app = app
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        tracker = app.screen.query_one(DirectionTracker)
        name = tracker.heading.name
        for lit, renamed in ((True, name + "x"), (False, name)):
            # Lit (as after a Reverse) or not (two seconds later), then the next name.
            tracker.set_class(lit, "-turned")
            await quiet(pilot)
            tracker.heading = tracker.heading._replace(name=renamed)
            await quiet(pilot)
        terminal.check()
        assert not terminal.wrong, terminal.wrong[0]
