"""Variant-specific table widgets, by variant name.

A variant whose table needs more than the shared widgets (UNO Flip's side in play,
UNO Party!'s mini-pile and link) registers widget classes here. The table screen
mounts them under the piles and calls their ``show(state: TableState)`` on every
redraw, like the shared widgets; they read ``state.view`` (e.g. ``view.side``,
``view.extras``) and nothing else.
"""

from __future__ import annotations

from typing import Callable

from textual.widget import Widget

__all__ = ["EXTRA_WIDGETS"]

#: Widget factories per variant name; empty for variants the shared widgets cover.
EXTRA_WIDGETS: dict[str, tuple[Callable[[], Widget], ...]] = {}
