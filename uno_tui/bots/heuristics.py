"""The normal bot's judgement, shared with the hard bot's rollouts.

A :class:`Situation` is the little a heuristic needs from one seat's point of view.
It is built from a :class:`~uno_tui.engine.GameView` (what a bot is handed) or, for
the worlds a searching bot imagines, from a sampled game of its own. :func:`decide`
picks among the legal actions by the kind of each action, so decision kinds added
by later variants still get a sensible answer.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from ..engine import (
    Accept, Action, CallUno, Catch, Challenge, ChooseColor, DecisionKind, Draw, Face,
    GameView, JumpIn, Keep, Kind, Play, WINDOW_ACTIONS, get_variant,
)
from ..engine.determinize import deck_of
from ..engine.ruleset import expected_draw

__all__ = ["Situation", "decide", "window_action", "split_actions", "bluff_odds", "play_score", "play_scores",
           "best_play", "color_scores", "choose_color", "pick_target", "WEIGHTS"]

#: A challenge pays when the wild draw card is a bluff more often than this. Accepting
#: costs 4 cards; losing a challenge 6, winning it none (and its player draws 4).
CHALLENGE_ODDS = 0.4
#: Opponents with this many cards or fewer are about to go out.
DANGER = 2


class Situation:
    """One seat's view of the table, reduced to what the heuristics read."""

    __slots__ = ("seat", "players", "direction", "hand", "counts", "color", "top", "side",
                 "variant", "colors", "kind", "context", "next_lacks", "_seen", "_unseen")

    def __init__(self, *, seat, players, direction, hand, counts, color, top, side,
                 variant, colors, kind, context, seen):
        self.seat = seat
        self.players = players
        self.direction = direction
        #: ``(card id, face)`` pairs of the seat's own hand.
        self.hand: list[tuple[int, Face]] = hand
        self.counts: list[int] = counts
        self.color = color
        self.top: Face = top
        self.side = side
        self.variant = variant
        self.colors: tuple[str, ...] = colors
        self.kind = kind
        self.context: dict = context
        #: A colour the next player is believed to lack (``None``: no belief). The
        #: normal bot forms none; the hard bot reads it off the seats' ``drew_on``.
        self.next_lacks: str | None = None
        self._seen = seen
        self._unseen: list[Face] | None = None

    @classmethod
    def from_view(cls, view: GameView) -> "Situation":
        """The situation a bot reads off its view."""
        variant = get_variant(view.variant)
        hand = [(card.id, card.face) for card in view.hand]
        return cls(seat=view.seat, players=view.players, direction=view.direction, hand=hand,
                   counts=[info.card_count for info in view.seats], color=view.color,
                   top=view.top, side=view.side, variant=variant,
                   colors=variant.dark_colors if view.side else variant.colors,
                   kind=view.decision_kind, context=view.context,
                   seen=lambda: [c.face for c in view.hand] + [c.face for c in view.discard])

    @classmethod
    def from_game(cls, game, seat: int) -> "Situation":
        """The situation of ``seat`` in a game a searching bot imagined (never the real one).

        Cheap: it skips the view, so the decision's context is left empty; build from
        ``game.view(seat)`` where the context matters (colour choice, challenges).
        """
        face = game.face
        return cls(seat=seat, players=game.players, direction=game.direction,
                   hand=[(cid, face(cid)) for cid in game.hands[seat]],
                   counts=[len(hand) for hand in game.hands], color=game.color, top=game.top,
                   side=game.side, variant=game.variant, colors=game.colors,
                   kind=game.decision.kind, context={},
                   seen=lambda: [face(c) for c in game.hands[seat]] + [face(c) for c in game.discard])

    @property
    def next_seat(self) -> int:
        """The seat that plays after this one."""
        return (self.seat + self.direction) % self.players

    @property
    def prev_seat(self) -> int:
        """The seat that played before this one (next after a Reverse)."""
        return (self.seat - self.direction) % self.players

    def opponents_min(self) -> int:
        """The fewest cards any opponent holds."""
        return min(n for s, n in enumerate(self.counts) if s != self.seat)

    def color_counts(self, exclude: int | None = None) -> dict[str, int]:
        """Cards of each colour in hand (wilds left out), optionally minus one card."""
        counts = dict.fromkeys(self.colors, 0)
        for cid, face in self.hand:
            if face.color is not None and cid != exclude:
                counts[face.color] = counts.get(face.color, 0) + 1
        return counts

    def unseen(self) -> list[Face]:
        """Faces of every card this seat can't see (other hands and the draw pile)."""
        if self._unseen is None:
            # By face, not by card id: in Flip which id carries which face is the game's
            # secret, but every side's faces are the same in every game.
            seen = Counter(self._seen())
            unseen = []
            for face, copies in _deck_faces(self.variant.name, self.side).items():
                left = copies - seen.get(face, 0)
                if left > 0:
                    unseen += [face] * left
            self._unseen = unseen
        return self._unseen


