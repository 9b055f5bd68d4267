"""The hard bot: determinized Monte Carlo search over the legal actions.

For each decision with a real choice it repeatedly samples a world consistent with
its view and with what it has inferred about the hidden hands over the round (see
:mod:`.belief`; the runner reports the round through :meth:`HardBot.observe`, and the
cards are dealt by :mod:`uno_tui.engine.determinize`; as a trial it can favour worlds
in which the opponents' open choices are those a careful player would have made, see
:data:`_DEALS_PER_WORLD`). It tries every candidate action in that same world, plays
on for a few laps with the normal bot's heuristics for every seat and judges the
position reached with a win-chance model (:func:`outlook`).
Every candidate meets common random numbers: the same world, the same draw pile and
the same random state of the game (each is a :func:`fork` of one world), and a
deterministic rollout policy, so their difference in a world is the action's alone.
The normal bot's pick stands unless another candidate beats it by more than chance
explains within the time budget.
"""

from __future__ import annotations

import math
import time
from functools import partial
from typing import Callable, Sequence

from ..engine import (
    Action, CallUno, DecisionKind, EngineError, Game, Play,
)
from ..engine.determinize import deck_of, fork, sample_state
from ..engine.registry import get_variant
from .base import Bot
from .belief import OFF_HEURISTIC, Belief, HandBeliefs
from .heuristics import Situation, best_play, decide, split_actions
from .normal import NormalBot

__all__ = ["HardBot", "DEFAULT_THINK_MS", "DEFAULT_HORIZON", "rollout", "outlook"]

#: Default time budget for one decision, in milliseconds.
DEFAULT_THINK_MS = 500
#: Share of the budget spent sampling; the rest covers set-up and the final pick.
_BUDGET_SHARE = 0.9
#: A rollout longer than this is abandoned as a draw (a safety net: rounds end far sooner).
_ROLLOUT_LIMIT = 2000
#: How many standard errors a candidate must lead the heuristic pick by to replace it.
_CONFIDENCE = 1.0
#: How many of those units a candidate may trail the heuristic pick by and stay in the search.
_DROP = 1.0
#: Worlds a candidate must be tried in before it can replace the pick or be dropped.
_MIN_WORLDS = 8
#: How often an opponent is assumed to bluff a wild draw card it could not play legally.
BLUFF_ODDS = 0.1
#: Deals tried at most for a world without a bluff (see :meth:`HardBot._sample`).
_RESAMPLES = 8
#: Deals drawn for each world searched, one of which is kept with odds in proportion to
#: how well it explains the opponents' choices (see :meth:`HandBeliefs.likelihood`);
#: 1 deals from the belief alone. Off: with 4 deals, 2,000 duplicate heads-up classic
#: deals against normal (think 100 ms) gave +1.3 ± 1.6 points of win rate over the
#: belief alone (63.3% against 62.0%), not beyond noise, at 12% more CPU per deal;
#: try it with ``hard_paired.py --set _DEALS_PER_WORLD=4``.
_DEALS_PER_WORLD = 1
#: Decisions the rollout policy judges without building a view (their context is not
#: needed, except for a colour named after a wild whose effect needs it: the rule set's
#: ``color_driven`` kinds, e.g. a Greninja names twice).
_CHEAP_KINDS = frozenset({DecisionKind.TURN, DecisionKind.DRAWN, DecisionKind.COLOR})
#: Default rollout length in actions (``None``: to the end of the round).
DEFAULT_HORIZON = 12


def _policy(game: Game, seat: int, actions: Sequence[Action]) -> Action:
    """The normal bot's choice for ``seat`` in an imagined game."""
    if len(actions) == 1:
        return actions[0]
    kind = game.decision.kind
    if kind in _CHEAP_KINDS and not (kind == DecisionKind.COLOR
                                     and game.top.kind in game.variant.color_driven):
        if (kind != DecisionKind.COLOR and len(actions) == 2
                and game.face(actions[0].card).kind not in game.variant.restricted_wilds):
            return actions[0]     # one card fits (the other action draws or keeps): play it
        sit = Situation.from_game(game, seat)
        if kind != DecisionKind.COLOR:
            # What decide() does for a turn, without its general dispatch.
            plays = [a for a in actions if type(a) is Play]
            best, score = best_play(sit, plays)
            if score > 0 or len(plays) == len(actions):
                return best
            return next(a for a in actions if type(a) is not Play)
    else:
        sit = Situation.from_view(game.view(seat))
    return decide(sit, actions)


def rollout(game: Game, seat: int, horizon: int | None = None) -> float:
    """Play an imagined ``game`` on with the normal heuristics for every seat (everyone
    calls UNO in time) for ``horizon`` actions, or to the end when ``None``; return
    ``seat``'s outlook then (see :func:`outlook`)."""
    legal = game.legal_actions
    for _ in range(_ROLLOUT_LIMIT if horizon is None else horizon):
        if game.is_over:
            break
        window = game.uno_window
        if window is not None and window not in game.called and len(game.hands[window]) == 1:
            game.apply(CallUno(window))
        decider = game.decision.seat
        game.apply(_policy(game, decider, legal(decider)))
    return outlook(game, seat)


