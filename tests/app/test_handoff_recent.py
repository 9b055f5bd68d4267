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


async def test_the_summary_lists_everything_since_that_persons_last_decision():
    """Issue 23: "Since Bob's last turn" listed only what came after the last handoff
    (Ann's play), leaving out the computers' moves that followed Bob's own."""
    controller = rigged("Ann,Bob,cpu,cpu", hands=[["R1", "R2", "B9"], ["R3", "R4", "B8"],
                                                  ["R5", "R6", "G7"], ["R7", "R8", "G6"]],
                        top="R9")
    app = make_app(controller)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, "Ann")
        await press(pilot, "1", "enter")                     # Ann plays Red 1
        await take_keyboard(pilot, "Bob")
        await press(pilot, "1", "enter")                     # Bob plays Red 3
        await take_keyboard(pilot, "Ann")                    # the computers played
        await press(pilot, "1", "enter")                     # Ann plays Red 2
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HandoffScreen) and screen.player == "Bob"
        assert screen.recent == ("CPU 1 plays Red 5", "CPU 2 plays Red 7", "Ann plays Red 2")
        assert "Bob plays Red 3" not in screen_text(app)


async def test_a_resumed_match_keeps_the_log_of_its_round(tmp_path):
    """Issue 23: a resumed match started with an empty log ("Round 1 resumed from the
    save")."""
    from uno_tui.app.app import UnoApp
    from uno_tui.app.widgets.log import GameLog
    from uno_tui.saves import MatchStore

    from .test_resume import saved_match

    store = MatchStore(tmp_path)
    played = saved_match(store, 9)
    played.recorder.flush()
    record = store.load(store.unfinished()[0].path)
    app = UnoApp(pace=0, steady=True, store=store, resume=record)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.table.query_one(GameLog).entries
        resumed = log.index("Round 1 resumed from the save")
        # Every action's lines, as they were logged (the deal's own lines may differ).
        again = log[:resumed]
        assert again[0] == "Round 1" and again[-9:] == played.log[-9:]
        assert len(again) >= 10
