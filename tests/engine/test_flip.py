"""UNO Flip (RULES.md §4): one scenario per rule line, views, saves, invariants, a sim."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from uno_tui.engine import (
    Accept, Card, Challenge, ChooseColor, ConfigError, DecisionKind, Draw, EventKind, Face,
    Game, IllegalActionError, Kind, Match, Play, SaveDataError,
)
from uno_tui.engine.determinize import sample_game, sample_state
from uno_tui.engine.invariants import check_invariants, check_round_trip
from uno_tui.sim import SimConfig, run_sim
from .support import played_at_random

LIGHT = ("red", "yellow", "green", "blue")
DARK = ("pink", "teal", "orange", "purple")


def flip(hands, top, **kw) -> Game:
    kw.setdefault("leftover", "out")
    return Game.from_position("flip", hands=hands, top=top, **kw)


def held(game: Game, seat: int, code: str) -> int:
    """The id of the card in ``seat``'s hand showing ``code`` on the side in play."""
    for cid in game.hands[seat]:
        if game.face(cid).code == code:
            return cid
    raise AssertionError(f"seat {seat} holds no {code}")


def codes(game: Game, cards) -> list[str]:
    return [game.face(c).code for c in cards]


def colours_offered(game: Game, seat: int) -> list[str]:
    return [a.color for a in game.legal_actions(seat) if isinstance(a, ChooseColor)]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# ------------------------------------------------------------------ the deck

def test_deck_is_112_double_sided_cards_with_no_zeros():
    game = Game("flip", players=4, seed=11)
    cards = [game.card(i) for i in range(game.deck_size)]
    assert len(cards) == 112
    assert all(c.dark is not None for c in cards)
    light = Counter(c.light.code for c in cards)
    dark = Counter(c.dark.code for c in cards)
    for letter in "RYGB":
        assert all(light[f"{letter}{n}"] == 2 for n in range(1, 10))
        assert all(light[letter + s] == 2 for s in ("+1", "R", "S", "F"))
        assert light[f"{letter}0"] == 0
    for letter in "PTOU":
        assert all(dark[f"{letter}{n}"] == 2 for n in range(1, 10))
        assert all(dark[letter + s] == 2 for s in ("+5", "R", "SE", "F"))
        assert dark[f"{letter}0"] == 0
    assert light["W"] == 4 and light["W+2"] == 4
    assert dark["W"] == 4 and dark["W+C"] == 4
    assert sum(light.values()) == sum(dark.values()) == 112


def test_pairing_depends_on_the_seed_not_on_the_card_ids():
    decks = [[Game("flip", players=2, seed=s).card(i) for i in range(112)] for s in range(6)]
    # Neither face, nor which dark face goes with which light face, follows from an id.
    assert len({tuple(c.light for c in d) for d in decks}) == 6
    assert len({tuple(c.dark for c in d) for d in decks}) == 6
    assert len({frozenset((c.light, c.dark) for c in d) for d in decks}) > 1
    # Same seed, same deck: a game is reproducible.
    again = Game("flip", players=2, seed=3)
    assert [again.card(i) for i in range(112)] == decks[3]


def test_every_card_keeps_its_pairing_through_a_whole_round():
    game = Game("flip", players=3, seed=5)
    before = [game.card(i) for i in range(112)]
    rng = random.Random(5)
    flips = 0
    while not game.is_over:
        seat = game.decision.seat
        flips += sum(e.kind == EventKind.FLIP for e in game.apply(rng.choice(game.legal_actions(seat))))
    assert flips > 0
    assert [game.card(i) for i in range(112)] == before


# ------------------------------------------------------------------ what each seat sees

