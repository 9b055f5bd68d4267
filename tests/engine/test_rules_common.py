"""Scenario tests for RULES.md §1, the rules common to every variant.

Each test builds the exact situation (given hands and a rigged draw pile, or a
rigged deck and dealer) and checks the outcome through the state, the events
and the legal actions.
"""

import pytest

from uno_tui.engine import (
    CallUno, Catch, ChooseColor, Decision, Draw, EventKind as E, Game, Keep, Play,
)

from .support import (
    any_hands, assert_illegal, card, codes, deal_deck, hand, kinds, of_kind, play, plays,
    rigged_deck,
)


# ------------------------------------------------------------------ the deal

def test_deal_seven_each_turn_first_card_player_after_dealer_starts():
    """RULES §1: deal 7 each, the rest is the draw pile, turn its top card; the
    player after the dealer (clockwise) starts."""
    deck = deal_deck("classic", 4, any_hands(4), ["R5"])
    game = Game("classic", 4, dealer=2, deck=deck, seed=1)
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]
    assert len(game.draw_pile) == 108 - 28 - 1
    assert codes(game, game.discard) == ["R5"]
    assert game.color == "red"
    assert game.decision == Decision("turn", 3)
    events = game.opening_events
    assert [(e.seat, e.count) for e in of_kind(events, E.DEAL)] == [(3, 7), (0, 7), (1, 7), (2, 7)]
    assert of_kind(events, E.DEALER)[0].seat == 2
    assert of_kind(events, E.FIRST_CARD)[0].cards == (game.discard[-1],)


def test_deal_with_random_deck_dealer_and_first_player_over_many_seeds():
    """RULES §1: every seat gets 7, the cards are all accounted for, and play starts
    after the dealer whenever the first card is a plain number."""
    for seed in range(30):
        players = 2 + seed % 9
        game = Game("classic", players, seed=seed)
        assert all(len(h) == 7 for h in game.hands)
        assert len(game.draw_pile) + len(game.discard) + 7 * players == 108
        if game.top.kind == "number":
            assert game.decision == Decision("turn", (game.dealer + 1) % players)


def test_play_goes_clockwise():
    """RULES §1: play goes clockwise (seat numbers increase, wrapping round)."""
    game = Game.from_position(hands=[["R1", "R2"], ["R3", "R4"], ["R5", "R6"]],
                              top="R9", current=1)
    play(game, 1, "R3")
    assert game.decision == Decision("turn", 2)
    play(game, 2, "R5")
    assert game.decision == Decision("turn", 0)


# ------------------------------------------------------------- choosing the dealer

def test_dealer_is_the_highest_number_drawn():
    """RULES §1: each player draws a card, highest number deals."""
    deck = rigged_deck("classic", ["R3", "B9", "G2", "Y7"] + ["*"] * 28 + ["R5"])
    game = Game("classic", 4, deck=deck)
    draws = of_kind(game.opening_events, E.DEALER_DRAW)
    assert [(e.seat, codes(game, e.cards)) for e in draws] == [
        (0, ["R3"]), (1, ["B9"]), (2, ["G2"]), (3, ["Y7"])]
    assert game.dealer == 1
    assert game.decision == Decision("turn", 2)
    # The drawn cards went back into the pile: the deck is whole.
    assert len(game.draw_pile) + len(game.discard) + 28 == 108


def test_dealer_draw_action_cards_count_zero():
    """RULES §1: action cards count 0 when drawing for dealer."""
    deck = rigged_deck("classic", ["RS", "R1", "W", "B+2"] + ["*"] * 28 + ["R5"])
    game = Game("classic", 4, deck=deck)
    assert game.dealer == 1


def test_dealer_draw_ties_draw_again():
    """RULES §1 (dealer): tied highest players draw again; only they do."""
    deck = rigged_deck("classic", ["R9", "B9", "G5", "R2", "Y3"] + ["*"] * 21 + ["R5"])
    game = Game("classic", 3, deck=deck)
    draws = of_kind(game.opening_events, E.DEALER_DRAW)
    assert [e.seat for e in draws] == [0, 1, 2, 0, 1]
    assert game.dealer == 1
    assert game.decision == Decision("turn", 2)


