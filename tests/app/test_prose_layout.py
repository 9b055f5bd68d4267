"""Measuring a Prose (the setup screen's hint, the handoff, the dialogs) lays nothing
out: Prose of one-cell letters, measured by Textual in the middle of a layout, asked
for its own region there, which arranged the whole screen a second time (8 ms of the
setup screen's launch, 3 ms of its "+", in English)."""

from __future__ import annotations

import pytest
from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.widgets import Static

from uno_tui.app.widgets.prose import Prose


class _Page(App[None]):
    def __init__(self, words: str) -> None:
        super().__init__()
        self.words = words

    def compose(self) -> ComposeResult:
        yield Static("above")
        yield Prose(self.words, id="prose")
        hidden = Static("hidden", id="hidden")
        hidden.visible = False
        yield hidden


@pytest.mark.parametrize("words", ["Press Enter when only Ann is looking.",
                                   "アンだけが見ているときにEnterを押してください。"])
async def test_measuring_prose_arranges_nothing(monkeypatch, words):
    measuring = []
    arranged_while_measuring = []
    arrange = Compositor._arrange_root
    measure = Prose.get_content_height

    def counted_arrange(self, *args, **kwargs):
        if measuring:
            arranged_while_measuring.append(1)
        return arrange(self, *args, **kwargs)

    def watched_measure(self, *args, **kwargs):
        measuring.append(1)
        try:
            return measure(self, *args, **kwargs)
        finally:
            measuring.pop()

    monkeypatch.setattr(Compositor, "_arrange_root", counted_arrange)
    monkeypatch.setattr(Prose, "get_content_height", watched_measure)
    app = _Page(words)
    async with app.run_test(size=(30, 10)) as pilot:     # the first layout
        await pilot.pause()
        # A widget out of sight repainted, then a layout (as "+" on the setup screen).
        app.query_one("#hidden").refresh()
        app.screen.refresh(layout=True)
        await pilot.pause()
        await pilot.pause()
        assert app.query_one("#prose").region.height >= 2      # it was measured
    assert arranged_while_measuring == []


async def test_prose_says_the_words_it_is_given_again():
    app = _Page("one")
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        prose = app.query_one("#prose", Prose)
        prose.update("アンの番です")
        await pilot.pause()
        assert "アンの番です" in str(prose.render())
        prose.update("two")
        await pilot.pause()
        assert str(prose.render()) == "two"
