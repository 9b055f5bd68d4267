"""Scenario tests for RULES.md §2, classic UNO: deck, action cards, the Wild Draw
Four challenge, first-card rules and points."""

from collections import Counter

import pytest

from uno_tui.engine import (
    Accept, Challenge, ChooseColor, Decision, Draw, EventKind as E, Game, Play, get_variant,
)

from .support import (
    any_hands, assert_illegal, card, codes, deal_deck, hand, kinds, of_kind, play, plays,
)


# -------------------------------------------------------------------- deck

def test_classic_deck_has_108_cards_with_the_right_counts():
    """RULES §2 deck: per colour one 0 and two each of 1-9, two each of Skip, Reverse,
    Draw Two; plus 4 Wild and 4 Wild Draw Four."""
    cards = get_variant("classic").build_deck()
    assert len(cards) == 108
    assert [c.id for c in cards] == list(range(108))
    faces = Counter(c.light.code for c in cards)
    for colour in "RYGB":
        assert faces[f"{colour}0"] == 1
        for number in range(1, 10):
            assert faces[f"{colour}{number}"] == 2
        for symbol in ("S", "R", "+2"):
            assert faces[colour + symbol] == 2
    assert faces["W"] == 4 and faces["W+4"] == 4
    numbers = sum(n for code, n in faces.items() if code[1:].isdigit())
    assert numbers == 76
    assert sum(faces.values()) == 76 + 24 + 8


# ------------------------------------------------------------ action cards

def test_skip_next_player_loses_their_turn():
    """RULES §2: Skip: next player loses their turn."""
    game = Game.from_position(hands=[["RS", "R1"], ["R2", "R3"], ["R4", "R5"], ["R6", "R7"]],
                              top="R9")
    events = play(game, 0, "RS")
    assert of_kind(events, E.SKIP)[0].seat == 1
    assert game.decision == Decision("turn", 2)


def test_reverse_changes_direction():
    """RULES §2: Reverse: direction changes."""
    game = Game.from_position(hands=[["R1", "R2"], ["RR", "R3"], ["R4", "R5"], ["R6", "R7"]],
                              top="R9", current=1)
    events = play(game, 1, "RR")
    assert E.REVERSE in kinds(events)
    assert game.direction == -1 and game.view(3).direction == -1
    assert game.decision == Decision("turn", 0)
    play(game, 0, "R1")
    assert game.decision == Decision("turn", 3)


def test_draw_two_next_player_draws_two_and_loses_turn():
    """RULES §2: Draw Two: next player draws 2 and loses the turn."""
    game = Game.from_position(hands=[["R+2", "R1"], ["G2", "G3"], ["R4", "R5"]],
                              top="R9", draw=["Y7", "Y8"])
    events = play(game, 0, "R+2")
    assert kinds(events) == [E.PLAY, E.DRAW, E.SKIP, E.TURN]
    assert hand(game, 1) == ["G2", "G3", "Y7", "Y8"]
    assert game.decision == Decision("turn", 2)


def test_wild_draw_four_colour_chosen_next_draws_four_and_loses_turn():
    """RULES §2: Wild Draw Four: colour chosen, next player draws 4 and loses the turn."""
    game = Game.from_position(hands=[["W+4", "B1"], ["G2", "G3"], ["R4", "R5"]],
                              top="R9", draw=["Y1", "Y2", "Y3", "Y4"])
    play(game, 0, "W+4")
    assert game.decision == Decision("color", 0)
    game.apply(ChooseColor(0, "blue"))
    assert game.decision == Decision("respond", 1)
    game.apply(Accept(1))
    assert hand(game, 1) == ["G2", "G3", "Y1", "Y2", "Y3", "Y4"]
    assert game.color == "blue" and game.decision == Decision("turn", 2)


def test_wild_draw_four_may_be_bluffed():
    """RULES §1/§2: WD4 is only legal with no card of the current colour, but the
    game lets a player bluff: it is offered while holding the colour."""
    game = Game.from_position(hands=[["W+4", "R1"], ["G2"]], top="R9")
    assert "W+4" in plays(game, 0)