def test_dealer_draw_all_action_cards_is_a_tie_at_zero():
    """RULES §1 (dealer): action cards all count 0, so everybody draws again."""
    deck = rigged_deck("classic", ["RS", "BR", "W", "R1", "R2", "R3"] + ["*"] * 21 + ["R5"])
    game = Game("classic", 3, deck=deck)
    assert [e.seat for e in of_kind(game.opening_events, E.DEALER_DRAW)] == [0, 1, 2, 0, 1, 2]
    assert game.dealer == 2


# ------------------------------------------------------------------ a turn

def test_matching_colour_number_symbol_and_wilds():
    """RULES §1: a card matching the top card's colour, number or symbol, or a wild."""
    game = Game.from_position(hands=[["R7", "B3", "BS", "G8", "W", "W+4"], ["Y1"]], top="R3")
    assert plays(game, 0) == sorted(["R7", "B3", "W", "W+4"])
    game = Game.from_position(hands=[["BS", "B3", "R9", "G+2", "YR"], ["Y1"]], top="RS")
    assert plays(game, 0) == sorted(["BS", "R9"])
    game = Game.from_position(hands=[["G+2", "GR", "B+2", "Y2"], ["Y1"]], top="R+2")
    assert plays(game, 0) == ["B+2", "G+2"]


def test_non_matching_card_is_illegal():
    """RULES §1: a card that matches nothing can't be played."""
    game = Game.from_position(hands=[["G8", "R1"], ["Y1"]], top="R3")
    message = assert_illegal(game, Play(0, card(game, 0, "G8")), "Green 8", "Red 3")
    assert "does not match" in message


def test_colour_named_by_a_wild_is_matched():
    """RULES §1: after a wild, the named colour is the one to match."""
    game = Game.from_position(hands=[["G8", "R3", "Y7"], ["Y1"]], top="W", color="green")
    assert plays(game, 0) == ["G8"]


def test_draw_instead_of_playing_even_with_a_playable_card():
    """RULES §1: a player may draw instead of playing, even holding a playable card;
    a playable drawn card may be played at once."""
    game = Game.from_position(hands=[["R7", "B1"], ["Y1", "Y2"], ["G1", "G2"]],
                              top="R3", draw=["R9"])
    assert Draw(0) in game.legal_actions(0) and Play(0, card(game, 0, "R7")) in game.legal_actions(0)
    events = game.apply(Draw(0))
    assert of_kind(events, E.DRAW)[0].count == 1
    drawn = card(game, 0, "R9")
    assert game.decision == Decision("drawn", 0)
    assert set(game.legal_actions(0)) == {Play(0, drawn), Keep(0)}
    game.apply(Play(0, drawn))
    assert game.top.code == "R9" and game.decision == Decision("turn", 1)


def test_after_drawing_no_other_card_may_be_played():
    """RULES §1: no other card may be played after drawing."""
    game = Game.from_position(hands=[["R7", "B1"], ["Y1", "Y2"]], top="R3", draw=["R9"])
    game.apply(Draw(0))
    assert_illegal(game, Play(0, card(game, 0, "R7")), "only the drawn card", "Red 9")
    game.apply(Keep(0))
    assert game.decision == Decision("turn", 1)
    assert hand(game, 0) == ["B1", "R7", "R9"]


def test_unplayable_drawn_card_ends_the_turn():
    """RULES §1: a drawn card that can't be played is kept and the turn passes."""
    game = Game.from_position(hands=[["R7", "B1"], ["Y1", "Y2"]], top="R3", draw=["G9"])
    events = game.apply(Draw(0))
    assert game.decision == Decision("turn", 1)
    assert hand(game, 0) == ["B1", "G9", "R7"]
    assert kinds(events) == [E.DRAW, E.TURN]


# ------------------------------------------------------------ the draw pile

def test_empty_draw_pile_reshuffles_discard_keeping_top_card():
    """RULES §1: draw pile empty: shuffle the discard pile except its top card."""
    game = Game.from_position(hands=[["G1", "G2"], ["Y1", "Y2"]], top="R5",
                              discard=["B1", "B2", "B3"], draw=[], leftover="out")
    top = game.discard[-1]
    events = game.apply(Draw(0))
    reshuffle = of_kind(events, E.RESHUFFLE)
    assert reshuffle and reshuffle[0].count == 3
    assert game.discard == [top]
    new_cards = sorted(set(game.hands[0]) - {card(game, 0, "G1"), card(game, 0, "G2")})
    assert len(new_cards) == 1
    assert sorted(codes(game, game.draw_pile + new_cards)) == ["B1", "B2", "B3"]


