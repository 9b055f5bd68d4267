"""Consistency checks run after every action by ``uno-tui sim`` and the property tests."""

from __future__ import annotations

from collections import Counter
from weakref import WeakKeyDictionary

from .actions import DecisionKind
from .game import Game

__all__ = ["check_invariants", "check_round_trip"]

# The pairing each two-sided game had when first checked: a card must keep both faces.
_first_pairing: "WeakKeyDictionary[Game, tuple]" = WeakKeyDictionary()


def check_invariants(game: Game) -> list[str]:
    """Every broken invariant of ``game``, in words; empty when all hold."""
    problems = game.conservation_problems()
    n = game.players
    if not game.discard:
        problems.append("the discard pile is empty")
    kind, seat = game.decision
    if kind != DecisionKind.ROUND_OVER and not 0 <= seat < n:
        problems.append(f"the decision names seat {seat}")
    if game.color is None:
        # A Flip that ends the round may turn up a wild: then no colour is named.
        if kind not in (DecisionKind.COLOR, DecisionKind.ROUND_OVER):
            problems.append("no colour is in play outside a colour choice")
    elif game.color not in game.colors:
        problems.append(f"the colour in play, {game.color}, is not a colour of the side in play")
    if game.faces != _expected_faces(game):
        problems.append("some card shows a face that is not the side in play")
    for s in game.called:
        if len(game.hands[s]) != 1:
            problems.append(f"seat {s} is marked as having called UNO while holding "
                            f"{len(game.hands[s])} cards")
    if game.is_over and game.winner is not None and game.hands[game.winner]:
        problems.append(f"seat {game.winner} won while still holding cards")
    if not game.is_over and any(not h for h in game.hands) \
            and not game.decision_rule(kind).after_out:
        problems.append("a hand is empty but the round goes on")
    faces = (_expected_faces(game), _inactive_faces(game)) if game.variant.dark_deck else None
    views = [game.view(viewer) for viewer in range(n)]
    for viewer, view in enumerate(views):
        if [c.id for c in view.hand] != game.hands[viewer]:
            problems.append(f"seat {viewer}'s view of its hand differs from the state")
        if [s.card_count for s in view.seats] != [len(h) for h in game.hands]:
            problems.append(f"seat {viewer}'s view of the hand sizes differs from the state")
        if view.draw_count != len(game.draw_pile) or view.top != game.top:
            problems.append(f"seat {viewer}'s view of the piles differs from the state")
        if faces:
            problems += _two_sided_view_problems(game, viewer, view, *faces)
    if game.variant.invariants is not None:
        problems += game.variant.invariants(game, views)
    if game.variant.dark_deck:
        problems += _pairing_problems(game)
    return problems


def _pairing_problems(game: Game) -> list[str]:
    """Every card keeps the light and dark faces it was dealt with, and the deck is whole."""
    cards = [game.card(i) for i in range(game.deck_size)]
    pairing = tuple((c.light, c.dark) for c in cards)
    first = _first_pairing.get(game)
    if first is not None:
        if first == pairing:
            return []
        return [f"card {i} was {a[0].label} / {a[1].label} and is now {b[0].label} / {b[1].label}"
                for i, (a, b) in enumerate(zip(first, pairing)) if a != b]
    _first_pairing[game] = pairing
    problems = [f"card {i} carries id {c.id}" for i, c in enumerate(cards) if c.id != i]
    variant = game.variant
    for name, rows, faces in (("light", variant.deck, [c.light for c in cards]),
                              ("dark", variant.dark_deck, [c.dark for c in cards])):
        if Counter(faces) != Counter({face: copies for face, copies in rows}):
            problems.append(f"the {name} faces are not the {variant.label} deck")
    return problems


def _two_sided_view_problems(game: Game, viewer: int, view, active: list, inactive: list) -> list[str]:
    """A seat sees its own cards' active faces and every other card's inactive face only."""
    problems = []
    if view.side != game.side:
        problems.append(f"seat {viewer}'s view is on side {view.side}, the game on {game.side}")
    if [hc.face for hc in view.hand] != [active[c] for c in game.hands[viewer]]:
        problems.append(f"seat {viewer} sees a face of its own hand that is not in play")
    for info, hand in zip(view.seats, game.hands):
        expected = () if info.seat == viewer else tuple([inactive[c] for c in hand])
        if info.backs != expected:
            problems.append(f"seat {viewer} sees seat {info.seat}'s cards on the wrong side")
    if [hc.face for hc in view.discard] != [active[c] for c in game.discard]:
        problems.append(f"seat {viewer} sees the discard pile on the wrong side")
    back = inactive[game.draw_pile[-1]] if game.draw_pile else None
    if view.draw_top_back != back:
        problems.append(f"seat {viewer} sees the draw pile's top card on the wrong side")
    return problems


#: The last deck and side each face list was built for, and the faces: (cards, side, faces).
_face_cache: dict[str, tuple] = {}


def _faces_on(game: Game, which: str, side: int) -> list:
    """Each card's face on ``side``, straight from the cards (cached per deck and side)."""
    cached = _face_cache.get(which)
    cards = game.cards
    # The same cards give the same faces (comparing two tuples of the same card objects
    # is one identity check per card, far cheaper than building the faces again).
    if cached is None or cached[1] != side or cached[0] != cards:
        cached = _face_cache[which] = (cards, side, [card.face(side) for card in cards])
    return cached[2]


def _expected_faces(game: Game) -> list:
    """Each card's face on the side in play."""
    return _faces_on(game, "in play", game.side)


def _inactive_faces(game: Game) -> list:
    """Each card's face on the side not in play."""
    return _faces_on(game, "not in play", 1 - game.side)


def check_round_trip(game: Game) -> list[str]:
    """Problems found when ``game`` is saved to JSON and restored; empty when none."""
    restored = Game.loads(game.dumps())
    if restored.to_json() != game.to_json():
        return ["the game changed on a JSON round trip"]
    return []