def test_a_seat_sees_its_own_active_faces_and_the_other_side_of_everything_else():
    game = flip([["R5/P3", "B2/T4"], ["G7/U1", "Y3/O2"], ["W/W+C"]], "R1/T9",
                draw=["Y1/U9", "G4/O5"])
    view = game.view(0)
    assert view.side == 0
    assert [c.face.code for c in view.hand] == ["R5", "B2"]
    assert view.seats[0].backs == ()
    assert [f.code for f in view.seats[1].backs] == ["U1", "O2"]
    assert [f.code for f in view.seats[2].backs] == ["W+C"]
    assert view.draw_top_back.code == "U9"
    assert view.top.code == "R1"
    assert [f.code for f in game.view(1).seats[0].backs] == ["P3", "T4"]


def _twins(side: int) -> tuple[Game, Game]:
    """Two tables that differ only in faces seat 0 must not see."""
    def pair(seen: str, hidden: str) -> str:
        return f"{seen}/{hidden}" if side == 0 else f"{hidden}/{seen}"

    def other(seen: str, hidden: str) -> str:  # a card seat 0 sees from behind
        return pair(hidden, seen)

    light = side == 0
    first = flip(
        [[pair("R5", "P3"), pair("B2", "T4")] if light else [pair("P5", "R3"), pair("T2", "B4")],
         [other("U1", "G7"), other("O2", "Y3")] if light else [other("G1", "U7"), other("Y2", "O3")]],
        pair("R1", "T9") if light else pair("P1", "G9"),
        discard=[pair("B9", "P8") if light else pair("T9", "B8")],
        draw=[other("U9", "Y1"), other("O5", "G4")] if light else [other("G9", "U1"), other("Y5", "O4")],
        side=side)
    second = flip(
        [[pair("R5", "O7"), pair("B2", "P6")] if light else [pair("P5", "Y7"), pair("T2", "G6")],
         [other("U1", "B8"), other("O2", "R6")] if light else [other("G1", "T8"), other("Y2", "P6")],],
        pair("R1", "P4") if light else pair("P1", "Y4"),
        discard=[pair("B9", "T5") if light else pair("T9", "R5")],
        draw=[other("U9", "G2"), other("O5", "B3")] if light else [other("G9", "T3"), other("Y5", "P2")],
        side=side)
    return first, second


@pytest.mark.parametrize("side", [0, 1])
def test_no_view_or_event_leaks_a_hidden_face(side):
    first, second = _twins(side)
    # The tables really differ, so equal views mean nothing hidden reached seat 0.
    assert first.card(first.hands[1][0]) != second.card(second.hands[1][0])
    assert first.view(0) == second.view(0)
    steps = [lambda g: Play(0, g.hands[0][0]), lambda g: Draw(1)]
    for step in steps:
        a, b = first.apply(step(first)), second.apply(step(second))
        assert [e.for_seat(0) for e in a] == [e.for_seat(0) for e in b]
        assert first.view(0) == second.view(0)
    assert first.view(0).seats[1].card_count == 3
    # Whoever drew sees what they drew; nobody else gets its id.
    draw_event = next(e for e in a if e.kind == EventKind.DRAW)
    assert draw_event.for_seat(1).cards and not draw_event.for_seat(0).cards


# ------------------------------------------------------------------ the Flip card

def test_the_game_starts_on_the_light_side():
    for seed in range(8):
        game = Game("flip", players=4, seed=seed)
        assert game.side == 0 and game.top == game.card(game.discard[-1]).light


