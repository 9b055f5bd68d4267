"""UNO Party!: one scenario per rule line of RULES.md §5, plus sim smoke tests.

Every scenario builds the exact situation (``Game.from_position`` or a rigged deck)
and checks the outcome, with the engine's invariants checked along the way.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from uno_tui.bots import make_bot
from uno_tui.engine import (
    Accept, CallUno, Catch, Challenge, ChooseColor, ConfigError, DecisionKind, Draw, EventKind,
    Face, Game, IllegalActionError, JumpIn, LinkPlayers, Match, Play, PointAt, SaveDataError,
    TakePile, get_variant,
)
from uno_tui.engine.determinize import sample_state
from uno_tui.engine.invariants import check_invariants, check_round_trip
from uno_tui.rulesets.party.rules import POINT_TAKEN_CAP, PUBLIC_EXTRAS
from uno_tui.engine.variants import PARTY_SET_ASIDE
from uno_tui.sim import SimConfig, play_round, run_sim

D = DecisionKind
E = EventKind


# ------------------------------------------------------------------- helpers

def party(hands, top, **kw) -> Game:
    kw.setdefault("leftover", "draw")
    game = Game.from_position("party", hands=hands, top=top, **kw)
    assert_sound(game)
    return game


def assert_sound(game: Game) -> None:
    assert check_invariants(game) == []
    assert check_round_trip(game) == []


def do(game: Game, action) -> tuple:
    events = game.apply(action)
    assert_sound(game)
    return events


def card(game: Game, seat: int, code: str) -> int:
    """The id of the first card with notation ``code`` in ``seat``'s hand."""
    face = Face.parse(code)
    return next(c for c in game.hands[seat] if game.face(c) == face)


def codes(game: Game, ids) -> list[str]:
    return [game.face(c).code for c in ids]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def draws(events) -> list[tuple[int, int]]:
    """(seat, count) of every draw event, in order."""
    return [(e.seat, e.count) for e in events if e.kind == E.DRAW]


# --------------------------------------------------------------- players, deck

def test_deck_is_one_table_of_221_cards_and_the_box_holds_224():
    variant = get_variant("party")
    deck = variant.build_deck()
    assert len(deck) == 221
    assert len(deck) + sum(PARTY_SET_ASIDE.values()) == 224
    faces = Counter(card.light for card in deck)
    for color in variant.colors:
        assert faces[Face(color, "number", 0)] == 2
        for n in range(1, 10):
            assert faces[Face(color, "number", n)] == 4
        for kind in ("draw_two", "reverse", "skip", "point_taken"):
            assert faces[Face(color, kind)] == 3
    assert faces[Face(None, "wild")] == 5
    assert faces[Face(None, "wild_draw_four")] == 8
    assert faces[Face(None, "wild_pile_up")] == 4
    assert faces[Face(None, "wild_drawn_together")] == 4


@pytest.mark.parametrize("players", [2, 16])
def test_two_to_sixteen_players_deal_seven_each(players):
    game = Game("party", players, seed=3)
    assert [len(h) for h in game.hands] == [7] * players
    assert len(game.draw_pile) + len(game.discard) == 221 - 7 * players
    view = game.view(0)
    assert view.extras["direction_tracker"] == "clockwise"
    assert view.extras["link"] is None
    assert get_variant("party").recommended_players == (6, 16)
    assert_sound(game)


@pytest.mark.parametrize("players", [1, 17])
def test_player_counts_outside_two_to_sixteen_are_refused(players):
    with pytest.raises(ConfigError, match="2 to 16 players"):
        Game("party", players)


def test_the_jump_in_house_rule_widens_speed_play_to_identical_action_cards():
    hands = [["G1", "G2"], ["R+2", "B3"], ["Y3"]]
    game = party(hands, "R+2", current=0)
    assert not any(isinstance(a, JumpIn) for a in game.legal_actions(1))
    game = party(hands, "R+2", rules=["jump-in"], current=0)
    do(game, JumpIn(1, card(game, 1, "R+2")))
    assert len(game.hands[2]) == 3 and game.decision == (D.TURN, 0)


