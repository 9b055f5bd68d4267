"""The engine's contract: illegal actions raise and change nothing, apply returns
events, views hold only what a seat may know, saves round-trip and corrupt saves
raise SaveDataError."""

import json

import pytest

from uno_tui.engine import (
    Accept, CallUno, Catch, Challenge, ChooseColor, ConfigError, Draw, EventKind as E, Game,
    IllegalActionError, JumpIn, Keep, Play, SaveDataError, SwapHands,
)

from .support import assert_illegal, card, play


def _table():
    return Game.from_position(hands=[["R5", "B7", "G2"], ["G1", "G3"], ["Y1", "Y2"]],
                              top="R3", draw=["B1", "B2", "B3"])


def test_illegal_actions_raise_a_clear_error_and_change_nothing():
    """Every kind of illegal action raises IllegalActionError naming the problem."""
    game = _table()
    other = game.hands[1][0]
    assert_illegal(game, Draw(1), "waiting for seat 0", "play a card or draw")
    assert_illegal(game, Play(0, other), f"does not hold card {other}")
    assert_illegal(game, Play(0, card(game, 0, "G2")), "Green 2", "does not match")
    assert_illegal(game, Keep(0), "play a card or draw")
    assert_illegal(game, ChooseColor(0, "red"), "play a card or draw")
    assert_illegal(game, Accept(0))
    assert_illegal(game, Challenge(0))
    assert_illegal(game, SwapHands(0, 1))
    assert_illegal(game, JumpIn(1, other), "not allowed")
    assert_illegal(game, CallUno(0), "exactly one card")
    assert_illegal(game, Catch(1, 0), "can't be caught")
    assert_illegal(game, Play(7, 0), "no seat 7")
    assert_illegal(game, Draw(-1), "no seat -1")
    assert isinstance(IllegalActionError("x"), ValueError)


def test_seat_outside_the_table_has_no_legal_actions_not_even_windows():
    """A seat number outside the table may not catch or jump in (engine fix: such
    seats were offered window actions, and jump-in checks crashed with IndexError)."""
    game = Game.from_position(hands=[["R5", "B7"], ["G1", "G3"], ["Y1", "Y2"]], top="R3")
    play(game, 0, "R5")
    assert game.uno_window == 0
    for seat in (3, 99, -1):
        assert game.legal_actions(seat) == []
        assert_illegal(game, Catch(seat, 0), "no seat")
    jump = Game.from_position(hands=[["R1", "B7"], ["R3", "G3"]], top="R3", rules=["jump-in"])
    assert jump.legal_actions(5) == []
    assert_illegal(jump, JumpIn(5, 0), "no seat")


def test_apply_returns_the_events_of_the_action():
    """apply returns the events that happened, in order."""
    game = _table()
    r5 = card(game, 0, "R5")
    events = game.apply(Play(0, r5))
    assert isinstance(events, tuple)
    assert [e.kind for e in events] == [E.PLAY, E.TURN]
    assert events[0].seat == 0 and events[0].cards == (r5,)
    assert events[1].seat == 1
    events = game.apply(Draw(1))
    assert [e.kind for e in events][0] == E.DRAW and events[0].audience == 1
    assert all(json.loads(json.dumps(e.to_json())) == e.to_json() for e in events)


def test_drawn_cards_are_private_in_events():
    """Drawn card ids reach only the drawer; everyone sees how many."""
    game = _table()
    draw = game.apply(Draw(0))[0]
    assert draw.kind == E.DRAW and draw.cards and draw.count == 1
    assert draw.for_seat(0).cards == draw.cards
    for seat in (1, 2, None):
        assert draw.for_seat(seat).cards == () and draw.for_seat(seat).count == 1


def test_views_never_show_another_seats_hand():
    """view(seat) holds the seat's own hand and only the sizes of the others."""
    game = Game("classic", 5, seed=21)
    for seat in range(5):
        view = game.view(seat)
        assert [c.id for c in view.hand] == game.hands[seat]
        assert [s.card_count for s in view.seats] == [len(h) for h in game.hands]
        others = {c for s, h in enumerate(game.hands) if s != seat for c in h}
        seen = {c.id for c in view.hand} | {c.id for c in view.discard}
        assert not seen & others
        assert all(s.backs == () for s in view.seats)
        assert view.revealed is None
        text = repr(view)
        assert view.draw_count == len(game.draw_pile)
        for other in others:
            assert f"HandCard(id={other}," not in text
    with pytest.raises(IllegalActionError, match="no seat 5"):
        game.view(5)


def test_config_errors_are_clear():
    """Bad set-ups raise ConfigError naming the problem."""
    with pytest.raises(ConfigError, match="unknown variant 'clasic'"):
        Game("clasic", 4)
    with pytest.raises(ConfigError, match="2 to 10 players, not 11"):
        Game("classic", 11)
    with pytest.raises(ConfigError, match="not 1"):
        Game("classic", 1)
    with pytest.raises(ConfigError, match="dealer"):
        Game("classic", 4, dealer=4)
    with pytest.raises(ConfigError, match="each of the 108 card ids"):
        Game("classic", 4, deck=[0] * 108)
    with pytest.raises(ConfigError, match="no more"):
        Game.from_position(hands=[["W+4"] * 5, ["R1"]], top="R3")


