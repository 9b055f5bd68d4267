"""What the table saw a seat do, as evidence about the cards it holds now.

A searching bot deals the hidden cards at random, but its opponents' past turns tell
it more: a player who drew had nothing worth playing, a player who switched colours
holds more of the new one, a player who named a colour holds most of it. This module
reads a seat's recent turns off :attr:`GameView.history` (:func:`past_turns`) and
counts how many of them a sampled deal fails to explain when each opponent is taken
to play like the normal bot (:func:`mismatches`). A deal that explains every turn is
as likely as ever; each unexplained turn makes it less likely, not impossible, since
real players are not the normal bot.

Only turns since the last event whose effect on the hands isn't public (a hand swap,
a guilty challenge, Flip's turning over, Party's mini-pile and links) are read: the
hands before it can't be rebuilt from the history.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple, Sequence

from ..engine import DecisionKind, EventKind as E, Face, GameView, Play
from ..engine.determinize import deck_of
from ..engine.variants import get_variant
from .heuristics import Situation, color_scores, play_scores

__all__ = ["PastTurn", "past_turns", "mismatches"]

#: Scores closer than this are a tie.
_TIE = 1e-9

#: Events whose effect on every hand size is public and undone below.
_UNDERSTOOD = frozenset({
    E.DEALER_DRAW, E.DEALER, E.DEAL, E.FIRST_CARD, E.RETURNED, E.TURN, E.PLAY, E.DRAW,
    E.KEEP, E.COLOR, E.SKIP, E.REVERSE, E.CHALLENGE, E.REVEAL, E.ACCEPT, E.UNO, E.CATCH,
    E.RESHUFFLE, E.DISCARD_COLOR, E.JUMP_IN, E.ROUND_OVER,
})


class PastTurn(NamedTuple):
    """One turn of ``seat`` as the table saw it, with what it has parted with since."""

    seat: int
    top: Face
    color: str | None
    direction: int
    #: Every seat's card count when the turn began.
    counts: tuple[int, ...]
    #: The card played (``None``: the seat drew instead).
    played: Face | None
    #: The colour named after playing a wild on this turn, if any.
    named: str | None
    #: ``(id, face)`` of cards held when the turn began and played or shed since.
    gone: tuple[tuple[int, Face], ...]
    #: Cards received since the turn began that may still be in the hand.
    fresh: int


def past_turns(view: GameView, per_seat: int = 3) -> list[PastTurn]:
    """The most recent turns (at most ``per_seat`` each) of every seat but the viewer's
    that can be checked against a deal: empty for two-sided decks, whose hidden faces
    the history can't name."""
    variant = get_variant(view.variant)
    if variant.dark_deck or "draw-to-match" in view.rules:
        return []
    deck, side = deck_of(view.variant), view.side

    def face(cid: int) -> Face:
        return deck[cid].face(side)

    history = view.history
    # Forward: the top card and colour at each turn, and what the seat did on it.
    top = color = None
    starts: list[tuple[int, int, Face, str | None]] = []
    for index, event in enumerate(history):
        kind = event.kind
        if kind not in _UNDERSTOOD or (kind == E.CHALLENGE and event.detail == "guilty"):
            starts.clear()
            continue
        if kind == E.PLAY or kind == E.FIRST_CARD:
            top = face(event.cards[0])
            color = top.color
        elif kind == E.COLOR:
            color = event.color
        elif kind == E.TURN and event.seat != view.seat and top is not None:
            starts.append((index, event.seat, top, color))
    if not starts:
        return []
    deeds = {index: _deed(history, index, seat, face) for index, seat, _, _ in starts}

    # Backward from now: card counts, direction, and what each seat gained or gave away.
    counts = [info.card_count for info in view.seats]
    direction = view.direction
    fresh = [0] * view.players
    gone: list[list[tuple[int, Face]]] = [[] for _ in range(view.players)]
    taken: list[int] = [0] * view.players
    turns: list[PastTurn] = []
    pending = {index: (seat, top, color) for index, seat, top, color in starts}
    drawn_plays = {play for deed in deeds.values() if deed is not None for play in deed[2]}
    for index in range(len(history) - 1, starts[0][0] - 1, -1):
        event = history[index]
        kind, seat = event.kind, event.seat
        if kind == E.DRAW:
            counts[seat] -= event.count
            fresh[seat] += event.count
        elif kind == E.PLAY:
            counts[seat] += 1
            if index in drawn_plays:
                fresh[seat] -= 1          # the card just drawn: never held before
            else:
                gone[seat].append((event.cards[0], face(event.cards[0])))
        elif kind == E.DISCARD_COLOR:
            counts[seat] += len(event.cards)
            gone[seat].extend((cid, face(cid)) for cid in event.cards)
        elif kind == E.REVERSE:
            direction = -direction
        elif index in pending and taken[seat] < per_seat:
            deed = deeds[index]
            if deed is not None:
                taken[seat] += 1
                at_seat, at_top, at_color = pending[index]
                turns.append(PastTurn(at_seat, at_top, at_color, direction, tuple(counts),
                                      deed[0], deed[1], tuple(gone[seat]), max(0, fresh[seat])))
    return turns


