"""Facing a draw card: take it, challenge it, or (stacking) add to it."""

from __future__ import annotations

from typing import Sequence

from textual.binding import Binding

from ...engine import Accept, Action, Challenge, HandCard, Play
from ..cardtext import card_style, long_label
from .dialog import Dialog, Option

__all__ = ["RespondDialog"]


class RespondDialog(Dialog[Action]):
    """Accept the penalty, challenge a wild draw card, or stack a matching card."""

    BINDINGS = [Binding("a", "pick_key('a')", "Accept"),
                Binding("c", "pick_key('c')", "Challenge")]

    def __init__(self, player: str, attacker: str, top_label: str, amount: str,
                 actions: Sequence[Action], stack_cards: Sequence[HandCard]) -> None:
        seat = actions[0].seat
        options: list[Option[Action]] = []
        if Accept(seat) in actions:
            options.append(Option(f"Accept: draw {amount}", Accept(seat), "a"))
        if Challenge(seat) in actions:
            options.append(Option(f"Challenge: show {attacker}'s hand", Challenge(seat), "c"))
        by_id = {action.card: action for action in actions if type(action) is Play}
        for card in stack_cards:
            if card.id in by_id:
                options.append(Option(f"Stack {long_label(card.face)}", by_id[card.id],
                                      swatch=card_style(card.face)))
        message = f"{attacker} played {top_label} on {player}."
        if Challenge(seat) in actions:
            message += (" Challenge if you think it was a bluff: if it was, the player who "
                        "played it draws instead; if not, the challenger draws more.")
        super().__init__(f"{player}: answer the {top_label}", message, options)