def test_first_action_cards_are_ignored_until_a_number_shows():
    variant = get_variant("party")
    pool: dict[Face, list[int]] = {}
    for c in variant.build_deck():
        pool.setdefault(c.light, []).append(c.id)

    def take(code):
        return pool[Face.parse(code)].pop()

    hands = [take(c) for c in ["R1", "R2", "R3", "R4", "R5", "R6", "R7"] * 3]
    first = [take(c) for c in ["G+2", "W+4", "BS", "YR", "RPT", "WPU", "WDT", "W", "B5"]]
    rest = [cid for ids in pool.values() for cid in ids]
    game = Game("party", 3, dealer=0, deck=hands + first + rest)
    assert codes(game, game.discard) == ["G+2", "W+4", "BS", "YR", "RPT", "WPU", "WDT", "W", "B5"]
    assert game.color == "blue"
    assert game.decision == (D.TURN, 1)        # the player after the dealer starts
    assert game.direction == 1                 # the Reverse was ignored
    assert [len(h) for h in game.hands] == [7, 7, 7]   # the Draw Two was ignored
    assert game.link is None and game.mini_pile == []
    assert_sound(game)


# ----------------------------------------------------------------- speed play

def test_speed_play_with_the_identical_number_card_then_play_continues_after_it():
    game = party([["G1", "G2"], ["B7", "R8"], ["R7", "Y3"], ["R7", "B2"], ["Y1"]], "R7",
                 current=0)
    assert JumpIn(1, card(game, 1, "B7")) not in game.legal_actions(1)
    speed = JumpIn(2, card(game, 2, "R7"))
    assert speed in game.legal_actions(2)
    assert JumpIn(3, card(game, 3, "R7")) in game.legal_actions(3)
    events = do(game, speed)
    assert kinds(events)[:2] == [E.JUMP_IN, E.PLAY]
    assert game.hands[2] == [card(game, 2, "Y3")]
    assert game.top == Face("red", "number", 7)
    assert game.decision == (D.TURN, 3)        # from the player after the one who sped in
    # The top is again a red 7: seat 3 can't speed-play on its own turn, it simply plays.
    assert not any(isinstance(a, JumpIn) for a in game.legal_actions(3))
    assert Play(3, card(game, 3, "R7")) in game.legal_actions(3)


def test_speed_play_follows_the_direction_of_play():
    game = party([["G1"], ["B1"], ["Y3"], ["R4", "B2"], ["G5"]], "R4",
                 current=1, direction=-1)
    do(game, JumpIn(3, card(game, 3, "R4")))
    assert game.decision == (D.TURN, 2)


def test_speed_play_window_closes_once_the_current_player_acts():
    game = party([["G1", "G2"], ["R7", "B3"], ["Y3"]], "R7", draw=["B9"], current=0)
    speed = JumpIn(1, card(game, 1, "R7"))
    assert speed in game.legal_actions(1)
    do(game, Draw(0))                          # seat 0 acted: no speed play now
    assert game.decision == (D.TURN, 1)
    # The top is still the red 7 and it is seat 1's turn: it plays, not speed-plays.
    assert speed not in game.legal_actions(1)


def test_no_speed_play_on_action_cards_or_wilds():
    game = party([["G1", "G2"], ["RS", "B3"], ["Y3"]], "RS", current=0)
    assert not any(isinstance(a, JumpIn) for a in game.legal_actions(1))


def test_wrong_speed_play_is_taken_back_and_its_player_draws_one():
    game = party([["G1", "G2"], ["B3", "R8"], ["Y3"]], "R7", draw=["Y9"], current=0)
    wrong = JumpIn(1, card(game, 1, "R8"))
    assert wrong not in game.legal_actions(1)  # never offered, but accepted with a penalty
    before_top, before_color = game.discard[:], game.color
    events = do(game, wrong)
    assert kinds(events) == [E.WRONG_SPEED_PLAY, E.DRAW]
    assert events[0].cards == (wrong.card,)
    assert codes(game, game.hands[1]) == ["B3", "R8", "Y9"]
    assert game.discard == before_top and game.color == before_color
    assert game.decision == (D.TURN, 0)        # still seat 0's turn


def test_a_speed_played_skip_is_wrong_too():
    game = party([["G1", "G2"], ["RS", "B3"], ["Y3"]], "RS", current=0)
    events = do(game, JumpIn(1, card(game, 1, "RS")))
    assert kinds(events) == [E.WRONG_SPEED_PLAY, E.DRAW]
    assert len(game.hands[1]) == 3


def test_speed_play_with_a_card_not_held_or_outside_the_window_is_illegal():
    game = party([["G1", "G2"], ["R7", "B3"], ["Y3"]], "R7", current=0)
    saved = game.to_json()
    not_held = JumpIn(1, card(game, 2, "Y3"))
    with pytest.raises(IllegalActionError, match="does not hold"):
        game.apply(not_held)
    with pytest.raises(IllegalActionError, match="your turn"):
        game.apply(JumpIn(0, card(game, 0, "G1")))
    assert game.to_json() == saved


