"""A partial update renders only the widgets on the lines it draws: Textual rendered every
widget in the box around them (two lines far apart, e.g. a new seat and the footer at
the setup screen's "+", had all the widgets between them rendered), and kept none of
their lines. What is drawn stays the same."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import Static

from uno_tui.app import compositor

from .helpers import screen_text


class _Rows(App[None]):
    CSS = "Static { height: 1; }"

    def compose(self) -> ComposeResult:
        for number in range(10):
            yield Static(f"row {number}", id=f"row{number}")


async def test_two_lines_far_apart_render_those_two_widgets_alone(monkeypatch):
    compositor.install()
    rendered: list[str] = []
    render_lines = Widget.render_lines

    def noted(self, crop):
        if self is not app.screen:        # (the screen beneath: on every line drawn)
            rendered.append(self.id)
        return render_lines(self, crop)

    app = _Rows()
    async with app.run_test(size=(20, 10)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(Widget, "render_lines", noted)
        # (Same width: no layout, the two lines are repainted.)
        app.query_one("#row1", Static).update("one  ", layout=False)
        app.query_one("#row8", Static).update("eight", layout=False)
        await pilot.pause()
        await pilot.pause()
        monkeypatch.setattr(Widget, "render_lines", render_lines)
        text = screen_text(app)
    assert sorted(set(rendered)) == ["row1", "row8"]
    assert [line.rstrip() for line in text.splitlines()[:10]] == ["row 0", "one", "row 2", "row 3", "row 4", "row 5",
                                      "row 6", "row 7", "eight", "row 9"]


async def test_cards_and_the_log_look_their_style_up_once_per_change_of_styles(monkeypatch):
    """A card of the hand and the log asked Textual for their style (a walk over their
    ancestors) for every line they drew, and every widget drawn in lines its colours
    and opacity at every redraw; they keep them until their styles change, and then
    draw in the new ones."""
    from textual.dom import DOMNode

    from uno_tui.app.widgets.bound import KeepsItsStyle
    from uno_tui.app.widgets.hand import CardSlot
    from uno_tui.app.widgets.log import GameLog

    from .helpers import make_app, press, rigged, settle

    looked_up: list[str] = []
    lookups = {name: getattr(cls, name) for cls, name in
               ((DOMNode, "rich_style"), (DOMNode, "background_colors"), (Widget, "opacity"))}

    def noting(name):
        def noted(self):
            if isinstance(self, KeepsItsStyle):
                looked_up.append(f"{type(self).__name__}.{name}")
            return lookups[name].fget(self)
        return property(noted)

    ctl = rigged("Ann,cpu", hands=[["B1", "B2", "B3", "B4", "G5"], ["Y1", "Y2"]], top="R5")
    app = make_app(ctl)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        for name in lookups:
            monkeypatch.setattr(DOMNode if name != "opacity" else Widget, name, noting(name))
        for _ in range(4):                          # the pick moves: two cards redrawn each time
            await press(pilot, "right")
        app.table.query_one(GameLog).add(["A line for the log."])
        await settle(pilot)
        assert looked_up == []
        # A new theme: every widget is restyled, and draws its lines in its new style.
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await settle(pilot)
        monkeypatch.undo()
        for widget in (*app.table.query(CardSlot), app.table.query_one(GameLog)):
            assert widget.line_style == widget.rich_style, widget
            assert widget.background_colors == DOMNode.background_colors.fget(widget), widget


class _Lines(App[None]):
    CSS = "Panel { height: 4; }"

    def __init__(self) -> None:
        from uno_tui.i18n import translator

        super().__init__()
        self.tr = translator()

    def compose(self) -> ComposeResult:
        yield _Panel()


def _panel_class():
    from rich.text import Text

    from uno_tui.app.widgets.bound import DrawnInLines

    class Panel(DrawnInLines):
        words = "one"

        def lines(self):
            return [Text(f"{self.words} {n}") for n in range(4)]

    return Panel


_Panel = _panel_class()


async def test_a_widget_drawn_in_lines_finds_its_size_once_per_line_and_per_redraw(monkeypatch):
    """A widget's size is found through its screen's map (a walk up to the screen):
    a line drawn looked it up twice and a redraw three times (~4% of a server table's
    CPU at 8 terminals); once each is enough. What it draws is unchanged."""
    app = _Lines()
    async with app.run_test(size=(20, 6)) as pilot:
        await pilot.pause()
        panel = app.query_one(_Panel)
        looked_up = []
        size = Widget.size

        def counted(self):
            if self is panel:
                looked_up.append(1)
            return size.fget(self)

        monkeypatch.setattr(Widget, "size", property(counted))
        panel.render_line(1)
        assert len(looked_up) == 1
        looked_up.clear()
        panel.words = "two"
        panel.redraw()
        assert len(looked_up) == 1
        monkeypatch.setattr(Widget, "size", size)
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
    assert [line.rstrip() for line in text.splitlines()[:4]] == ["two 0", "two 1", "two 2",
                                                                 "two 3"]


class _TwoPanels(_Lines):
    def compose(self) -> ComposeResult:
        yield _Panel(id="first")
        yield _Panel(id="second")


async def test_a_line_another_widget_drew_the_same_is_not_drawn_again():
    """The terminals at a server table share a process and draw the same seats and
    piles: a line drawn once (the same text and styles, the same width) is taken as it
    was drawn; a line that differs is drawn."""
    app = _TwoPanels()
    async with app.run_test(size=(20, 9)) as pilot:
        await pilot.pause()
        first, second = app.query_one("#first", _Panel), app.query_one("#second", _Panel)
        assert first.render_line(2) is second.render_line(2)
        second.words = "two"
        second.redraw()
        assert second.render_line(2) is not first.render_line(2)
        assert second.render_line(2).text.rstrip() == "two 2"
        assert first.render_line(2).text.rstrip() == "one 2"