# ---------------------------------------------------------------- challenge

def _wd4_on_seat_1(bluff: bool):
    """Seat 0 plays a Wild Draw Four on red, naming green; seat 1 must answer."""
    hand0 = ["W+4", "R1", "B5"] if bluff else ["W+4", "B5", "G7"]
    game = Game.from_position(hands=[hand0, ["Y1", "Y2"], ["Y3", "Y4"], ["Y5", "Y6"]],
                              top="R9", draw=["B1", "B2", "B3", "B4", "B6", "B7"])
    play(game, 0, "W+4")
    game.apply(ChooseColor(0, "green"))
    return game


def test_only_the_next_player_may_challenge():
    """RULES §2: only the player who would draw may challenge."""
    game = _wd4_on_seat_1(bluff=True)
    assert Challenge(1) in game.legal_actions(1)
    for seat in (0, 2, 3):
        assert Challenge(seat) not in game.legal_actions(seat)
    assert_illegal(game, Challenge(2), "waiting for seat 1")
    assert_illegal(game, Challenge(0), "waiting for seat 1")


def test_challenge_guilty_card_returns_player_draws_four_and_plays_legal_card():
    """RULES §2 WD4 challenge, guilty: the WD4 goes back to its player's hand, that
    player draws 4, then plays a legal card instead."""
    game = _wd4_on_seat_1(bluff=True)
    wd4 = game.discard[-1]
    events = game.apply(Challenge(1))
    challenge = of_kind(events, E.CHALLENGE)[0]
    assert (challenge.seat, challenge.target, challenge.detail) == (1, 0, "guilty")
    assert wd4 in game.hands[0] and game.top.code == "R9"
    assert game.color == "red"
    assert hand(game, 0) == ["B1", "B2", "B3", "B4", "B5", "R1", "W+4"]
    assert hand(game, 1) == ["Y1", "Y2"]
    assert game.decision == Decision("turn", 0)
    # "plays a legal card instead": the red card (not the bluffed WD4, no drawing).
    assert game.legal_actions(0) == [Play(0, card(game, 0, "R1"))]
    assert_illegal(game, Draw(0), "legal card")
    assert_illegal(game, Play(0, wd4), "Wild Draw Four")
    play(game, 0, "R1")
    assert game.decision == Decision("turn", 1)


def test_challenge_innocent_challenger_draws_six_and_loses_turn():
    """RULES §2 WD4 challenge, innocent: the challenger draws 6 (4 + 2) and loses the turn."""
    game = _wd4_on_seat_1(bluff=False)
    events = game.apply(Challenge(1))
    assert of_kind(events, E.CHALLENGE)[0].detail == "innocent"
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(1, 6)]
    assert len(game.hands[1]) == 8
    assert game.top.code == "W+4" and game.color == "green"
    assert game.decision == Decision("turn", 2)


@pytest.mark.parametrize("bluff", [True, False])
def test_challenged_hand_is_revealed_to_the_challenger_alone(bluff):
    """RULES §1/§2: the challenged hand is shown to the challenger alone."""
    game = _wd4_on_seat_1(bluff)
    shown = tuple(game.hands[0])
    events = game.apply(Challenge(1))
    reveal = of_kind(events, E.REVEAL)[0]
    assert reveal.cards == shown and reveal.audience == 1 and reveal.target == 0
    assert reveal.for_seat(1).cards == shown
    for other in (0, 2, 3):
        assert reveal.for_seat(other).cards == ()
    assert game.view(1).revealed == (0, tuple(game.face(c) for c in shown))
    for other in (0, 2, 3):
        assert game.view(other).revealed is None


def test_revealed_hand_is_forgotten_once_the_challenger_acts():
    """RULES §1: the reveal is a glance, not a lasting view of the hand."""
    game = _wd4_on_seat_1(bluff=False)
    game.apply(Challenge(1))
    game.apply(Draw(2))
    assert game.view(1).revealed is not None
    game = _wd4_on_seat_1(bluff=True)
    game.apply(Challenge(1))
    play(game, 0, "R1")
    game.apply(Draw(1))
    assert game.view(1).revealed is None


