"""The normal and hard bots' judgement in situations with a clear right answer."""

from __future__ import annotations

import random

from uno_tui.bots import make_bot
from uno_tui.bots.heuristics import Situation, bluff_odds, decide
from uno_tui.engine import (
    Accept, CallUno, Challenge, ChooseColor, Game, Play, SwapHands,
)

from .situations import card_of, play


def normal_choice(game: Game):
    seat = game.decision.seat
    return make_bot("normal", seat, random.Random(0)).choose(game.view(seat), game.legal_actions(seat))


def played_code(game: Game, action) -> str:
    assert type(action) is Play, action
    return game.face(action.card).code


def test_normal_keeps_its_wild_while_another_card_fits():
    game = Game.from_position(hands=[["W", "R5", "B1", "B2"], ["G1", "G2"], ["G3", "G4"],
                                     ["Y1", "Y2"]], top="R3")
    assert played_code(game, normal_choice(game)) == "R5"


def test_normal_plays_a_wild_rather_than_draw_when_nothing_else_fits():
    game = Game.from_position(hands=[["W", "B1", "B2"], ["G1", "G2"], ["G3", "G4"], ["Y1", "Y2"]],
                              top="R3")
    assert played_code(game, normal_choice(game)) == "W"


def test_normal_switches_to_the_colour_it_holds_most_of():
    game = Game.from_position(hands=[["R5", "B3", "B6", "B7", "G1"], ["G2", "G4", "Y1", "Y2", "Y3"],
                                     ["G3", "G5", "Y4", "Y5", "Y6"], ["Y7", "Y8", "G6", "G7", "G8"]],
                              top="R3")
    # Red 5 keeps red (one red card left after it: none); Blue 3 moves to blue, held twice more.
    assert played_code(game, normal_choice(game)) == "B3"


def test_normal_names_the_colour_it_holds_most_of():
    game = Game.from_position(hands=[["W", "G1", "G2", "G5", "B1"], ["R1", "R2"], ["Y3", "Y4"],
                                     ["Y1", "Y2"]], top="R3")
    play(game, 0, "W")
    assert normal_choice(game) == ChooseColor(0, "green")


def test_normal_hits_a_player_about_to_go_out_with_a_draw_two():
    game = Game.from_position(hands=[["R+2", "R5", "R6", "B1"], ["G1"], ["G3", "G4", "G6"],
                                     ["Y1", "Y2", "Y5"]], top="R3")
    assert played_code(game, normal_choice(game)) == "R+2"


def test_normal_sheds_high_points_when_someone_is_about_to_go_out():
    game = Game.from_position(hands=[["R1", "RS", "B1", "B2"], ["G1", "G2"], ["G3", "G4", "G6"],
                                     ["Y1", "Y2", "Y5"]], top="R3", current=0, direction=-1)
    # The next player (seat 3) holds three cards, but seat 1 holds two: shed the 20-point Skip.
    assert played_code(game, normal_choice(game)) == "RS"


def test_normal_plays_the_card_it_drew():
    game = Game.from_position(hands=[["B1", "G2"], ["B6"], ["G6"], ["Y6"]], top="R3", draw=["R9"])
    game.apply(game.legal_actions(0)[-1])      # draw
    assert played_code(game, normal_choice(game)) == "R9"


def test_normal_swaps_hands_with_the_player_holding_fewest_cards():
    game = Game.from_position(hands=[["R7", "R1", "B2", "G4"], ["B6", "B7", "B8"], ["G6"],
                                     ["Y6", "Y7"]], top="R3", rules=("7-0",))
    play(game, 0, "R7")
    assert normal_choice(game) == SwapHands(0, 2)


def respond_after_wild_draw_four(attacker_hand: list[str]) -> Game:
    game = Game.from_position(hands=[["W+4"] + attacker_hand, ["B6", "B7", "G5", "Y5"],
                                     ["G6", "G7"], ["Y6", "Y7"]], top="B3")
    play(game, 0, "W+4")
    game.apply(ChooseColor(0, "red"))
    return game


def test_normal_challenges_a_big_hand_that_probably_held_the_colour():
    game = respond_after_wild_draw_four(["R1", "R2", "G1", "G2", "Y1", "Y2", "R5", "R6"])
    assert bluff_odds(Situation.from_view(game.view(1))) > 0.8
    assert normal_choice(game) == Challenge(1)


