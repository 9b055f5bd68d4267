"""The footer: one widget that draws the keys that apply now; a click on a key presses it."""

from __future__ import annotations

from uno_tui.app.screens.help import HelpScreen
from uno_tui.app.widgets.footer import KeysFooter

from .helpers import click, make_app, rigged, settle, shown, wait_for


def footer_x(footer: KeysFooter, description: str) -> int:
    """A column inside the footer's key named ``description`` (its key letter)."""
    x = 0
    for item in footer.items:
        if item.description == description:
            return x + 1
        x += item.width
    raise AssertionError(f"no {description!r} in the footer: {footer.items}")


async def test_the_footer_follows_the_turn_without_a_widget_per_key():
    ctl = rigged("Ann,cpu", hands=[["R1", "G7"], ["B2", "B3", "B4"]], top="R3",
                 draw=["Y9", "Y8", "Y7"])
    async with make_app(ctl).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = pilot.app.table.query_one(KeysFooter)
        text = await shown(pilot)
        bottom = text.splitlines()[-1]
        assert "⏎ Play" in bottom and "d Draw" in bottom and "? Help" in bottom
        assert [item.description for item in footer.items][:3] == ["Pick", "Play", "Draw"]
        assert not footer.children     # the keys are drawn, not widgets of their own
        # A click on "Draw" presses d: Ann draws, and the computer plays on.
        assert await click(pilot, footer, offset=(footer_x(footer, "Draw"), 0))
        await settle(pilot)
        assert ctl.game.view(0).seats[0].card_count == 3
        assert pilot.app.table.query_one(KeysFooter) is footer


async def test_a_click_on_help_in_the_footer_opens_the_rules():
    ctl = rigged("Ann,cpu", hands=[["R1", "G7"], ["B2", "B3"]], top="R3")
    async with make_app(ctl).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = pilot.app.table.query_one(KeysFooter)
        assert await click(pilot, footer, offset=(footer_x(footer, "Help"), 0))
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HelpScreen), "the help")
        # Between keys nothing is pressed.
        assert footer.item_at(sum(item.width for item in footer.items) + 3) is None


async def test_keys_that_stop_applying_leave_the_footer():
    ctl = rigged("Ann,cpu", hands=[["R1", "G7"], ["B2", "B3"]], top="R3")
    async with make_app(ctl).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = pilot.app.table
        footer = table.query_one(KeysFooter)
        assert "Play" in [item.description for item in footer.items]
        table.awaiting_turn = False
        table.refresh_bindings()
        await shown(pilot)
        assert "Play" not in [item.description for item in footer.items]
        assert "⏎ Play" not in (await shown(pilot)).splitlines()[-1]
