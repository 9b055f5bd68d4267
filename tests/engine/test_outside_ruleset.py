"""A rule set defined outside ``uno_tui/`` (``outside_ruleset.py``) plugs in and plays.

200 random games with every invariant checked after every action and JSON round trips
(of games and of actions), the explanations of its own action, ``uno-tui sim`` with
every bot level, and the CLI's ``sim`` command.
"""

from __future__ import annotations

import json
import random

import pytest

from uno_tui.cli import main
from uno_tui.engine import (
    Draw, Game, IllegalActionError, Match, action_from_json, action_to_json, get_variant,
)
from uno_tui.engine.invariants import check_invariants, check_round_trip
from uno_tui.sim import SimConfig, run_sim

from . import outside_ruleset as swap
from .support import card, hand, play


@pytest.fixture(autouse=True)
def swap_registered():
    with swap.registered():
        yield



def test_the_outside_rule_set_is_registered_with_its_card():
    variant = get_variant("swap")
    assert variant is swap.SWAP
    deck = variant.build_deck()
    assert len(deck) == 112
    assert sum(c.light.kind == swap.WILD_SWAP_HANDS for c in deck) == 4
    face = next(c.light for c in deck if c.light.kind == swap.WILD_SWAP_HANDS)
    assert (face.label, face.code, face.is_wild) == ("Wild Swap Hands", "WSH", True)


def test_wild_swap_hands_swaps_with_the_player_picked():
    game = Game.from_position("swap", hands=[["WSH", "R1", "G2"], ["B1"], ["Y1", "Y2", "Y3"]],
                              top="R3", draw=["B5"])
    play(game, 0, "WSH")
    game.apply(next(a for a in game.legal_actions(0) if getattr(a, "color", "") == "green"))
    assert game.decision == (swap.PICK_SWAP, 0)
    assert game.decision_verb == "pick whom to swap hands with"
    assert game.legal_actions(0) == [swap.SwapWith(0, 1), swap.SwapWith(0, 2)]
    with pytest.raises(IllegalActionError, match="pick another player"):
        game.apply(swap.SwapWith(0, 0))
    with pytest.raises(IllegalActionError, match="waiting for seat 0 to pick whom"):
        game.apply(swap.SwapWith(1, 2))
    events = game.apply(swap.SwapWith(0, 2))
    assert [e.kind for e in events][:1] == [swap.SWAPPED]
    assert hand(game, 0) == ["Y1", "Y2", "Y3"] and hand(game, 2) == ["G2", "R1"]
    assert game.swaps == 1 and game.view(1).extras == {"swaps": 1}
    assert game.decision == ("turn", 1)
    restored = Game.loads(game.dumps())
    assert restored.to_json() == game.to_json() and restored.swaps == 1
    with pytest.raises(IllegalActionError, match="only after a Wild Swap Hands"):
        game.apply(swap.SwapWith(1, 0))


def test_a_save_with_a_bad_swap_count_is_refused():
    from uno_tui.engine import SaveDataError

    data = Game("swap", 3, seed=2).to_json()
    for bad in (-1, "2", None):
        data["swaps"] = bad
        with pytest.raises(SaveDataError):
            Game.from_json(data)


def test_sixty_random_games_keep_every_invariant_and_round_trip():
    rng = random.Random(11)
    swaps = 0
    for index in range(60):
        game = Game("swap", rng.randint(2, 5), seed=rng.randrange(2**32))
        assert check_invariants(game) == []
        step = 0
        while not game.is_over:
            # Mostly the seat the game waits on; now and then anyone with an action
            # (calls, catches), as at a real table.
            seats = [s for s in range(game.players) if game.legal_actions(s)]
            seat = game.decision.seat if rng.random() < 0.8 else rng.choice(seats)
            legal = game.legal_actions(seat)
            # Drawing while holding a playable card makes random rounds last ~1,000
            # actions; drawing only a third of those times keeps them short.
            keep_on = [a for a in legal if type(a) is not Draw]
            action = rng.choice(keep_on if keep_on and rng.random() < 0.67 else legal)
            assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
            game.apply(action)
            step += 1
            problems = check_invariants(game)
            if step % 25 == 0:
                problems += check_round_trip(game)
            assert problems == [], f"game {index}, action {step}: {problems}"
        assert check_round_trip(game) == []
        swaps += game.swaps
    assert swaps > 50     # the card came up and was played often


def test_a_match_of_the_outside_rule_set_saves_and_resumes():
    match = Match("swap", 3, seed=3, mode="five-rounds")
    rng = random.Random(3)
    while True:
        game = match.game
        while not game.is_over:
            seat = game.decision.seat
            game.apply(rng.choice(game.legal_actions(seat)))
        match.finish_round()
        match = Match.from_json(json.loads(json.dumps(match.to_json())))
        if match.is_over:
            break
        match.next_round()
    assert len(match.results) == 5


@pytest.mark.parametrize("levels", [("random",), ("easy", "normal", "random")])
def test_sim_plays_the_outside_rule_set(levels):
    result = run_sim(SimConfig(variant="swap", players=3, games=12, seed=5, levels=levels,
                               workers=1))
    assert result.games == 12 and result.violations == 0, result.messages


def test_the_hard_bot_searches_the_outside_rule_set():
    result = run_sim(SimConfig(variant="swap", players=3, games=2, seed=6,
                               levels=("hard", "normal", "easy"), think_ms=5, workers=1))
    assert result.games == 2 and result.violations == 0, result.messages


def test_the_cli_sim_command_accepts_the_outside_rule_set(capsys):
    status = main(["sim", "--variant", "swap", "--players", "4", "--games", "5", "--json"])
    out = capsys.readouterr().out
    assert status in (0, None)
    data = json.loads(out)
    assert data["variant"] == "swap" and data["games"] == 5 and data["violations"] == 0
