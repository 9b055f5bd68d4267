"""The same seed plays the same games: a seeded random round's every event (and its end
state) is what it was when these digests were taken on main (abe0c92, whose engine is
4a451e7's, with two hash seeds), before the engine's hot paths were changed for speed
(slots on ``Game``, one flag for an ordinary turn). A change meant to make the engine faster must leave them as they are; a change to
the rules that alters play updates them on purpose, saying why."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from uno_tui.engine import Game

#: (rule set, players, house rules) → the digest of three seeded rounds.
DIGESTS = {
    ("classic", 4, ()): "04c3a0c458ba5b1d",
    ("classic", 3, ("stacking", "7-0", "jump-in", "catch-window")): "0840e10cb0ae69bf",
    ("classic", 5, ("forced-play", "draw-to-match", "no-bluffing")): "fcb7fb0765bfa375",
    ("pokemon", 4, ()): "da792c771cdbbd61",
    ("flip", 4, ()): "525c4b8f68604e4b",
    ("party", 4, ()): "5f7de797808a078b",
}


def digest(variant: str, players: int, rules, seed: int = 22, rounds: int = 3) -> str:
    """Three rounds of random play (now and then a seat out of turn: catches, late UNOs,
    jump-ins), every event as JSON, then each round's end state."""
    sha = hashlib.sha256()
    rng = random.Random(seed)
    for _ in range(rounds):
        game = Game(variant, players, seed=rng.randrange(2**63), rules=rules)
        sha.update(json.dumps([e.to_json() for e in game.opening_events]).encode())
        while not game.is_over:
            seat = game.decision.seat
            if rng.random() < 0.2:
                seat = rng.choice([s for s in range(players) if game.legal_actions(s)])
            events = game.apply(rng.choice(game.legal_actions(seat)))
            sha.update(json.dumps([e.to_json() for e in events]).encode())
        sha.update(json.dumps(game.to_json(), sort_keys=True).encode())
    return sha.hexdigest()[:16]


@pytest.mark.parametrize("case", list(DIGESTS), ids=lambda case: f"{case[0]}-{case[1]}-{len(case[2])}")
def test_a_seeded_game_plays_the_same_events_as_before(case):
    assert digest(*case) == DIGESTS[case]


def test_a_copy_plays_on_as_the_game_does():
    game = Game("party", 5, seed=9, rules=("jump-in",))
    rng = random.Random(9)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions(game.decision.seat)))
    twin = game.copy()
    assert twin.to_json() == game.to_json() and twin.__dict__.keys() == game.__dict__.keys()
    # Every slot is copied or shared (copy() names each one).
    from uno_tui.engine.game import _SLOTS
    missing = [name for name in _SLOTS if not hasattr(twin, name)]
    assert missing == []
    assert twin.hands is not game.hands and twin.hands[0] is not game.hands[0]
    assert twin.rng is not game.rng and twin.rng.getstate() == game.rng.getstate()
    for _ in range(60):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions(game.decision.seat))
        assert game.apply(action) == twin.apply(action)
    assert twin.to_json() == game.to_json()
