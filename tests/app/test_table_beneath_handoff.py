"""A hot-seat start's table, covered by the handoff as it mounts, is laid out once, after
the handoff's first frame: Textual lays out the screen beneath the top one at its
resume, at every resize and whenever a widget asks (11 layouts of the table before the
handoff's first frame, none of them seen)."""

from __future__ import annotations

from textual._compositor import Compositor
from textual.app import App

from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.screens.table import TableScreen
from uno_tui.app.widgets.hand import HandView

from .helpers import make_app, make_controller, press, quiet


def _noting(monkeypatch) -> list[str]:
    """What happens, in order: each screen laid out (its class name), each frame."""
    happened: list[str] = []
    arrange, display = Compositor._arrange_root, App._display

    def laid_out(self, root, *args, **kwargs):
        happened.append(type(root).__name__)
        return arrange(self, root, *args, **kwargs)

    def drawn(self, screen, renderable) -> None:
        display(self, screen, renderable)
        if renderable is not None:
            happened.append("frame")

    monkeypatch.setattr(Compositor, "_arrange_root", laid_out)
    monkeypatch.setattr(App, "_display", drawn)
    return happened


async def test_the_table_under_the_first_handoff_is_laid_out_after_its_first_frame(
        monkeypatch):
    happened = _noting(monkeypatch)
    app = make_app(make_controller("Ann,Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert isinstance(app.screen, HandoffScreen)
        first_frame = happened.index("frame")
        assert "TableScreen" not in happened[:first_frame]
        assert "TableScreen" in happened[first_frame:]        # ready for the Enter
        await press(pilot, "enter")
        await quiet(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        hand = table.query_one(HandView)
        assert hand.region.width > 0 and hand.region.bottom <= 24
        assert "Ann" in str(table.query_one("#hand-title").render())


async def test_a_table_shown_before_it_was_laid_out_is_laid_out_as_it_shows(monkeypatch):
    # Enter at once, and a resize meanwhile: laid out for the terminal as it is then.
    app = make_app(make_controller("Ann,Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.resize_terminal(100, 30)
        await press(pilot, "enter")
        await quiet(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.size == (100, 30)
        assert table.query_one(HandView).region.bottom <= 30


async def test_a_table_start_shows_the_table_laid_out_at_once():
    app = make_app(make_controller("Ann,cpu"))
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.query_one(HandView).region.width > 0


# ------------------------------------------------ built after the first handoff's frame
# The table beneath a hot-seat start's first handoff was composed, mounted and styled
# before the handoff's first frame (~15% of that start), though no one sees it until
# the handoff is dismissed. It is built once that frame is drawn.

def _widgets_at_first_frame(app) -> dict[str, object]:
    """The screen in front and the table's widgets (by type name) at the first frame."""
    noted: dict[str, object] = {}
    display = app._display

    def drawn(screen, renderable) -> None:
        display(screen, renderable)
        if renderable is not None and not noted:
            noted.update(screen=app.screen,
                         table=[type(node).__name__ for node in app.table.walk_children()])

    app._display = drawn
    return noted


async def test_the_table_under_the_first_handoff_is_built_after_its_first_frame():
    app = make_app(make_controller("Ann,Bob"))
    noted = _widgets_at_first_frame(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert isinstance(noted["screen"], HandoffScreen)
        assert noted["table"] == []                  # nothing of it, let alone a hand
        table = app.table
        assert isinstance(app.screen, HandoffScreen)  # built beneath, still covered
        assert len(table.query(HandView)) == 1 and table.state is not None
        assert table.viewer is None                  # no hand shows beneath it
        await press(pilot, "enter")
        await quiet(pilot)
        assert app.screen is table and table.viewer == 0 and table.awaiting_turn
        assert "Ann" in str(table.query_one("#hand-title").render())


async def test_a_handoff_dismissed_before_the_table_is_built_shows_it_built():
    # Enter handled before the build has begun: the table is built first, once.
    app = make_app(make_controller("Ann,Bob"))
    display = app._display

    def dismissed_at_once(screen, renderable) -> None:
        display(screen, renderable)
        if isinstance(app.screen, HandoffScreen) and app.table._building is None:
            app.screen.action_ready()

    app._display = dismissed_at_once
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.viewer == 0 and table.awaiting_turn
        assert len(table.query(HandView)) == 1
        assert table.query_one(HandView).region.bottom <= 24
        assert "Ann" in str(table.query_one("#hand-title").render())


async def test_a_table_with_no_handoff_first_is_built_before_its_first_frame():
    app = make_app(make_controller("Ann,cpu"))
    noted = _widgets_at_first_frame(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert noted["screen"] is app.table and "HandView" in noted["table"]
