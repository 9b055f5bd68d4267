"""The setup screen: defaults on Enter, the variant from the command line, bad values."""

from __future__ import annotations

from textual.widgets import Input, RadioSet, SelectionList

from uno_tui.app.app import UnoApp
from uno_tui.app.screens.setup import SeatRow, SetupScreen
from uno_tui.app.screens.table import TableScreen
from uno_tui.bots import BOT_LEVELS
from uno_tui.cli import PlayConfig, default_bot_level

from .helpers import press, shown


def setup_app(**config) -> UnoApp:
    return UnoApp(PlayConfig(**config), pace=0, steady=True)


async def test_enter_starts_with_one_person_and_three_computers():
    app = setup_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        text = await shown(pilot)
        assert "Classic UNO" in text and "Player 1" in text and "Start" in text
        await press(pilot, "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        ctl = app.table.ctl
    assert ctl.names == ("Player 1", "CPU 1", "CPU 2", "CPU 3")
    assert [spec.level for spec in ctl.seats] == [None] + [default_bot_level()] * 3
    assert ctl.variant == "classic" and ctl.target == 500 and ctl.mode == "target"


async def test_the_variant_from_the_command_line_is_chosen():
    app = setup_app(variant="pokemon", rules=frozenset({"7-0"}), target=200)
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#variant", RadioSet).pressed_button.name == "pokemon"
        assert screen.query_one("#rules", SelectionList).selected == ["7-0"]
        await press(pilot, "ctrl+s")
        await pilot.pause()
        ctl = app.table.ctl
    assert ctl.variant == "pokemon" and ctl.rules == {"7-0"} and ctl.target == 200


async def test_bad_values_are_explained_and_change_nothing():
    app = setup_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#target", Input).value = "0"
        await press(pilot, "enter")
        assert "Can't start: the target score must be a whole number of at least 1" \
            in await shown(pilot)
        assert app.screen is screen
        screen.query_one("#target", Input).value = "300"
        rows = list(screen.query(SeatRow))
        rows[1].query_one(Input).value = "player 1"
        await press(pilot, "enter")
        assert "seats 1 and 2 are both called 'player 1'" in await shown(pilot)
        rows[1].query_one(Input).value = ""
        await press(pilot, "enter")
        assert "seat 2 needs a name" in await shown(pilot)
        assert app.screen is screen


async def test_seats_switch_between_people_and_computer_levels_and_can_be_added():
    app = setup_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        rows = list(screen.query(SeatRow))
        assert rows[0].level is None
        clicks = 0
        # Person -> every computer level the bots offer -> person again.
        for expected in [*BOT_LEVELS, None]:
            assert await pilot.click(rows[0].query_one(".seat-kind"))
            clicks += 1
            assert rows[0].level == expected
            await pilot.pause(0.21)    # a button ignores clicks while it shows being pressed
        await press(pilot, "plus")
        await pilot.pause()
        assert len(screen.query(SeatRow)) == 5
        new_row = list(screen.query(SeatRow))[-1]
        assert new_row.name_text == "CPU 4"
        new_row.cycle()
        assert new_row.level in BOT_LEVELS
        while new_row.level is not None:
            new_row.cycle()
        # Typing in a name field does not trigger the screen's keys.
        new_row.query_one(Input).focus()
        await press(pilot, "E", "v", "e", "plus")
        assert new_row.name_text == "Eve+"
        assert len(screen.query(SeatRow)) == 5
        await press(pilot, "escape", "minus", "minus")
        await pilot.pause()
        assert len(screen.query(SeatRow)) == 3
        await press(pilot, "minus", "minus")
        assert "A game needs at least 2 seats." in await shown(pilot)
        await press(pilot, "enter")
        await pilot.pause()
        ctl = app.table.ctl
    assert ctl.names == ("Player 1", "CPU 1")
    assert clicks == len(BOT_LEVELS) + 1


async def test_house_rules_are_chosen_from_the_list():
    app = setup_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        rules = app.screen.query_one("#rules", SelectionList)
        rules.focus()
        await press(pilot, "space", "down", "down", "space")
        await press(pilot, "ctrl+s")
        await pilot.pause()
        ctl = app.table.ctl
    assert ctl.rules == {"stacking", "jump-in"}
