"""The app reads a screen's stylesheets when the screen is first put up (a table launch
does not parse the setup screen's or the dialogs' rules), and every widget ends up styled
exactly as when every stylesheet was read at the start."""

from __future__ import annotations

from pathlib import Path

import uno_tui.app.app as app_module
from uno_tui.app.app import UnoApp
from uno_tui.config import PlayConfig

from .helpers import make_controller, press, quiet, settle

HERE = Path(app_module.__file__).parent


class EveryStylesheetAtStart(UnoApp):
    """The app as it was: every stylesheet read before the first screen."""

    CSS_PATH = [*UnoApp.CSS_PATH, *(HERE / name for name in UnoApp.STYLESHEETS)]


def read_stylesheets(app: UnoApp) -> set[str]:
    return {Path(path).name for path, _ in app.stylesheet.source if path.endswith(".tcss")}


def styled(screen) -> list[tuple[str, dict]]:
    """Each widget of ``screen``, in order, with the rules its stylesheets gave it (as
    text: a layout is a new object in each app; generated ids left out)."""
    return [(f"{type(node).__name__}.{'.'.join(sorted(node.classes))}",
             {name: repr(value) for name, value in node.styles.base.get_rules().items()})
            for node in screen.walk_children(with_self=True)]


async def test_a_table_launch_reads_the_table_s_stylesheets_only():
    app = UnoApp(pace=0, steady=True, controller=make_controller("Ann,cpu"))
    async with app.run_test() as pilot:
        await settle(pilot)
        assert read_stylesheets(app) == {"app.tcss", "table.tcss", "prompts.tcss"}
        await press(pilot, "question_mark")         # the help: a screen naming none
        await settle(pilot)
        assert read_stylesheets(app) == {"app.tcss", *(Path(n).name for n in UnoApp.STYLESHEETS)}


async def test_a_setup_launch_reads_the_setup_screen_s_stylesheet_only():
    app = UnoApp(PlayConfig(), pace=0, steady=True)
    async with app.run_test() as pilot:
        await quiet(pilot)
        assert read_stylesheets(app) == {"app.tcss", "setup.tcss"}
        await press(pilot, "enter")                  # to the table
        await quiet(pilot)
        assert read_stylesheets(app) == {"app.tcss", "setup.tcss", "table.tcss", "prompts.tcss"}


async def widgets_styled(app_class, keys: list[str], **kwargs) -> list[list[tuple[str, dict]]]:
    """The styles of the screen shown after each of ``keys`` (and at the start)."""
    app = app_class(pace=0, steady=True, **kwargs)
    seen = []
    async with app.run_test() as pilot:
        await quiet(pilot)
        seen.append(styled(app.screen))
        for key in keys:
            await press(pilot, key)
            await quiet(pilot)
            seen.append(styled(app.screen))
            seen.append(styled(app.screen_stack[0]))
    return seen


async def test_the_table_and_its_dialogs_are_styled_as_with_every_stylesheet_at_start():
    keys = ["question_mark", "escape", "q", "n"]      # the help, then the quit question
    lazily = await widgets_styled(UnoApp, keys, controller=make_controller("Ann,cpu"))
    at_start = await widgets_styled(EveryStylesheetAtStart, keys,
                                    controller=make_controller("Ann,cpu"))
    assert lazily == at_start


async def test_the_setup_screen_then_the_table_are_styled_as_with_every_stylesheet_at_start():
    keys = ["plus", "enter", "question_mark"]
    lazily = await widgets_styled(UnoApp, keys, config=PlayConfig(seed=7))
    at_start = await widgets_styled(EveryStylesheetAtStart, keys, config=PlayConfig(seed=7))
    assert lazily == at_start
