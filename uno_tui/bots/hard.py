"""The hard bot: determinized Monte Carlo search over the legal actions.

For each decision with a real choice it repeatedly samples a world consistent with
its view (the hidden hands and the draw pile dealt at random, see
:mod:`uno_tui.engine.determinize`), tries every candidate action in that same world
and plays the round out with the normal bot's heuristics for every seat. The action
that wins most often within the time budget is played. Using the same worlds for
every candidate compares them on equal terms, so few rollouts already tell them apart.
"""

from __future__ import annotations

import time
from typing import Sequence

from ..engine import (
    Action, CallUno, DecisionKind, EngineError, Game, Play, WINDOW_ACTIONS,
)
from ..engine.determinize import fork, sample_state
from ..engine.variants import RESTRICTED_WILDS
from .base import Bot
from .heuristics import Situation, decide, window_action
from .normal import NormalBot

__all__ = ["HardBot", "DEFAULT_THINK_MS", "rollout"]

#: Default time budget for one decision, in milliseconds.
DEFAULT_THINK_MS = 500
#: Share of the budget spent sampling; the rest covers set-up and the final pick.
_BUDGET_SHARE = 0.9
#: A rollout longer than this is abandoned as a draw (a safety net: rounds end far sooner).
_ROLLOUT_LIMIT = 2000
#: Kinds decided from the decision's context, for which a full view is built.
_CONTEXT_KINDS = frozenset({DecisionKind.COLOR, DecisionKind.RESPOND})


def _policy(game: Game, seat: int, actions: Sequence[Action]) -> Action:
    """The normal bot's choice for ``seat`` in an imagined game."""
    if len(actions) == 1:
        return actions[0]
    kind = game.decision.kind
    if kind in (DecisionKind.TURN, DecisionKind.DRAWN):
        if len(actions) == 2 and game.face(actions[0].card).kind not in RESTRICTED_WILDS:
            return actions[0]     # one card fits (the other action draws or keeps): play it
        sit = Situation.from_game(game, seat)
    else:
        sit = Situation.from_view(game.view(seat))
    return decide(sit, actions)


def rollout(game: Game, limit: int = _ROLLOUT_LIMIT) -> int | None:
    """Play an imagined ``game`` to its end with the normal heuristics for every seat
    (everyone calls UNO in time); return the winning seat (``None``: no winner)."""
    legal = game.legal_actions
    for _ in range(limit):
        if game.is_over:
            return game.winner
        window = game.uno_window
        if window is not None and window not in game.called and len(game.hands[window]) == 1:
            game.apply(CallUno(window))
        seat = game.decision.seat
        game.apply(_policy(game, seat, legal(seat)))
    return game.winner


def _outcome_key(sit: Situation, action: Action):
    """Actions with equal keys have the same effect: e.g. playing either of two Red 5s."""
    if type(action) is Play:
        return ("play", next((f for c, f in sit.hand if c == action.card), action.card))
    return action


def _distinct(sit: Situation, actions: Sequence[Action]) -> list[Action]:
    """One action per distinct outcome."""
    seen, out = set(), []
    for action in actions:
        key = _outcome_key(sit, action)
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


class HardBot(Bot):
    """Searches: samples hidden hands consistent with its view and plays rollouts."""

    #: Takes a thinking-time budget (``think_ms``).
    thinks = True

    def __init__(self, seat, rng=None, think_ms: int = DEFAULT_THINK_MS) -> None:
        super().__init__(seat, rng)
        self.think_ms = think_ms
        #: Rollouts played for the last searched decision (for benchmarks and tests).
        self.last_rollouts = 0

    def choose(self, view, actions):
        window = window_action(actions)
        if window is not None:
            return window
        decision = [a for a in actions if not isinstance(a, WINDOW_ACTIONS)] or list(actions)
        if len(decision) == 1:
            return decision[0]
        sit = Situation.from_view(view)
        fallback = decide(sit, decision, self.rng)
        candidates = _distinct(sit, decision)
        if len(candidates) == 1:
            return candidates[0]
        prior = next(i for i, a in enumerate(candidates)
                     if _outcome_key(sit, a) == _outcome_key(sit, fallback))
        try:
            return self._search(view, candidates, prior)
        except EngineError:
            # A world this view can't be sampled into (or a variant detail the sampler
            # doesn't know): the heuristics still give a sound answer.
            return fallback

    react = NormalBot.react

    def _search(self, view, candidates: list[Action], prior: int) -> Action:
        """The candidate that wins most rollouts; ``prior`` (the heuristic pick) wins ties."""
        start = time.perf_counter()
        deadline = start + self.think_ms / 1000.0 * _BUDGET_SHARE
        me = self.seat
        players = view.players
        wins = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        worlds = 0
        self.last_rollouts = 0
        while time.perf_counter() < deadline and len(alive) > 1:
            base = Game.from_json(sample_state(view, self.rng))
            outcome = []
            for index in alive:
                game = fork(base)
                game.apply(candidates[index])
                winner = rollout(game)
                outcome.append(1.0 if winner == me else (1.0 / players if winner is None else 0.0))
                self.last_rollouts += 1
                if time.perf_counter() >= deadline:
                    break
            if len(outcome) < len(alive):
                break    # an unfinished world would favour the candidates tried first
            for index, value in zip(alive, outcome):
                wins[index] += value
            worlds += 1
            alive = self._survivors(alive, wins, worlds)
        if worlds == 0:
            return candidates[prior]
        # The heuristic pick wins ties: it is what the rollouts assume everyone plays.
        return candidates[max(alive, key=lambda i: (wins[i], i == prior))]

    @staticmethod
    def _survivors(alive: list[int], wins: list[float], worlds: int) -> list[int]:
        """Drop candidates that trail the leader by more than chance explains."""
        if worlds < 8:
            return alive
        best = max(wins[i] for i in alive)
        margin = 2.0 * worlds ** 0.5
        return [i for i in alive if best - wins[i] <= margin]
