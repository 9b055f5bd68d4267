"""The round's public history: what every seat saw happen, kept in saves."""

import random

import pytest

from uno_tui.engine import Draw, EventKind, Face, Game, Play, SaveDataError
from uno_tui.engine.view import History

from .support import played_at_random


def _card(game: Game, seat: int, code: str) -> int:
    face = Face.parse(code)
    return next(c for c in game.hands[seat] if game.face(c) == face)


def test_every_event_applied_is_in_the_history_in_order():
    game = Game("classic", 4, seed=3)
    seen = list(game.history)
    assert [e.kind for e in seen if e.kind in (EventKind.DEAL, EventKind.FIRST_CARD)][-1] \
        == EventKind.FIRST_CARD
    rng = random.Random(3)
    for _ in range(60):
        if game.is_over:
            break
        seat = game.decision.seat
        events = game.apply(rng.choice(game.legal_actions(seat)))
        seen += [e.for_seat(None)._replace(audience=None) for e in events]
        assert list(game.history) == seen


def test_the_history_shows_nobody_the_cards_drawn():
    game = Game.from_position(hands=[["R1", "B2"], ["G3", "G4"]], top="Y9", draw=["R7"])
    game.apply(Draw(0))
    draws = [e for e in game.history if e.kind == EventKind.DRAW]
    assert len(draws) == 1 and draws[0].count == 1 and draws[0].cards == ()
    # Every seat, the drawer included, is handed the same public record.
    assert game.view(0).history == game.view(1).history == game.history


def test_a_view_keeps_the_history_of_its_moment():
    game = Game.from_position(hands=[["R1", "R2"], ["R3", "R4"]], top="R9")
    before = game.view(1)
    length = len(before.history)
    game.apply(Play(0, _card(game, 0, "R1")))
    assert len(before.history) == length
    assert len(game.view(1).history) > length
    assert game.view(1).history[-1 - (len(game.history) - length - 1)].kind == EventKind.PLAY


def test_history_survives_a_save_and_restore():
    game = played_at_random("classic", 3, seed=5, steps=80)
    restored = Game.loads(game.dumps())
    assert restored.history == game.history
    assert restored.view(1) == game.view(1)


@pytest.mark.parametrize("entry", [
    ["no-such-event", 0, [], 0, None, None, ""],
    ["play", 7, [1], 0, None, None, ""],
    ["play", 0, [999], 0, None, None, ""],
    ["draw", 0, [], -1, None, None, ""],
    ["color", 0, [], 0, 5, None, ""],
    ["play", 0, [1]],
    "play",
])
def test_a_corrupt_history_entry_is_a_save_data_error(entry):
    data = played_at_random("classic", 3, seed=6, steps=20).to_json()
    data["history"] = data["history"] + [entry]
    with pytest.raises(SaveDataError):
        Game.from_json(data)


def test_history_is_a_read_only_sequence():
    game = played_at_random("classic", 2, seed=2, steps=10)
    history = game.history
    assert isinstance(history, History)
    assert history[0] == list(history)[0] and history[-1] == list(history)[-1]
    assert history[1:3] == tuple(list(history)[1:3])
    with pytest.raises(IndexError):
        history[len(history)]
    assert History(list(history)) == history and hash(History(list(history))) == hash(history)


def test_round_trips_are_checked_every_61_actions_then_thin_out():
    from uno_tui.engine.invariants import RoundTrips
    trips = RoundTrips()
    due = [step for step in range(1, 20001) if trips.due(step)]
    assert due[:3] == [61, 122, 183]
    assert all(b - a == 61 for a, b in zip(due, due[1:]) if b <= 610)
    assert all(b - a >= a // 10 for a, b in zip(due, due[1:]))
    assert len(due) < 60
