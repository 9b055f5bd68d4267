"""The launch runs without garbage collections; they resume after the first frame.

``run_app`` pauses the collector for the launch (everything it makes lives as long as
the app); the app freezes it after its first frame and collects again, and lets the
launch's objects be collected once a screen goes.
"""

from __future__ import annotations

import gc

from uno_tui.app.app import UnoApp

from .helpers import make_controller, press, settle


async def test_collections_resume_after_the_first_frame_and_a_closed_screen_is_freed():
    app = UnoApp(pace=0.0, steady=True, controller=make_controller("Ann,cpu"),
                 gc_after_first_frame=True)
    gc.disable()
    try:
        async with app.run_test() as pilot:
            await settle(pilot)
            assert gc.isenabled()
            assert gc.get_freeze_count() > 0      # the launch's objects are passed by
            await press(pilot, "question_mark")   # the help opens...
            await settle(pilot)
            await press(pilot, "escape")          # ...and closes: a screen goes
            await settle(pilot)
            assert gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()
        gc.enable()


async def test_an_app_that_did_not_pause_the_collector_leaves_it_alone():
    app = UnoApp(pace=0.0, steady=True, controller=make_controller("Ann,cpu"))
    async with app.run_test() as pilot:
        await settle(pilot)
        assert gc.isenabled() and gc.get_freeze_count() == 0