# --------------------------------------------------------- classic-like cards

def test_reverse_flips_the_direction_tracker():
    game = party([["RR", "G2"], ["B3"], ["Y3"], ["G7"]], "R1", current=0)
    events = do(game, Play(0, card(game, 0, "RR")))
    assert E.REVERSE in kinds(events)
    assert game.direction == -1
    assert game.view(2).extras["direction_tracker"] == "counter-clockwise"
    assert game.decision == (D.TURN, 3)


def test_draw_two_skip_and_wild_work_as_in_classic():
    game = party([["R+2", "RS", "W", "G2"], ["B3", "B4"], ["Y3", "Y4"], ["G7", "G8"]], "R1",
                 draw=["G1", "G3"], current=0)
    do(game, Play(0, card(game, 0, "R+2")))
    assert codes(game, game.hands[1]) == ["B3", "B4", "G1", "G3"]
    assert game.decision == (D.TURN, 2)
    game = party([["RS", "G2"], ["B3"], ["Y3"]], "R1", current=0)
    do(game, Play(0, card(game, 0, "RS")))
    assert game.decision == (D.TURN, 2)
    game = party([["W", "G2"], ["B3"], ["Y3"]], "R1", current=0)
    do(game, Play(0, card(game, 0, "W")))
    assert game.decision == (D.COLOR, 0)
    do(game, ChooseColor(0, "blue"))
    assert game.color == "blue" and game.decision == (D.TURN, 1)


def test_a_wild_in_hand_counts_as_the_colour_in_play_so_wild_draw_four_is_a_bluff():
    game = party([["W+4", "W", "G2"], ["B3", "B4"], ["Y3"]], "R1", draw=["G1", "G3", "G4", "G5"],
                 current=0)
    do(game, Play(0, card(game, 0, "W+4")))
    do(game, ChooseColor(0, "blue"))
    assert game.decision == (D.RESPOND, 1)
    events = do(game, Challenge(1))
    assert [e.detail for e in events if e.kind == E.CHALLENGE] == ["guilty"]
    # Guilty: its player draws 4; the card and its colour stay; the challenger plays on.
    assert codes(game, game.hands[0]) == ["W", "G2", "G1", "G3", "G4", "G5"]
    assert game.top == Face(None, "wild_draw_four") and game.color == "blue"
    assert game.decision == (D.TURN, 1)
    assert len(game.hands[1]) == 2


def test_wild_draw_four_challenge_innocent_the_challenger_draws_six_and_loses_the_turn():
    game = party([["W+4", "G2"], ["B3", "B4"], ["Y3"]], "R1",
                 draw=["G1", "G3", "G4", "G5", "G6", "G7"], current=0)
    do(game, Play(0, card(game, 0, "W+4")))
    do(game, ChooseColor(0, "blue"))
    events = do(game, Challenge(1))
    assert [e.detail for e in events if e.kind == E.CHALLENGE] == ["innocent"]
    assert len(game.hands[1]) == 8
    assert game.decision == (D.TURN, 2)
    # Accepting instead: draw 4, lose the turn.
    game = party([["W+4", "G2"], ["B3", "B4"], ["Y3"]], "R1", current=0)
    do(game, Play(0, card(game, 0, "W+4")))
    do(game, ChooseColor(0, "blue"))
    do(game, Accept(1))
    assert len(game.hands[1]) == 6 and game.decision == (D.TURN, 2)


def test_no_bluffing_counts_other_wilds_but_not_the_card_itself():
    game = party([["W+4", "G2"], ["B3"], ["Y3"]], "R1", rules=["no-bluffing"], current=0)
    assert Play(0, card(game, 0, "W+4")) in game.legal_actions(0)
    game = party([["W+4", "W", "G2"], ["B3"], ["Y3"]], "R1", rules=["no-bluffing"], current=0)
    assert Play(0, card(game, 0, "W+4")) not in game.legal_actions(0)


# ---------------------------------------------------------------- Point Taken

