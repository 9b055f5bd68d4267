"""Variant-specific table widgets, by variant name.

A variant whose table needs more than the shared widgets registers widget classes
here. The table screen mounts them beside the piles and binds them to its state like
the shared widgets; they read ``state.view`` (``view.side``, ``view.extras``) and the
last events, never the game itself. A new variant adds an entry, not a branch.
"""

from __future__ import annotations

from typing import Callable

from .. import frontends
from .bound import TableWidget
from .flip_side import FlipSide
from .party import BallotBox, MiniPile

__all__ = ["EXTRA_WIDGETS", "extra_widgets"]

#: Widget factories per variant name; absent for variants the shared widgets cover.
EXTRA_WIDGETS: dict[str, tuple[Callable[[], TableWidget], ...]] = {
    "flip": (FlipSide,),
    "party": (MiniPile, BallotBox),
}


def extra_widgets(variant: str) -> tuple[Callable[[], TableWidget], ...]:
    """Widget factories for ``variant``: listed here, or brought by its front end."""
    return EXTRA_WIDGETS.get(variant) or frontends.widgets(variant)