def test_flip_turns_the_discard_pile_draw_pile_and_hands_over():
    game = flip([["RF/T1", "G2/O3"], ["B5/P5", "Y6/U6"], ["G7/T7"]], "R2/O8",
                discard=["B1/P9", "R4/T3"], draw=["Y9/P2", "G9/T8"])
    flip_card = held(game, 0, "RF")
    first_discarded = game.discard[0]
    events = game.apply(Play(0, flip_card))
    assert game.side == 1
    assert game.discard[0] == flip_card            # the Flip ends at the bottom
    assert game.discard[-1] == first_discarded      # the first card discarded is the new top
    assert codes(game, game.discard) == ["T1", "O8", "T3", "P9"]
    assert game.top.code == "P9" and game.color == "pink"
    assert codes(game, reversed(game.draw_pile)) == ["T8", "P2"]   # the draw pile turned over
    assert game.view(0).draw_top_back.code == "G9"
    assert [c.face.code for c in game.view(1).hand] == ["P5", "U6"]
    assert [f.code for f in game.view(0).seats[1].backs] == ["B5", "Y6"]
    assert [c.face.code for c in game.view(0).hand] == ["O3"]
    flipped = next(e for e in events if e.kind == EventKind.FLIP)
    assert flipped.detail == "dark" and flipped.color == "pink"
    assert game.decision == (DecisionKind.TURN, 1)
    assert colours_offered(game, 1) == []


def test_after_a_flip_nobody_is_known_to_have_drawn_on_the_old_side():
    game = flip([["RF", "G2"], ["B5", "Y6"], ["G7", "G8"]], "R2", draw=["Y9", "Y8"])
    game.apply(Draw(0))
    game.apply(Draw(1))
    assert game.view(2).seats[1].drew_on is not None
    game.apply(Draw(2))
    game.apply(Play(0, held(game, 0, "RF")))
    assert game.side == 1
    assert all(info.drew_on is None for info in game.view(2).seats)


def test_flip_on_the_dark_side_turns_back_to_light():
    game = flip([["YF/PF", "G3/T2"], ["B5/O5"]], "B8/P4", discard=["R9/T1"], side=1)
    game.apply(Play(0, held(game, 0, "PF")))
    assert game.side == 0
    assert game.top.code == "R9" and game.color == "red"
    assert codes(game, game.discard) == ["YF", "B8", "R9"]
    assert [c.face.code for c in game.view(0).hand] == ["G3"]


def test_a_wild_turned_up_by_a_flip_lets_the_flip_player_name_the_colour():
    game = flip([["RF", "G2"], ["B5", "Y6"], ["G7"]], "R2", discard=["B1/W+C"], draw=["Y9"])
    events = game.apply(Play(0, held(game, 0, "RF")))
    assert game.top.kind == Kind.WILD_DRAW_COLOR and game.color is None
    assert game.decision == (DecisionKind.COLOR, 0)
    assert EventKind.DRAW not in kinds(events)      # the turned-up card has no effect
    assert colours_offered(game, 0) == list(DARK)
    with pytest.raises(IllegalActionError, match="'red' is not a colour of the side in play: "
                                                 "name a colour from pink, teal, orange, purple"):
        game.apply(ChooseColor(0, "red"))
    game.apply(ChooseColor(0, "teal"))
    assert game.color == "teal" and game.decision == (DecisionKind.TURN, 1)
    assert len(game.hands[1]) == 2


def test_an_action_card_turned_up_by_a_flip_has_no_effect():
    game = flip([["RF", "G2"], ["B5", "Y6"], ["G7"]], "R2", discard=["B1/P+5"])
    game.apply(Play(0, held(game, 0, "RF")))
    assert game.top.code == "P+5"
    assert game.decision == (DecisionKind.TURN, 1) and len(game.hands[1]) == 2


def test_a_last_card_flip_ends_the_round_scored_on_the_new_side():
    game = flip([["RF/T1"], ["B5/P+5", "Y6/UR"], ["G7/W+C"]], "R2/O8", discard=["B1/W"])
    game.apply(Play(0, held(game, 0, "RF")))
    assert game.is_over and game.winner == 0 and game.side == 1
    assert game.color is None       # a wild turned up, but nobody names a colour any more
    assert game.hand_points(1) == 20 + 20 and game.hand_points(2) == 60
    assert game.round_points() == 100
    assert check_invariants(game) == []


# ------------------------------------------------------------------ action cards

