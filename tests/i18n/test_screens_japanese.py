"""The dialogs, the too-small notice, the replay and the setup's problems in Japanese;
the English words of the same screens unchanged."""

from __future__ import annotations

from uno_tui import cli
from uno_tui.app.app import UnoApp
from uno_tui.app.replay import Replay, ReplayError, refusal
from uno_tui.app.screens.confirm import ConfirmDialog
from uno_tui.app.screens.error_dialog import ErrorDialog
from uno_tui.app.screens.replay import ReplayScreen
from uno_tui.app.screens.too_small import TooSmallScreen
from uno_tui.app.widgets.saved_matches import ago, describe
from uno_tui.config import PlayConfig, SeatSpec
from uno_tui.i18n import translator
from uno_tui.saves import MatchStore

from ..app.helpers import make_app, make_controller, press, quiet, screen_text, settle, shown
from ..app.test_replay import play_match

JA = translator("ja")


async def test_the_quit_dialog_in_japanese_and_in_english():
    for lang, words in (("ja", [JA("Quit the game?"), JA("The match in play will be lost."),
                                "1 " + JA("Quit") + "  [y]", "2 " + JA("Keep playing") + "  [n]"]),
                        ("en", ["Quit the game?", "The match in play will be lost.",
                                "1 Quit  [y]", "2 Keep playing  [n]"])):
        app = make_app(make_controller("Ann,cpu"))
        app.tr = translator(lang)
        app.set_reactive(UnoApp.language, lang)
        async with app.run_test(size=(100, 30)) as pilot:
            await quiet(pilot)
            await press(pilot, "ctrl+q")
            await quiet(pilot)
            assert isinstance(app.screen, ConfirmDialog)
            text = await shown(pilot)
            for word in words:
                assert word in text, (lang, word)


async def test_a_game_that_fails_says_so_in_japanese():
    app = UnoApp(pace=0, steady=True, lang="ja", controller=make_controller("Ann,cpu"))
    async with app.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        app.table._fail(RuntimeError("boom"))
        await quiet(pilot)
        assert isinstance(app.screen, ErrorDialog)
        text = await shown(pilot)
        assert JA("Something went wrong") in text
        assert JA("The game can't go on: {problem}", problem="boom") in text
        assert JA("New setup") in text


async def test_the_too_small_notice_in_japanese():
    app = UnoApp(PlayConfig(), pace=0, steady=True, lang="ja")
    async with app.run_test(size=(70, 20)) as pilot:
        await quiet(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        text = " ".join((await shown(pilot)).split())
        assert "端末が小さすぎます：いまは70x20で" in text and "80x24以上が必要です" in text


async def test_the_setup_explains_a_problem_in_japanese():
    seats = tuple(SeatSpec(f"P{n}") for n in range(11))
    app = UnoApp(PlayConfig(seats=None), pace=0, steady=True, lang="ja")
    async with app.run_test(size=(100, 40)) as pilot:
        await quiet(pilot)
        from uno_tui.app.widgets.seat_table import SeatTable
        table = app.screen.query_one(SeatTable)
        for _ in range(len(seats) - len(table.rows)):
            table.add_seat(SeatSpec(f"X{len(table.rows)}", "easy"))
        await quiet(pilot)
        await press(pilot, "ctrl+s")
        await quiet(pilot)
        text = await shown(pilot)
        assert "開始できません：クラシックUNOは2〜10人で遊びます（11人ではなく）。" in text


async def test_the_replay_screen_in_japanese(tmp_path):
    store = MatchStore(tmp_path)
    play_match(store, target=100)
    replay = Replay(store.load(store.finished()[0]))
    app = UnoApp(PlayConfig(), steady=True, replay=replay, lang="ja")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        text = screen_text(app)
        assert f"リプレイ・クラシックUNO・{len(replay.names)}人" in text
        assert f"ラウンド 1/{replay.rounds} · アクション 0/{replay.steps}" in text
        assert "全員の手札" in text


def test_the_replays_refusals_and_errors_in_japanese(tmp_path, capsys):
    store = MatchStore(tmp_path)
    ctl = play_match(store, target=500, rounds=1)
    path = ctl.recorder.record.path
    record = store.load(path)
    assert "still in progress" in refusal(record)
    assert "まだ途中で、人が参加しています（Ann）" in refusal(record, JA)
    assert cli.main(["replay", "--lang", "ja", "--data-dir", str(tmp_path), str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("uno-tui replay: エラー: ") and "まだ途中で、人が参加しています（Ann）" in err
    problem = ReplayError("round {number} can't be dealt again ({problem})", number=2,
                          problem="bad deal")
    assert str(problem) == "round 2 can't be dealt again (bad deal)"
    assert problem.words(JA) == "ラウンド2を配り直せません（bad deal）"


def test_the_saved_matches_list_in_japanese():
    from datetime import datetime, timedelta, timezone
    from pathlib import Path

    from uno_tui.saves import SaveSummary

    now = datetime(2026, 1, 2, tzinfo=timezone.utc)
    assert ago(now - timedelta(days=2), now, JA) == "2日前"
    assert ago(now - timedelta(days=1), now) == "1 day ago"
    assert ago(now - timedelta(days=2), now) == "2 days ago"
    assert ago(now - timedelta(minutes=5), now, JA) == "5分前"
    summary = SaveSummary(path=Path("x.json"), variant="classic", names=("Ann", "Bob"),
                          humans=1, round_number=3, scores=(10, 20),
                          updated=now - timedelta(hours=3))
    assert describe(summary, now).plain == "Classic UNO · Ann, Bob · round 3 · 10/20 · 3 h ago"
    assert describe(summary, now, JA).plain == "クラシックUNO · Ann, Bob · ラウンド3 · 10/20 · 3時間前"


async def test_the_japanese_setup_at_80x24_takes_plus_without_scrolling_as_the_english_does():
    """A computer level's hint took two lines in Japanese (77-86 cells on a line of 78):
    with a fifth seat the setup column overflowed by that line, its scrollbar came and
    every label beside it was cut again, and each "+" wrote the whole screen four times
    (26.7 kB, English 7.6 kB). Each level's hint is one line in both languages."""
    from rich.cells import cell_len

    from uno_tui.app.screens.setup import SetupScreen
    from uno_tui.app.widgets.seat_table import level_word
    from uno_tui.bots import LEVEL_DESCRIPTIONS

    for lang in ("en", "ja"):
        app = UnoApp(PlayConfig(), pace=0, steady=True, lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await quiet(pilot)
            await press(pilot, "plus")
            await quiet(pilot)
            assert isinstance(app.screen, SetupScreen)
            setup, hint = app.screen.query_one("#setup"), app.screen.query_one("#setup-error")
            assert hint.size.height == 1, (lang, str(hint.content))
            assert setup.max_scroll_y == 0 and not setup.vertical_scrollbar.display, lang
            tr = app.tr
            for level, description in LEVEL_DESCRIPTIONS.items():
                words = tr("Computer {level}: {description}", level=level_word(level, tr),
                           description=tr(description))
                assert cell_len(words) <= hint.content_size.width, (lang, level, words)
