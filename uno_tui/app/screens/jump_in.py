"""Jumping in out of turn (jump-in house rule): who, then which card."""

from __future__ import annotations

from typing import Sequence

from textual.binding import Binding

from ...engine import Face, JumpIn
from ..cardtext import card_style, long_label
from .dialog import Dialog, Option

__all__ = ["JumperDialog", "JumpInDialog"]


class JumperDialog(Dialog[int | None]):
    """Who wants to jump in? Returns a seat, or None to cancel."""

    BINDINGS = [Binding("escape", "dismiss_none", "Cancel")]

    def __init__(self, candidates: Sequence[tuple[int, str]], top_label: str) -> None:
        super().__init__("Who jumps in?",
                         f"A card identical to {top_label} may be played out of turn.",
                         [Option(name, seat) for seat, name in candidates])

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class JumpInDialog(Dialog[JumpIn | None]):
    """The jumper's identical cards (shown only after their handoff); None cancels."""

    BINDINGS = [Binding("escape", "dismiss_none", "Cancel")]

    def __init__(self, player: str, top_label: str,
                 choices: Sequence[tuple[JumpIn, Face]]) -> None:
        options = [Option(f"Jump in with {long_label(face)}", action, swatch=card_style(face))
                   for action, face in choices]
        message = ("" if choices else
                   f"{player} holds no card identical to {top_label}. Press Escape to go back.")
        super().__init__(f"{player}: jump in on {top_label}", message, options)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