def outlook(game: Game, seat: int) -> float:
    """``seat``'s chance of winning the round, as far as the hands tell.

    Exact once the round is over (a round with no winner counts as an equal share).
    Before that, a conditional-logit model: each seat's weight is the exponential of
    a score that falls with every card it holds, rises with its wilds (they always
    fit) and action cards, and depends on how far after the seat to act it sits.
    """
    if game.is_over:
        winner = game.winner
        return 1.0 if winner == seat else (1.0 / game.players if winner is None else 0.0)
    face = game.face
    card_w, wild_w, action_w, *after = _outlook_weights(game.variant, game.players)
    order_w = (0.0, *after)
    decider, direction, players = game.decision.seat, game.direction, game.players
    last = len(order_w) - 1
    weights = []
    for s, hand in enumerate(game.hands):
        score = card_w * len(hand)
        for cid in hand:
            f = face(cid)
            if f.color is None:
                score += wild_w
            elif f.number is None:
                score += action_w
        score += order_w[min(((s - decider) * direction) % players, last)]
        weights.append(math.exp(score))
    return weights[seat] / sum(weights)


#: The model of :func:`outlook` for a rule set that brings none of its own
#: (``Variant.outlook``): fitted by maximum likelihood to 13,000 positions of four
#: normal bots playing classic rounds: score per card held, per wild, per coloured
#: action card, and by seats after the seat to act (1, 2, 3 or more).
_DEFAULT_OUTLOOK = (-0.311, 0.513, 0.092, -0.115, -0.167, -0.143)


def _outlook_weights(variant, players: int) -> tuple[float, ...]:
    """The weights of :func:`outlook` for ``variant`` (a :class:`Variant`) at a table of
    ``players``: the rule set's own model for heads-up (2) or larger tables (4)."""
    return variant.outlook.get(2 if players == 2 else 4) or _DEFAULT_OUTLOOK


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


def _lacking(view, seat: int) -> str | None:
    """The colour ``seat`` had nothing of when it last drew, if it may still hold cards
    from then (the rollouts' players draw only when nothing fits)."""
    drew = view.seats[seat].drew_on
    return drew.color if drew is not None and drew.held > 0 else None


