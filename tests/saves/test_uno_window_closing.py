"""``catch-window:N``: the table's clock closing a missed UNO's window is a recorded action
(``CloseUnoWindow``), so a resumed save keeps the window closed, a replay shows it
closing, and the save round-trips it."""

from __future__ import annotations

import json

import pytest

from uno_tui.app.replay import Replay
from uno_tui.engine import Catch, CloseUnoWindow, Game, Play, action_from_json
from uno_tui.saves import MatchStore

from .test_journal import resumed_table
from .test_store import config, only_save, recorded_table

RULES = ("catch-window:5",)
CLOSED_LINE = "Time is up: Ann's missed UNO can no longer be caught"


@pytest.fixture
def store(tmp_path) -> MatchStore:
    return MatchStore(tmp_path / "data")


def _window_closed_by_the_clock(store: MatchStore):
    """Ann plays down to one card without calling UNO; the table's 5 seconds run out."""
    ctl = recorded_table(store, config(rules=RULES))
    ctl.use_position(Game.from_position(
        "classic", hands=[["R5", "G7"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]], top="R3",
        current=0, rules=RULES))
    game = ctl.game
    ctl.apply(Play(0, game.hands[0][0]))
    assert Catch(1, 0) in game.legal_actions(1)
    opened, _ = game.uno_window_clock
    assert ctl.close_uno_window(game, opened)
    assert game.uno_window is None
    ctl.recorder.flush()
    return ctl


def test_a_resumed_save_keeps_the_window_the_clock_closed_closed(store):
    ctl = _window_closed_by_the_clock(store)
    path = only_save(store)
    last = json.loads(path.read_bytes().splitlines()[-1])
    assert action_from_json(last) == CloseUnoWindow(0)
    ctl.recorder.close()                           # uno-tui quits; the next one resumes
    again = resumed_table(store, path)
    game = again.game
    assert game.uno_window is None and game.uno_window_clock is None
    assert Catch(1, 0) not in game.legal_actions(1)
    assert Catch(2, 0) not in game.legal_actions(2)
    assert again.match.to_json() == ctl.match.to_json()


def test_a_replay_shows_the_window_closing(store):
    _window_closed_by_the_clock(store)
    replay = Replay(store.load(only_save(store)))
    replay.go(replay.rounds - 1)
    assert replay.forward()                        # Ann plays Red 5
    assert replay.game.uno_window == 0
    assert replay.forward()                        # the clock closes her window
    assert replay.game.uno_window is None
    assert replay.lines[-1] == CLOSED_LINE
    assert not replay.forward()


def test_the_save_round_trips_the_closed_window(store):
    ctl = _window_closed_by_the_clock(store)
    game = Game.loads(ctl.game.dumps())
    assert game.to_json() == ctl.game.to_json() and game.uno_window is None
    assert Catch(1, 0) not in game.legal_actions(1)
    assert store.load(only_save(store)).restore().to_json() == ctl.match.to_json()
