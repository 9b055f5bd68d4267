"""``catch-window:N`` at the table: the app's clock closes a missed UNO's window N
seconds after it opened; until then the catch is offered."""

from __future__ import annotations

import asyncio

from uno_tui.app.widgets.log import GameLog

from .helpers import make_app, press, rigged, screen_text, settle


async def _open_window(rules):
    """CPU 1 plays down to one card without calling UNO; Ann may catch it."""
    ctl = rigged("Ann,cpu", hands=[["B1", "B2", "B3"], ["R1", "R2"]], top="R3", current=1,
                 calls_uno=False, rules=rules)
    return ctl, make_app(ctl)


async def test_the_catch_goes_away_when_the_seconds_are_up():
    ctl, app = await _open_window(["catch-window:1"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert ctl.game.uno_window == 1
        assert "Catch! CPU 1 forgot UNO (c)" in screen_text(app)
        for _ in range(100):                    # bounded: at most ~10 s on a crowded machine
            if ctl.game.uno_window is None:
                break
            await asyncio.sleep(0.1)
        await settle(pilot)
        assert ctl.game.uno_window is None
        assert "forgot UNO" not in screen_text(app)
        # The log says so (the clock's closing is an action, told as every one is).
        assert app.table.query_one(GameLog).entries[-1] == \
            "Time is up: CPU 1's missed UNO can no longer be caught"
        await press(pilot, "c")                 # too late: nothing happens
        await settle(pilot)
        assert len(ctl.game.hands[1]) == 1


async def test_within_the_seconds_the_catch_lands():
    ctl, app = await _open_window(["catch-window:60"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "c")
        await settle(pilot)
        assert len(ctl.game.hands[1]) == 3        # caught: two cards drawn
