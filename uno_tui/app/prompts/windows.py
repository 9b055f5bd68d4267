"""Questions the table asks outside a decision: who plays out of turn (jump-in, Party's
speed play) and with which card, and a notice a person reads before play goes on."""

from __future__ import annotations

from typing import Sequence

from ...engine import Face, JumpIn
from ..cardtext import card_style, long_label
from .question import Option, Question

__all__ = ["who_plays_out_of_turn", "out_of_turn_card", "nothing_to_claim", "notice"]


def who_plays_out_of_turn(candidates: Sequence[tuple[int, str]], top: Face,
                          what: str) -> Question[int]:
    """Which person claims the out-of-turn play (``what``: "Speed play", "Jump in").

    Picking a name is that person taking the keyboard, as on a handoff: what follows
    is for their eyes.
    """
    return Question(f"{what} on {long_label(top)}: who are you?",
                    f"A card identical to {long_label(top)} may be played out of turn. "
                    f"Whoever has the keyboard now picks their own name.",
                    [Option(f"I am {name}", seat, number=seat + 1) for seat, name in candidates],
                    cancel=True)


def out_of_turn_card(player: str, top: Face, choices: Sequence[tuple[JumpIn, str, Face]],
                     what: str) -> Question[JumpIn]:
    """The claimer's identical card, as ``(action, label, face)`` (one per face). Nothing
    private shows: an identical card looks like the top card."""
    return Question(f"{player}: {what.lower()} on {long_label(top)}",
                    f"{player}'s identical card goes down at once, and play goes on after "
                    f"{player}.",
                    [Option(f"Play {label}", action, swatch=card_style(face))
                     for action, label, face in choices], cancel=True)


def nothing_to_claim(player: str, top: Face, what: str, then: str) -> tuple[str, str]:
    """The notice for a claimer who holds no identical card (their eyes only: they
    picked their name): its title and text; ``then`` says how play goes on."""
    return (f"{player}: no {what.lower()}",
            f"{player} holds no card identical to {long_label(top)}, so nothing is played "
            f"and nothing changes. {then}".rstrip())


def notice(title: str, text: str) -> Question[bool]:
    """Something to read before play goes on; Enter (or a click) goes on."""
    return Question(title, text, [Option("Go on", True, "g")])
