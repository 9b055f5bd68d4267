"""The registry checks a rule set's tables; the Table protocol; copy() of a rule set's own
random generator; a random draw amount."""

from __future__ import annotations

import dataclasses
import random

import pytest

from uno_tui.engine import (
    ConfigError, Face, FirstCard, Game, Kind, RandomDraw, StateField, Table, expected_draw,
    register_variant, unregister_variant,
)
from uno_tui.rulesets.classic import rules as classic
from uno_tui.engine.invariants import check_invariants
from uno_tui.engine.registry import variant_problems

BASE = dataclasses.replace(classic.CLASSIC, name="testing", label="Testing UNO")


def _refused(variant, *words):
    with pytest.raises(ConfigError) as info:
        register_variant(variant)
    for word in words:
        assert word in str(info.value), str(info.value)
    return str(info.value)


def test_the_built_in_rule_sets_pass_the_checks():
    from uno_tui.engine import VARIANTS
    assert {name: variant_problems(v) for name, v in VARIANTS.items()} == {
        name: [] for name in VARIANTS}


def test_a_wild_missing_from_first_card_is_refused():
    first = {k: v for k, v in classic.FIRST_CARD.items() if k != Kind.WILD}
    _refused(dataclasses.replace(BASE, first_card=first),
             "can't be played", "a first Wild would start the round with no colour")


def test_a_kind_without_points_is_refused():
    points = {k: v for k, v in classic.POINTS.items() if k != Kind.SKIP}
    _refused(dataclasses.replace(BASE, points=points), "Skip scores no points")


def test_bad_draw_amounts_and_stacking_are_refused():
    _refused(dataclasses.replace(BASE, draw_amounts={**classic.DRAW_AMOUNTS, Kind.DRAW_TWO: 0}),
             "draw_amounts['draw_two']")
    _refused(dataclasses.replace(BASE, draw_amounts={**classic.DRAW_AMOUNTS,
                                                     Kind.DRAW_TWO: RandomDraw(1, 6)}),
             "stackable 'draw_two' needs a fixed number")
    first = {**classic.FIRST_CARD, Kind.SKIP: FirstCard.DRAW_AND_SKIP}
    _refused(dataclasses.replace(BASE, first_card=first), "a first Red Skip makes the first "
             "player draw")


def test_a_state_field_may_not_hide_the_games_own():
    _refused(dataclasses.replace(BASE, state=(StateField("hands"),)), "'hands'")


def test_a_refused_rule_set_is_not_registered():
    from uno_tui.engine import VARIANTS
    _refused(dataclasses.replace(BASE, points={}))
    assert "testing" not in VARIANTS


def test_random_draw_values_and_rolls():
    die = RandomDraw(1, 6)
    assert die.mean == 3.5 and expected_draw(die) == 3.5 and expected_draw(2) == 2.0
    rng = random.Random(3)
    assert {die.roll(rng) for _ in range(200)} == set(range(1, 7))
    with pytest.raises(ConfigError):
        RandomDraw(4, 2)


def test_a_random_draw_card_rolls_with_the_games_generator_and_saves():
    variant = register_variant(dataclasses.replace(
        BASE, name="dice", draw_amounts={**classic.DRAW_AMOUNTS, Kind.DRAW_TWO: RandomDraw(1, 6)},
        stackable=frozenset({Kind.WILD_DRAW_FOUR})))
    try:
        rolled = set()
        for seed in range(12):
            game = Game.from_position("dice", hands=[["R+2", "R1"], ["G1", "G2"], ["Y1"]],
                                      top="R5", seed=seed)
            events = game.apply(game.legal_actions(0)[0] if game.face(
                game.legal_actions(0)[0].card).code == "R+2" else game.legal_actions(0)[1])
            roll = next(e for e in events if e.kind == "draw_rolled")
            assert len(game.hands[1]) == 2 + roll.count and roll.target == 1
            rolled.add(roll.count)
            assert Game.loads(game.dumps()).to_json() == game.to_json()
        assert len(rolled) > 2
    finally:
        unregister_variant(variant.name)


def test_game_implements_the_table_protocol():
    assert isinstance(Game("classic", 3, seed=1), Table)
    game = Game("classic", 3, seed=1)
    assert game.rng is game.rng and isinstance(game.rng, random.Random)


def test_snapshot_and_restore_round_trip():
    game = Game("party", 5, seed=4)
    for _ in range(30):
        if game.is_over:
            break
        game.apply(game.legal_actions(game.decision.seat)[0])
    blank = Game.blank("party", 5, game.rules, game.seed)
    restored = Game.from_json(game.to_json())
    assert blank.to_json() != game.to_json()
    assert restored.snapshot()["hands"] == game.snapshot()["hands"]
    assert restored.to_json() == game.to_json()


def _own_rng(game):
    return random.Random(f"own {game.seed}")


def test_copy_keeps_a_rule_sets_own_random_generator_and_equals_a_json_round_trip():
    def save(rng):
        version, state, gauss = rng.getstate()
        return [version, list(state), gauss]

    def load(data, game):
        rng = random.Random()
        rng.setstate((data[0], tuple(data[1]), data[2]))
        return rng

    variant = register_variant(dataclasses.replace(
        BASE, name="ownrng", state=(StateField("dice", initial=_own_rng, save=save, load=load),)))
    try:
        game = Game("ownrng", 3, seed=8)
        game.dice.random()
        twin = game.copy()
        assert twin.dice is not game.dice
        assert twin.dice.getstate() == game.dice.getstate()
        assert twin.dice.getstate() != game.rng.getstate()
        assert twin.to_json() == Game.from_json(game.to_json()).to_json() == game.to_json()
        assert twin.dice.random() == game.dice.random()
        assert check_invariants(twin) == []
    finally:
        unregister_variant(variant.name)


def test_decision_rules_say_which_may_wait_after_a_seat_went_out():
    game = Game("classic", 3, seed=1)
    assert game.decision_rule("color").after_out
    assert not game.decision_rule("turn").after_out
    with pytest.raises(KeyError):
        game.decision_rule("swap")     # 7-0 is not in play
    assert Game("classic", 3, seed=1, rules=["7-0"]).decision_rule("swap")
