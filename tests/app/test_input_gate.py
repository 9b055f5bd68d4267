"""Keys typed faster than screens come and go reach only the screen they were typed
at, once it is ready (uno_tui.app.input_gate): a burst never runs a screen's action
before it has its widgets, nor after it has closed."""

from __future__ import annotations

import random

from textual import events

from uno_tui.app.screens.help import HelpScreen
from uno_tui.app.screens.table import TableScreen

from .helpers import make_app, make_controller, settle


def _burst(app, keys) -> None:
    """Post ``keys`` to the app all at once, as a driver does with a burst."""
    for key in keys:
        char = key if len(key) == 1 else None
        app.post_message(events.Key(key, char))


async def test_help_opened_and_closed_by_a_burst_never_crashes_and_ends_where_it_should():
    app = make_app(make_controller("Ann,cpu"))
    async with app.run_test() as pilot:
        await settle(pilot)
        rng = random.Random(3)
        for _ in range(6):
            _burst(app, rng.choice([["question_mark", "escape", "k"],
                                    ["question_mark", "k", "r", "escape", "question_mark",
                                     "k", "escape"],
                                    ["question_mark", "escape", "question_mark", "escape",
                                     "k", "r"]]))
            await pilot.pause()
        await settle(pilot)
        assert app.is_running and app.crash_report is None
        assert isinstance(app.screen, (TableScreen, HelpScreen))


async def test_a_key_that_comes_while_a_screen_is_pushed_waits_for_it():
    app = make_app(make_controller("Ann,cpu"))
    async with app.run_test() as pilot:
        await settle(pilot)
        _burst(app, ["question_mark", "k"])      # k: the help screen's keys tab
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one("TabbedContent").active == "keys"


async def test_a_screen_taken_down_before_it_has_mounted_never_crashes():
    """Not input: the server puts up the table (or closes every dialog) right after a
    key pushed the help screen, before it mounted; its on_mount found its widgets gone."""
    import asyncio

    app = make_app(make_controller("Ann,cpu"))
    async with app.run_test() as pilot:
        await settle(pilot)
        for ticks in range(12):
            app.push_screen(HelpScreen("classic"))
            for _ in range(ticks):
                await asyncio.sleep(0)
            app.close_dialogs()
            await pilot.pause()
        await settle(pilot)
        assert app.is_running and app.crash_report is None
        assert isinstance(app.screen, TableScreen)


async def test_a_node_being_removed_is_not_fitted_to_a_resize():
    """A resize queued for a node just before its removal began: its handler would
    look for children already gone (the table's ``_fit_to_terminal``, NoMatches)."""
    from textual.app import App
    from textual.geometry import Size
    from textual.widget import Widget

    fitted_while_removed = []

    class Fitting(Widget):
        def on_resize(self) -> None:
            fitted_while_removed.append(self._pruning)

    class Host(App):
        def compose(self):
            yield Fitting()

    async with Host().run_test() as pilot:
        await pilot.pause()
        fitting = pilot.app.query_one(Fitting)
        fitted_while_removed.clear()
        fitting.post_message(events.Resize(Size(10, 2), Size(10, 2)))
        await fitting.remove()
        await pilot.pause()
    assert True not in fitted_while_removed
