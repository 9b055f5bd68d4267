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
