"""7-0 house rule: after a 7, pick whom to swap hands with."""

from __future__ import annotations

from typing import Sequence

from .dialog import Dialog, Option

__all__ = ["SwapDialog"]


class SwapDialog(Dialog[int]):
    """Pick another seat by number, arrows and Enter, or click; returns the seat."""

    def __init__(self, player: str, targets: Sequence[tuple[int, str, int]]) -> None:
        options = [Option(f"{name} ({count} card{'s' if count != 1 else ''})", seat)
                   for seat, name, count in targets]
        super().__init__(f"{player}: swap hands with whom?",
                         "The 7 lets you trade your whole hand with another player.", options)
