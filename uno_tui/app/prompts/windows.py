"""Questions the table asks outside a decision: who plays out of turn (jump-in, Party's
speed play) and with which card, and a notice a person reads before the keyboard moves on."""

from __future__ import annotations

from typing import Sequence

from ...engine import Face, JumpIn
from ..cardtext import card_style, long_label
from .question import Option, Question

__all__ = ["who_plays_out_of_turn", "out_of_turn_card", "notice"]


def who_plays_out_of_turn(candidates: Sequence[tuple[int, str]], top: Face,
                          what: str) -> Question[int]:
    """Which person claims the out-of-turn play (``what``: "Speed play", "Jump in")."""
    return Question(f"{what}: who plays?",
                    f"A card identical to {long_label(top)} may be played out of turn. "
                    f"Pick your name.",
                    [Option(name, seat) for seat, name in candidates], cancel=True)


def out_of_turn_card(player: str, top: Face, choices: Sequence[tuple[JumpIn, Face]],
                     what: str) -> Question[JumpIn]:
    """The claimer's identical cards (shown only once they hold the keyboard)."""
    return Question(f"{player}: {what.lower()} on {long_label(top)}",
                    "Your identical card goes down at once; play goes on after you.",
                    [Option(f"Play {long_label(face)}", action, swatch=card_style(face))
                     for action, face in choices], cancel=True)


def notice(title: str, text: str) -> Question[bool]:
    """Something to read before play goes on; Enter (or a click) goes on."""
    return Question(title, text, [Option("Go on", True, "g")])
