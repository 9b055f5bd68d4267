"""Textual's strips (8.2) without reference cycles: see :func:`install`.

A :class:`~textual.strip.Strip` keeps what it derives from itself in caches of its own,
and two of them keep the strip itself: cut where it ends anyway (``divide``, as the
compositor cuts every line into chops), or cropped and extended to its own length
(``crop_extend``, as every widget's line is), a strip answers itself and caches the
answer. Each such strip is then a reference cycle: dropped, it is freed only by a full
garbage collection, which a busy server runs about once a minute (see
:mod:`uno_tui.server.quiet_gc`). In a render worker with four terminals at play that
was ~300,000 objects a minute (10,000 strips with their 70,000 caches): the worker's
memory climbed by ~45 MB between collections, and each collection took 3 s under load.
"""

from __future__ import annotations

from textual.strip import Strip

__all__ = ["install"]


def install() -> None:
    """Make a strip answer itself without keeping itself in its caches (once)."""
    if getattr(Strip, "_answers_itself_uncached", False):
        return
    divide, crop_extend = Strip.divide, Strip.crop_extend

    def divide_uncached_whole(self: Strip, cuts):
        cuts = list(cuts)
        if [cut for cut in cuts if cut <= self.cell_length] == [self.cell_length]:
            return [self]
        return divide(self, cuts)

    def crop_extend_uncached_whole(self: Strip, start: int, end: int, style):
        if start <= 0 and end == self.cell_length:
            return self
        return crop_extend(self, start, end, style)

    divide_uncached_whole.__doc__ = divide.__doc__
    crop_extend_uncached_whole.__doc__ = crop_extend.__doc__
    Strip.divide = divide_uncached_whole
    Strip.crop_extend = crop_extend_uncached_whole
    Strip._answers_itself_uncached = True
