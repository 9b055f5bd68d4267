"""Sampled worlds for searching players: a whole :class:`Game` consistent with one view.

A seat's :class:`~uno_tui.engine.view.GameView` hides the other hands and the order
of the draw pile. :func:`sample_state` deals those hidden cards at random, honouring
everything the view does show (hand sizes, the discard pile, the inactive faces of
Flip cards, a hand shown after a challenge), and fills in hidden decision details
such as whether a wild draw card was a bluff. :func:`sample_game` turns that into a
:class:`Game` to play out. The sample never looks at the real game.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from typing import Callable

from . import saves
from .actions import DecisionKind
from .cards import Card, Face
from .errors import EngineError
from .game import Game
from .registry import get_variant
from .view import GameView

__all__ = ["DeterminizeError", "deck_of", "unseen_cards", "sample_state", "sample_game", "fork"]


class DeterminizeError(EngineError):
    """The view admits no consistent deal (or asks for a detail the sampler can't fill)."""


_DECKS: dict[str, tuple[Card, ...]] = {}


def deck_of(variant: str) -> tuple[Card, ...]:
    """Every physical card of ``variant``, by id (built once per variant)."""
    deck = _DECKS.get(variant)
    if deck is None:
        deck = _DECKS[variant] = tuple(get_variant(variant).build_deck())
    return deck


def unseen_cards(view: GameView) -> list[int]:
    """Card ids ``view.seat`` can't see: not in its hand and not in the discard pile."""
    seen = {card.id for card in view.hand}
    seen.update(card.id for card in view.discard)
    # A rule set's own card zones are public: the view shows them in its extras.
    for field in get_variant(view.variant).state:
        if field.zone:
            seen.update(card.id for card in view.extras.get(field.name, ()))
    return [cid for cid in range(len(deck_of(view.variant))) if cid not in seen]


def sample_state(view: GameView, rng: random.Random, *, forced_draws: bool = False,
                 deal_hidden: Callable[..., list[int]] | None = None) -> dict:
    """A :meth:`Game.to_json` state consistent with ``view``, hidden cards dealt at random.

    With ``forced_draws``, a seat that drew instead of playing is taken to have had
    nothing to play: the cards it may still hold from then (``SeatInfo.drew_on``) are
    dealt from cards that matched neither the colour nor the top card then, and no
    wilds (as far as such cards are left). ``deal_hidden(view, hands, rest, deck, rng)``,
    when given, does that job instead: it may fill any hand still ``None`` in ``hands``
    from ``rest`` (the unseen cards not yet dealt, in random order; ``deck`` gives their
    faces) and returns the cards it left. Hands the view itself fixes (a hand shown
    after a challenge) are dealt before it is called. In Flip every other hand's backs
    show, so ``deal_hidden`` chooses the fronts of those cards instead (it is offered
    the faces left, see :func:`_deal_two_sided`). Raises :class:`DeterminizeError` when the view's
    constraints can't all be met.
    """
    deck = deck_of(view.variant)
    other_side = 1 - view.side
    pool = unseen_cards(view)
    rng.shuffle(pool)
    hands: list[list[int] | None] = [None] * view.players
    hands[view.seat] = [card.id for card in view.hand]

    # Constrained slots first (faces the viewer can see), then the rest from what is left.
    free = set(pool)
    by_face: dict[int, dict[Face, list[int]]] = {}

    def take(face: Face, side: int) -> int:
        groups = by_face.get(side)
        if groups is None:
            groups = by_face[side] = defaultdict(list)
            for cid in pool:
                groups[deck[cid].face(side)].append(cid)
        ids = groups.get(face)
        while ids:
            cid = ids.pop()
            if cid in free:
                free.discard(cid)
                return cid
        raise DeterminizeError(f"no unseen card shows {face.label} in seat {view.seat}'s sample")

    revealed = view.revealed
    two_sided = bool(get_variant(view.variant).dark_deck)
    if two_sided:
        # Flip's pairing is the game's secret: the sample makes up one that fits the view.
        deck, draw_top = _deal_two_sided(view, pool, hands, free, rng, deal_hidden)
    if revealed is not None and not two_sided:
        # The hand was shown when challenged; it may have changed since while keeping its
        # size (drew one, played another). Trust it only while every card shown is unseen.
        shown, hidden = Counter(revealed[1]), Counter(deck[cid].face(view.side) for cid in pool)
        if any(hidden[face] < count for face, count in shown.items()):
            revealed = None
    for info in view.seats:
        if info.seat == view.seat or two_sided:
            continue
        if revealed is not None and revealed[0] == info.seat and len(revealed[1]) == info.card_count:
            hands[info.seat] = [take(face, view.side) for face in revealed[1]]
        elif info.backs and len(info.backs) == info.card_count:
            hands[info.seat] = [take(face, other_side) for face in info.backs]
    if not two_sided:
        draw_top = None
        if view.draw_top_back is not None and view.draw_count:
            draw_top = take(view.draw_top_back, other_side)
    rest = [cid for cid in pool if cid in free]
    if two_sided:
        pass    # every hand is dealt: its backs show, its fronts were chosen above
    elif deal_hidden is not None:
        rest = deal_hidden(view, hands, rest, deck, rng)
    elif forced_draws:
        rest = _deal_unplayable(view, hands, rest, deck)
    for info in view.seats:
        if hands[info.seat] is None:
            if len(rest) < info.card_count:
                raise DeterminizeError("the view holds more hidden cards than the deck has")
            hands[info.seat], rest = rest[:info.card_count], rest[info.card_count:]
    needed = view.draw_count - (draw_top is not None)
    if len(rest) < needed:
        raise DeterminizeError("the view's draw pile is larger than the unseen cards")
    draw_pile = rest[:needed] + ([draw_top] if draw_top is not None else [])
    out_of_play = rest[needed:]

    variant = get_variant(view.variant)
    ctx = dict(view.context)
    kind, seat = view.decision_kind, view.decision_seat
    if "prev_color" in ctx and "card" in ctx and "bluff" not in ctx:
        # Whether a wild draw card was a bluff follows from its player's sampled hand.
        player = ctx.get("attacker", seat)
        played = deck[ctx["card"]].face(view.side)
        ctx["bluff"] = played.kind in variant.restricted_wilds and any(
            deck[cid].face(view.side).color == ctx["prev_color"] for cid in hands[player])
    if kind == DecisionKind.DRAWN and "card" not in ctx:
        # Only the drawer sees the drawn card: in this world it is the drawer's last card.
        if not hands[seat]:
            raise DeterminizeError("the seat deciding on a drawn card holds no card")
        ctx["card"] = hands[seat][-1]
    state = variant.sample(view, rng, ctx) if variant.sample is not None else {
        field.name: field.save(field.default()) for field in variant.state}
    goer = next((s.seat for s in view.seats if s.card_count == 0), None) \
        if view.winner is None else view.winner
    return saves.save_data(
        variant=view.variant, players=view.players, rules=view.rules, seed=None,
        side=view.side, cards=deck if two_sided else None, hands=hands,
        draw_pile=draw_pile, discard=[card.id for card in view.discard],
        out_of_play=out_of_play, color=view.color, direction=view.direction,
        dealer=view.dealer, current=view.current, decision=[kind, seat], ctx=ctx,
        uno_window=view.uno_window, called=[s.seat for s in view.seats if s.called_uno],
        winner=view.winner, goer=goer, stalled=0, pending_draw=view.pending_draw,
        revealed=[],
        drew_on=[[s.seat, s.drew_on.color, s.drew_on.top.id, s.drew_on.held]
                 for s in view.seats if s.drew_on is not None],
        rng=saves.rng_to_json(random.Random(rng.getrandbits(64))),
        state=state,
    )


def _deal_two_sided(view: GameView, pool: list[int], hands: list, free: set[int],
                    rng: random.Random, deal_hidden: Callable[..., list[int]] | None = None,
                    ) -> tuple[list[Card], int | None]:
    """Flip: deal the hidden cards whose faces the view shows, and pair every card's faces.

    The viewer's own cards and the discard pile keep the faces it sees; another seat's
    cards and the draw pile's top card get the backs it sees (and a hand shown after a
    challenge its fronts too). The fronts of the other hands are chosen by
    ``deal_hidden`` when given (see :func:`sample_state`: here it deals faces, each
    offered as a card of its own), else at random like every other face left. Fills
    ``hands`` for those seats, removes the dealt ids from ``free`` and returns the
    sampled deck and the draw pile's top card.
    """
    variant = get_variant(view.variant)
    side, other = view.side, 1 - view.side
    left = (Counter(dict(variant.deck)), Counter(dict(variant.dark_deck)))
    halves: dict[int, list[Face | None]] = {}

    def fix(cid: int, half: int, face: Face) -> None:
        if left[half][face] <= 0:
            raise DeterminizeError(f"seat {view.seat}'s view shows more {face.label} cards "
                                   "than the deck has")
        left[half][face] -= 1
        halves.setdefault(cid, [None, None])[half] = face

    unseen = iter(pool)

    def deal() -> int:
        cid = next(unseen, None)
        if cid is None:
            raise DeterminizeError("the view holds more hidden cards than the deck has")
        free.discard(cid)
        return cid

    for card in view.hand + view.discard:
        fix(card.id, side, card.face)
    revealed = view.revealed
    for info in view.seats:
        if info.seat == view.seat or len(info.backs) != info.card_count:
            continue
        shown = (revealed[1] if revealed is not None and revealed[0] == info.seat
                 and len(revealed[1]) == info.card_count else None)
        if shown is not None and any(left[side][face] < count
                                     for face, count in Counter(shown).items()):
            # The hand changed since it was shown, keeping its size (it played one of
            # those cards and drew): trust it no more, as for one-sided decks.
            shown = None
        hands[info.seat] = [deal() for _ in range(info.card_count)]
        for index, cid in enumerate(hands[info.seat]):
            fix(cid, other, info.backs[index])
            if shown is not None:
                fix(cid, side, shown[index])
    draw_top = None
    if view.draw_top_back is not None and view.draw_count:
        draw_top = deal()
        fix(draw_top, other, view.draw_top_back)
    if deal_hidden is not None:
        _deal_fronts(view, hands, halves, left[side], fix, rng, deal_hidden)
    spare = (list(left[0].elements()), list(left[1].elements()))
    rng.shuffle(spare[0])
    rng.shuffle(spare[1])
    deck = []
    for cid in range(len(deck_of(view.variant))):
        light, dark = halves.get(cid, (None, None))
        deck.append(Card(cid, light or spare[0].pop(), dark or spare[1].pop()))
    return deck, draw_top


def _deal_fronts(view: GameView, hands: list, halves: dict, left: Counter, fix,
                 rng: random.Random, deal_hidden: Callable[..., list[int]]) -> None:
    """Choose the unseen fronts of the other seats' cards with ``deal_hidden``: every
    face the deck has left on the side in play is offered to it as a card of its own,
    and the faces it deals a seat go onto that seat's cards in order."""
    side = view.side
    faces = list(left.elements())
    rng.shuffle(faces)
    offered = [Card(index, face, face) for index, face in enumerate(faces)]
    chosen: list[list[int] | None] = [[] for _ in hands]
    open_seats = [info.seat for info in view.seats if info.seat != view.seat
                  and hands[info.seat] is not None
                  and all(halves[cid][side] is None for cid in hands[info.seat])]
    for seat in open_seats:
        chosen[seat] = None
    deal_hidden(view, chosen, list(range(len(offered))), offered, rng)
    for seat in open_seats:
        for cid, index in zip(hands[seat], chosen[seat] or ()):
            fix(cid, side, faces[index])


def _deal_unplayable(view: GameView, hands: list, rest: list[int], deck) -> list[int]:
    """Start the hands of seats that drew with cards they could not have played then;
    return the cards left. A hand started here is finished from the rest as usual."""
    side = view.side
    for info in view.seats:
        drew = info.drew_on
        if drew is None or hands[info.seat] is not None or not drew.held:
            continue
        top, color = drew.top.face, drew.color
        wanted = min(drew.held, info.card_count)
        chosen, kept = [], []
        for cid in rest:
            face = deck[cid].face(side)
            if (len(chosen) < wanted and face.color is not None and face.color != color
                    and (face.kind != top.kind or face.number != top.number)):
                chosen.append(cid)
            else:
                kept.append(cid)
        need = info.card_count - len(chosen)
        if len(kept) < need:
            raise DeterminizeError("the view holds more hidden cards than the deck has")
        hands[info.seat], rest = chosen + kept[:need], kept[need:]
    return rest


def sample_game(view: GameView, rng: random.Random) -> Game:
    """A playable :class:`Game` consistent with ``view`` (see :func:`sample_state`)."""
    return Game.from_json(sample_state(view, rng))


def fork(game: Game) -> Game:
    """An independent copy of ``game`` to play out (see :meth:`Game.copy`)."""
    return game.copy()
