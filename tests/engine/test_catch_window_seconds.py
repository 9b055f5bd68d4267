"""``catch-window:N``: the window of ``catch-window`` that the table's clock closes after
N seconds; the notation on the command line, in a save and its range."""

from __future__ import annotations

import pytest

from uno_tui.engine import (
    Catch, CallUno, CloseUnoWindow, ConfigError, Decision, Draw, EventKind as E, Game,
    IllegalActionError, get_variant,
)
from uno_tui.engine.invariants import check_invariants, check_round_trip

from .support import of_kind, play

DRAWS = ["B9", "B8", "B7", "B6", "B5"]


def _game(rules, hands, top="R5", draw=DRAWS):
    return Game.from_position(hands=hands, top=top, draw=list(draw), rules=rules)


def test_the_window_stays_open_through_draws_until_the_clock_closes_it():
    hands = [["R1", "R2"], ["G3", "G4"], ["Y4", "Y5"]]
    game = _game(["catch-window:5"], hands)
    assert game.window_seconds == 5
    play(game, 0, "R1")                           # Ann is down to one card, no UNO
    game.apply(Draw(1))
    assert Catch(2, 0) in game.legal_actions(2)   # a draw keeps it open, as catch-window
    events = game.apply(CloseUnoWindow(0))        # the table's 5 seconds are up
    assert [(e.kind, e.seat) for e in events] == [(E.UNO_WINDOW_CLOSED, 0)]
    assert game.uno_window is None
    assert Catch(2, 0) not in game.legal_actions(2)
    assert CallUno(0) not in game.legal_actions(0)
    assert check_invariants(game) == [] and check_round_trip(game) == []
    assert game.decision == Decision("turn", 2) and len(game.hands[0]) == 1


def test_before_the_clock_runs_out_a_catch_still_lands_and_the_next_card_closes_it():
    hands = [["R1", "R2"], ["G3", "G4"], ["Y4", "Y5"]]
    game = _game(["catch-window:5"], hands)
    play(game, 0, "R1")
    game.apply(Draw(1))
    events = game.apply(Catch(2, 0))
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(0, 2)]
    game = _game(["catch-window:5"], [["R1", "R2"], ["R3", "G4"], ["Y4", "Y5"]])
    play(game, 0, "R1")
    play(game, 1, "R3")                           # the next card closes it, clock or not
    assert Catch(2, 0) not in game.legal_actions(2)


def test_without_a_clock_closing_changes_nothing():
    hands = [["R1", "R2"], ["G3", "G4"], ["Y4", "Y5"]]
    game = _game(["catch-window"], hands)
    assert game.window_seconds is None
    play(game, 0, "R1")
    with pytest.raises(IllegalActionError, match="no clock closes"):
        game.apply(CloseUnoWindow(0))
    assert Catch(1, 0) in game.legal_actions(1)
    game = _game([], hands)
    play(game, 0, "R1")
    with pytest.raises(IllegalActionError, match="CloseUnoWindow is not an action of"):
        game.apply(CloseUnoWindow(0))


def test_the_table_closes_only_an_open_window_and_no_seat_is_offered_the_closing():
    hands = [["R1", "R2"], ["G3", "G4"], ["Y4", "Y5"]]
    game = _game(["catch-window:5"], hands)
    with pytest.raises(IllegalActionError, match="seat 0 has no missed UNO's window open"):
        game.apply(CloseUnoWindow(0))             # nobody's window is open yet
    play(game, 0, "R1")
    with pytest.raises(IllegalActionError, match="seat 1 has no missed UNO's window open"):
        game.apply(CloseUnoWindow(1))
    assert not any(type(a) is CloseUnoWindow
                   for seat in range(3) for a in game.legal_actions(seat))
    game.apply(CloseUnoWindow(0))
    with pytest.raises(IllegalActionError):
        game.apply(CloseUnoWindow(0))             # closed already


def test_a_save_keeps_the_rule_with_its_number():
    game = _game(["catch-window:12"], [["R1", "R2"], ["G3", "G4"], ["Y4", "Y5"]])
    play(game, 0, "R1")
    again = Game.loads(game.dumps())
    assert again.rules == {"catch-window:12"} and again.window_seconds == 12
    assert Catch(1, 0) in again.legal_actions(1)


@pytest.mark.parametrize("rules, words", [
    (["catch-window:0"], "catch-window:N takes a whole number of seconds from 1 to 60"),
    (["catch-window:61"], "from 1 to 60"),
    (["catch-window:1.5"], "whole number"),
    (["catch-window:"], "whole number"),
    (["catch-window:５"], "whole number"),          # a full-width digit is not one
    (["stacking:3"], "stacking takes no number"),
    (["catch-window", "catch-window:5"], "choose one catch-window"),
    (["catch-window:5", "catch-window:9"], "choose one catch-window"),
])
def test_a_bad_number_is_refused_with_what_is_wrong(rules, words):
    with pytest.raises(ConfigError, match=words):
        get_variant("classic").check_rules(rules)
    with pytest.raises(ConfigError):
        _game(rules, [["R1", "R2"], ["G3", "G4"]])


def test_the_range_ends_are_taken():
    for seconds in (1, 60):
        assert _game([f"catch-window:{seconds}"], [["R1"], ["G3"]]).window_seconds == seconds
