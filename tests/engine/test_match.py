"""Scenario tests for RULES.md §1 scoring over rounds: match modes and the next dealer."""

import random

import pytest

from uno_tui.bots import RandomBot
from uno_tui.engine import ConfigError, Draw, Game, IllegalActionError, Match
from uno_tui.sim import play_round

from .support import play


def _win(match: Match, winner: int, loser_hands: dict[int, list[str]]):
    """Replace the round in play with one that ``winner`` wins at once, the other hands
    holding ``loser_hands``; play it and score it."""
    hands = [loser_hands.get(s, [f"G{s + 1}"]) for s in range(match.players)]
    hands[winner] = ["R5"]
    match.game = Game.from_position(hands=hands, top="R3", current=winner)
    play(match.game, winner, "R5")
    return match.finish_round()


def test_target_mode_default_500_winner_scores_other_hands():
    """RULES §1 scoring: the round winner scores the cards left in the other hands;
    first to 500 wins."""
    match = Match("classic", 3, seed=1)
    assert match.target == 500 and match.mode == "target"
    result = _win(match, 1, {0: ["W", "W+4", "R9"], 2: ["BS", "G7"]})
    assert result.winner == 1
    assert result.hand_points == (109, 0, 27)
    assert result.gained == (0, 136, 0) and match.scores == [0, 136, 0]
    assert not match.is_over and match.winners == ()
    for _ in range(2):
        match.next_round()
        _win(match, 1, {0: ["W", "W+4", "R9"], 2: ["BS", "G7"]})
    assert match.scores == [0, 408, 0] and not match.is_over
    match.next_round()
    _win(match, 1, {0: ["W", "W+4", "R9"], 2: ["BS", "G7"]})
    assert match.scores == [0, 544, 0] and match.is_over and match.winners == (1,)
    with pytest.raises(IllegalActionError, match="over"):
        match.next_round()


def test_target_is_configurable():
    """RULES §1 scoring: target configurable."""
    match = Match("classic", 2, target=50, seed=1)
    _win(match, 0, {1: ["W"]})
    assert match.is_over and match.winners == (0,)
    match = Match("classic", 2, target=51, seed=1)
    _win(match, 0, {1: ["W"]})
    assert not match.is_over
    with pytest.raises(ConfigError):
        Match("classic", 2, target=0)
    with pytest.raises(ConfigError):
        Match("classic", 2, mode="best-of-three")


def test_round_winner_deals_next_round():
    """RULES §1 dealer: the round's winner deals the next round."""
    match = Match("classic", 4, seed=5)
    _win(match, 2, {})
    game = match.next_round()
    assert game is match.game and game.dealer == 2
    if game.top.kind == "number":
        assert game.decision.seat == 3
    _win(match, 0, {})
    assert match.next_round().dealer == 0


def test_single_round_mode():
    """RULES §1 alternatives: single round."""
    match = Match("classic", 3, mode="single", seed=2)
    result = _win(match, 2, {0: ["R1"], 1: ["B2"]})
    assert result.gained == (0, 0, 3)
    assert match.is_over and match.winners == (2,)


def test_five_rounds_mode_winner_scores_total_others_minus_their_hand():
    """RULES §1 alternatives: Japanese 5-round rule: the winner scores the total, each
    other player scores minus their own hand; highest total after 5 rounds wins."""
    match = Match("classic", 3, mode="five-rounds", seed=3)
    result = _win(match, 0, {1: ["R9"], 2: ["BS", "B1"]})
    assert result.gained == (30, -9, -21)
    for _ in range(4):
        assert not match.is_over
        match.next_round()
        _win(match, 1, {0: ["R2"], 2: ["Y3"]})
    assert len(match.results) == 5 and match.is_over
    assert match.scores == [30 - 4 * 2, -9 + 4 * 5, -21 - 4 * 3]
    assert match.winners == (0,)   # 22 beats 11 and -33


def test_lowest_total_mode_everyone_scores_own_hand_lowest_wins():
    """RULES §1 alternatives: Flip's "lowest total wins": every player scores the cards
    in their own hand; when someone reaches the target, the lowest total wins."""
    match = Match("classic", 3, mode="lowest", target=100, seed=4)
    result = _win(match, 0, {1: ["W", "R9"], 2: ["B1"]})
    assert result.gained == (0, 59, 1) and not match.is_over
    match.next_round()
    _win(match, 2, {0: ["W+4"], 1: ["GS", "G9"]})
    assert match.scores == [50, 88, 1] and not match.is_over
    match.next_round()
    _win(match, 0, {1: ["B5", "B7"], 2: ["Y4"]})
    assert match.scores == [50, 100, 5]
    assert match.is_over and match.winners == (2,)


