"""The six house rules of issue 22, each in the exact situation it changes, the presets,
the declared conflicts, and random play over every rule set with the rules combined."""

from __future__ import annotations

import itertools
import random

import pytest

from uno_tui.engine import (
    HOUSE_RULES, PRESETS, VARIANTS, Accept, CallUno, Catch, ChooseColor, ConfigError, Decision,
    Draw, EventKind as E, Game, Keep, Play, expand_rules, get_variant,
)
from uno_tui.engine.invariants import check_invariants, check_round_trip
from uno_tui.rulesets.house.multi_play import StopPlaying

from .support import assert_illegal, card, hand, of_kind, play, plays

NEW_RULES = ("stack-any", "multi-play", "no-action-finish", "deflect", "draw-and-pass",
             "catch-window")
DRAWS = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "G9"]


def _game(rules, hands, top="R5", draw=DRAWS, **kw):
    return Game.from_position(hands=hands, top=top, draw=list(draw), rules=rules, **kw)


# --------------------------------------------------------------- stack-any

def test_stack_any_a_wild_draw_four_answers_a_draw_two_and_the_total_goes_on():
    game = _game(["stack-any"], [["R+2", "R1", "R4"], ["W+4", "G3", "G4"], ["Y4", "Y5"]])
    play(game, 0, "R+2")
    assert game.decision == Decision("respond", 1)
    assert Play(1, card(game, 1, "W+4")) in game.legal_actions(1)
    play(game, 1, "W+4")
    events = game.apply(ChooseColor(1, "green"))
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(2, 6)]
    assert game.color == "green" and game.decision == Decision("turn", 0)


def test_stack_any_a_draw_two_answers_a_wild_draw_four_and_no_challenge_of_a_stack():
    game = _game(["stack-any"], [["W+4", "G1", "G2"], ["B+2", "G3", "G4"], ["G+2", "Y5"]])
    play(game, 0, "W+4")
    game.apply(ChooseColor(0, "blue"))
    assert Play(1, card(game, 1, "B+2")) in game.legal_actions(1)
    play(game, 1, "B+2")
    # A stack of 6 on seat 2: it may add its +2 (any colour) but not challenge.
    legal = game.legal_actions(2)
    assert Play(2, card(game, 2, "G+2")) in legal
    assert not any(type(a).__name__ == "Challenge" for a in legal)
    events = game.apply(Accept(2))
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(2, 6)]


def test_without_stack_any_stacking_keeps_to_the_same_kind():
    game = _game(["stacking"], [["R+2", "R1", "R4"], ["W+4", "G3", "G4"], ["Y4", "Y5"]])
    play(game, 0, "R+2")
    assert not any(type(a) is Play for a in game.legal_actions(1))


# -------------------------------------------------------------- multi-play

def test_multi_play_more_cards_of_the_number_then_stop():
    game = _game(["multi-play"], [["R5", "G5", "B5", "Y1"], ["G3", "G4"], ["Y4", "Y6"]],
                 top="R2")
    play(game, 0, "R5")
    assert game.decision == Decision("play_more", 0)
    assert set(game.legal_actions(0)) == {Play(0, card(game, 0, "G5")),
                                           Play(0, card(game, 0, "B5")), StopPlaying(0)}
    assert_illegal(game, Play(0, card(game, 0, "Y1")), "only another 5")
    assert_illegal(game, Draw(1), "waiting for seat 0")
    play(game, 0, "B5")
    assert game.color == "blue" and game.decision == Decision("play_more", 0)
    game.apply(StopPlaying(0))
    assert hand(game, 0) == ["G5", "Y1"] and game.top.code == "B5"
    assert game.decision == Decision("turn", 1)
    restored = Game.loads(game.dumps())
    assert restored.to_json() == game.to_json()


def test_multi_play_a_set_that_empties_the_hand_goes_out():
    game = _game(["multi-play"], [["R5", "G5"], ["G3", "G4"]], top="R2")
    play(game, 0, "R5")
    assert game.uno_window == 0          # down to one card in the middle of the set
    game.apply(CallUno(0))
    play(game, 0, "G5")
    assert game.is_over and game.winner == 0


def test_multi_play_offers_nothing_without_another_card_of_the_number():
    game = _game(["multi-play"], [["R5", "G6", "Y1"], ["G3", "G4"]], top="R2")
    play(game, 0, "R5")
    assert game.decision == Decision("turn", 1)


def test_multi_play_with_7_0_a_set_of_sevens_swaps_once():
    game = _game(["multi-play", "7-0"], [["R7", "G7", "Y1"], ["G3", "G4"], ["B1"]], top="R2")
    play(game, 0, "R7")
    play(game, 0, "G7")
    assert game.decision == Decision("swap", 0)


