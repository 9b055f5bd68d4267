"""Save fuzzing: a mutated Game or Match save either is refused with SaveDataError or
loads into a game that plays on without any other exception.

Saves are taken at random moments of random play in every variant, preferring
moments when a decision with a context is pending (a colour, a response, a drawn card,
Party's ballot and mini-pile); then one value anywhere in the save (the decision
context included) is replaced by a value of another type or range, deleted, or
joined by an unknown key.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from uno_tui.engine import (
    DecisionKind, Game, HOUSE_RULES, IllegalActionError, Match, SaveDataError, get_variant,
)
from uno_tui.engine.invariants import check_invariants

#: Random legal actions a loaded save must survive.
PLAY_ON = 50

junk = st.one_of(
    st.integers(-3, 300), st.sampled_from([2**64, -2**64, 10**30]), st.none(), st.booleans(),
    st.text(max_size=6), st.sampled_from(["red", "pink", "turn", "point", "card", "until"]),
    st.lists(st.integers(-2, 120), max_size=4), st.dictionaries(st.text(max_size=4),
                                                                st.integers(0, 5), max_size=2),
    st.floats(allow_nan=True), st.lists(st.lists(st.integers(-1, 5), max_size=3), max_size=3),
)


def _moment(variant: str, players: int, seed: int, rules, steps: int) -> Game:
    """A game after ``steps`` random actions, then on to a decision with a context if one
    comes within 200 more."""
    rng = random.Random(seed)
    game = Game(variant, players, seed=seed, rules=rules)
    for step in range(steps + 200):
        if game.is_over or (step >= steps and game.context):
            break
        seats = [s for s in range(players) if game.legal_actions(s)]
        seat = rng.choice(seats)
        game.apply(rng.choice(game.legal_actions(seat)))
    return game


def _paths(node, path=()):
    """Every (container path, key) in a JSON tree."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield path, key
            yield from _paths(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield path, index
            yield from _paths(value, path + (index,))


def _mutate(data, draw) -> object:
    data = copy.deepcopy(data)
    paths = list(_paths(data))
    # Half the mutations go to the decision and its context, where corrupt saves hid.
    focused = [p for p in paths if p[0][-1:] in (("ctx",), ("decision",))
               or (p[0] and p[0][0] in ("ctx", "decision")) or p[1] in ("ctx", "decision")]
    pool = focused if focused and draw(st.booleans()) else paths
    path, key = draw(st.sampled_from(pool))
    parent = data
    for step in path:
        parent = parent[step]
    how = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
    if how == "replace":
        parent[key] = draw(junk)
    elif how == "delete":
        del parent[key]
    elif isinstance(parent, dict):
        parent[draw(st.sampled_from(["extra", "card", "votes", "then", "bluff"]))] = draw(junk)
    else:
        parent.append(draw(junk))
    return data


def _play_on(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(PLAY_ON):
        if game.is_over:
            return
        seats = [s for s in range(game.players) if game.legal_actions(s)]
        assert seats, "no seat can act in a round that goes on"
        seat = rng.choice(seats)
        game.apply(rng.choice(game.legal_actions(seat)))
        game.view(seat)


setups = st.fixed_dictionaries({
    "variant": st.sampled_from(["classic", "pokemon", "flip", "party"]),
    "players": st.integers(2, 6),
    "seed": st.integers(0, 2**32),
    "rules": st.frozensets(st.sampled_from(sorted(HOUSE_RULES)), max_size=3),
    "steps": st.integers(0, 120),
})

fuzz = settings(max_examples=200, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _rules(setup):
    return get_variant(setup["variant"]).usable_rules(setup["rules"])


@fuzz
@given(setups, st.data())
def test_a_mutated_game_save_is_refused_or_plays_on(setup, data):
    game = _moment(setup["variant"], setup["players"], setup["seed"], _rules(setup),
                   setup["steps"])
    broken = _mutate(game.to_json(), data.draw)
    try:
        restored = Game.from_json(broken)
    except SaveDataError:
        return
    _play_on(restored, setup["seed"])


@fuzz
@given(setups, st.data())
def test_a_mutated_match_save_is_refused_or_plays_on(setup, data):
    match = Match(setup["variant"], setup["players"], rules=_rules(setup), seed=setup["seed"])
    rng = random.Random(setup["seed"])
    for _ in range(setup["steps"] + 200):
        game = match.game
        if game.is_over:
            match.finish_round()
            break
        seat = rng.choice([s for s in range(game.players) if game.legal_actions(s)])
        game.apply(rng.choice(game.legal_actions(seat)))
    broken = _mutate(match.to_json(), data.draw)
    try:
        restored = Match.from_json(broken)
    except SaveDataError:
        return
    _play_on(restored.game, setup["seed"])
    if restored.game.is_over:
        if not restored.round_scored:
            restored.finish_round()
        if not restored.is_over:
            _play_on(restored.next_round(), setup["seed"])


@pytest.mark.parametrize("kind, ctx", [
    (DecisionKind.COLOR, {}),
    (DecisionKind.COLOR, {"card": 10_000, "prev_color": "red", "bluff": False}),
    (DecisionKind.COLOR, {"then": "advance", "from": 9}),
    (DecisionKind.COLOR, {"then": "dance"}),
    (DecisionKind.DRAWN, {}),
    (DecisionKind.DRAWN, {"card": "7"}),
    (DecisionKind.RESPOND, {"card": 0}),
    (DecisionKind.TURN, {"guilty": "yes"}),
    (DecisionKind.SWAP, {"target": 1}),
])
def test_a_save_with_a_corrupt_decision_context_is_refused(kind, ctx):
    """Engine fix: such saves loaded and then crashed in play (KeyError 'card',
    IndexError, TypeError)."""
    data = Game("classic", 3, seed=4).to_json()
    data["decision"] = [kind, 1]
    data["ctx"] = ctx
    with pytest.raises(SaveDataError):
        Game.from_json(data)


@pytest.mark.parametrize("ctx", [
    {"player": 0}, {"player": 0, "votes": [[0, 0]]}, {"player": 0, "votes": [[1, 2], [1, 0]]},
    {"player": 7, "votes": []}, {"player": 0, "votes": "none"},
])
def test_a_party_save_with_a_corrupt_ballot_is_refused(ctx):
    data = Game("party", 3, seed=4).to_json()
    data["decision"] = [DecisionKind.POINT, 1]
    data["ctx"] = ctx
    with pytest.raises(SaveDataError):
        Game.from_json(data)


@pytest.mark.parametrize("key, value", [
    ("rng", [3, [2**70] * 625, None]), ("rng", [3, [1] * 624 + [10**9], None]),
    ("rng", [3, "x", None]), ("scores", [1]), ("results", [[1, 0]]), ("scored", "yes"),
    ("target", 0), ("players", "4"),
])
def test_match_from_json_raises_only_save_data_error(key, value):
    """Engine fix: OverflowError (from the random generator's state) escaped."""
    data = Match("classic", 4, seed=1).to_json()
    data[key] = value
    with pytest.raises(SaveDataError):
        Match.from_json(data)


def test_a_match_save_without_its_game_is_a_save_data_error():
    """Engine fix: KeyError 'game' escaped."""
    data = Match("classic", 4, seed=1).to_json()
    del data["game"]
    with pytest.raises(SaveDataError):
        Match.from_json(data)
    for bad in (None, [], "match", {"game": {}}):
        with pytest.raises(SaveDataError):
            Match.from_json(bad)
