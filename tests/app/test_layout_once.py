"""A layout arranges the screen once: Textual's reflow left its new map marked out of
date when a widget out of sight had asked to be repainted, and the first widget to ask
its place after the layout had the whole screen arranged again (the setup screen's "+"
and every launch)."""

from __future__ import annotations

from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.widgets import Static

from uno_tui.app import compositor


class _Page(App[None]):
    CSS = "#grows { height: auto; }"

    def compose(self) -> ComposeResult:
        yield Static("one line", id="grows")
        hidden = Static("out of sight", id="hidden")
        hidden.visible = False
        yield hidden


async def test_a_layout_after_a_hidden_widget_was_repainted_arranges_once(monkeypatch):
    compositor.install()
    app = _Page()
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        arranged, laid_out = [], []
        arrange, reflow = Compositor._arrange_root, Compositor.reflow

        def counted(self, *args, **kwargs):
            arranged.append(1)
            return arrange(self, *args, **kwargs)

        def layout(self, *args, **kwargs):
            laid_out.append(1)
            return reflow(self, *args, **kwargs)

        monkeypatch.setattr(Compositor, "_arrange_root", counted)
        monkeypatch.setattr(Compositor, "reflow", layout)
        app.query_one("#hidden").refresh()
        app.query_one("#grows", Static).update("two\nlines")      # a layout: it grows
        await pilot.pause()
        await pilot.pause()
        assert app.query_one("#grows").region.height == 2
    assert laid_out and len(arranged) == len(laid_out)       # once per layout
