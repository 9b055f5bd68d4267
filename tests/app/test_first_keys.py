"""A key pressed as soon as the table shows acts: nothing a player presses is dropped.

The table takes the turn (or covers itself with the handoff) before its first frame: a
key pressed between the first frame and the start of the turn found no action to run.
"""

from __future__ import annotations

from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.screens.table import TableScreen

from .helpers import make_app, press_at_first_frame, rigged, settle, shown


async def test_a_draw_pressed_at_the_first_frame_draws():
    ctl = rigged("Ann,cpu", hands=[["B1", "B2"], ["G1", "G2"]], top="R3", draw=["Y7", "G5"])
    app = make_app(ctl)
    noted = press_at_first_frame(app, "d")
    async with app.run_test() as pilot:
        await settle(pilot)
        assert isinstance(noted["screen"], TableScreen) and noted["acts"]
        assert "Ann draws" in "\n".join(ctl.log)
        assert "Ann draws" in await shown(pilot)


async def test_an_enter_pressed_at_the_first_frame_takes_the_keyboard():
    ctl = rigged("Ann,Bob", hands=[["B1", "B2"], ["G1", "G2"]], top="R3")
    app = make_app(ctl)
    noted = press_at_first_frame(app, "enter")
    async with app.run_test() as pilot:
        await settle(pilot)
        # The first frame is the handoff itself: Ann's Enter takes the keyboard.
        assert isinstance(noted["screen"], HandoffScreen) and noted["acts"]
        assert isinstance(app.screen, TableScreen)
        assert app.screen.viewer == 0 and app.screen.awaiting_turn
        assert "Ann's hand" in await shown(pilot)
