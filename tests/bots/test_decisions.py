"""Every level answers every kind of decision with one of the offered actions."""

from __future__ import annotations

import random

import pytest

from uno_tui.bots import BOT_LEVELS, make_bot
from uno_tui.engine import (
    CallUno, Catch, ConfigError, DecisionKind, GameView, JumpIn, WINDOW_ACTIONS,
)

from .situations import SITUATIONS

LEVELS = list(BOT_LEVELS)
#: Short thinking time keeps the searching bot's tests fast; the search still runs.
THINK_MS = 15


def bot_for(level: str, seat: int, seed: int = 0):
    return make_bot(level, seat, random.Random(seed), think_ms=THINK_MS)


def test_every_level_is_registered_weakest_first():
    assert LEVELS == ["random", "easy", "normal", "hard"]


def test_an_unknown_level_is_refused_with_the_known_ones_named():
    with pytest.raises(ConfigError, match="unknown bot level 'genius'.*random, easy, normal, hard"):
        make_bot("genius", 0)


def test_a_thinking_time_below_one_millisecond_is_refused():
    with pytest.raises(ConfigError, match="at least 1 ms"):
        make_bot("hard", 0, think_ms=0)


def test_the_thinking_time_reaches_the_hard_bot_and_others_ignore_it():
    assert make_bot("hard", 0, think_ms=120).think_ms == 120
    assert make_bot("hard", 0).think_ms == 500
    assert make_bot("normal", 0, think_ms=120).seat == 0


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", list(SITUATIONS))
def test_the_decision_gets_a_legal_answer(level, name):
    build, kind = SITUATIONS[name]
    game = build()
    seat = game.decision.seat
    assert game.decision.kind == kind
    bot = bot_for(level, seat)
    actions = game.legal_actions(seat)
    view = game.view(seat) if bot.wants_view else None
    action = bot.choose(view, actions)
    assert action in actions
    game.apply(action)     # legal, so it applies


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", ["uno window", "jump in"])
def test_window_reactions_are_offered_actions_or_none(level, name):
    build, _ = SITUATIONS[name]
    for seed in range(6):
        game = build()
        for seat in range(game.players):
            if seat == game.decision.seat:
                continue
            actions = game.legal_actions(seat)
            if not actions:
                continue
            assert all(isinstance(a, WINDOW_ACTIONS) for a in actions)
            bot = bot_for(level, seat, seed)
            reaction = bot.react(game.view(seat) if bot.wants_view else None, actions)
            assert reaction is None or reaction in actions


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_careful_levels_call_uno_and_catch(level):
    game = SITUATIONS["uno window"][0]()
    assert make_bot(level, 0).react(game.view(0), game.legal_actions(0)) == CallUno(0)
    assert make_bot(level, 2).react(game.view(2), game.legal_actions(2)) == Catch(2, 0)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_careful_levels_call_uno_before_naming_the_colour(level):
    game = SITUATIONS["uno window, deciding"][0]()
    actions = game.legal_actions(0)
    assert CallUno(0) in actions
    assert bot_for(level, 0).choose(game.view(0), actions) == CallUno(0)


def test_normal_jumps_in_with_an_identical_card():
    game = SITUATIONS["jump in"][0]()
    action = make_bot("normal", 2).react(game.view(2), game.legal_actions(2))
    assert type(action) is JumpIn and game.face(action.card).code == "R3"


def test_easy_sometimes_forgets_uno_but_keeps_to_its_choice_at_one_moment():
    called = 0
    for seed in range(60):
        game = SITUATIONS["uno window"][0]()
        bot = make_bot("easy", 0, random.Random(seed))
        first = bot.react(game.view(0), game.legal_actions(0))
        again = bot.react(game.view(0), game.legal_actions(0))
        assert first == again
        called += first == CallUno(0)
    assert 20 < called < 60


class Spy:
    """Wraps a bot and records what it is handed."""

    def __init__(self, bot):
        self.bot = bot
        self.wants_view = bot.wants_view
        self.handed = []

    def choose(self, view, actions):
        self.handed.append(view)
        action = self.bot.choose(view, actions)
        assert action in actions
        return action

    def react(self, view, actions):
        self.handed.append(view)
        action = self.bot.react(view, actions)
        assert action is None or action in actions
        return action


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_is_only_ever_handed_a_view(level):
    from uno_tui.engine import Game
    from uno_tui.sim import play_round

    game = Game("classic", 4, seed=3, rules=("jump-in",))
    spies = [Spy(bot_for(level if seat == 0 else "random", seat, seat)) for seat in range(4)]
    play_round(game, spies, random.Random(3))
    handed = spies[0].handed
    assert handed
    if level == "random":
        assert all(view is None for view in handed)
    else:
        assert all(type(view) is GameView and view.seat == 0 for view in handed)
    assert game.is_over


def test_the_decision_kinds_in_the_situations_cover_every_kind():
    kinds = {kind for _, kind in SITUATIONS.values()}
    every = {v for k, v in vars(DecisionKind).items() if not k.startswith("_")}
    assert every - kinds == {DecisionKind.ROUND_OVER}