def test_draw_one_makes_the_next_player_draw_one_and_lose_the_turn():
    game = flip([["R+1", "G2"], ["B5"], ["G7", "Y1"]], "R2", draw=["Y9", "Y8"])
    game.apply(Play(0, held(game, 0, "R+1")))
    assert codes(game, game.hands[1]) == ["B5", "Y9"]
    assert game.decision == (DecisionKind.TURN, 2)


def test_draw_five_makes_the_next_player_draw_five_and_lose_the_turn():
    game = flip([["P+5", "T2"], ["O5"], ["T7", "U1"]], "P2", side=1,
                draw=["U9", "U8", "U7", "U6", "U5", "U4"])
    game.apply(Play(0, held(game, 0, "P+5")))
    assert codes(game, game.hands[1]) == ["O5", "U9", "U8", "U7", "U6", "U5"]
    assert game.decision == (DecisionKind.TURN, 2)


def test_skip_makes_the_next_player_lose_the_turn():
    game = flip([["RS", "G2"], ["B5"], ["G7"]], "R2")
    game.apply(Play(0, held(game, 0, "RS")))
    assert game.decision == (DecisionKind.TURN, 2)


@pytest.mark.parametrize("players", [2, 4])
def test_skip_everyone_skips_all_others_and_the_player_goes_again(players):
    hands = [["PSE", "T2"]] + [[f"O{n}"] for n in range(1, players)]
    game = flip(hands, "P2", side=1)
    events = game.apply(Play(0, held(game, 0, "PSE")))
    assert [e.seat for e in events if e.kind == EventKind.SKIP] == list(range(1, players))
    assert game.decision == (DecisionKind.TURN, 0)
    assert game.legal_actions(0)    # and may play or draw again


def test_reverse_changes_direction():
    for hand, others, top, side in ((["RR", "G2"], ["B5", "G7", "Y1"], "R2", 0),
                                    (["PR", "T2"], ["O5", "T7", "U1"], "P2", 1)):
        game = flip([hand] + [[c] for c in others], top, side=side)
        game.apply(Play(0, game.hands[0][0]))
        assert game.direction == -1 and game.decision == (DecisionKind.TURN, 3)


def test_reverse_with_two_players_acts_as_skip():
    for hand, other, top, side in ((["RR", "G2"], "B5", "R2", 0), (["PR", "T2"], "O5", "P2", 1)):
        game = flip([hand, [other]], top, side=side)
        game.apply(Play(0, game.hands[0][0]))
        assert game.decision == (DecisionKind.TURN, 0)


def test_wild_names_a_colour_of_the_side_in_play():
    for side, colors in ((0, LIGHT), (1, DARK)):
        game = flip([["W", "G2" if side == 0 else "T2"], ["B5" if side == 0 else "O5"]],
                    "R2" if side == 0 else "P2", side=side)
        game.apply(Play(0, held(game, 0, "W")))
        assert colours_offered(game, 0) == list(colors)
        game.apply(ChooseColor(0, colors[2]))
        assert game.color == colors[2] and game.decision == (DecisionKind.TURN, 1)


def test_wild_draw_two_makes_the_next_player_draw_two_and_lose_the_turn():
    game = flip([["W+2", "G2"], ["B5"], ["G7"]], "R2", draw=["Y9", "Y8", "Y7"])
    game.apply(Play(0, held(game, 0, "W+2")))
    game.apply(ChooseColor(0, "blue"))
    assert game.decision == (DecisionKind.RESPOND, 1)
    game.apply(Accept(1))
    assert codes(game, game.hands[1]) == ["B5", "Y9", "Y8"]
    assert game.color == "blue" and game.decision == (DecisionKind.TURN, 2)


