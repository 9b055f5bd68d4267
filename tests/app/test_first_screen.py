"""The first screen is the bottom of the screen stack (no blank screen of Textual's under
it: that one cost ~10 ms of CPU before the first frame), and the app still switches away
from it and back."""

from __future__ import annotations

from uno_tui.app.app import UnoApp
from uno_tui.app.screens.setup import SetupScreen
from uno_tui.app.screens.table import TableScreen
from uno_tui.config import PlayConfig

from .helpers import check_every_frame, make_app, make_controller, press, quiet, settle


async def test_a_table_launch_has_the_table_alone_on_the_stack():
    app = make_app(make_controller("Ann,cpu"))
    async with app.run_test() as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.screen_stack == [app.screen]


async def test_from_the_setup_screen_to_the_table_and_back_twice():
    app = UnoApp(PlayConfig(), pace=0, steady=True)
    async with app.run_test() as pilot:
        await quiet(pilot)
        assert isinstance(app.screen, SetupScreen) and app.screen_stack == [app.screen]
        for _ in range(2):
            await press(pilot, "enter")         # the defaults: one person, three computers
            await quiet(pilot)
            assert isinstance(app.screen, TableScreen) and app.screen_stack == [app.screen]
            app.show_setup()
            await quiet(pilot)
            assert isinstance(app.screen, SetupScreen) and app.screen_stack == [app.screen]


async def test_dialogs_close_down_to_the_table():
    app = make_app(make_controller("Ann,cpu"))
    async with app.run_test() as pilot:
        await settle(pilot)
        table = app.screen
        await press(pilot, "question_mark")     # the help, over the table
        await settle(pilot)
        assert len(app.screen_stack) == 2
        app.close_dialogs()
        await settle(pilot)
        assert app.screen_stack == [table]


async def test_a_resize_that_comes_while_the_app_closes_is_let_pass():
    # As the bottom screen, the table may be sent a resize (the terminal going away)
    # after the app's closing has removed its widgets; that once stopped a hung-up app
    # with "No nodes match 'DiscardPile'" and a crash report.
    from uno_tui.app.widgets.discard import DiscardPile

    app = make_app(make_controller("Ann,cpu"))
    async with app.run_test() as pilot:
        await settle(pilot)
        table = app.screen
        app.exit()
        await table.query_one(DiscardPile).remove()
        table.on_resize()


async def test_at_120x40_every_frame_has_the_large_cards_the_first_too():
    from uno_tui.app.widgets.card import LARGE
    from uno_tui.app.widgets.discard import DiscardPile
    from uno_tui.app.widgets.log import GameLog

    def large(app) -> None:
        table = app.table
        assert table.query_one(DiscardPile).size_class == LARGE
        assert table.has_class("-large") and table.query_one(GameLog).styles.width.value == 40

    app = make_app(make_controller("Ann,cpu,cpu,cpu"))
    failures = check_every_frame(app, large)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
    assert not failures