_DECK_FACES: dict[tuple[str, int], Counter] = {}


def _deck_faces(variant: str, side: int) -> Counter:
    """How many cards of ``variant`` show each face on ``side`` (built once; never
    changed: callers only read it)."""
    key = (variant, side)
    faces = _DECK_FACES.get(key)
    if faces is None:
        faces = _DECK_FACES[key] = Counter(card.face(side) for card in deck_of(variant))
    return faces


def window_action(actions: Sequence[Action]) -> Action | None:
    """The window action a careful player takes at once: call UNO, else catch someone."""
    catch = None
    for action in actions:
        cls = type(action)
        if cls is CallUno:
            return action
        if cls is Catch and catch is None:
            catch = action
    return catch


def split_actions(actions: Sequence[Action]) -> tuple[Action | None, list[Action]]:
    """A window action to take at once (see :func:`window_action`), and the actions of
    the decision itself (all of ``actions`` when it has no others)."""
    decision = [a for a in actions if not isinstance(a, WINDOW_ACTIONS)] or list(actions)
    return window_action(actions), decision


def play_scores(sit: Situation, plays: Sequence[Action]) -> list[float]:
    """How much the seat would like to play each card of ``plays`` now (higher is better)."""
    if len(sit.hand) == 1:
        return [1000.0] * len(plays)
    w = WEIGHTS
    faces = dict(sit.hand)
    held = sit.color_counts()
    next_count = sit.counts[sit.next_seat]
    threat = max(0, w["threat_from"] - next_count)   # how close the next player is to going out
    reverse_gain = (w["reverse"] * (next_count - sit.counts[sit.prev_seat])
                    if sit.players > 2 else 0.0)
    bluffing = held.get(sit.color, 0) > 0
    shed = sit.opponents_min() <= DANGER
    points = sit.variant.face_points
    best_held = max(held.values(), default=0)
    scores = []
    for action in plays:
        face = faces.get(action.card) or _face(sit, action.card)
        kind = face.kind
        if face.color is None:
            # Wilds are kept for when nothing else fits: they are always playable later.
            score = w["wild"] + 0.5 * best_held
        else:
            # Stay in (or switch to) the colour held most, so the next turns have plays.
            score = 10.0 + w["stay"] * (held[face.color] - 1)
            if face.color == sit.next_lacks:
                score += w["lacking"]     # the next player will have to draw
        amount = sit.variant.draw_amounts.get(kind)
        if kind in sit.variant.color_driven and type(amount) is int:
            pass    # a fixed draw tied to the colour (Snorlax): it may let them shed a colour
        elif amount == "until":
            score += w["action"] + threat * 3.0
        elif amount is not None:    # a number, or a random amount at its mean
            score += w["action"] + threat * (1.0 + 0.5 * expected_draw(amount))
        elif kind in _SKIPS:
            score += w["action"] + threat * w["skip"]
        elif kind == Kind.REVERSE:
            score += reverse_gain
        if bluffing and kind in sit.variant.restricted_wilds:
            score -= w["bluff"] + 2.0 * threat    # a bluff: only when nothing else will do
        if shed and face.color is not None:
            # Someone is about to go out: shed the cards that would score most for them
            # (but not wilds, the best hope of going out first).
            score += points(face) * w["shed"]
        scores.append(score)
    return scores


#: Weights of :func:`play_scores`, tuned in bot-against-bot simulations.
WEIGHTS = {
    "threat_from": 5,   # an opponent with fewer cards than this is a threat
    "wild": 2.0,        # base score of a wild (a coloured card scores 10)
    "lacking": 4.0,     # leaving in force a colour the next player is believed to lack
    "stay": 1.5,        # per other card held of the colour the play leaves in force
    "action": 0.0,      # base bonus of a card that hurts the next player
    "skip": 1.5,        # per point of threat, for a Skip
    "reverse": 0.8,     # per card the next player holds more than the previous one
    "bluff": 8.0,       # penalty for a wild draw card played while holding the colour
    "shed": 1 / 6,      # per point of a card, when someone is about to go out
}


def play_score(sit: Situation, card: int, face: Face) -> float:
    """How much the seat would like to play ``card`` (of ``face``) now."""
    return play_scores(sit, [Play(sit.seat, card)])[0]