def test_wild_draw_color_makes_the_next_player_draw_until_the_named_colour():
    game = flip([["W+C", "T2"], ["O5"], ["T7"]], "P2", side=1,
                draw=["P1", "T2", "U3", "O4", "O6"])
    game.apply(Play(0, held(game, 0, "W+C")))
    assert colours_offered(game, 0) == list(DARK)
    game.apply(ChooseColor(0, "orange"))
    game.apply(Accept(1))
    assert codes(game, game.hands[1]) == ["O5", "P1", "T2", "U3", "O4"]
    assert game.color == "orange" and game.decision == (DecisionKind.TURN, 2)


def test_draw_until_a_colour_stops_when_the_piles_are_exhausted():
    game = flip([["W+C", "T2"], ["O5"], ["T7"]], "P2", side=1,
                discard=["T3", "U4"], draw=["P1", "T6"])
    game.apply(Play(0, held(game, 0, "W+C")))
    game.apply(ChooseColor(0, "orange"))
    game.apply(Accept(1))
    # Both draw cards and the reshuffled discard pile (all but its top) were drawn.
    assert sorted(codes(game, game.hands[1])) == sorted(["O5", "P1", "T6", "T3", "U4", "P2"])
    assert game.draw_pile == [] and codes(game, game.discard) == ["W+C"]
    assert game.decision == (DecisionKind.TURN, 2)
    assert check_invariants(game) == []


# ------------------------------------------------------------------ legality and challenges

def test_wild_draw_cards_may_be_bluffed_unless_bluffing_is_off():
    hands = [["W+2", "R7"], ["B5"]]
    game = flip(hands, "R2")
    assert Play(0, held(game, 0, "W+2")) in game.legal_actions(0)
    strict = flip(hands, "R2", rules=["no-bluffing"])
    card = held(strict, 0, "W+2")
    assert Play(0, card) not in strict.legal_actions(0)
    with pytest.raises(IllegalActionError, match="no Red card"):
        strict.apply(Play(0, card))
    dark = flip([["W+C", "P7"], ["O5"]], "P2", side=1, rules=["no-bluffing"])
    assert Play(0, held(dark, 0, "W+C")) not in dark.legal_actions(0)
    dark = flip([["W+C", "T7"], ["O5"]], "P2", side=1, rules=["no-bluffing"])
    assert Play(0, held(dark, 0, "W+C")) in dark.legal_actions(0)


def test_guilty_wild_draw_two_its_player_draws_two_instead():
    game = flip([["W+2", "R7", "G1"], ["B5"], ["G7"]], "R2", draw=["Y9", "Y8", "Y7"])
    wild = held(game, 0, "W+2")
    game.apply(Play(0, wild))
    game.apply(ChooseColor(0, "blue"))
    events = game.apply(Challenge(1))
    assert next(e for e in events if e.kind == EventKind.CHALLENGE).detail == "guilty"
    assert codes(game, game.hands[0]) == ["R7", "G1", "Y9", "Y8"]
    assert codes(game, game.hands[1]) == ["B5"]          # the challenger draws nothing
    assert game.discard[-1] == wild and game.color == "blue"
    assert game.decision == (DecisionKind.TURN, 1)       # and plays on as usual
    assert game.view(1).revealed == (0, tuple(game.face(c) for c in (game.hands[0][:2])))
    assert game.view(2).revealed is None


def test_innocent_wild_draw_two_the_challenger_draws_four():
    game = flip([["W+2", "G1"], ["B5"], ["G7"]], "R2", draw=["Y9", "Y8", "Y7", "Y6", "Y5"])
    game.apply(Play(0, held(game, 0, "W+2")))
    game.apply(ChooseColor(0, "blue"))
    game.apply(Challenge(1))
    assert codes(game, game.hands[1]) == ["B5", "Y9", "Y8", "Y7", "Y6"]
    assert codes(game, game.hands[0]) == ["G1"]
    assert game.decision == (DecisionKind.TURN, 2)