# ------------------------------------------------------------------- saves

def _mid_round():
    game = Game("pokemon", 4, seed=8, rules=["stacking", "7-0"])
    for _ in range(15):
        seat = game.decision.seat
        game.apply(game.legal_actions(seat)[0])
    return game


def test_save_and_restore_is_exact():
    """to_json / from_json and dumps / loads restore the game exactly."""
    game = _mid_round()
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    assert Game.loads(game.dumps()).to_json() == game.to_json()
    json.dumps(game.to_json())   # plain JSON values only


@pytest.mark.parametrize("text", [
    "", "{", '{"format": 1', "[1, 2, 3]", "null", "42", '"game"', "[" * 100_000,
    '{"a":' * 50_000,
], ids=lambda text: repr(text[:12]) + (f"...({len(text)} chars)" if len(text) > 12 else ""))
def test_corrupt_json_text_raises_save_data_error(text):
    """Truncated or non-object JSON (even absurdly nested) raises SaveDataError
    (engine fix: deep nesting escaped as RecursionError)."""
    with pytest.raises(SaveDataError):
        Game.loads(text)


def test_truncated_save_raises_save_data_error():
    """A save cut off anywhere raises SaveDataError."""
    text = _mid_round().dumps()
    for cut in range(0, len(text), max(1, len(text) // 60)):
        with pytest.raises(SaveDataError):
            Game.loads(text[:cut])


@pytest.mark.parametrize("key, value", [
    ("format", 2), ("variant", "uno-deluxe"), ("variant", 5), ("players", "four"),
    ("players", 40), ("rules", ["turbo"]), ("rules", 7), ("hands", "R5"), ("hands", [[1, 2]]),
    ("draw_pile", [None]), ("draw_pile", [10_000]), ("discard", []), ("color", "purple"),
    ("direction", 2), ("current", 9), ("decision", ["dance", 0]), ("decision", "turn"),
    ("uno_window", "0"), ("called", [12]), ("stalled", "x"), ("pending_draw", None),
    ("revealed", [[0, 1]]), ("rng", [3, [1, 2], None]), ("rng", "seed"), ("side", 1),
    ("ctx", 5), ("out_of_play", {"a": 1}),
])
def test_wrong_types_and_values_raise_save_data_error(key, value):
    """A save with a wrong type or value anywhere raises SaveDataError."""
    data = _mid_round().to_json()
    data[key] = value
    with pytest.raises(SaveDataError):
        Game.from_json(data)


def test_missing_keys_raise_save_data_error():
    """A save missing any key raises SaveDataError."""
    data = _mid_round().to_json()
    for key in data:
        broken = {k: v for k, v in data.items() if k != key}
        with pytest.raises(SaveDataError):
            Game.from_json(broken)


def test_duplicated_or_missing_card_ids_raise_save_data_error():
    """Every card in exactly one place, or the save is refused."""
    data = _mid_round().to_json()
    dup = json.loads(json.dumps(data))
    dup["hands"][0].append(dup["draw_pile"][0])
    with pytest.raises(SaveDataError, match="both in"):
        Game.from_json(dup)
    lost = json.loads(json.dumps(data))
    lost["draw_pile"].pop()
    with pytest.raises(SaveDataError, match="nowhere"):
        Game.from_json(lost)
    twice = json.loads(json.dumps(data))
    twice["discard"].append(twice["discard"][-1])
    with pytest.raises(SaveDataError):
        Game.from_json(twice)


@pytest.mark.parametrize("variant", ["classic", "flip", "party"])
def test_a_copy_plays_on_alone_and_shares_the_playable_card_cache(variant):
    """Game.copy() for search: equal to a save-and-load, independent in play, and the
    cache of playable cards by (colour, top card) stays the one all games share."""
    import random as _random

    game = Game(variant, 4, seed=9)
    rng = _random.Random(9)
    for _ in range(30):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions(game.decision.seat)))
    twin = game.copy()
    assert twin.to_json() == game.to_json() == Game.from_json(game.to_json()).to_json()
    assert twin._match_sets is game._match_sets
    before = game.to_json()
    for _ in range(60):
        if twin.is_over:
            break
        seat = twin.decision.seat
        twin.apply(rng.choice(twin.legal_actions(seat)))
    assert game.to_json() == before


def test_jump_in_allowed_says_whether_anyone_may_play_out_of_turn():
    assert not Game("classic", 4, seed=1).jump_in_allowed
    assert Game("classic", 4, seed=1, rules={"jump-in"}).jump_in_allowed
    assert Game("party", 6, seed=1).jump_in_allowed      # speed play is built in
