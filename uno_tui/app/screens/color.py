"""Naming a colour after a wild card."""

from __future__ import annotations

from typing import Sequence

from textual.binding import Binding

from ...engine import COLOR_NAMES, DARK_COLORS, LIGHT_COLORS
from ...engine.cards import COLOR_LETTERS
from ..cardtext import color_style
from .dialog import Dialog, Option

__all__ = ["ColorDialog"]


class ColorDialog(Dialog[str]):
    """Pick one of the colours in play: by initial, number, arrows and Enter, or click."""

    BINDINGS = [
        Binding(COLOR_LETTERS[c].lower(), f"pick_key('{COLOR_LETTERS[c].lower()}')", COLOR_NAMES[c])
        for c in LIGHT_COLORS + DARK_COLORS
    ]

    def __init__(self, player: str, colors: Sequence[str], card_label: str) -> None:
        options = [Option(COLOR_NAMES[c], c, COLOR_LETTERS[c].lower(), swatch=color_style(c))
                   for c in colors]
        super().__init__(f"{player}: name a colour", f"{card_label} is down. Which colour now?",
                         options)
