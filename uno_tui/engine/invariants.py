"""Consistency checks run after every action by ``uno-tui sim`` and the property tests."""

from __future__ import annotations

from . import party
from .actions import DecisionKind
from .game import Game

__all__ = ["check_invariants", "check_round_trip"]


def check_invariants(game: Game) -> list[str]:
    """Every broken invariant of ``game``, in words; empty when all hold."""
    problems = game._conservation_problems()
    n = game.players
    if not game.discard:
        problems.append("the discard pile is empty")
    kind, seat = game.decision
    if kind != DecisionKind.ROUND_OVER and not 0 <= seat < n:
        problems.append(f"the decision names seat {seat}")
    if game.color is None:
        if kind != DecisionKind.COLOR:
            problems.append("no colour is in play outside a colour choice")
    elif game.color not in game.colors:
        problems.append(f"the colour in play, {game.color}, is not a colour of the side in play")
    if game._faces != _expected_faces(game):
        problems.append("some card shows a face that is not the side in play")
    for s in game.called:
        if len(game.hands[s]) != 1:
            problems.append(f"seat {s} is marked as having called UNO while holding "
                            f"{len(game.hands[s])} cards")
    if game.is_over and game.winner is not None and game.hands[game.winner]:
        problems.append(f"seat {game.winner} won while still holding cards")
    if not game.is_over and any(not h for h in game.hands) and kind != DecisionKind.COLOR:
        problems.append("a hand is empty but the round goes on")
    views = [game.view(viewer) for viewer in range(n)]
    for viewer, view in enumerate(views):
        if [c.id for c in view.hand] != game.hands[viewer]:
            problems.append(f"seat {viewer}'s view of its hand differs from the state")
        if [s.card_count for s in view.seats] != [len(h) for h in game.hands]:
            problems.append(f"seat {viewer}'s view of the hand sizes differs from the state")
        if view.draw_count != len(game.draw_pile) or view.top != game.top:
            problems.append(f"seat {viewer}'s view of the piles differs from the state")
    if game.variant.name == "party":
        problems += party.state_problems(game, views)
    return problems


_last_expected: list = [None, -1, []]


def _expected_faces(game: Game) -> list:
    """Each card's face on the side in play, straight from the cards (cached per deck and side)."""
    cards, side, faces = _last_expected
    if cards is not game._cards or side != game.side:
        faces = [game.card(i).face(game.side) for i in range(game.deck_size)]
        _last_expected[:] = [game._cards, game.side, faces]
    return faces


def check_round_trip(game: Game) -> list[str]:
    """Problems found when ``game`` is saved to JSON and restored; empty when none."""
    restored = Game.loads(game.dumps())
    if restored.to_json() != game.to_json():
        return ["the game changed on a JSON round trip"]
    return []
