"""Rule-set-specific table widgets, from each rule set's front end.

A rule set whose table needs more than the shared widgets names widget factories in its
front end (``FrontEnd.widgets``). The table screen mounts them beside the piles and binds
them to its state like the shared widgets; they read ``state.view`` (``view.side``,
``view.extras``) and the last events, never the game itself. A new rule set adds
widgets to its front end, not a branch here.
"""

from __future__ import annotations

from typing import Callable

from .. import frontends
from .bound import TableWidget

__all__ = ["extra_widgets"]


def extra_widgets(variant: str) -> tuple[Callable[[], TableWidget], ...]:
    """Widget factories for ``variant``, brought by its front end."""
    return frontends.widgets(variant)