def test_point_taken_secret_ballot_then_draws_one_player_at_a_time():
    game = party([["RPT", "G2"], ["B3"], ["Y3"], ["G7"]], "R1",
                 draw=["B1", "B2", "B4", "B5"], current=0)
    events = do(game, Play(0, card(game, 0, "RPT")))
    assert game.decision == (D.POINT, 0)
    assert [a for a in game.legal_actions(0) if isinstance(a, PointAt)] == [
        PointAt(0, 1), PointAt(0, 2), PointAt(0, 3)]
    ballot = [PointAt(0, 2), PointAt(1, 2), PointAt(2, 3), PointAt(3, 1)]
    for vote in ballot[:-1]:
        events = do(game, vote)
        assert kinds(events) == [E.BALLOT]
        assert events[0].target is None       # whom: not told
        # Nobody's view shows a vote, only who has voted.
        for seat in range(4):
            view = game.view(seat)
            assert set(view.extras) == set(PUBLIC_EXTRAS)
            assert view.extras["ballots_cast"] == tuple(v.seat for v in ballot[:vote.seat + 1])
            assert "votes" not in repr(view)
        assert game.decision == (D.POINT, vote.seat + 1)
    events = do(game, ballot[-1])
    # Revealed together, then the draws in turn order from the card's player.
    assert [(e.seat, e.target) for e in events if e.kind == E.POINT] == [
        (0, 2), (1, 2), (2, 3), (3, 1)]
    assert [(e.seat, e.count) for e in events if e.kind == E.POINTED] == [(1, 1), (2, 2), (3, 1)]
    assert draws(events) == [(1, 1), (2, 2), (3, 1)]
    assert codes(game, game.hands[1]) == ["B3", "B1"]
    assert codes(game, game.hands[2]) == ["Y3", "B2", "B4"]
    assert codes(game, game.hands[3]) == ["G7", "B5"]
    assert game.decision == (D.TURN, 1)


def test_a_searching_bot_samples_the_ballot_from_its_view_not_the_real_votes():
    def voted(target):
        game = party([["RPT", "G2"], ["B3"], ["Y3"], ["G7"]], "R1", current=0)
        do(game, Play(0, card(game, 0, "RPT")))
        do(game, PointAt(0, target))
        return game

    first, second = voted(2), voted(3)
    assert first.view(1) == second.view(1)
    samples = [sample_state(g.view(1), random.Random(7)) for g in (first, second)]
    assert samples[0] == samples[1]
    assert [voter for voter, _ in samples[0]["ctx"]["votes"]] == [0]
    world = Game.from_json(samples[0])
    assert world.decision == (D.POINT, 1) and check_invariants(world) == []


def test_point_taken_votes_beyond_five_are_capped():
    players = 9
    hands = [["RPT", "G2"]] + [[f"B{n}"] for n in range(1, players)]
    game = party(hands, "R1", current=0)
    do(game, Play(0, card(game, 0, "RPT")))
    for voter in range(players):
        target = 4 if voter != 4 else 0
        do(game, PointAt(voter, target))
    assert len(game.hands[4]) == 1 + POINT_TAKEN_CAP     # 8 fingers, 5 cards
    assert len(game.hands[0]) == 1 + 1
    assert game.decision == (D.TURN, 1)


def test_point_taken_votes_must_point_at_another_player_once():
    game = party([["RPT", "G2"], ["B3"], ["Y3"]], "R1", current=0)
    do(game, Play(0, card(game, 0, "RPT")))
    saved = game.to_json()
    with pytest.raises(IllegalActionError, match="not at yourself"):
        game.apply(PointAt(0, 0))
    with pytest.raises(IllegalActionError, match="not to play"):
        game.apply(Play(0, card(game, 0, "G2")))
    assert game.to_json() == saved
    do(game, PointAt(1, 2))
    with pytest.raises(IllegalActionError, match="seat 1 has already voted"):
        game.apply(PointAt(1, 0))


def test_point_taken_votes_may_come_in_any_order_and_show_nothing_until_the_last():
    """Engine fix: every seat points at once at a real table (and over a network), so
    any seat that has not voted may vote; the game waits on the first one in turn order
    from the card's player. The same votes in another order give the same round."""
    def ballot(order):
        game = party([["RPT", "G2"], ["B3"], ["Y3"], ["G7"]], "R1",
                     draw=["B1", "B2", "B4", "B5"], current=0)
        do(game, Play(0, card(game, 0, "RPT")))
        votes = {0: 2, 1: 2, 2: 3, 3: 1}
        views = []
        for voter in order[:-1]:
            assert PointAt(voter, votes[voter]) in game.legal_actions(voter)
            events = do(game, PointAt(voter, votes[voter]))
            assert kinds(events) == [E.BALLOT] and events[0].target is None
            views.append(game.view(order[-1]))
            assert "votes" not in repr(views[-1])
        waiting = order[-1]
        assert game.decision == (D.POINT, waiting)
        assert all(not isinstance(a, PointAt) for s in order[:-1] for a in game.legal_actions(s))
        events = do(game, PointAt(waiting, votes[waiting]))
        return game, events, views

    in_turn, events, _ = ballot([0, 1, 2, 3])
    backwards, back_events, views = ballot([3, 1, 2, 0])
    assert [v.extras["ballots_cast"] for v in views] == [(3,), (1, 3), (1, 2, 3)]
    assert back_events[1:] == events[1:]   # after the last ballot, all the same
    assert backwards.to_json()["hands"] == in_turn.to_json()["hands"]
    assert [(e.seat, e.target) for e in events if e.kind == E.POINT] == [
        (0, 2), (1, 2), (2, 3), (3, 1)]


