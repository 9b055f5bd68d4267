"""House rule ``7-0``: a 7 swaps hands with a chosen player; a 0 passes every hand on.

Source: RULES.md §6. Decisions (RULES.md §6): a hand of one card received by a swap or a
rotation counts as called; a 7 or a 0 played as a last card swaps or passes nothing
(its player has gone out).
"""

from __future__ import annotations

from ...engine.actions import DecisionKind, EventKind, SwapHands, interned
from ...engine.cards import Face, Kind
from ...engine.ruleset import DecisionRule, Effect, HouseRule, Variant
from ...i18n import N_

__all__ = ["RULE", "on_swap", "legal_swap"]


def _numbers(base: Effect) -> Effect:
    def effect(game, seat: int, card: int, face: Face, ctx: dict) -> None:
        if game.goer is None:
            if face.number == 7:
                game.decide(DecisionKind.SWAP, seat)
                return
            if face.number == 0:
                game.rotate_hands()
        base(game, seat, card, face, ctx)
    return effect


def legal_swap(game, seat: int) -> list:
    """Swap with any other player."""
    return [interned(SwapHands, seat, t) for t in range(game.players) if t != seat]


def on_swap(game, action: SwapHands) -> None:
    """The two hands change owners; play goes on after the 7's player."""
    seat, target = action.seat, action.target
    game.hands[seat], game.hands[target] = game.hands[target], game.hands[seat]
    game.emit(EventKind.SWAP, seat, target=target)
    game.reset_hands_after_exchange()
    game.advance(seat)


def _applies(variant: Variant) -> str | None:
    numbers = {face.number for face, _ in variant.deck if face.kind == Kind.NUMBER}
    if not {0, 7} <= numbers:
        return N_("it has no 0 and 7 cards to swap and pass the hands with")
    return None


RULE = HouseRule(
    name="7-0",
    help="a 7 swaps hands with a chosen player; a 0 passes every hand on in the direction of play",
    label="7-0: a 7 swaps hands, a 0 passes them all on",
    applies=_applies,
    effects={Kind.NUMBER: _numbers},
    handlers={SwapHands: on_swap},
    decisions={DecisionKind.SWAP: DecisionRule(legal_swap, "pick whom to swap hands with")},
    front_end="uno_tui.rulesets.house.frontend.seven_o",
)
