"""Helpers for building exact situations and checking their outcomes."""

from __future__ import annotations

import random

import pytest

from uno_tui.engine import (
    Action, Face, Game, IllegalActionError, Kind, Play, get_variant,
)


def rigged_deck(variant: str, codes: list[str]) -> list[int]:
    """A whole deck (card ids, top first) that starts with the cards named by ``codes``.

    ``"*"`` stands for any number card from 1 to 9 not named elsewhere. The
    remaining cards follow in id order, so every id appears exactly once.
    """
    cards = get_variant(variant).build_deck()
    free: dict[Face, list[int]] = {}
    for card in cards:
        free.setdefault(card.light, []).append(card.id)
    top: list[int | None] = []
    for code in codes:
        if code == "*":
            top.append(None)
            continue
        ids = free.get(Face.parse(code))
        assert ids, f"the {variant} deck has no more {code} cards"
        top.append(ids.pop(0))
    fillers = [cid for face, ids in free.items() if face.kind == Kind.NUMBER and face.number
               for cid in ids]
    top = [fillers.pop(0) if cid is None else cid for cid in top]
    chosen = set(top)
    return top + [card.id for card in cards if card.id not in chosen]


def deal_deck(variant: str, players: int, hands: list[list[str]], then: list[str]) -> list[int]:
    """A rigged deck for ``Game(..., dealer=...)``: seven cards per seat in dealing order
    (the seat after the dealer first), then ``then`` (the first card turned, and so on)."""
    assert len(hands) == players and all(len(h) == 7 for h in hands)
    return rigged_deck(variant, [code for hand in hands for code in hand] + then)


def any_hands(players: int) -> list[list[str]]:
    """Hands of seven unspecified number cards (``"*"``) for each seat."""
    return [["*"] * 7 for _ in range(players)]


def card(game: Game, seat: int, code: str) -> int:
    """The id of a card with face ``code`` in ``seat``'s hand."""
    wanted = Face.parse(code)
    for cid in game.hands[seat]:
        if game.face(cid) == wanted:
            return cid
    raise AssertionError(f"seat {seat} holds no {code}: {codes(game, game.hands[seat])}")


def codes(game: Game, ids) -> list[str]:
    """Compact notation of each card id."""
    return [game.face(cid).code for cid in ids]


def hand(game: Game, seat: int) -> list[str]:
    """``seat``'s hand in compact notation, sorted."""
    return sorted(codes(game, game.hands[seat]))


def play(game: Game, seat: int, code: str):
    """Play the card ``code`` from ``seat``'s hand; return the events."""
    return game.apply(Play(seat, card(game, seat, code)))


def kinds(events) -> list[str]:
    """Event kinds, in order."""
    return [event.kind for event in events]


def of_kind(events, kind: str) -> list:
    """The events of one kind."""
    return [event for event in events if event.kind == kind]


def plays(game: Game, seat: int) -> list[str]:
    """Codes of the cards ``seat`` may play now (Play actions only), sorted."""
    return sorted(game.face(a.card).code for a in game.legal_actions(seat) if type(a) is Play)


def assert_illegal(game: Game, action: Action, *words: str) -> str:
    """``action`` raises IllegalActionError naming ``words`` and changes nothing."""
    before = game.to_json()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), message
    assert game.to_json() == before
    return message


def played_at_random(variant: str, players: int, seed: int, steps: int) -> Game:
    """A seeded game after up to ``steps`` uniformly random legal actions (fewer if it ends)."""
    game = Game(variant, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions(game.decision.seat)))
    return game
