"""Bad input to the public engine API raises an EngineError with a clear message: no bare
ValueError (or TypeError) escapes, and CardParseError is an EngineError."""

from __future__ import annotations

import pytest

from uno_tui.engine import (
    CardParseError, ConfigError, EngineError, Face, Game, IllegalActionError, Match, Play,
    define_kind, get_variant, register_action, register_variant,
)


def test_card_parse_error_is_an_engine_error():
    assert issubclass(CardParseError, EngineError)
    with pytest.raises(EngineError, match="cannot read card 'Q7'"):
        Face.parse("Q7")


@pytest.mark.parametrize("make", [
    lambda: Game("classic", 4, seed=[1]),
    lambda: Game("classic", 4, rules="stacking"),
    lambda: Game("classic", 4, rules=7),
    lambda: Game("classic", 4, dealer="0"),
    lambda: Game("classic", "4"),
    lambda: Game("uno-deluxe", 4),
    lambda: Game("classic", 4, deck=["a"] * 108),
    lambda: Game("classic", 4, cards=get_variant("pokemon").build_deck()),
    lambda: Game.from_position(hands=[["W", "W", "W"], ["W", "W"]], top="R3"),
    lambda: Game.from_position(hands=[["R1"], ["G1"]], top="R3", direction=2),
    lambda: Game.from_position(hands=[["R1"], ["G1"]], top="R3", current=5),
    lambda: Match("classic", "4"),
    lambda: Match("classic", 4, rules=7),
    lambda: Match("classic", 4, seed=[1]),
    lambda: define_kind("wild", "Wild Card", "W", wild=True),
    lambda: register_action(int),
    lambda: register_variant("classic"),
])
def test_bad_set_up_raises_config_error(make):
    with pytest.raises(ConfigError):
        make()


def test_bad_actions_and_seats_raise_illegal_action_error():
    game = Game("classic", 3, seed=1)
    for action in (None, "draw", Play("0", 1), Play(7, 1)):
        with pytest.raises(IllegalActionError):
            game.apply(action)
    for seat in (-1, 3, "0", None):
        with pytest.raises(IllegalActionError):
            game.view(seat)
        assert game.legal_actions(seat) == []