# -------------------------------------------------------- no-action-finish

def test_no_action_finish_a_last_action_card_or_wild_can_not_be_played():
    game = _game(["no-action-finish"], [["RS"], ["G3", "G4"]])
    assert plays(game, 0) == []
    assert_illegal(game, Play(0, card(game, 0, "RS")), "can't be the last card", "number")
    game = _game(["no-action-finish"], [["W"], ["G3", "G4"]])
    assert plays(game, 0) == []
    game = _game(["no-action-finish"], [["R7"], ["G3", "G4"]])
    assert plays(game, 0) == ["R7"]
    play(game, 0, "R7")
    assert game.is_over and game.winner == 0


def test_no_action_finish_the_action_card_plays_while_other_cards_are_held():
    game = _game(["no-action-finish"], [["RS", "W"], ["G3", "G4"], ["Y1", "Y2"]])
    assert plays(game, 0) == ["RS", "W"]
    play(game, 0, "RS")
    assert game.decision == Decision("turn", 2)


def test_no_action_finish_a_last_draw_two_can_not_be_stacked():
    game = _game(["no-action-finish", "stacking"], [["R+2", "R1"], ["B+2"], ["Y4", "Y5"]])
    play(game, 0, "R+2")
    # Seat 1's only card is a +2: stacking it would go out on it.
    events = game.apply(CallUno(0)) and game.legal_actions(1)
    assert Play(1, card(game, 1, "B+2")) not in events


# ------------------------------------------------------------------ deflect

def test_deflect_a_skip_of_the_colour_sends_the_draw_to_the_next_player():
    game = _game(["deflect"], [["R+2", "R1", "R4"], ["RS", "G3"], ["Y4", "Y5"], ["G1", "G2"]])
    play(game, 0, "R+2")
    assert game.decision == Decision("respond", 1)
    assert Play(1, card(game, 1, "RS")) in game.legal_actions(1)
    events = play(game, 1, "RS")
    assert [(e.seat, e.count, e.target) for e in of_kind(events, E.DEFLECT)] == [(1, 2, 2)]
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(2, 2)]
    assert game.decision == Decision("turn", 3)


def test_deflect_a_reverse_sends_it_back_and_it_can_bounce_again():
    game = _game(["deflect"], [["R+2", "RR", "R4"], ["RR", "G3"], ["Y4", "Y5"], ["G1", "G2"]])
    play(game, 0, "R+2")
    play(game, 1, "RR")
    assert game.direction == -1
    assert game.decision == Decision("deflected", 0)
    # (Seat 1 is down to one card without calling UNO: seat 0 may also catch it.)
    assert set(game.legal_actions(0)) == {Accept(0), Play(0, card(game, 0, "RR")), Catch(0, 1)}
    restored = Game.loads(game.dumps())
    assert restored.to_json() == game.to_json()
    play(game, 0, "RR")
    assert game.direction == 1
    assert game.decision == ("turn", 2) and len(game.hands[1]) == 3  # seat 1 drew 2


def test_deflect_needs_the_colour_in_play_and_a_coloured_draw_card():
    game = _game(["deflect"], [["R+2", "R1"], ["BS", "G3"], ["Y4", "Y5"]])
    play(game, 0, "R+2")
    assert game.decision == Decision("turn", 2)       # seat 1 could not deflect: drew 2
    game = _game(["deflect"], [["W+4", "R1", "G5"], ["BS", "G3"], ["Y4", "Y5"]])
    play(game, 0, "W+4")
    game.apply(ChooseColor(0, "blue"))
    assert Play(1, card(game, 1, "BS")) not in game.legal_actions(1)


def test_deflect_does_not_change_a_skip_played_on_a_turn():
    game = _game(["deflect"], [["RS", "R1"], ["G3", "G4"], ["Y4", "Y5"]])
    play(game, 0, "RS")
    assert game.decision == Decision("turn", 2)


# ------------------------------------------------------------ draw-and-pass

def test_draw_and_pass_a_playable_drawn_card_waits():
    game = _game(["draw-and-pass"], [["G1", "G2"], ["G3", "G4"]], draw=["R9"])
    events = game.apply(Draw(0))
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(0, 1)]
    assert game.decision == Decision("turn", 1) and "R9" in hand(game, 0)
    game = _game([], [["G1", "G2"], ["G3", "G4"]], draw=["R9"])
    game.apply(Draw(0))
    assert game.decision == Decision("drawn", 0)


def test_draw_and_pass_conflicts_with_forced_play():
    with pytest.raises(ConfigError, match="'draw-and-pass' and 'forced-play' can't be played"):
        Game("classic", 3, seed=1, rules=["forced-play", "draw-and-pass"])


