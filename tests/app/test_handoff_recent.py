"""The handoff tells the person coming back what happened since they passed the keyboard on."""

from __future__ import annotations

from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.widgets.log import GameLog

from .helpers import make_app, press, rigged, screen_text, settle, take_keyboard


def test_the_log_keeps_a_bookmark_per_reader():
    log = GameLog()
    log.add(["Ann plays Red 1"])
    assert log.unread(0) == []                 # no bookmark yet: nothing to tell
    log.bookmark(0)
    log.add(["Bob plays Red 2", "CPU 1 plays Red 3"])
    assert log.unread(0) == ["Bob plays Red 2", "CPU 1 plays Red 3"]
    log.bookmark(0)
    assert log.unread(0) == []


async def test_a_person_coming_back_reads_what_happened_since_their_turn():
    controller = rigged("Ann,Bob,cpu", hands=[["R1", "R2", "B9"], ["R3", "R4", "B8"],
                                              ["R5", "R6", "G7"]], top="R9")
    app = make_app(controller)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, "Ann")
        assert not app.screen.query("#handoff-recent")      # nothing yet, first time
        await press(pilot, "1", "enter")                     # Ann plays Red 1
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HandoffScreen) and screen.player == "Bob"
        assert screen.recent == ()                           # Bob's first turn
        await press(pilot, "enter")
        await settle(pilot)
        await press(pilot, "1", "enter")                     # Bob plays Red 3
        await settle(pilot)                                  # the computer plays Red 5
        screen = app.screen
        assert isinstance(screen, HandoffScreen) and screen.player == "Ann"
        text = screen_text(app)
        assert "Since Ann's last turn:" in text
        assert "Bob plays Red 3" in text and "CPU 1 plays Red 5" in text
        assert "Ann plays Red 1" not in text                 # she did that herself