def test_round_without_winner_scores_nothing():
    """RULES §1 Decision: a round that ends with no winner: nobody scores."""
    match = Match("classic", 3, seed=6)
    match.game = Game.from_position(hands=[["B1", "B2"], ["G1", "G2"], ["Y1", "Y2"]],
                                    top="R5", draw=[], leftover="out")
    for seat in range(3):
        match.game.apply(Draw(seat))
    result = match.finish_round()
    assert result.winner is None and result.gained == (0, 0, 0) and match.scores == [0, 0, 0]
    # Nobody won, so nobody can deal as winner: the deal passes to the next seat.
    last_dealer = match.game.dealer
    assert match.next_round().dealer == (last_dealer + 1) % 3


def test_finish_round_before_the_end_is_refused():
    """A round still in play can't be scored, and the next can't start before scoring."""
    match = Match("classic", 3, seed=7)
    with pytest.raises(IllegalActionError):
        match.finish_round()
    with pytest.raises(IllegalActionError):
        match.next_round()


@pytest.mark.parametrize("mode", ["target", "single", "five-rounds", "lowest"])
def test_every_mode_plays_random_matches_to_the_end(mode):
    """RULES §1: each mode ends, with totals that follow its scoring."""
    for seed in range(3):
        match = Match("pokemon" if seed % 2 else "classic", 3, mode=mode, target=150, seed=seed)
        rng = random.Random(seed)
        bots = [RandomBot(s, random.Random(seed * 10 + s)) for s in range(3)]
        while True:
            play_round(match.game, bots, rng)
            result = match.finish_round()
            if result.winner is not None and mode in ("target", "single"):
                assert result.gained[result.winner] == sum(result.hand_points)
            if match.is_over:
                break
            match.next_round()
        totals = [sum(r.gained[s] for r in match.results) for s in range(3)]
        assert totals == match.scores
        if mode == "five-rounds":
            assert len(match.results) == 5
        if mode == "single":
            assert len(match.results) == 1
        if mode in ("target", "lowest"):
            assert max(match.scores) >= 150
        best = (min if mode == "lowest" else max)(match.scores)
        if mode != "single":
            assert match.winners == tuple(s for s in range(3) if match.scores[s] == best)


def test_finishing_a_round_twice_is_refused_with_a_clear_error():
    """Engine fix: a second finish_round() returned the previous result again."""
    match = Match("classic", 3, seed=1)
    result = _win(match, 1, {0: ["R9"], 2: ["G7"]})
    with pytest.raises(IllegalActionError, match="already been scored"):
        match.finish_round()
    assert match.results == [result] and match.scores == [0, 16, 0]


def test_round_points_are_zero_for_a_round_nobody_won():
    """Engine fix: round_points() summed every hand when nobody went out, while the
    event and Match said 0."""
    game = Game.from_position(hands=[["B1", "B2"], ["G1", "G2"], ["Y1", "Y2"]],
                              top="R5", draw=[], leftover="out")
    for seat in range(3):
        game.apply(Draw(seat))
    assert game.is_over and game.winner is None
    assert game.hand_points(0) == 3
    assert game.round_points() == 0


def test_a_flip_match_keeps_one_pairing_of_faces_for_all_its_rounds():
    """Engine fix: each round paired the light and dark faces afresh; a physical deck
    keeps its pairing (the cards are shuffled, not re-printed)."""
    match = Match("flip", 3, seed=5)
    pairing = match.game.cards
    bots = [RandomBot(s, random.Random(s)) for s in range(3)]
    for _ in range(3):
        play_round(match.game, bots, random.Random(1))
        match.finish_round()
        if match.is_over:
            break
        match.next_round()
        assert match.game.cards == pairing
        assert [c.id for c in match.game.cards] == list(range(len(pairing)))
    restored = Match.from_json(match.to_json())
    if not restored.is_over:
        if not restored.game.is_over:
            play_round(restored.game, bots, random.Random(2))
        if not restored.round_scored:
            restored.finish_round()
        if not restored.is_over:
            assert restored.next_round().cards == pairing