def test_accepting_a_wild_draw_four_draws_four_without_reveal():
    """RULES §2: accepting: draw 4, lose the turn, nothing is revealed."""
    game = _wd4_on_seat_1(bluff=True)
    events = game.apply(Accept(1))
    assert not of_kind(events, E.REVEAL)
    assert len(game.hands[1]) == 6 and game.decision == Decision("turn", 2)
    assert all(game.view(s).revealed is None for s in range(4))


# -------------------------------------------------------------- first card

def _first_card(code: str, dealer: int = 0, players: int = 4, then=("R5",)):
    deck = deal_deck("classic", players, any_hands(players), [code, *then])
    return Game("classic", players, dealer=dealer, deck=deck, seed=3)


def test_first_card_wild_draw_four_goes_back_and_a_new_card_is_turned():
    """RULES §2 first card: Wild Draw Four goes back into the pile, reshuffle, turn
    a new card."""
    game = _first_card("W+4")
    events = game.opening_events
    assert [codes(game, e.cards) for e in of_kind(events, E.FIRST_CARD)] == [["W+4"], ["R5"]]
    assert codes(game, of_kind(events, E.RETURNED)[0].cards) == ["W+4"]
    assert codes(game, game.discard) == ["R5"]
    assert "W+4" in codes(game, game.draw_pile)
    assert len(game.draw_pile) == 108 - 28 - 1
    assert game.decision == Decision("turn", 1)


def test_first_card_wild_draw_four_with_shuffled_deck():
    """RULES §2 first card: with a real shuffle the returned WD4 is somewhere in the pile."""
    seeds = [s for s in range(400)
             if any(e.kind == E.RETURNED for e in Game("classic", 4, seed=s).opening_events)]
    assert seeds, "no seed in range turned a Wild Draw Four first"
    for seed in seeds[:3]:
        game = Game("classic", 4, seed=seed)
        returned = of_kind(game.opening_events, E.RETURNED)[0].cards[0]
        assert returned in game.draw_pile and game.top.kind != "wild_draw_four"


def test_first_card_wild_first_player_names_colour_then_plays():
    """RULES §2 first card: Wild: the first player names the colour and then plays."""
    game = _first_card("W", dealer=2)
    assert game.decision == Decision("color", 3)
    assert game.color is None
    game.apply(ChooseColor(3, "blue"))
    assert game.color == "blue" and game.decision == Decision("turn", 3)


def test_first_card_skip_first_player_is_skipped():
    """RULES §2 first card: Skip: the first player is skipped."""
    game = _first_card("GS")
    assert of_kind(game.opening_events, E.SKIP)[0].seat == 1
    assert game.decision == Decision("turn", 2) and game.color == "green"


def test_first_card_reverse_dealer_plays_first_counter_clockwise():
    """RULES §2 first card: Reverse: the dealer plays first, counter-clockwise."""
    game = _first_card("BR", dealer=1)
    assert game.decision == Decision("turn", 1) and game.direction == -1
    game.apply(Draw(1))
    if game.decision.kind == "drawn":
        game.apply(game.legal_actions(1)[-1])
    assert game.decision == Decision("turn", 0)


def test_first_card_draw_two_first_player_draws_two_and_is_skipped():
    """RULES §2 first card: Draw Two: the first player draws 2 and is skipped."""
    game = _first_card("Y+2", dealer=3)
    assert len(game.hands[0]) == 9
    draws = of_kind(game.opening_events, E.DRAW)
    assert [(e.seat, e.count) for e in draws] == [(0, 2)]
    assert game.decision == Decision("turn", 1) and game.color == "yellow"


def test_first_card_number_first_player_plays_on_it():
    """RULES §1/§2 first card: a number card: the player after the dealer plays on it."""
    game = _first_card("Y7", dealer=3)
    assert game.decision == Decision("turn", 0) and game.color == "yellow"
    assert all(len(h) == 7 for h in game.hands)