def test_both_piles_exhausted_draw_what_exists_and_play_goes_on():
    """RULES §1 Decision: with both piles exhausted a player draws what exists."""
    game = Game.from_position(hands=[["R+2", "G1"], ["Y1", "Y2"], ["B1", "B2"]],
                              top="R5", draw=[], leftover="out")
    events = game.apply(Play(0, card(game, 0, "R+2")))
    # The only card left to reshuffle is the old top card, R5: seat 1 draws just that.
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(1, 1)]
    assert hand(game, 1) == ["R5", "Y1", "Y2"]
    assert game.decision == Decision("turn", 2)
    assert game.draw_pile == [] and codes(game, game.discard) == ["R+2"]


def test_full_lap_with_nobody_able_to_play_ends_round_without_winner():
    """RULES §1 Decision: a full lap in which nobody can play and nothing can be
    drawn ends the round with no winner; nobody scores."""
    game = Game.from_position(hands=[["B1", "B2"], ["G1", "G2"], ["Y1", "Y2"]],
                              top="R5", draw=[], leftover="out")
    for seat in (0, 1):
        assert game.legal_actions(seat) == [Draw(seat)]
        game.apply(Draw(seat))
        assert not game.is_over
    events = game.apply(Draw(2))
    assert game.is_over and game.winner is None
    over = of_kind(events, E.ROUND_OVER)
    assert over and over[0].seat is None and over[0].count == 0
    assert [game.legal_actions(s) for s in range(3)] == [[], [], []]


def test_stalled_lap_does_not_end_round_while_someone_could_play():
    """RULES §1 Decision: the round only ends when nobody *can* play for a lap."""
    game = Game.from_position(hands=[["B1", "R1"], ["G1", "G2"], ["Y1", "Y2"]],
                              top="R5", draw=[], leftover="out")
    for _ in range(3):
        for seat in range(3):
            game.apply(Draw(seat))
    assert not game.is_over
    assert game.decision == Decision("turn", 0)


# ------------------------------------------------------------------- UNO

def _down_to_one(players=3):
    hands = [["R5", "B7"], ["G1", "G2"], ["Y1", "Y2"], ["G3", "G4"]][:players]
    game = Game.from_position(hands=hands, top="R3", draw=["B1", "B2", "B3", "B4"])
    play(game, 0, "R5")
    return game


def test_uno_window_opens_when_playing_down_to_one_card():
    """RULES §1 UNO: a player who plays down to one card must call UNO; until then
    every other player may catch them."""
    game = _down_to_one()
    assert game.uno_window == 0
    assert CallUno(0) in game.legal_actions(0)
    assert Catch(1, 0) in game.legal_actions(1) and Catch(2, 0) in game.legal_actions(2)
    assert game.view(2).catchable == (0,)


def test_catch_makes_the_caught_player_draw_two():
    """RULES §1 UNO: the caught player draws 2 (any other player may catch)."""
    game = _down_to_one()
    events = game.apply(Catch(2, 0))
    assert kinds(events) == [E.CATCH, E.DRAW]
    assert events[0].seat == 2 and events[0].target == 0
    assert events[1].seat == 0 and events[1].count == 2
    assert hand(game, 0) == ["B1", "B2", "B7"]
    assert game.decision == Decision("turn", 1)
    # Caught once is enough: nobody may catch again, and it is too late to call.
    assert Catch(1, 0) not in game.legal_actions(1)
    assert_illegal(game, Catch(1, 0), "can't be caught")


@pytest.mark.parametrize("next_move", ["draw", "play"])
def test_catch_window_closes_when_next_player_acts(next_move):
    """RULES §1 UNO: the window lasts until the next player acts (plays or draws)."""
    game = Game.from_position(hands=[["R5", "B7"], ["R1", "G2", "G3"], ["Y1", "Y2"]],
                              top="R3", draw=["B1", "B2"])
    play(game, 0, "R5")
    if next_move == "draw":
        game.apply(Draw(1))
    else:
        play(game, 1, "R1")
    assert game.uno_window is None and game.view(2).catchable == ()
    assert not any(type(a) is Catch for a in game.legal_actions(2))
    assert CallUno(0) not in game.legal_actions(0)
    assert_illegal(game, Catch(2, 0), "can't be caught")
    assert_illegal(game, CallUno(0), "passed")
    assert len(game.hands[0]) == 1