def test_normal_accepts_when_a_bluff_is_unlikely():
    game = respond_after_wild_draw_four(["R1"])
    game.apply(CallUno(0))
    assert bluff_odds(Situation.from_view(game.view(1))) < 0.4
    assert normal_choice(game) == Accept(1)


def test_the_bluff_odds_use_the_colour_in_force_before_the_wild_draw_four():
    game = respond_after_wild_draw_four(["R1", "R2"])
    view = game.view(1)
    assert view.context["prev_color"] == "blue" and view.color == "red"
    assert "bluff" not in view.context


def test_normal_answers_an_unknown_decision_with_a_play_or_a_target():
    game = Game.from_position(hands=[["R5", "B1"], ["G1", "G2"], ["G3"], ["Y1", "Y2"]], top="R3")
    sit = Situation.from_view(game.view(0))
    sit.kind = "pile_up"           # a kind from a later variant: judged by its actions
    plays = [Play(0, card_of(game, 0, "R5")), Play(0, card_of(game, 0, "B1"))]
    assert decide(sit, plays) == plays[0]
    targets = [SwapHands(0, 1), SwapHands(0, 2), SwapHands(0, 3)]
    assert decide(sit, targets) == SwapHands(0, 2)


def test_hard_finds_the_skip_that_wins_on_the_spot():
    # Two players: Red Skip lets seat 0 play again and go out with Red 5. The heuristic
    # would play Red 5 first (it is listed first and scores the same).
    game = Game.from_position(hands=[["R5", "RS"], ["G1", "G2", "R1", "B7", "Y7", "G5", "B5"]],
                              top="R3")
    sit = Situation.from_view(game.view(0))
    actions = game.legal_actions(0)
    assert played_code(game, decide(sit, actions)) == "R5"
    hard = make_bot("hard", 0, random.Random(1), think_ms=200)
    assert played_code(game, hard.choose(game.view(0), actions)) == "RS"
    assert hard.last_rollouts > 0


def test_the_outlook_is_exact_once_the_round_is_over_and_favours_small_hands_before():
    from uno_tui.bots.hard import outlook

    game = Game.from_position(hands=[["R5"], ["G1", "G2", "B1"], ["G3", "B3"], ["Y1", "Y2"]],
                              top="R3")
    shares = [outlook(game, seat) for seat in range(4)]
    assert abs(sum(shares) - 1.0) < 1e-9
    assert shares[0] > shares[2] > shares[1]
    play(game, 0, "R5")
    assert game.is_over
    assert [outlook(game, seat) for seat in range(4)] == [1.0, 0.0, 0.0, 0.0]


def test_hard_falls_back_to_the_heuristics_when_no_world_can_be_sampled(monkeypatch):
    import uno_tui.bots.hard as hard
    from uno_tui.engine.determinize import DeterminizeError

    def refuse(view, rng, **options):
        raise DeterminizeError("no world")

    monkeypatch.setattr(hard, "sample_state", refuse)
    game = Game.from_position(hands=[["W", "R5", "B1", "B2"], ["G1", "G2"], ["G3", "G4"],
                                     ["Y1", "Y2"]], top="R3")
    action = make_bot("hard", 0, random.Random(0), think_ms=20).choose(game.view(0),
                                                                        game.legal_actions(0))
    assert played_code(game, action) == "R5"


def test_a_believed_lack_of_the_next_player_steers_the_colour():
    from uno_tui.bots.hard import _lacking
    from uno_tui.engine import Draw

    game = Game.from_position(hands=[["W", "G1", "B1", "Y1"], ["R1", "Y2", "Y3"], ["G3", "G4"],
                                     ["B6", "B7"]], top="G5", current=1, draw=["Y9"])
    game.apply(Draw(1))             # seat 1 has no green and nothing that fits: it draws
    assert _lacking(game.view(0), 1) == "green"
    assert _lacking(game.view(0), 2) is None
    game = Game.from_position(hands=[["W", "G1", "B1", "Y1"], ["R1", "Y2", "Y3"], ["G3", "G4"],
                                     ["B6", "B7"]], top="R5")
    play(game, 0, "W")
    sit = Situation.from_view(game.view(0))
    assert decide(sit, game.legal_actions(0)) == ChooseColor(0, "yellow")   # a tie: first
    sit.next_lacks = "green"
    assert decide(sit, game.legal_actions(0)) == ChooseColor(0, "green")


