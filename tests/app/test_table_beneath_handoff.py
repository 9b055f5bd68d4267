"""A hot-seat start's table, covered by the handoff as it mounts, is laid out when it
first shows: Textual lays out the screen beneath the top one at its resume, at every
resize and whenever a widget asks (11 layouts before the handoff's first frame, none
of them seen)."""

from __future__ import annotations

from textual._compositor import Compositor

from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.screens.table import TableScreen
from uno_tui.app.widgets.hand import HandView

from .helpers import make_app, make_controller, press, quiet


async def test_the_table_under_the_first_handoff_is_laid_out_when_it_shows(monkeypatch):
    laid_out: list[str] = []
    arrange = Compositor._arrange_root

    def noted(self, root, *args, **kwargs):
        laid_out.append(type(root).__name__)
        return arrange(self, root, *args, **kwargs)

    monkeypatch.setattr(Compositor, "_arrange_root", noted)
    app = make_app(make_controller("Ann,Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.resize_terminal(100, 30)
        await quiet(pilot)
        assert "HandoffScreen" in laid_out and "TableScreen" not in laid_out
        await press(pilot, "enter")
        await quiet(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and "TableScreen" in laid_out
        # Laid out for the terminal as it is now, Ann's hand in view.
        assert table.size == (100, 30)
        hand = table.query_one(HandView)
        assert hand.region.width > 0 and hand.region.bottom <= 30
        assert "Ann" in str(table.query_one("#hand-title").render())


async def test_a_table_start_shows_the_table_laid_out_at_once(monkeypatch):
    app = make_app(make_controller("Ann,cpu"))
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.query_one(HandView).region.width > 0