def test_call_before_being_caught_is_safe():
    """RULES §1 UNO: calling late but before being caught is safe."""
    game = _down_to_one()
    events = game.apply(CallUno(0))
    assert kinds(events) == [E.UNO]
    assert 0 in game.called and game.view(1).seats[0].called_uno
    assert game.view(1).catchable == ()
    assert not any(type(a) is Catch for s in (1, 2) for a in game.legal_actions(s))
    assert_illegal(game, Catch(1, 0), "can't be caught")


def test_late_call_after_naming_a_colour_is_safe():
    """RULES §1 UNO: the player's own follow-up (naming a colour) does not close the
    window, so a call after it still saves them."""
    game = Game.from_position(hands=[["W", "B7"], ["G1", "G2"], ["Y1", "Y2"]], top="R3")
    play(game, 0, "W")
    game.apply(ChooseColor(0, "blue"))
    assert Catch(1, 0) in game.legal_actions(1)
    game.apply(CallUno(0))
    assert not any(type(a) is Catch for a in game.legal_actions(1))
    game.apply(Draw(1))
    assert len(game.hands[0]) == 1


def test_no_wrong_catch_is_offered():
    """RULES §1 UNO: only a player down to one card who has not called may be caught."""
    # Holding one card from the start (already called) is not catchable.
    game = Game.from_position(hands=[["R5"], ["G1", "G2"], ["Y1", "Y2"]], top="R3", current=1)
    assert not any(type(a) in (Catch, CallUno) for s in range(3) for a in game.legal_actions(s))
    # Playing down to two cards opens no window.
    game = Game.from_position(hands=[["R5", "B7", "B8"], ["G1", "G2"], ["Y1", "Y2"]], top="R3")
    play(game, 0, "R5")
    assert game.uno_window is None
    assert_illegal(game, Catch(1, 0), "can't be caught")
    # A catch aimed at someone else than the player down to one card is refused.
    game = _down_to_one(players=4)
    assert_illegal(game, Catch(1, 2), "can't be caught")
    assert_illegal(game, Catch(0, 0), "can't be caught")


def test_call_uno_needs_exactly_one_card():
    """RULES §1 UNO: UNO is called when down to one card, not otherwise."""
    game = Game.from_position(hands=[["R5", "B7"], ["G1", "G2"]], top="R3")
    assert_illegal(game, CallUno(0), "exactly one card")


# ------------------------------------------------------------------ wilds

def test_wild_is_playable_on_anything_and_names_the_colour():
    """RULES §1 Wild: playable on anything, even with other playable cards; the
    player names the colour."""
    game = Game.from_position(hands=[["W", "R7", "B2"], ["G1", "G2"], ["Y1", "Y2"]], top="R3")
    assert "W" in plays(game, 0) and "R7" in plays(game, 0)
    play(game, 0, "W")
    assert game.decision == Decision("color", 0)
    assert sorted(a.color for a in game.legal_actions(0)) == ["blue", "green", "red", "yellow"]
    assert_illegal(game, ChooseColor(0, "purple"), "name a colour")
    assert_illegal(game, Draw(1), "waiting for seat 0")
    events = game.apply(ChooseColor(0, "green"))
    assert events[0].kind == E.COLOR and events[0].color == "green"
    assert game.color == "green" and game.view(2).color == "green"
    assert game.decision == Decision("turn", 1)
    assert plays(game, 1) == ["G1", "G2"]


# ------------------------------------------------------------ draw cards

def test_draw_two_is_not_stackable_by_default():
    """RULES §1: draw cards are not stackable: a +2 can't answer a +2."""
    game = Game.from_position(hands=[["R+2", "R1"], ["B+2", "G3"], ["Y1", "Y2"]],
                              top="R5", draw=["B1", "B2"])
    events = play(game, 0, "R+2")
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(1, 2)]
    assert hand(game, 1) == ["B+2", "B1", "B2", "G3"]
    assert game.decision == Decision("turn", 2)


