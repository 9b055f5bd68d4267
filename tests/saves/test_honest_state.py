"""A failed save is said at once and kept on screen; the quit dialog and the exit status
tell the truth; Ctrl+C saves and exits 130."""

from __future__ import annotations

import os
import signal

from uno_tui.app.app import UnoApp
from uno_tui.app.screens.unsaved import UnsavedQuitDialog
from uno_tui.config import PlayConfig, SeatSpec
from uno_tui.paths import data_dir
from uno_tui.saves import MatchStore

from ..app.helpers import screen_text, settle, wait_for

SEATS = (SeatSpec("Ann"), SeatSpec("CPU 1", "normal"), SeatSpec("CPU 2", "normal"))
CONFIG = PlayConfig(variant="classic", seats=SEATS, seed=3, target=500)


def full_disk(monkeypatch) -> None:
    """Every write to a save fails as on a full disk (from the first one on)."""
    def full(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)


async def test_a_full_disk_from_the_start_is_marked_on_the_table_and_stays(tmp_path, monkeypatch):
    full_disk(monkeypatch)
    store = MatchStore(tmp_path)
    app = UnoApp(CONFIG, pace=0, steady=True, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "Not saved at all" in screen_text(app), "the mark")
        text = " ".join(screen_text(app).split())
        assert "No space left on device" in text and "tries again at every move" in text
        await pilot.pause(1.2)        # not a toast: it stays
        assert "Not saved at all" in screen_text(app)
        monkeypatch.undo()            # the disk has room again: the mark goes
        app.flush_saves(5)
        await wait_for(pilot, lambda: "Not saved" not in screen_text(app), "the mark gone")
        line, status = app.exit_report()
        # All on disk: the way out says only how to go on with it.
        assert status == 0 and line == ("the match is saved; to go on with it: "
                                        f"uno-tui --data-dir {tmp_path} --resume")


async def test_the_quit_dialog_says_what_is_not_saved_and_saves_elsewhere(
        tmp_path, monkeypatch):
    store = MatchStore(tmp_path / "data")
    app = UnoApp(CONFIG, pace=0, steady=True, store=store)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        recorder = app.controller.recorder
        full_disk(monkeypatch)
        app.controller.apply(app.controller.legal(app.controller.decider)[-1])
        app.flush_saves(5)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, UnsavedQuitDialog), "the dialog")
        text = " ".join(screen_text(app).split())
        assert "The match is saved" not in text
        assert f"Not saved since move {recorder.state().saved_moves}: No space left on device" \
            in text
        assert "Save elsewhere" in text and str(home) in app.screen.message
        monkeypatch.undo()
        await pilot.press("s")
        await wait_for(pilot, lambda: app.return_code is not None or not app.is_running,
                       "the exit")
    line, status = app.exit_report()
    [saved] = home.glob("uno-tui-match-*.json")
    assert status == 0 and str(saved) in line and "--resume" in line
    assert store.load(saved).restore().to_json() == app.controller.match.to_json()


async def test_quitting_without_saving_says_so_in_the_exit_status(tmp_path, monkeypatch):
    store = MatchStore(tmp_path)
    app = UnoApp(CONFIG, pace=0, steady=True, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        full_disk(monkeypatch)
        app.controller.apply(app.controller.legal(app.controller.decider)[-1])
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, UnsavedQuitDialog), "the dialog")
        await pilot.press("q")
    line, status = app.exit_report()
    assert status == 1 and "not saved since move" in line and "No space left on device" in line


async def test_ctrl_c_saves_and_exits_130(tmp_path):
    store = MatchStore(tmp_path)
    app = UnoApp(CONFIG, pace=0, steady=True, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == 128 + signal.SIGINT
    [path] = store.saves.glob("*.json")
    assert store.load(path).restore().to_json() == app.controller.match.to_json()


def test_the_resume_command_names_the_data_directory_unless_it_is_the_default(
        tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    default = UnoApp(CONFIG, pace=0, steady=True, store=MatchStore(data_dir()))
    assert default.resume_command() == "uno-tui --resume"
    elsewhere = UnoApp(CONFIG, pace=0, steady=True, store=MatchStore(tmp_path / "my saves"))
    # Quoted for a shell: the folder's name has a space.
    assert elsewhere.resume_command() == \
        f"uno-tui --data-dir '{tmp_path / 'my saves'}' --resume"
