"""The setup screen lists unfinished matches and resumes one with a key; bad saves get a notice."""

from __future__ import annotations

from uno_tui.app.app import UnoApp
from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.screens.setup import SetupScreen
from uno_tui.app.screens.table import TableScreen
from uno_tui.app.controller import TableController
from uno_tui.config import PlayConfig, SeatSpec
from uno_tui.saves import MatchRecorder, MatchStore

from .helpers import screen_text, settle, wait_for

SEATS = (SeatSpec("Ann"), SeatSpec("[bold]Bob[/]"), SeatSpec("CPU 1", "normal"))
CONFIG = PlayConfig(variant="classic", seats=SEATS, seed=3, target=500)


def saved_match(store: MatchStore, actions: int) -> TableController:
    ctl = TableController(CONFIG.variant, SEATS, seed=CONFIG.seed,
                          recorder=MatchRecorder(store, CONFIG))
    for _ in range(actions):
        seat = ctl.decider
        if seat in ctl.bots:
            ctl.bot_step()
        else:
            ctl.apply(ctl.legal(seat)[-1])
    ctl.recorder.close()        # let go of the match (one writer per match)
    return ctl


async def test_r_resumes_the_newest_unfinished_match_behind_a_handoff(tmp_path):
    store = MatchStore(tmp_path)
    played = saved_match(store, 9)
    app = UnoApp(PlayConfig(), pace=0, steady=True, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        text = screen_text(app)
        assert "Unfinished matches" in text
        # A name is shown as typed, never read as markup.
        assert "Classic UNO · Ann, [bold]Bob[/], CPU 1 · round 1 · 0/0/0" in text
        await pilot.press("r")
        await wait_for(pilot, lambda: app.table is not None, "the table")
        resumed = app.table.ctl
        assert resumed.match.to_json() == played.match.to_json()
        # Two people share the keyboard: the hand shows only after a handoff.
        if resumed.decider in resumed.humans:
            await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen), "a handoff")
            assert "Pass to" in screen_text(app)


async def test_a_bad_save_gets_a_notice_and_is_moved_aside(tmp_path):
    store = MatchStore(tmp_path)
    store.saves.mkdir(parents=True)
    bad = store.saves / "match-bad.json"
    bad.write_text('{"format": 99, "kind": "uno-tui-match"}')
    app = UnoApp(PlayConfig(), pace=0, steady=True, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "The save match-bad.json can't be used: it was written by a newer uno-tui" in text
        assert "Unfinished matches" not in text
        await pilot.press("r")     # nothing to resume: nothing happens
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
    assert not bad.exists()
    [kept] = store.damaged.iterdir()
    assert kept.read_text() == '{"format": 99, "kind": "uno-tui-match"}'


async def test_without_saves_the_setup_screen_is_as_before(tmp_path):
    app = UnoApp(PlayConfig(), pace=0, steady=True, store=MatchStore(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Unfinished" not in screen_text(app)
        assert "Resume saved" not in screen_text(app)


async def test_a_long_history_of_saves_lists_the_newest_and_counts_the_rest(tmp_path):
    store = MatchStore(tmp_path)
    saved_match(store, 9)
    [first] = store.saves.iterdir()
    for number in range(7):
        (store.saves / f"match-copy-{number}.json").write_bytes(first.read_bytes())
    app = UnoApp(PlayConfig(), pace=0, steady=True, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert text.count("Classic UNO · Ann") == 5
        assert "and 3 older" in text
