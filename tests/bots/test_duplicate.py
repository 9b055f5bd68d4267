"""Duplicate deals in ``uno-tui sim``: the same shuffles played once per seat rotation,
and the per-level statistics averaged over deals."""

from __future__ import annotations

import math

import pytest

from uno_tui import sim
from uno_tui.sim import SimConfig, SimResult, mean_interval, rotated_levels, run_sim


def test_rotated_levels_move_every_level_one_seat_on_per_rotation():
    levels = ("hard", "normal", "easy", "random")
    assert rotated_levels(levels, 0) == levels
    assert rotated_levels(levels, 1) == ("random", "hard", "normal", "easy")
    assert rotated_levels(levels, 3) == ("normal", "easy", "random", "hard")
    # Over all rotations each level sits in every seat exactly once.
    for seat in range(4):
        assert sorted(rotated_levels(levels, r)[seat] for r in range(4)) == sorted(levels)


def test_every_deal_is_played_once_per_rotation_with_the_same_cards(monkeypatch):
    seen = []

    def record(game, bots, rng, on_action=None):
        seen.append((tuple(tuple(h) for h in game.hands), tuple(game.draw_pile),
                     tuple(type(b).__name__ for b in bots)))
        return 0

    monkeypatch.setattr(sim, "play_round", record)
    config = SimConfig(players=3, games=2, seed=5, levels=("normal", "easy", "random"),
                       check=False, duplicate=True, workers=1)
    result = run_sim(config)
    assert result.games == 6 and len(seen) == 6
    for deal in (seen[0:3], seen[3:6]):
        # Same hands and the same draw pile in every rotation of a deal ...
        assert len({(hands, pile) for hands, pile, _ in deal}) == 1
        # ... with the bots moved one seat on each time.
        assert [bots for _, _, bots in deal] == [
            ("NormalBot", "EasyBot", "RandomBot"),
            ("RandomBot", "NormalBot", "EasyBot"),
            ("EasyBot", "RandomBot", "NormalBot"),
        ]
    assert seen[0][:2] != seen[3][:2]     # the next deal is a new shuffle


def test_without_duplicate_each_deal_is_played_once(monkeypatch):
    seen = []
    monkeypatch.setattr(sim, "play_round", lambda game, bots, rng, on_action=None:
                        seen.append(1) or 0)
    result = run_sim(SimConfig(players=3, games=4, check=False, workers=1))
    assert result.games == 4 and len(seen) == 4 and result.deal_tallies == []
    assert result.level_summaries() == []


def test_mean_interval_is_the_mean_with_a_normal_95_percent_interval():
    mean, low, high = mean_interval([0.0, 1.0, 0.5, 0.5])
    assert mean == pytest.approx(0.5)
    sd = math.sqrt((0.25 + 0.25) / 3)
    assert high - mean == pytest.approx(1.96 * sd / 2)
    assert mean - low == pytest.approx(high - mean)
    assert mean_interval([0.3]) == (0.3, 0.3, 0.3)
    assert mean_interval([]) == (0.0, 0.0, 0.0)


def test_level_summaries_average_each_deal_first():
    config = SimConfig(players=4, levels=("hard", "normal", "normal", "normal"), duplicate=True)
    result = SimResult(config, deal_tallies=[
        # wins, seat-games, points, seat-rounds for each level in one deal (4 rotations)
        {"hard": [2, 4, 200, 4], "normal": [2, 12, 120, 12]},
        {"hard": [0, 4, 0, 4], "normal": [4, 12, 240, 12]},
    ])
    hard, normal = result.level_summaries()
    assert (hard.level, hard.seats, normal.seats) == ("hard", 1, 3)
    assert hard.win_rate[0] == pytest.approx(0.25)        # (2/4 + 0/4) / 2
    assert normal.win_rate[0] == pytest.approx(0.25)      # (2/12 + 4/12) / 2
    assert hard.points_per_round[0] == pytest.approx(25.0)
    assert normal.points_per_round[0] == pytest.approx(15.0)
    assert hard.win_rate[1] < 0.25 < hard.win_rate[2]


def test_a_duplicate_run_tallies_every_game_of_every_deal():
    config = SimConfig(players=2, games=6, seed=3, levels=("normal", "easy"), check=False,
                       duplicate=True, workers=1)
    result = run_sim(config)
    assert result.games == 12 and len(result.deal_tallies) == 6
    for tally in result.deal_tallies:
        assert tally["normal"][1] == tally["easy"][1] == 2        # one seat each, 2 rotations
        assert tally["normal"][0] + tally["easy"][0] == 2         # one winner per game
    normal, easy = result.level_summaries()
    assert normal.win_rate[0] + easy.win_rate[0] == pytest.approx(1.0)
    assert sum(result.wins) == 12 - result.draws
    data = result.to_json()
    assert data["duplicate"] is True and data["deals"] == 6
    assert set(data["by_level"]) == {"normal", "easy"}
    assert data["by_level"]["normal"]["win_rate"] == round(normal.win_rate[0], 4)


def test_duplicate_runs_repeat_with_the_same_seed():
    config = SimConfig(players=3, games=3, seed=8, levels=("normal", "easy", "easy"),
                       check=False, duplicate=True, workers=1)
    assert run_sim(config).deal_tallies == run_sim(config).deal_tallies
