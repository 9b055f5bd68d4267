"""Actions round-trip through plain JSON, and anything else is a SaveDataError."""

import json

import pytest

from uno_tui.engine import (
    Game, SaveDataError, action_from_json, action_to_json,
)
from uno_tui.engine.actions import ChooseColor, CloseUnoWindow, LinkPlayers, Play, TakePile


@pytest.mark.parametrize("action", [
    Play(2, 17), TakePile(3), ChooseColor(0, "red"), LinkPlayers(1, 4, 2), CloseUnoWindow(1),
])
def test_an_action_survives_json(action):
    text = json.dumps(action_to_json(action))
    assert action_from_json(json.loads(text)) == action


def test_every_legal_action_of_a_game_round_trips():
    game = Game("party", 6, seed=3)
    for seat in range(6):
        for action in game.legal_actions(seat):
            assert action_from_json(action_to_json(action)) == action


@pytest.mark.parametrize("data", [
    None, [], "Play", {"action": "Explode", "seat": 0},
    {"action": "Play", "seat": 0},
    {"action": "Play", "seat": 0, "card": 1, "extra": 2},
    {"action": "Play", "seat": "0", "card": 1},
    {"action": "Play", "seat": 0, "card": True},
    {"action": "ChooseColor", "seat": 0, "color": 3},
])
def test_anything_else_is_refused_clearly(data):
    with pytest.raises(SaveDataError):
        action_from_json(data)