# ------------------------------------------------------------- catch-window

def test_catch_window_stays_open_through_draws_until_the_next_card():
    hands = [["R1", "R2"], ["G3", "G4"], ["Y4", "Y5"]]
    # Blue cards drawn can't be played on red: each draw ends that turn.
    game = _game(["catch-window"], hands, draw=["B9", "B8", "B7", "B6"])
    play(game, 0, "R1")
    game.apply(Draw(1))
    game.apply(Draw(2))
    assert game.decision == Decision("turn", 0)
    assert Catch(1, 0) in game.legal_actions(1)      # still open after two draws
    events = game.apply(Catch(1, 0))
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(0, 2)]


def test_catch_window_closes_on_the_next_card_and_by_default_on_a_draw():
    hands = [["R1", "R2"], ["R3", "G4"], ["Y4", "Y5"]]
    game = _game(["catch-window"], hands)
    play(game, 0, "R1")
    play(game, 1, "R3")
    assert Catch(2, 0) not in game.legal_actions(2)
    game = _game([], hands, draw=["B9", "B8"])
    play(game, 0, "R1")
    game.apply(Draw(1))
    assert Catch(2, 0) not in game.legal_actions(2)


# ----------------------------------------------------------------- presets

def test_presets_expand_to_their_rules_that_apply():
    assert set(PRESETS) == {"classic", "party", "crazy"}
    assert expand_rules(get_variant("classic"), ["preset:party"]) == {"stacking", "7-0", "jump-in"}
    # Flip has no 0s: the party preset leaves 7-0 out there.
    assert expand_rules(get_variant("flip"), ["preset:party"]) == {"stacking", "jump-in"}
    assert expand_rules(get_variant("classic"), ["preset:classic"]) == frozenset()
    crazy = expand_rules(get_variant("classic"), ["preset:crazy", "no-bluffing"])
    assert {"stack-any", "deflect", "no-bluffing"} <= crazy
    Game("classic", 4, seed=1, rules=crazy)
    with pytest.raises(ConfigError, match="unknown preset 'wild'"):
        expand_rules(get_variant("classic"), ["preset:wild"])


def test_a_rule_that_does_not_apply_is_refused_with_its_reason():
    with pytest.raises(ConfigError, match="'7-0' does not apply to UNO Flip"):
        Game("flip", 3, seed=1, rules=["7-0"])
    assert "7-0" not in get_variant("flip").allowed_rules()
    assert set(NEW_RULES) <= set(get_variant("classic").allowed_rules())


# ------------------------------------------------------- random play, combined

def _random_round(variant: str, players: int, rules, seed: int, limit: int = 300) -> int:
    game = Game(variant, players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for step in range(limit):
        if game.is_over:
            break
        decider = game.decision.seat
        seats = [s for s in range(game.players) if game.legal_actions(s)]
        seat = decider if rng.random() < 0.85 or not seats else rng.choice(seats)
        legal = game.legal_actions(seat)
        keep_on = [a for a in legal if type(a) is not Draw]
        game.apply(rng.choice(keep_on if keep_on and rng.random() < 0.7 else legal))
        problems = check_invariants(game)
        if step % 40 == 0:
            problems += check_round_trip(game)
            twin = game.copy()
            assert twin.to_json() == Game.from_json(game.to_json()).to_json()
        assert problems == [], f"{variant} {sorted(rules)} seed {seed} step {step}: {problems}"
    return step


def _combinations(variant):
    """Every allowed single rule and pair of rules, and all of them at once (bounded:
    three-way and larger combinations are covered by the all-at-once table)."""
    allowed = get_variant(variant).allowed_rules()
    spec = get_variant(variant)
    combos = [frozenset([r]) for r in allowed]
    combos += [frozenset(p) for p in itertools.combinations(allowed, 2)
               if spec.usable_rules(p) == frozenset(p)]
    combos.append(spec.usable_rules(allowed))
    return combos


@pytest.mark.parametrize("variant", ["classic", "pokemon", "flip", "party"])
def test_random_play_keeps_every_invariant_with_every_allowed_pair_of_house_rules(variant):
    rng = random.Random(variant)
    combos = _combinations(variant)
    assert len(combos) > len(get_variant(variant).allowed_rules())
    for index, rules in enumerate(combos):
        _random_round(variant, rng.randint(2, 5), rules, rng.randrange(2**32),
                      limit=120 if len(rules) < 3 else 400)


def test_every_rule_is_on_the_help_lists_and_in_every_allowed_list_it_applies_to():
    for name in NEW_RULES:
        assert HOUSE_RULES[name]
    for variant in VARIANTS.values():
        for rule in variant.allowed_rules():
            Game(variant.name, variant.min_players, seed=1, rules=[rule])
