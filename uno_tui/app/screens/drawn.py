"""After drawing a playable card: play it now or keep it."""

from __future__ import annotations

from textual.binding import Binding

from ...engine import Face
from ..cardtext import card_style, long_label
from .dialog import Dialog, Option

__all__ = ["DrawnDialog", "PLAY", "KEEP"]

PLAY = "play"
KEEP = "keep"


class DrawnDialog(Dialog[str]):
    """The drawn card is playable: ``play`` or ``keep`` (keep is absent under forced play)."""

    BINDINGS = [Binding("p", "pick_key('p')", "Play it"), Binding("k", "pick_key('k')", "Keep it")]

    def __init__(self, player: str, face: Face, can_keep: bool) -> None:
        label = long_label(face)
        options = [Option(f"Play {label}", PLAY, "p", swatch=card_style(face))]
        if can_keep:
            options.append(Option("Keep it and end the turn", KEEP, "k"))
        super().__init__(f"{player} drew {label}", "It can be played right away.", options)