def test_hard_imagines_a_bluff_only_as_often_as_it_expects_one():
    """The worlds a hard bot samples after a Wild Draw Four are bluffs (the attacker held
    the colour in force) about BLUFF_ODDS of the time, even when a random deal of a big
    hand would almost always hold that colour; the other worlds are mended, not skewed."""
    from uno_tui.bots.hard import BLUFF_ODDS
    from uno_tui.engine.determinize import deck_of
    game = respond_after_wild_draw_four(["R1", "R2", "G1", "G2", "Y1", "Y2", "R5", "R6"])
    view = game.view(1)
    bot = make_bot("hard", 1, random.Random(3))
    deck = deck_of("classic")
    worlds = [bot._sample(view) for _ in range(400)]
    bluffs = sum(world["ctx"]["bluff"] for world in worlds)
    assert bluffs <= 400 * (BLUFF_ODDS + 0.07)
    for world in worlds:
        held_blue = any(deck[card].face(0).color == "blue" for card in world["hands"][0])
        assert held_blue == world["ctx"]["bluff"]
        assert len(world["hands"][0]) == len(game.hands[0])
        assert Game.from_json(world).view(1) == view      # still exactly what seat 1 saw


def test_hard_keeps_its_budget_on_the_clock_it_is_given():
    ticks = [0.0]

    def clock():            # a clock that moves 1 ms each time it is read
        ticks[0] += 0.001
        return ticks[0]

    game = Game.from_position(hands=[["R5", "RS", "R7", "B5"], ["G1", "G2", "R1", "B7", "Y7"]],
                              top="R3")
    hard = make_bot("hard", 0, random.Random(1), think_ms=30, clock=clock)
    hard.choose(game.view(0), game.legal_actions(0))
    # 90% of 30 ms: at most 27 reads of the clock after the start, one per rollout at least.
    assert 0 < hard.last_rollouts <= 27


def test_the_simulator_keeps_hard_budgets_on_cpu_time(monkeypatch):
    import time

    from uno_tui import sim

    clocks = []
    real = sim.make_bot
    monkeypatch.setattr(sim, "make_bot", lambda *a, **k: clocks.append(k.get("clock")) or real(*a, **k))
    sim.run_sim(sim.SimConfig(players=2, games=1, levels=("hard", "normal"), think_ms=1,
                              check=False, workers=1))
    assert clocks == [time.process_time] * 2


def test_candidates_meet_common_random_numbers_in_a_world():
    # Played out twice from one sampled world, the same action gives the same result to
    # the end of the round, reshuffles included: a lead between candidates is theirs alone.
    from uno_tui.bots.hard import rollout
    from uno_tui.engine.determinize import fork, sample_game

    game = Game.from_position(hands=[["R5", "RS", "R7", "B5", "G2"], ["G1", "G2", "R1", "B7", "Y7"],
                                     ["Y1", "Y2", "B3", "G4", "G6"]], top="R3")
    values = set()
    for seed in range(6):
        world = sample_game(game.view(0), random.Random(seed))
        twins = []
        for _ in range(2):
            copy = fork(world)
            copy.apply(game.legal_actions(0)[0])
            twins.append((rollout(copy, 0, None), copy.dumps()))
        assert twins[0] == twins[1]
        values.add(twins[0][0])
    assert len(values) > 1      # the worlds themselves differ


def test_the_outlook_has_a_model_per_rule_set_and_table():
    from dataclasses import replace
    from uno_tui.bots.hard import _DEFAULT_OUTLOOK, _outlook_weights
    from uno_tui.engine import get_variant
    classic, party = get_variant("classic"), get_variant("party")
    assert _outlook_weights(party, 2) != _outlook_weights(classic, 2)
    assert _outlook_weights(classic, 2) != _outlook_weights(classic, 4)
    assert _outlook_weights(classic, 3) == _outlook_weights(classic, 4)
    # A rule set that brings no model (an outside one) is judged by the default.
    assert _outlook_weights(replace(classic, outlook={}), 2) == _DEFAULT_OUTLOOK
    for name in ("classic", "pokemon", "flip", "party"):
        variant = get_variant(name)
        assert len(_outlook_weights(variant, 2)) == 4 and len(_outlook_weights(variant, 4)) == 6
        assert _outlook_weights(variant, 2)[0] < 0     # every card held lowers the chance