def test_point_taken_ends_the_link_before_anyone_draws():
    game = party([["RPT", "G2"], ["B3"], ["Y3"], ["G7"]], "R1", current=0)
    game.link = (1, 2)
    events = do(game, Play(0, card(game, 0, "RPT")))
    assert E.UNLINK in kinds(events) and game.link is None
    assert game.view(3).extras["link"] is None
    for voter, target in [(0, 1), (1, 3), (2, 1), (3, 1)]:
        events = do(game, PointAt(voter, target))
    assert draws(events) == [(1, 3), (3, 1)]   # seat 2 does not draw with seat 1
    assert E.LINKED_DRAW not in kinds(events)


def test_a_missed_uno_stays_catchable_through_the_ballot():
    game = party([["RPT", "G2"], ["B3", "B4"], ["Y3", "Y4"]], "R1", current=0)
    do(game, Play(0, card(game, 0, "RPT")))     # down to one card, no UNO called
    do(game, PointAt(0, 1))
    do(game, PointAt(1, 2))
    assert Catch(2, 0) in game.legal_actions(2)
    do(game, Catch(2, 0))
    assert len(game.hands[0]) == 3


# -------------------------------------------------------------- Wild Pile Up

def test_wild_pile_up_turns_wilds_onto_the_mini_pile_until_a_colour_shows():
    game = party([["WPU", "G2", "G3"], ["B3", "Y5"], ["Y3"]], "R1",
                 draw=["W", "W+4", "Y9"], current=0)
    events = do(game, Play(0, card(game, 0, "WPU")))
    assert E.COLOR not in kinds(events)       # its player names no colour
    assert codes(game, game.mini_pile) == ["W", "W+4", "Y9"]
    pile_up = next(e for e in events if e.kind == E.PILE_UP)
    assert pile_up.color == "yellow" and pile_up.target == 1
    assert game.color == "yellow"             # the discard pile takes the mini-pile's colour
    assert game.decision == (D.PILE_UP, 1)
    view = game.view(2)
    assert [c.face.code for c in view.extras["mini_pile"]] == ["W", "W+4", "Y9"]
    assert view.extras["mini_pile_color"] == "yellow"
    assert view.extras["mini_pile_seat"] == 1
    assert game.legal_actions(1) == [Play(1, card(game, 1, "Y5"))]  # must play if it can
    with pytest.raises(IllegalActionError, match="must play it on the mini-pile"):
        game.apply(TakePile(1))
    with pytest.raises(IllegalActionError, match="only a Yellow card or a wild"):
        game.apply(Play(1, card(game, 1, "B3")))


def test_mini_pile_goes_all_the_way_round_then_the_first_who_cannot_takes_it():
    hands = [["WPU", "YS", "Y1", "B9"], ["Y+2", "W", "YR", "B1"], ["Y4", "G2"]]
    game = party(hands, "R1", draw=["Y9"], current=0)
    do(game, Play(0, card(game, 0, "WPU")))
    # Seat 1 plays a Draw Two: no effect. Seat 2, seat 0 (all the way round), seat 1 a
    # wild (the colour stays), seat 2 has no yellow left and takes the pile.
    for seat, code in [(1, "Y+2"), (2, "Y4"), (0, "YS"), (1, "W"), (2, None)]:
        assert game.decision == (D.PILE_UP, seat)
        before = {s: len(h) for s, h in enumerate(game.hands)}
        if code is None:
            assert game.legal_actions(seat) == [TakePile(seat)]
            events = do(game, TakePile(seat))
        else:
            events = do(game, Play(seat, card(game, seat, code)))
            assert kinds(events) == [E.PILE_ON]
            assert {s: len(h) for s, h in enumerate(game.hands)} == {
                s: n - (s == seat) for s, n in before.items()}
        assert game.color == "yellow" and game.direction == 1
    taken = next(e for e in events if e.kind == E.PILE_TAKEN)
    assert codes(game, taken.cards) == ["Y9", "Y+2", "Y4", "YS", "W"]
    assert codes(game, game.hands[2]) == ["G2", "Y9", "Y+2", "Y4", "YS", "W"]
    assert game.mini_pile == []
    assert game.top == Face(None, "wild_pile_up") and game.color == "yellow"
    assert game.decision == (D.TURN, 0)       # the taker's turn is over; next player on


