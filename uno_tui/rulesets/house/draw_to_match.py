"""House rule ``draw-to-match``: drawing goes on until a playable card is drawn.

Source: RULES.md §6. Decision: the drawing stops when both piles are exhausted.
"""

from __future__ import annotations

from ...engine.ruleset import HouseRule

__all__ = ["RULE"]


def draw_until_playable(game, seat: int) -> list[int]:
    """Draw one card at a time until one can be played."""
    return game.draw_until(seat, lambda card: game.playable(seat, card))


RULE = HouseRule(
    name="draw-to-match",
    help="drawing continues until a playable card is drawn",
    label="Draw to match: draw until a card can be played",
    draw=draw_until_playable,
)