def test_a_hand_shown_after_a_challenge_is_not_shown_on_the_other_side():
    game = flip([["W+2", "G1/T4", "Y3/O7"], ["B5", "B6"], ["BF/PF", "B9"]], "R2", leftover="draw")
    game.apply(Play(0, held(game, 0, "W+2")))
    game.apply(ChooseColor(0, "blue"))
    game.apply(Challenge(1))        # innocent: seat 1 draws 4 and seat 2 plays on
    assert [f.code for f in game.view(1).revealed[1]] == ["G1", "Y3"]
    game.apply(Play(2, held(game, 2, "BF")))
    assert game.side == 1
    assert game.view(1).revealed is None        # never seat 0's dark faces T4, O7
    assert [f.code for f in game.view(1).seats[0].backs] == ["G1", "Y3"]


def test_guilty_wild_draw_color_its_player_draws_until_the_colour():
    game = flip([["W+C", "P7", "T1"], ["O5"], ["T7"]], "P2", side=1,
                draw=["P1", "U3", "O4", "O6"])
    game.apply(Play(0, held(game, 0, "W+C")))
    game.apply(ChooseColor(0, "orange"))
    game.apply(Challenge(1))
    assert codes(game, game.hands[0]) == ["P7", "T1", "P1", "U3", "O4"]
    assert codes(game, game.hands[1]) == ["O5"]
    assert game.color == "orange" and game.decision == (DecisionKind.TURN, 1)


def test_innocent_wild_draw_color_the_challenger_draws_until_the_colour_and_two_more():
    game = flip([["W+C", "T1"], ["O5"], ["T7"]], "P2", side=1,
                draw=["P1", "U3", "O4", "O6", "T5", "T4"])
    game.apply(Play(0, held(game, 0, "W+C")))
    game.apply(ChooseColor(0, "orange"))
    game.apply(Challenge(1))
    assert codes(game, game.hands[1]) == ["O5", "P1", "U3", "O4", "O6", "T5"]
    assert game.decision == (DecisionKind.TURN, 2)


# ------------------------------------------------------------------ the first card

def _first_card_game(code: str, then: str = "B7", players: int = 3, seed: int = 21) -> Game:
    """A dealt game (dealer 0) whose first turned card shows ``code``, then ``then``."""
    probe = Game("flip", players=players, seed=seed, dealer=0)
    by_code: dict[str, list[int]] = {}
    for cid in range(probe.deck_size):
        by_code.setdefault(probe.card(cid).light.code, []).append(cid)
    first, after = by_code[code].pop(), by_code[then].pop()
    rest = [c for c in range(probe.deck_size) if c not in (first, after)]
    dealt = players * 7
    return Game("flip", players=players, seed=seed, dealer=0,
                deck=rest[:dealt] + [first, after] + rest[dealt:])


def test_first_card_number_the_first_player_plays():
    game = _first_card_game("G4")
    assert game.top.code == "G4" and game.color == "green"
    assert game.decision == (DecisionKind.TURN, 1)


def test_first_card_wild_the_first_player_names_the_colour():
    game = _first_card_game("W")
    assert game.decision == (DecisionKind.COLOR, 1)
    assert colours_offered(game, 1) == list(LIGHT)
    game.apply(ChooseColor(1, "yellow"))
    assert game.decision == (DecisionKind.TURN, 1) and game.color == "yellow"


def test_first_card_draw_one_the_first_player_draws_one_and_loses_the_turn():
    game = _first_card_game("R+1")
    assert len(game.hands[1]) == 8 and len(game.hands[2]) == 7
    assert game.decision == (DecisionKind.TURN, 2)


def test_first_card_reverse_the_dealer_starts_counter_clockwise():
    game = _first_card_game("YR")
    assert game.direction == -1 and game.decision == (DecisionKind.TURN, 0)


def test_first_card_skip_the_first_player_is_skipped():
    game = _first_card_game("BS")
    assert game.decision == (DecisionKind.TURN, 2)


