"""Bots in UNO Flip: they count and sample the hidden faces from their view alone."""

from __future__ import annotations

import random
from collections import Counter

from uno_tui.bots import make_bot
from uno_tui.bots.heuristics import Situation
from uno_tui.engine import DecisionKind, Game
from tests.engine.support import played_at_random


def _played(seed: int, steps: int, players: int = 3) -> Game:
    return played_at_random("flip", players, seed, steps)


def test_the_hard_bot_searches_flip_worlds():
    game = _played(2, 30, players=2)
    while game.is_over or game.decision.kind != DecisionKind.TURN or len(
            game.legal_actions(game.decision.seat)) < 3:
        game = _played(game.seed + 1, 30, players=2)
    seat = game.decision.seat
    hard = make_bot("hard", seat, random.Random(1), think_ms=150)
    action = hard.choose(game.view(seat), game.legal_actions(seat))
    assert action in game.legal_actions(seat)
    assert hard.last_rollouts > 0


def test_bots_count_the_unseen_flip_faces_right():
    game = _played(3, 60)
    seat = game.decision.seat
    seen = set(game.hands[seat]) | set(game.discard)
    truth = Counter(game.face(c) for c in range(game.deck_size) if c not in seen)
    assert Counter(Situation.from_view(game.view(seat)).unseen()) == truth
    assert Counter(Situation.from_game(game, seat).unseen()) == truth
