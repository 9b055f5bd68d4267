"""Random-play property tests: many seeds, 2-10 players, every variant, any house rules.

Random play picks among every seat's legal actions (windows included: catches,
late UNO calls, jump-ins), so rare paths come up on their own.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, example, given, settings, strategies as st

from uno_tui.engine import (
    Catch, ChooseColor, Draw, Game, HOUSE_RULES, IllegalActionError, Keep, Play, SaveDataError,
    get_variant,
)
from uno_tui.engine.invariants import check_invariants

#: Longest stretch of one round that a property test plays (keeps the suite fast).
MAX_ACTIONS = 600

setups = st.fixed_dictionaries({
    "variant": st.sampled_from(["classic", "pokemon", "flip", "party"]),
    "players": st.integers(2, 10),
    "seed": st.integers(0, 2**32),
    "rules": st.frozensets(st.sampled_from(sorted(HOUSE_RULES))),
})


def examples(count: int):
    """Hypothesis settings for ``count`` examples and no per-example deadline."""
    return settings(max_examples=count, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _new(setup) -> Game:
    # Only the house rules the variant accepts (Flip refuses 7-0: it has no zeros), and
    # not two that conflict.
    rules = get_variant(setup["variant"]).usable_rules(setup["rules"])
    return Game(setup["variant"], setup["players"], seed=setup["seed"], rules=rules)


def _pick(game: Game, rng: random.Random):
    """A random legal action: usually the decider's, sometimes another seat's window.

    Playing is favoured over drawing so that most rounds reach their end.
    """
    decider = game.decision.seat
    own = game.legal_actions(decider)
    windows = [a for s in range(game.players) if s != decider for a in game.legal_actions(s)]
    if windows and (not own or rng.random() < 0.3):
        return rng.choice(windows)
    eager = [a for a in own if type(a) is not Draw and type(a) is not Keep]
    if eager and rng.random() < 0.8:
        return rng.choice(eager)
    return rng.choice(list(own))


def _random_round(game: Game, rng: random.Random, visit=None) -> list:
    """Play ``game`` at random (up to MAX_ACTIONS); return the actions applied."""
    played = []
    while not game.is_over and len(played) < MAX_ACTIONS:
        action = _pick(game, rng)
        events = game.apply(action)
        assert isinstance(events, tuple)
        played.append(action)
        if visit:
            visit(game, action, events)
    return played


def _illegal_candidates(game: Game, rng: random.Random) -> list:
    """Actions that are not legal now: other seats' cards, acting out of turn, ..."""
    decider = game.decision.seat if not game.is_over else 0
    n = game.players
    candidates = []
    for seat in range(n):
        for other in range(n):
            if other != seat and game.hands[other]:
                candidates.append(Play(seat, rng.choice(game.hands[other])))
        if seat != decider:
            candidates += [Draw(seat), Keep(seat), ChooseColor(seat, "red")]
            if game.hands[seat]:
                candidates.append(Play(seat, rng.choice(game.hands[seat])))
    candidates += [Play(n, 0), Draw(n + 3), Draw(-1)]
    candidates += [Catch(n, s) for s in range(n)] + [Catch(-1, s) for s in range(n)]
    legal = {a for s in range(n) for a in game.legal_actions(s)}
    return [a for a in candidates if a not in legal]


@examples(25)
@given(setup=setups, play_seed=st.integers(0, 2**32))
def test_random_play_keeps_every_invariant(setup, play_seed):
    """After every action the invariants hold and the views agree with the state."""
    game = _new(setup)
    assert check_invariants(game) == []
    rng = random.Random(play_seed)

    def visit(game, action, events):
        problems = check_invariants(game)
        assert problems == [], f"after {action}: {problems}"
        _assert_no_leaks(game, events)

    _random_round(game, rng, visit)


def _assert_no_leaks(game: Game, events) -> None:
    """No view or event shows a seat the ids of cards in another seat's hand."""
    for seat in range(game.players):
        others = {c for s, h in enumerate(game.hands) if s != seat for c in h}
        view = game.view(seat)
        assert [c.id for c in view.hand] == game.hands[seat]
        assert not others & {c.id for c in view.discard}
        shown = view.context.get("card")
        assert shown is None or shown not in others, f"seat {seat} sees card {shown}"
        for event in events:
            if event.kind in ("draw", "reveal"):
                continue   # private: checked below
            # Other events name only cards that are public: played, shed, a played
            # Wild Draw Four going back to its player after a guilty challenge, or
            # Party's face-up mini-pile taken into a hand.
            if event.kind not in ("returned", "pile_taken"):
                assert not others & set(event.for_seat(seat).cards), event
        private = [e for e in events if e.kind in ("draw", "reveal") and e.audience != seat]
        assert all(e.for_seat(seat).cards == () for e in private)


@examples(40)
@given(setup=setups, play_seed=st.integers(0, 2**32))
def test_random_illegal_actions_raise_and_change_nothing(setup, play_seed):
    """At random moments, an illegal action raises IllegalActionError and the state
    (to_json) is unchanged."""
    game = _new(setup)
    rng = random.Random(play_seed)

    def visit(game, action, events):
        if rng.random() < 0.15 or game.is_over:
            before = game.to_json()
            candidates = _illegal_candidates(game, rng)
            for bad in rng.sample(candidates, min(4, len(candidates))):
                try:
                    game.apply(bad)
                except IllegalActionError as exc:
                    assert str(exc)
                else:
                    raise AssertionError(f"{bad} was accepted")
                assert game.to_json() == before

    _random_round(game, rng, visit)