def best_play(sit: Situation, plays: Sequence[Action]) -> tuple[Action, float]:
    """The play the seat likes most, with its score (the first one on ties)."""
    scores = play_scores(sit, plays)
    best = max(range(len(plays)), key=scores.__getitem__)
    return plays[best], scores[best]


_SKIPS = frozenset({Kind.SKIP, Kind.SKIP_EVERYONE})


def bluff_odds(sit: Situation) -> float:
    """Chance that the wild draw card just played was a bluff: its player held a card of
    the colour in force before it. Estimated from the cards this seat can't see."""
    prev = sit.context.get("prev_color")
    attacker = sit.context.get("attacker", sit.prev_seat)
    if prev is None:
        return 0.0
    unseen = sit.unseen()
    total = len(unseen)
    of_color = sum(1 for face in unseen if face.color == prev)
    held = sit.counts[attacker]
    none = 1.0
    for i in range(held):
        if total - i <= 0:
            break
        none *= max(0, total - of_color - i) / (total - i)
    return 1.0 - none


def color_scores(sit: Situation) -> dict[str, float]:
    """How good naming each colour is."""
    counts = sit.color_counts()
    points = dict.fromkeys(sit.colors, 0)
    for _, face in sit.hand:
        if face.color is not None:
            points[face.color] = points.get(face.color, 0) + sit.variant.face_points(face)
    scores = {c: 2.0 * counts.get(c, 0) + points.get(c, 0) / 50.0 for c in sit.colors}
    if sit.next_lacks in scores:
        scores[sit.next_lacks] += WEIGHTS["lacking"]
    played = sit.top.kind
    if sit.context.get("then") == "advance" or sit.kind != DecisionKind.COLOR:
        return scores
    variant = sit.variant
    if played in variant.color_driven:
        # A fixed draw tied to the colour (Snorlax) sheds the colour; a draw until the
        # colour (Greninja, Wild Draw Colour) wants a scarce one, less so for a bluffable
        # card, whose player may be challenged.
        sheds = type(variant.draw_amounts.get(played)) is int
        unseen = sit.unseen()
        total = max(1, len(unseen))
        victim = sit.counts[sit.next_seat]
        for c in sit.colors:
            share = max(1, sum(1 for f in unseen if f.color == c)) / total
            if sheds:
                # The victim sheds every card of the colour: name one it likely lacks.
                scores[c] -= 2.0 * (victim + 3) * share
            else:
                # The victim draws until the colour shows: name a scarce one.
                scores[c] += min(1.0 / share, 12.0) * (
                    0.5 if played in variant.restricted_wilds else 1.0)
    return scores


def choose_color(sit: Situation, options: Sequence[ChooseColor]) -> ChooseColor:
    """The colour held most (weighed by the card's effect); ties go to the first offered."""
    scores = color_scores(sit)
    return max(options, key=lambda a: scores.get(a.color, 0.0))


def pick_target(sit: Situation, options: Sequence[Action]) -> Action:
    """Among actions aimed at a seat: the opponent nearest to going out."""
    def closeness(action):
        target = action.target
        distance = ((target - sit.seat) * sit.direction) % sit.players
        return (sit.counts[target], distance)
    return min(options, key=closeness)


def decide(sit: Situation, actions: Sequence[Action], rng: random.Random | None = None) -> Action:
    """The normal bot's pick among ``actions`` (the decision's actions, windows aside)."""
    plays = [a for a in actions if type(a) is Play or type(a) is JumpIn]
    kind = sit.kind
    if kind == DecisionKind.RESPOND:
        if plays:      # stacking passes the penalty on
            return best_play(sit, plays)[0]
        challenge = next((a for a in actions if type(a) is Challenge), None)
        if challenge is not None and bluff_odds(sit) > CHALLENGE_ODDS:
            return challenge
        accept = next((a for a in actions if type(a) is Accept), None)
        if accept is not None:
            return accept
    colors = [a for a in actions if type(a) is ChooseColor]
    if colors:
        return choose_color(sit, colors)
    if plays:
        best, score = best_play(sit, plays)
        if score > 0:
            return best
    passes = [a for a in actions if type(a) in (Draw, Keep, Accept)]
    if passes:
        return passes[0]
    if plays:
        return plays[0]
    targeted = [a for a in actions if isinstance(getattr(a, "target", None), int)
                and a.target != sit.seat]
    if targeted:
        return pick_target(sit, targeted)
    return (rng or random).choice(list(actions))


def _face(sit: Situation, card: int) -> Face:
    for cid, face in sit.hand:
        if cid == card:
            return face
    return deck_of(sit.variant.name)[card].face(sit.side)