@pytest.mark.parametrize("code", ["W+2", "GF"])
def test_first_card_wild_draw_two_or_flip_goes_back_and_another_is_turned(code):
    game = _first_card_game(code)
    assert EventKind.RETURNED in kinds(game.opening_events)
    assert game.side == 0 and game.top.code == "B7" and len(game.discard) == 1
    assert game.decision == (DecisionKind.TURN, 1)
    assert game.face(game.draw_pile[0]).code == code     # back under the rigged pile


# ------------------------------------------------------------------ scoring, players, rules

def test_points_are_counted_on_the_side_in_play():
    light = flip([["R+1/P+5", "BS/UR", "GR/TSE", "YF/OF", "W/W", "W+2/W+C", "R7/P7"], ["B5"]], "R2")
    assert light.hand_points(0) == 10 + 20 + 20 + 20 + 40 + 50 + 7
    dark = flip([["R+1/P+5", "BS/UR", "GR/TSE", "YF/OF", "W/W", "W+2/W+C", "R7/P7"], ["O5"]],
                "P2", side=1)
    assert dark.hand_points(0) == 20 + 20 + 30 + 20 + 40 + 60 + 7


def test_a_match_scores_each_round_on_its_last_side():
    match = Match("flip", players=2, seed=4, mode="single")
    rng = random.Random(4)
    game = match.game
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions(game.decision.seat)))
    result = match.finish_round()
    loser = 1 - game.winner
    expected = sum(game.variant.face_points(game.card(c).face(game.side)) for c in game.hands[loser])
    assert result.gained[game.winner] == expected


@pytest.mark.parametrize("players", [2, 10])
def test_two_to_ten_players(players):
    game = Game("flip", players=players, seed=1)
    assert all(len(h) == 7 for h in game.hands)


@pytest.mark.parametrize("players", [1, 11])
def test_other_player_counts_are_refused(players):
    with pytest.raises(ConfigError, match="UNO Flip takes 2 to 10 players"):
        Game("flip", players=players)


def test_seven_zero_is_refused_because_flip_has_no_zeros():
    with pytest.raises(ConfigError, match="'7-0' does not apply to UNO Flip: .*no 0 cards"):
        Game("flip", players=4, rules=["7-0"])
    Game("flip", players=4, seed=1, rules=["stacking", "jump-in", "forced-play",
                                            "draw-to-match", "no-bluffing"])


def test_stacking_draw_five_on_draw_five():
    game = flip([["P+5", "T2"], ["O+5", "U1"], ["T7"]], "P2", side=1, rules=["stacking"],
                draw=[f"{c}{n}" for c in "PU" for n in range(1, 6)] + ["T9"])
    game.apply(Play(0, held(game, 0, "P+5")))
    game.apply(Play(1, held(game, 1, "O+5")))
    assert len(game.hands[2]) == 11 and game.decision == (DecisionKind.TURN, 0)


# ------------------------------------------------------------------ notation, saves, invariants

def test_position_notation_errors_are_clear():
    with pytest.raises(ConfigError, match="Red 6 is not a card of UNO Flip's dark side"):
        flip([["R5/R6"], ["B1"]], "R2")
    with pytest.raises(ConfigError, match="Pink 3 is not a card of UNO Flip's light side"):
        flip([["P3"], ["B1"]], "R2")
    with pytest.raises(ConfigError, match="no more Wild Draw Color cards on its dark side"):
        flip([["W+C"] * 5, ["O1"]], "P2", side=1)
    with pytest.raises(ConfigError, match="not a colour of the side in play"):
        flip([["R5"], ["B1"]], "W", color="pink")
    with pytest.raises(ConfigError, match="side 1 is not a side of Classic UNO"):
        Game.from_position("classic", hands=[["R5"], ["B1"]], top="R2", side=1)