def _deed(history: Sequence, start: int, seat: int, face):
    """What ``seat`` did on the turn that began at ``start``: ``(played face or None,
    colour named, indexes of plays of a card drawn on the turn)``, or ``None`` when
    the turn can't be read (it is still going on, or ended some other way)."""
    drew = False
    for index in range(start + 1, len(history)):
        event = history[index]
        kind = event.kind
        if kind == E.TURN or kind == E.ROUND_OVER:
            return (None, None, ()) if drew else None
        if event.seat != seat:
            continue
        if kind == E.DRAW:
            if drew or event.count != 1 or history[index - 1].kind == E.CATCH:
                return None           # a penalty, not the turn's draw
            drew = True
        elif kind == E.PLAY:
            if drew:
                return (None, None, (index,))
            played = face(event.cards[0])
            named = None
            if played.color is None:
                named = next((e.color for e in history[index + 1:]
                              if e.kind == E.COLOR and e.seat == seat), None)
            return (played, named, ())
    return None


def mismatches(turns: Sequence[PastTurn], hands: Sequence[Sequence[int]], view: GameView,
               rng: random.Random) -> int:
    """How many of ``turns`` the normal bot, holding the cards a deal gives it, would
    not have played as the seat did. ``hands`` are the deal's card ids by seat.

    Which of a seat's cards arrived after a turn is unknown: a random order of each
    hand stands for the order they arrived in, the same for all of that seat's turns.
    """
    if not turns:
        return 0
    variant = get_variant(view.variant)
    deck, side = deck_of(view.variant), view.side
    colors = variant.dark_colors if side else variant.colors
    orders: dict[int, list[int]] = {}
    missed = 0
    for turn in turns:
        seat = turn.seat
        order = orders.get(seat)
        if order is None:
            order = orders[seat] = rng.sample(list(hands[seat]), len(hands[seat]))
        kept = order[:max(0, len(order) - turn.fresh)]
        hand = [(cid, deck[cid].face(side)) for cid in kept] + list(turn.gone)
        sit = Situation(seat=seat, players=view.players, direction=turn.direction, hand=hand,
                        counts=list(turn.counts), color=turn.color, top=turn.top, side=side,
                        variant=variant, colors=colors, kind=DecisionKind.TURN, context={},
                        seen=lambda hand=hand: [f for _, f in hand])
        top, color = turn.top, turn.color
        plays = [Play(seat, cid) for cid, f in hand
                 if f.color is None or f.color == color
                 or (f.kind == top.kind and f.number == top.number)]
        # Ties count as explained: the normal bot breaks them by the order of its hand,
        # which nobody else knows.
        scores = play_scores(sit, plays) if plays else []
        best = max(scores, default=0.0)
        if turn.played is None:
            missed += best > 0
            continue
        faces = dict(hand)
        if best <= 0 or not any(faces[play.card] == turn.played and score >= best - _TIE
                                for play, score in zip(plays, scores)):
            missed += 1
            continue
        if turn.named is not None:
            rest = list(hand)
            rest.remove(next(pair for pair in hand if pair[1] == turn.played))
            sit.hand, sit.kind, sit.top, sit._unseen = rest, DecisionKind.COLOR, turn.played, None
            ranked = color_scores(sit)
            missed += ranked.get(turn.named, -math.inf) < max(ranked.values()) - _TIE
    return missed