@examples(25)
@given(setup=setups, play_seed=st.integers(0, 2**32))
def test_every_legal_action_applies(setup, play_seed):
    """At sampled moments, each legal action of each seat applies cleanly (on a copy)."""
    game = _new(setup)
    rng = random.Random(play_seed)

    def visit(game, action, events):
        if rng.random() < 0.1:
            saved = game.to_json()
            for seat in range(game.players):
                for option in list(game.legal_actions(seat)):
                    copy = Game.from_json(saved)
                    copy.apply(option)
                    assert check_invariants(copy) == [], f"after {option}"

    _random_round(game, rng, visit)


@examples(40)
@given(setup=setups, play_seed=st.integers(0, 2**32), stop=st.floats(0, 1))
def test_same_seed_and_actions_same_game_and_saves_play_on_identically(setup, play_seed, stop):
    """Same seed + same actions = same game; a game saved to JSON mid-round and
    restored plays on identically."""
    game = _new(setup)
    rng = random.Random(play_seed)
    trail = []
    _random_round(game, rng, lambda g, a, events: trail.append((a, events)))

    replay = _new(setup)
    assert replay.opening_events == _new(setup).opening_events
    cut = int(stop * len(trail))
    restored = None
    for index, (action, events) in enumerate(trail):
        if index == cut:
            restored = Game.loads(replay.dumps())
        assert replay.apply(action) == events
        if restored is not None:
            assert restored.apply(action) == events
    assert replay.to_json() == game.to_json()
    if restored is not None:
        assert restored.to_json() == game.to_json()


# ------------------------------------------------------------- corrupt saves

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.floats(allow_nan=False)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=3),
    max_leaves=8,
)
_SAVE = None


def _save() -> dict:
    global _SAVE
    if _SAVE is None:
        game = Game("pokemon", 3, seed=5, rules=["stacking", "jump-in"])
        rng = random.Random(2)
        for _ in range(30):
            game.apply(_pick(game, rng))
        assert not game.is_over
        _SAVE = game.to_json()
    return json.loads(json.dumps(_SAVE))


def _load_or_save_error(load, data) -> None:
    try:
        game = load(data)
    except SaveDataError as exc:
        assert str(exc)
        return
    assert isinstance(game, Game)


@settings(max_examples=100, deadline=None)
@given(key=st.sampled_from(sorted(_save())), value=json_values)
def test_corrupt_top_level_value_raises_only_save_data_error(key, value):
    """Any key replaced by any JSON value: SaveDataError or a valid load, never another
    exception."""
    data = _save()
    data[key] = value
    _load_or_save_error(Game.from_json, data)
    _load_or_save_error(Game.loads, json.dumps(data))


@settings(max_examples=150, deadline=None)
@given(key=st.sampled_from(["hands", "draw_pile", "discard", "decision", "called", "rng",
                            "revealed", "ctx"]),
       index=st.integers(0, 50), value=json_values)
@example(key="hands", index=0, value=float("inf"))     # int(inf) raises OverflowError
def test_corrupt_nested_value_raises_only_save_data_error(key, index, value):
    """One element inside a list (or a dict entry) replaced by any JSON value."""
    data = _save()
    target = data[key]
    if key == "hands":
        target = target[index % len(target)]
    if key == "rng":
        target = target[1]
    if isinstance(target, list) and target:
        target[index % len(target)] = value
    elif isinstance(target, dict):
        target[str(index)] = value
    _load_or_save_error(Game.from_json, data)


@settings(max_examples=60, deadline=None)
@given(cut=st.integers(0, 10_000), junk=st.text(max_size=5))
def test_truncated_or_garbled_text_raises_save_data_error(cut, junk):
    """A save cut short (and maybe followed by junk) raises SaveDataError."""
    text = json.dumps(_save())
    cut = cut % len(text)
    try:
        json.loads(text[:cut] + junk)
    except ValueError:
        pass
    else:
        return   # still valid JSON: covered by the other tests
    try:
        Game.loads(text[:cut] + junk)
    except SaveDataError:
        return
    raise AssertionError("corrupt text loaded")


@settings(max_examples=60, deadline=None)
@given(source=st.sampled_from(["hands", "draw_pile", "discard"]),
       dest=st.sampled_from(["hands", "draw_pile", "discard", "out_of_play"]),
       index=st.integers(0, 200))
def test_duplicated_card_id_raises_save_data_error(source, dest, index):
    """A card id copied into a second place is refused."""
    data = _save()
    pool = data[source] if source != "hands" else [c for h in data[source] for c in h]
    card = pool[index % len(pool)]
    if dest == "hands":
        data["hands"][index % len(data["hands"])].append(card)
    else:
        data[dest].append(card)
    try:
        Game.from_json(data)
    except SaveDataError as exc:
        assert "both in" in str(exc) or "corrupt" in str(exc)
    else:
        raise AssertionError("a duplicated card id was accepted")