def test_the_next_player_with_no_card_for_the_mini_pile_takes_it_at_once():
    game = party([["WPU", "G2"], ["B3"], ["Y3"], ["Y4"]], "R1", draw=["R9"], current=0)
    do(game, Play(0, card(game, 0, "WPU")))
    assert game.color == "red"
    do(game, TakePile(1))
    assert codes(game, game.hands[1]) == ["B3", "R9"]
    assert game.decision == (D.TURN, 2)


def test_playing_the_last_card_on_the_mini_pile_wins_and_one_card_opens_the_uno_window():
    game = party([["WPU", "G2"], ["Y3", "Y7"], ["Y5", "B1", "B2"]], "R1", draw=["Y9"],
                 current=0)
    do(game, Play(0, card(game, 0, "WPU")))
    do(game, Play(1, card(game, 1, "Y3")))
    assert game.uno_window == 1 and CallUno(1) in game.legal_actions(1)
    assert Catch(2, 1) in game.legal_actions(2)
    do(game, CallUno(1))
    do(game, Play(2, card(game, 2, "Y5")))
    do(game, TakePile(0))
    assert codes(game, game.hands[0]) == ["G2", "Y9", "Y3", "Y5"]
    assert game.decision == (D.TURN, 1)
    game = party([["WPU", "G2"], ["Y3"], ["B1"]], "R1", draw=["Y9"], current=0)
    do(game, Play(0, card(game, 0, "WPU")))
    events = do(game, Play(1, card(game, 1, "Y3")))
    assert game.is_over and game.winner == 1
    assert kinds(events)[-1] == E.ROUND_OVER


def test_pile_up_with_both_piles_exhausted_keeps_the_colour_in_play():
    # The only card left to turn (after reshuffling the discard pile) is a wild.
    game = party([["WPU", "G2", "G3"], ["B3", "R5"], ["Y3"]], "W", color="red",
                 leftover="out", current=0)
    events = do(game, Play(0, card(game, 0, "WPU")))
    assert codes(game, game.mini_pile) == ["W"] and game.color == "red"
    assert game.draw_pile == [] and codes(game, game.discard) == ["WPU"]
    assert codes(game, next(e for e in events if e.kind == E.PILE_UP).cards) == ["W"]
    do(game, Play(1, card(game, 1, "R5")))
    do(game, TakePile(2))
    assert codes(game, game.hands[2]) == ["Y3", "W", "R5"]
    assert game.decision == (D.TURN, 0)


@pytest.mark.parametrize("last", ["RPT", "WPU", "WDT"])
def test_a_last_point_taken_pile_up_or_drawn_together_ends_the_round_at_once(last):
    game = party([[last], ["B3", "B4"], ["Y3", "Y4"]], "R1", current=0)
    events = do(game, Play(0, card(game, 0, last)))
    assert game.is_over and game.winner == 0
    assert draws(events) == [] and game.mini_pile == [] and game.link is None
    assert game.color == "red"
    assert events[-1].kind == E.ROUND_OVER and events[-1].count == 3 + 4 + 3 + 4


def test_party_actions_out_of_their_moment_are_refused_with_a_reason():
    game = party([["G2", "G3"], ["B3"], ["Y3"]], "R1", current=0)
    for action, reason in [(PointAt(0, 1), "after a Point Taken"),
                           (TakePile(0), "no mini-pile"),
                           (LinkPlayers(0, 1, 2), "after a Wild Drawn Together"),
                           (PointAt(1, 2), "waiting for seat 0 to play a card or draw")]:
        assert reason in game.explain_illegal(action)
        with pytest.raises(IllegalActionError, match=reason):
            game.apply(action)


# ------------------------------------------------------- Wild Drawn Together

def link(game: Game, seat: int, first: int, second: int, color: str = "blue") -> None:
    do(game, Play(seat, card(game, seat, "WDT")))
    assert game.decision == (D.COLOR, seat)
    do(game, ChooseColor(seat, color))
    assert game.decision == (D.LINK, seat)
    events = do(game, LinkPlayers(seat, first, second))
    assert [(e.seat, e.target) for e in events if e.kind == E.LINK] == [
        (min(first, second), max(first, second))]