def test_a_flip_game_round_trips_through_json_exactly():
    game = flip([["RF/T1", "G2/O3", "W+2/W+C"], ["B5/P5", "Y6/U6"]], "R2/O8",
                discard=["B1/P9"], leftover="draw", seed=9)
    game.apply(Play(0, held(game, 0, "RF")))
    assert game.side == 1
    restored = Game.loads(game.dumps())
    assert restored.to_json() == game.to_json()
    assert [restored.card(i) for i in range(112)] == [game.card(i) for i in range(112)]
    assert all(restored.view(s) == game.view(s) for s in range(2))
    rng = random.Random(2)
    for _ in range(60):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions(game.decision.seat))
        assert restored.apply(action) == game.apply(action)
    assert restored.to_json() == game.to_json()
    assert check_round_trip(Game("flip", players=3)) == []     # seedless pairings too


def test_a_save_with_a_broken_pairing_is_refused():
    data = Game("flip", players=2, seed=1).to_json()
    broken = dict(data, pairing=[list(p) for p in data["pairing"]])
    broken["pairing"][0][1] = broken["pairing"][0][0]          # a light face on the dark side
    with pytest.raises(SaveDataError, match="corrupt"):
        Game.from_json(broken)
    with pytest.raises(SaveDataError, match="corrupt"):
        Game.from_json({k: v for k, v in data.items() if k != "pairing"})


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                 max_size=2),
    max_leaves=6,
)


@settings(max_examples=80, deadline=None)
@given(index=st.integers(-1, 111), value=_json_values)
def test_a_corrupt_pairing_raises_only_save_data_error(index, value):
    data = Game("flip", players=2, seed=1).to_json()
    original = [list(pair) for pair in data["pairing"]]
    if index < 0:
        data["pairing"] = value
    else:
        data["pairing"][index] = value
    try:
        Game.from_json(data)
    except SaveDataError as exc:
        assert "corrupt" in str(exc)
    else:
        assert data["pairing"] == original, "a corrupt pairing was accepted"


def test_invariants_notice_a_card_that_lost_its_pairing():
    game = Game("flip", players=2, seed=1)
    assert check_invariants(game) == []
    a, b = game.card(0), game.card(1)
    game._cards[0] = Card(0, a.light, b.dark)
    game._cards[1] = Card(1, b.light, a.dark)
    problems = check_invariants(game)
    assert any(p.startswith("card 0 was") for p in problems)


def test_invariants_notice_a_view_on_the_wrong_side():
    game = Game("flip", players=2, seed=1)
    game.side = 1      # the side flag alone changes: every face shown is now wrong
    problems = check_invariants(game)
    assert "some card shows a face that is not the side in play" in problems
    assert any("the colour in play" in p for p in problems)


def test_sim_plays_flip_with_every_invariant_checked():
    result = run_sim(SimConfig(variant="flip", players=3, games=3, seed=7))
    assert result.games == 3 and result.actions > 0
    assert result.violations == 0, result.messages


# ------------------------------------------------------------------ sampled worlds (hard bots)

# What a sampled Flip world shows its viewer: tests/bots/test_determinize.py.


def test_a_sampled_world_depends_on_the_view_alone():
    first, second = _twins(1)
    assert sample_state(first.view(0), random.Random(4)) == sample_state(second.view(0),
                                                                          random.Random(4))


def test_a_hand_shown_after_a_challenge_is_sampled_with_both_faces():
    game = flip([["W+2", "G1/T4", "Y3/O7"], ["B5"], ["G7"]], "R2", leftover="draw")
    game.apply(Play(0, held(game, 0, "W+2")))
    game.apply(ChooseColor(0, "blue"))
    game.apply(Challenge(1))        # innocent: seat 0's hand is as shown
    view = game.view(1)
    assert [f.code for f in view.revealed[1]] == ["G1", "Y3"]
    for seed in range(5):
        world = sample_game(view, random.Random(seed))
        assert [(world.card(c).light.code, world.card(c).dark.code) for c in world.hands[0]] == [
            ("G1", "T4"), ("Y3", "O7")]
