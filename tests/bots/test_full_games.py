"""Seeded whole rounds for every level, with the engine's invariants checked after every action."""

from __future__ import annotations

import random

import pytest

from uno_tui.bots import make_bot
from uno_tui.engine import Game, Match
from uno_tui.engine.invariants import check_invariants
from uno_tui.sim import SimConfig, play_round, run_sim

TABLES = [
    ("classic", ()),
    ("pokemon", ()),
    ("classic", ("stacking", "7-0", "jump-in")),
    ("pokemon", ("stacking", "forced-play", "draw-to-match")),
]


def checked_round(game: Game, levels: list[str], seed: int) -> int:
    rng = random.Random(seed)
    bots = [make_bot(level, seat, random.Random(seed * 10 + seat), think_ms=3)
            for seat, level in enumerate(levels)]
    problems: list[str] = []

    def check(g: Game) -> None:
        problems.extend(check_invariants(g))

    actions = play_round(game, bots, rng, check)
    assert problems == []
    assert game.is_over
    return actions


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("variant,rules", TABLES)
def test_seeded_rounds_finish_with_every_invariant_kept(level, variant, rules):
    for seed in range(2 if level == "hard" else 4):
        game = Game(variant, 4, seed=seed, rules=rules)
        levels = [level, "easy", level, "normal"]
        assert checked_round(game, levels, seed) > 0


def test_two_player_rounds_with_the_hard_bot_finish():
    for seed in range(2):
        game = Game("pokemon", 2, seed=seed)
        checked_round(game, ["hard", "normal"], seed)


def test_a_match_between_levels_finishes():
    match = Match("classic", 3, target=200, seed=4)
    bots = [make_bot(level, seat, random.Random(seat)) for seat, level in
            enumerate(["easy", "normal", "normal"])]
    rng = random.Random(4)
    while True:
        play_round(match.game, bots, rng)
        match.finish_round()
        if match.is_over:
            break
        match.next_round()
    assert match.winners


def test_the_simulation_reports_levels_and_win_rates_for_bots():
    config = SimConfig(games=30, seed=2, levels=("normal", "easy", "easy", "easy"))
    result = run_sim(config)
    data = result.to_json()
    assert data["levels"] == ["normal", "easy", "easy", "easy"]
    assert sum(result.wins) + result.draws == 30
    assert result.violations == 0
    assert len(data["win_rates"]) == 4


def test_a_simulation_with_a_hard_bot_uses_every_core_and_counts_every_game():
    config = SimConfig(games=4, seed=3, levels=("hard", "normal", "normal", "normal"),
                       think_ms=2, workers=2)
    assert config.worker_count() == 2
    result = run_sim(config)
    assert result.games == 4 and sum(result.wins) + result.draws == 4
    assert result.violations == 0
    assert result.to_json()["think_ms"] == 2


def test_worker_processes_play_the_same_games_as_one_process():
    levels = ("normal", "easy", "normal", "easy")
    one = run_sim(SimConfig(games=12, seed=9, levels=levels, workers=1))
    two = run_sim(SimConfig(games=12, seed=9, levels=levels, workers=2))
    assert (one.wins, one.actions, one.rounds) == (two.wins, two.actions, two.rounds)


def test_only_searching_bots_ask_for_more_than_one_process():
    assert SimConfig(levels=("normal",)).worker_count() == 1
    assert SimConfig(levels=("hard", "easy"), players=2, games=1).worker_count() == 1


@pytest.mark.parametrize("seed", range(8))
def test_a_player_naming_a_colour_with_one_card_left_calls_uno_before_anyone_can_catch(seed):
    from uno_tui.engine import CallUno, Catch, ChooseColor, EventKind, Play

    game = Game.from_position(hands=[["W", "R1"], ["G1", "G2", "B7"], ["Y1", "Y2", "B8"]],
                              top="R3", draw=["B1", "B2", "B3"])
    bots = [make_bot("normal", seat, random.Random(seat)) for seat in range(3)]
    wild = next(c for c in game.hands[0] if game.face(c).color is None)
    game.apply(Play(0, wild))
    applied = []
    real_apply = game.apply
    game.apply = lambda action: (applied.append(action), real_apply(action))[1]
    play_round(game, bots, random.Random(seed))
    assert applied[0] == CallUno(0)
    assert type(applied[1]) is ChooseColor
    assert not any(type(a) is Catch and a.target == 0 for a in applied[:3])