class HardBot(Bot):
    """Searches: samples hidden hands consistent with its view and plays rollouts."""

    description = "remembers what each player lacked and plays out the futures"
    #: Takes a thinking-time budget (``think_ms``).
    thinks = True
    #: Follows the round: its worlds are dealt from what it saw (see :mod:`.belief`).
    observes = True

    def __init__(self, seat, rng=None, think_ms: int = DEFAULT_THINK_MS,
                 horizon: int | None = DEFAULT_HORIZON,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__(seat, rng)
        self.think_ms = think_ms
        #: The clock the budget is kept on: wall time at a table, where people wait;
        #: the simulator passes CPU time, so a busy machine does not weaken the bot.
        self.clock = clock
        #: Actions each rollout plays before judging the position (``None``: to the end).
        self.horizon = horizon
        #: Rollouts played for the last searched decision (for benchmarks and tests).
        self.last_rollouts = 0
        #: What it has worked out about the other hands this round.
        self.belief = Belief(seat)

    def observe(self, action, events, view):
        self.belief.observe(action, events, view)

    def choose(self, view, actions):
        window, decision = split_actions(actions)
        if window is not None:
            return window
        if len(decision) == 1:
            return decision[0]
        sit = Situation.from_view(view)
        beliefs = self.belief.snapshot() if self.belief.active else None
        sit.next_lacks = ((beliefs.lacked_color(sit.next_seat) if beliefs is not None else None)
                          or _lacking(view, sit.next_seat))
        fallback = decide(sit, decision, self.rng)
        candidates = _distinct(sit, decision)
        if len(candidates) == 1:
            return candidates[0]
        prior = next(i for i, a in enumerate(candidates)
                     if _outcome_key(sit, a) == _outcome_key(sit, fallback))
        try:
            return self._search(view, candidates, prior, beliefs)
        except (EngineError, LookupError):
            # A world this view can't be sampled into, or a variant's state the sampler
            # does not know how to rebuild: the heuristics still give a sound answer.
            return fallback

    react = NormalBot.react

    def _sample(self, view, beliefs: HandBeliefs | None = None) -> dict:
        """A world consistent with ``view`` and with opponents who play like the rollouts.

        The hidden hands are dealt as ``beliefs`` say (what each seat lacked, named or
        took, over the round so far), weighed by the seats' open choices when
        :data:`_DEALS_PER_WORLD` is above 1 (see :meth:`_weighed_deal`). Without beliefs
        (a runner that does not report the round) only each seat's last draw is read: the
        rollouts' players draw only when nothing fits, so a seat that drew is dealt cards
        it could not have played then. They never bluff a wild draw card, so the
        attacker is taken to have bluffed only :data:`BLUFF_ODDS` of the time: otherwise
        a deal in which it held the colour it had to lack is mended (those cards change
        places with hidden cards of other colours) or, where the hidden faces are tied
        to what the table sees (Flip), dealt again a few times.
        """
        rng = self.rng
        deal = beliefs.deal if beliefs is not None else None
        if (_DEALS_PER_WORLD > 1 and beliefs is not None
                and any(b.choices for b in beliefs.seats)):
            state = self._weighed_deal(view, beliefs, _DEALS_PER_WORLD)
        else:
            state = sample_state(view, rng, forced_draws=True, deal_hidden=deal)
        ctx = state["ctx"]
        if (not ctx.get("bluff") or ctx.get("attacker", view.decision_seat) == self.seat
                or rng.random() < BLUFF_ODDS):
            return state     # no bluff, or its own (whose hand it knows), or one let stand
        if not get_variant(view.variant).dark_deck:
            return _unbluffed(state, view, rng) or state
        for _ in range(_RESAMPLES):
            state = sample_state(view, rng, forced_draws=True, deal_hidden=deal)
            if not state["ctx"].get("bluff"):
                break
        return state

    def _weighed_deal(self, view, beliefs: HandBeliefs, deals: int) -> dict:
        """One of ``deals`` deals from ``beliefs``, drawn with odds in proportion to their
        likelihood (sampling-importance-resampling): a world in which the opponents' open
        choices are those a careful player would have made is kept more often than one
        in which they are not."""
        rng, variant = self.rng, get_variant(view.variant)
        states, weights = [], []
        for _ in range(deals):
            entries: dict = {}
            states.append(sample_state(view, rng, forced_draws=True,
                                       deal_hidden=partial(beliefs.deal, entries=entries)))
            weights.append(beliefs.likelihood(entries, variant, OFF_HEURISTIC))
        return rng.choices(states, weights)[0]

    def _search(self, view, candidates: list[Action], prior: int,
                beliefs: HandBeliefs | None = None) -> Action:
        """The candidate that beats ``prior`` (the heuristic pick) most clearly, or ``prior``.

        Each world is played out once per surviving candidate. A candidate's lead is the
        difference between its outlook and the prior's in the same world. A candidate
        replaces the prior only when its mean lead is larger than chance explains (a
        one-sided paired test), and one that trails as clearly is dropped. With few
        rollouts the search so keeps to the heuristics rather than to the luckiest
        candidate.
        """
        clock = self.clock
        deadline = clock() + self.think_ms / 1000.0 * _BUDGET_SHARE
        me, horizon = self.seat, self.horizon
        count = len(candidates)
        worlds, lead, lead_sq = [0] * count, [0.0] * count, [0.0] * count
        alive = list(range(count))
        self.last_rollouts = 0
        while len(alive) > 1 and clock() < deadline:
            base = Game.from_json(self._sample(view, beliefs))
            values = {}
            for index in [prior] + [i for i in alive if i != prior]:
                game = fork(base)
                game.apply(candidates[index])
                values[index] = rollout(game, me, horizon)
                self.last_rollouts += 1
                if clock() >= deadline:
                    break
            base_value = values.pop(prior)
            for index, value in values.items():
                diff = value - base_value
                worlds[index] += 1
                lead[index] += diff
                lead_sq[index] += diff * diff
            alive = [i for i in alive if i == prior or _margin(worlds[i], lead[i], lead_sq[i]) > -_DROP]
        best, best_mean = prior, 0.0
        for index in alive:
            if index != prior and _margin(worlds[index], lead[index], lead_sq[index]) > 1:
                mean = lead[index] / worlds[index]
                if mean > best_mean:
                    best, best_mean = index, mean
        return candidates[best]


def _unbluffed(state: dict, view, rng) -> dict | None:
    """``state`` with the attacker's cards of the colour in force before its wild draw
    card swapped for hidden cards (draw pile or out of play) of other colours, so the
    card was played legally; ``None`` when too few such cards are hidden."""
    ctx = state["ctx"]
    prev, attacker = ctx["prev_color"], ctx.get("attacker", view.decision_seat)
    deck, side = deck_of(view.variant), view.side
    hand = state["hands"][attacker]
    spare = [(pile, index) for pile in (state["draw_pile"], state["out_of_play"])
             for index, card in enumerate(pile) if deck[card].face(side).color != prev]
    rng.shuffle(spare)
    for position, card in enumerate(hand):
        if deck[card].face(side).color == prev:
            if not spare:
                return None
            pile, index = spare.pop()
            hand[position], pile[index] = pile[index], card
    ctx["bluff"] = False
    return state


def _margin(n: int, total: float, total_sq: float) -> float:
    """How clearly a mean lead differs from zero, in units of the confidence bound:
    above 1 clearly ahead, below -1 clearly behind (0 until enough worlds were seen)."""
    if n < _MIN_WORLDS:
        return 0.0
    mean = total / n
    variance = max(total_sq - total * total / n, 0.0) / (n - 1)
    bound = _CONFIDENCE * math.sqrt(variance / n)
    if bound == 0.0:
        return math.copysign(math.inf, mean) if mean else 0.0
    return mean / bound