def test_wild_draw_four_is_not_stackable_by_default():
    """RULES §1: a +4 can't answer a +4 either: only accept or challenge."""
    game = Game.from_position(hands=[["W+4", "G1", "G2"], ["W+4", "G3"], ["Y1", "Y2"]],
                              top="R5")
    play(game, 0, "W+4")
    game.apply(ChooseColor(0, "blue"))
    assert game.decision == Decision("respond", 1)
    assert {type(a).__name__ for a in game.legal_actions(1)} == {"Accept", "Challenge"}


# --------------------------------------------------------- end of the round

def test_round_ends_the_moment_the_last_card_is_played():
    """RULES §1: a round ends the moment a player plays their last card."""
    game = Game.from_position(hands=[["R5"], ["G1", "G2"], ["Y1", "YS"]], top="R3")
    events = play(game, 0, "R5")
    assert game.is_over and game.winner == 0
    assert kinds(events) == [E.PLAY, E.ROUND_OVER]
    assert events[-1].seat == 0 and events[-1].count == 1 + 2 + 1 + 20
    assert game.round_points() == 24
    assert all(game.legal_actions(s) == [] for s in range(3))
    assert_illegal(game, Draw(1), "round is over")


def test_last_card_draw_two_next_player_draws_first_and_is_scored():
    """RULES §1: a last card that makes the next player draw: they draw first and
    those cards are scored."""
    game = Game.from_position(hands=[["R+2"], ["G1"], ["Y1"]], top="R3", draw=["B9", "YS"])
    events = play(game, 0, "R+2")
    assert kinds(events) == [E.PLAY, E.DRAW, E.ROUND_OVER]
    assert hand(game, 1) == ["B9", "G1", "YS"]
    assert game.winner == 0 and game.round_points() == 1 + 9 + 20 + 1
    assert events[-1].count == 31


def test_last_card_wild_draw_four_next_player_draws_four_and_is_scored():
    """RULES §1: a last Wild Draw Four: the next player draws 4 first, no challenge."""
    game = Game.from_position(hands=[["W+4"], ["G1"], ["Y1"]], top="R3",
                              draw=["B9", "B8", "B7", "B6"])
    events = play(game, 0, "W+4")
    assert game.is_over and game.winner == 0
    assert hand(game, 1) == ["B6", "B7", "B8", "B9", "G1"]
    assert game.round_points() == 1 + 9 + 8 + 7 + 6 + 1
    assert of_kind(events, E.ROUND_OVER)[0].count == 32


# ------------------------------------------------------------ two players

def test_two_players_reverse_acts_as_skip():
    """RULES §1 two players: Reverse acts as Skip (the player goes again)."""
    game = Game.from_position(hands=[["RR", "R1", "R2"], ["G1", "G2"]], top="R3")
    play(game, 0, "RR")
    assert game.decision == Decision("turn", 0)


def test_two_players_draw_two_returns_the_turn():
    """RULES §1 two players: after a Draw Two the opponent draws and the turn comes back."""
    game = Game.from_position(hands=[["R+2", "R1", "R2"], ["G1", "G2"]], top="R3",
                              draw=["B1", "B2"])
    play(game, 0, "R+2")
    assert hand(game, 1) == ["B1", "B2", "G1", "G2"]
    assert game.decision == Decision("turn", 0)


def test_two_players_wild_draw_four_returns_the_turn():
    """RULES §1 two players: after a Wild Draw Four the opponent draws 4 and the turn
    comes back."""
    game = Game.from_position(hands=[["W+4", "R1", "R2"], ["G1", "G2"]], top="B3",
                              draw=["B1", "B2", "B4", "B5"])
    play(game, 0, "W+4")
    game.apply(ChooseColor(0, "red"))
    game.apply(game.legal_actions(1)[0])   # Accept
    assert len(game.hands[1]) == 6
    assert game.decision == Decision("turn", 0)


# ------------------------------------------------------------------ scoring

def test_scoring_values_classic():
    """RULES §1 scoring and §2 points: numbers face value, Skip / Reverse / Draw Two 20,
    Wild / Wild Draw Four 50; the winner scores the other hands."""
    game = Game.from_position(
        hands=[["R1"], ["R0", "B9", "GS", "YR", "B+2"], ["W", "W+4", "Y5"]], top="R3")
    assert game.hand_points(1) == 0 + 9 + 20 + 20 + 20
    assert game.hand_points(2) == 50 + 50 + 5
    play(game, 0, "R1")
    assert game.winner == 0 and game.round_points() == 69 + 105
