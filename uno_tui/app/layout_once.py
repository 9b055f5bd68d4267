"""One arrangement per layout (a fix for Textual's compositor).

Textual's ``Compositor.reflow`` arranges the whole screen and keeps that map of every
widget, but leaves the map marked out of date when it was marked so before (a widget
out of sight asked to be repainted, as the setup screen's spare row does at "+"): the
first widget to ask its place right after the layout (each widget resized asks its size)
had the whole screen arranged a second time, the same map again (~12% of the "+"
keypress; once at every screen's launch).

:func:`install` marks the map up to date after a reflow, which made it.
"""

from __future__ import annotations

from textual._compositor import Compositor

__all__ = ["install"]

_reflow = Compositor.reflow


def _reflow_once(self: Compositor, parent, size):
    """Textual's ``Compositor.reflow`` (8.2); the map it makes is the full map."""
    result = _reflow(self, parent, size)
    self._full_map_invalidated = False
    return result


def install() -> None:
    """Make a layout arrange the screen once (idempotent)."""
    Compositor.reflow = _reflow_once
