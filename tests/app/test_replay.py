"""Replays: a saved match stepped through action by action, every hand shown."""

from __future__ import annotations

import re

import random

import pytest

from uno_tui import cli
from uno_tui.app.app import UnoApp
from uno_tui.app.controller import TableController
from uno_tui.app.replay import Replay, ReplayError, refusal
from uno_tui.app.screens.replay import ReplayScreen
from uno_tui.bots import make_bot
from uno_tui.config import PlayConfig, SeatSpec
from uno_tui.saves import MatchRecorder, MatchStore

from .helpers import screen_text, settle

SEATS = (SeatSpec("Ann"), SeatSpec("CPU 1", "normal"), SeatSpec("CPU 2", "easy"))


def play_match(store: MatchStore, seats=SEATS, *, target: int = 60, rounds: int | None = None,
               variant: str = "classic") -> TableController:
    cfg = PlayConfig(variant=variant, seats=seats, seed=11, target=target)
    ctl = TableController(variant, seats, target=target, seed=11,
                          recorder=MatchRecorder(store, cfg))
    person = make_bot("normal", 0, random.Random(2))
    while not ctl.match.is_over:
        if ctl.game.is_over:
            ctl.finish_round()
            if rounds is not None and ctl.match.round_number >= rounds:
                return ctl
            if not ctl.match.is_over:
                ctl.next_round()
            continue
        seat = ctl.decider
        if seat in ctl.bots:
            if ctl.bot_step():
                continue
        ctl.apply(person.choose(ctl.view(seat), ctl.legal(seat)))
    return ctl


def test_stepping_forward_and_back_shows_the_game_as_played(tmp_path):
    store = MatchStore(tmp_path)
    ctl = play_match(store)
    record = store.load(store.finished()[0])
    replay = Replay(record)
    replay.check()
    assert replay.rounds == len(ctl.match.results) >= 1
    seen = [replay.game.to_json()]
    while replay.forward():
        seen.append(replay.game.to_json())
    assert replay.game.is_over and replay.step == replay.steps
    assert replay.scores == ctl.match.results[0].totals
    for expected in reversed(seen[:-1]):
        assert replay.back()
        assert replay.game.to_json() == expected
    assert not replay.back()
    replay.go(replay.rounds - 1)
    replay.to_end()
    assert replay.scores == tuple(ctl.match.scores)


def test_a_corrupt_action_is_one_message(tmp_path):
    store = MatchStore(tmp_path)
    play_match(store)
    record = store.load(store.finished()[0])
    record.rounds[0].actions[3] = {"action": "Play", "seat": 0, "card": 99999}
    with pytest.raises(ReplayError, match="round 1, action 4 can't be played again"):
        Replay(record).check()


def test_a_match_in_progress_with_people_is_refused(tmp_path, capsys):
    store = MatchStore(tmp_path)
    ctl = play_match(store, target=500, rounds=1)
    path = ctl.recorder.record.path
    assert "still in progress" in refusal(store.load(path))
    assert cli.main(["replay", "--data-dir", str(tmp_path), str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "still in progress and has people in it (Ann)" in err
    assert path.exists()   # refused, not moved: it is a good save


def test_an_all_computer_match_in_progress_may_be_replayed(tmp_path):
    store = MatchStore(tmp_path)
    seats = (SeatSpec("CPU 1", "easy"), SeatSpec("CPU 2", "easy"))
    ctl = play_match(store, seats, target=500, rounds=1)
    assert refusal(store.load(ctl.recorder.record.path)) is None


@pytest.mark.parametrize("args, words", [
    (["replay"], ["no finished match to replay in"]),
    (["replay", "/no/such/file.json"], ["/no/such/file.json", "no such file"]),
    (["replay", "--frob"], ["unrecognized arguments"]),
])
def test_replay_bad_input_one_line_exit_2(tmp_path, capsys, args, words):
    assert cli.main([*args, "--data-dir", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("uno-tui replay: error: ")
    for word in words:
        assert word in err


def test_a_truncated_file_is_refused_and_kept(tmp_path, capsys):
    store = MatchStore(tmp_path)
    play_match(store)
    path = store.finished()[0]
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])
    assert cli.main(["replay", "--data-dir", str(tmp_path), str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cut short" in err and str(path) in err
    # Kept: where it was if it still holds the start of its match, else set aside.
    kept = [path] if path.exists() else list(store.damaged.iterdir())
    assert [p.read_bytes() for p in kept] == [data[:len(data) // 2]]


async def test_the_replay_screen_steps_and_jumps_with_every_hand_shown(tmp_path):
    store = MatchStore(tmp_path)
    ctl = play_match(store, target=100)
    replay = Replay(store.load(store.finished()[0]))
    app = UnoApp(PlayConfig(), steady=True, replay=replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        text = screen_text(app)
        assert f"Round 1 of {replay.rounds} · action 0 of {replay.steps}" in text
        for seat, name in enumerate(replay.names):
            assert name in text
        # The draw pile names no key: d does nothing here (issue 23: "Draw 86 (d)").
        assert re.search(r"Draw \d+ ", text) and not re.search(r"Draw \d+ \(d\)", text), text
        await pilot.press("right", "right", "right", "left")
        await settle(pilot)
        assert replay.step == 2 and "action 2 of" in screen_text(app)
        # Every hand is on screen: each seat's card count next to its name.
        hands = screen_text(app).split("Every hand")[1]
        for seat, name in enumerate(replay.names):
            assert f"{name}" in hands and f" {len(replay.game.hands[seat])} " in hands
        await pilot.press("end")
        await settle(pilot)
        assert "round over" in screen_text(app)
        if replay.rounds > 1:
            await pilot.press("pagedown")
            await settle(pilot)
            assert f"Round 2 of {replay.rounds} · action 0" in screen_text(app)
        await pilot.press("q")
    assert ctl.match.is_over