def test_drawn_together_names_a_colour_links_two_players_and_a_draw_is_shared():
    game = party([["WDT", "G2", "G3"], ["B3", "R5"], ["Y3", "Y4"], ["G7", "G8"]], "R1",
                 draw=["R9", "B9"], current=0)
    link(game, 0, 3, 1)
    assert game.link == (1, 3) and game.color == "blue"
    assert game.view(2).extras["link"] == (1, 3)
    assert LinkPlayers(0, 3, 1) == LinkPlayers(0, 1, 3)
    assert game.decision == (D.TURN, 1)
    events = do(game, Draw(1))                # a draw for any reason...
    assert draws(events) == [(1, 1), (3, 1)]  # ...makes the other draw as many, once
    assert [(e.seat, e.target, e.count) for e in events if e.kind == E.LINKED_DRAW] == [(3, 1, 1)]
    assert codes(game, game.hands[3]) == ["G7", "G8", "B9"]


def test_link_chains_into_a_draw_two_and_a_wild_draw_four_challenge():
    game = party([["WDT", "G2", "G3"], ["R+2", "B3"], ["Y3", "Y4"], ["G7", "G8"]], "R1",
                 current=0)
    link(game, 0, 2, 3, color="red")
    events = do(game, Play(1, card(game, 1, "R+2")))
    assert draws(events) == [(2, 2), (3, 2)]
    assert game.decision == (D.TURN, 3)       # only the victim loses its turn
    game = party([["WDT", "W+4", "W", "G2"], ["B3", "B4"], ["Y3"], ["G7", "G8"]], "R1",
                 draw=["G4", "G5", "Y6"], current=0)
    link(game, 0, 0, 2, color="blue")
    do(game, Play(1, card(game, 1, "B3")))
    events = do(game, Draw(2))
    assert draws(events) == [(2, 1), (0, 1)]
    do(game, Draw(3))
    assert game.decision == (D.TURN, 0)
    do(game, Play(0, card(game, 0, "W+4")))   # a bluff: seat 0 still holds a Wild
    do(game, ChooseColor(0, "green"))
    events = do(game, Challenge(1))
    assert [e.detail for e in events if e.kind == E.CHALLENGE] == ["guilty"]
    assert draws(events) == [(0, 4), (2, 4)]
    assert game.decision == (D.TURN, 1)


def test_a_linked_player_caught_for_uno_makes_the_partner_draw_two():
    game = party([["WDT", "G2", "G3"], ["B3", "B4"], ["Y3", "Y4"], ["G7", "G8"]], "R1",
                 current=0)
    link(game, 0, 1, 3)
    do(game, Play(1, card(game, 1, "B3")))    # down to one, no UNO
    events = do(game, Catch(2, 1))
    assert draws(events) == [(1, 2), (3, 2)]
    assert len(game.hands[3]) == 4


def test_a_wrong_speed_play_by_a_linked_player_is_shared():
    game = party([["WDT", "G2", "G3"], ["B3", "B4"], ["Y3", "Y4"], ["G7", "G8"]], "R1",
                 current=0)
    link(game, 0, 2, 3, color="green")
    events = do(game, JumpIn(2, card(game, 2, "Y3")))
    assert kinds(events) == [E.WRONG_SPEED_PLAY, E.DRAW, E.LINKED_DRAW, E.DRAW]
    assert [len(h) for h in game.hands] == [2, 2, 3, 3]


def test_a_new_drawn_together_moves_the_link():
    game = party([["WDT", "G2", "G3"], ["WDT", "B4", "B5"], ["Y3", "Y4"], ["G7", "G8"]], "R1",
                 current=0)
    link(game, 0, 0, 2)
    do(game, Play(1, card(game, 1, "WDT")))
    do(game, ChooseColor(1, "green"))
    events = do(game, LinkPlayers(1, 1, 3))
    assert kinds(events)[:2] == [E.UNLINK, E.LINK]
    assert game.link == (1, 3)
    events = do(game, Draw(2))                # seat 2 is no longer linked
    assert draws(events) == [(2, 1)]


def test_link_pairs_must_be_two_different_players():
    game = party([["WDT", "G2", "G3"], ["B3"], ["Y3"]], "R1", current=0)
    do(game, Play(0, card(game, 0, "WDT")))
    do(game, ChooseColor(0, "blue"))
    assert len(game.legal_actions(0)) == 3     # {0,1}, {0,2}, {1,2}
    with pytest.raises(IllegalActionError, match="two different players"):
        game.apply(LinkPlayers(0, 1, 1))


def test_a_last_card_draw_two_on_the_winners_partner_still_scores_but_the_winner_draws_none():
    game = party([["R+2"], ["B3", "B4"], ["Y3", "Y4"]], "R1", current=0)
    game.link = (0, 1)
    events = do(game, Play(0, card(game, 0, "R+2")))
    assert game.is_over and game.winner == 0
    assert draws(events) == [(1, 2)]
    assert game.hands[0] == []


# ---------------------------------------------------------------- UNO, scoring

def test_uno_call_and_catch_as_in_classic():
    game = party([["R2", "R3"], ["B3", "B4"], ["Y3", "Y4"]], "R1", current=0)
    do(game, Play(0, card(game, 0, "R2")))
    do(game, CallUno(0))
    assert Catch(1, 0) not in game.legal_actions(1)


def test_points():
    game = party([["G2"], ["B7", "R+2", "YPT", "GR", "BS", "W", "W+4", "WDT", "WPU"]], "R1")
    assert game.hand_points(1) == 7 + 4 * 20 + 4 * 50


def test_a_single_round_is_the_default_game_and_scoring_over_rounds_is_an_alternative():
    assert get_variant("party").default_mode == "single"
    match = Match("party", 4, mode="single", seed=2)
    assert match.game.variant.name == "party"


# ---------------------------------------------------------------- save/resume

def test_json_round_trip_keeps_a_ballot_in_progress_secret_and_resumable():
    game = party([["RPT", "G2"], ["B3", "B4"], ["Y3", "Y4"]], "R1", current=0)
    do(game, Play(0, card(game, 0, "RPT")))
    do(game, PointAt(0, 1))
    restored = Game.loads(game.dumps())
    assert restored.to_json() == game.to_json()
    assert restored.decision == (D.POINT, 1)
    assert restored.view(1).extras == game.view(1).extras
    for g in (game, restored):
        g.apply(PointAt(1, 2))
    assert [e.kind for e in game.apply(PointAt(2, 1))] == [
        e.kind for e in restored.apply(PointAt(2, 1))]
    assert restored.to_json() == game.to_json()


def test_json_round_trip_in_a_pile_up():
    game = party([["WPU", "G2"], ["Y3", "Y7"], ["Y5", "B1"]], "R1", draw=["W", "Y9"], current=0)
    game.link = (1, 2)
    do(game, Play(0, card(game, 0, "WPU")))
    data = game.to_json()
    assert data["mini_pile"] == game.mini_pile and data["link"] == [1, 2]
    restored = Game.from_json(data)
    assert restored.mini_pile == game.mini_pile and restored.link == (1, 2)
    assert restored.legal_actions(1) == game.legal_actions(1)
    bad = dict(data, link=[1, 1])
    with pytest.raises(SaveDataError, match="two different seats"):
        Game.from_json(bad)


# ---------------------------------------------------------------- random play

@pytest.mark.parametrize("players", [2, 6, 16])
def test_random_play_terminates_with_every_invariant_holding(players):
    """Whole rounds between random bots; invariants after every action for the first
    1,500 actions of each round and every 25th action after that (random rounds run
    to many thousands of actions), the JSON round trip every 61st."""
    rng = random.Random(players)
    for _ in range(1 if players > 8 else 2):       # a 16-seat round is ~10,000 actions
        game = Game("party", players, seed=rng.randrange(2**63))
        bots = [make_bot("random", s, random.Random(rng.randrange(2**63))) for s in range(players)]
        step = [0]

        def check(g):
            step[0] += 1
            if step[0] <= 1500 or step[0] % 25 == 0:
                assert check_invariants(g) == []
            if step[0] % 61 == 0:
                assert check_round_trip(g) == []

        play_round(game, bots, rng, check)
        assert game.is_over
        assert check_invariants(game) == []


def test_sim_runs_party():
    result = run_sim(SimConfig(variant="party", players=6, games=3, seed=5, check=False))
    assert result.games == 3 and result.violations == 0
    assert sum(result.wins) + result.draws == 3


# ------------------------------------------------------ engine bug found here

def test_a_seat_that_does_not_exist_cannot_catch():
    game = Game.from_position("classic", hands=[["R2", "R3"], ["B3", "B4"]], top="R1")
    game.apply(Play(0, card(game, 0, "R2")))
    assert game.uno_window == 0
    for seat in (2, -1, "1"):
        with pytest.raises(IllegalActionError, match="no seat"):
            game.apply(Catch(seat, 0))
    assert len(game.hands[0]) == 1
