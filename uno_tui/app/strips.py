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

A strip is also made lighter: its seven caches are plain dicts that drop their first
key when full (as Textual's ``FIFOCache`` does), not seven ``FIFOCache`` objects each
holding a dict. A server table makes ~570 strips per update over 8 terminals (every
line drawn, cut and cropped); each was 16 objects for the collector to track, now 9,
and made in about two thirds of the time.
"""

from __future__ import annotations

from textual.strip import Strip

__all__ = ["install"]


class _FirstInFirstOut(dict):
    """A strip's cache: a dict of at most :attr:`size` entries that drops the first
    one added when full (Textual's ``FIFOCache``, without its own object around a dict
    and its hit counts). Strips read it with ``get`` and fill it with ``[key] = value``."""

    __slots__ = ()
    size = 4

    def __setitem__(self, key, value) -> None:
        if len(self) >= self.size and key not in self:
            del self[next(iter(self))]
        dict.__setitem__(self, key, value)


class _SixteenFirstInFirstOut(_FirstInFirstOut):
    __slots__ = ()
    size = 16


def _light_strip(self: Strip, segments, cell_length: int | None = None) -> None:
    """Textual's ``Strip.__init__`` (8.2) with the same caches, each a plain dict."""
    self._segments = list(segments)
    self._cell_length = cell_length
    self._divide_cache = _FirstInFirstOut()
    self._crop_cache = _SixteenFirstInFirstOut()
    self._style_cache = _SixteenFirstInFirstOut()
    self._filter_cache = _FirstInFirstOut()
    self._line_length_cache = _FirstInFirstOut()
    self._crop_extend_cache = _FirstInFirstOut()
    self._offsets_cache = _FirstInFirstOut()
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def install() -> None:
    """Make a strip answer itself without keeping itself in its caches, and its caches
    plain dicts (once)."""
    if getattr(Strip, "_answers_itself_uncached", False):
        return
    Strip.__init__ = _light_strip
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
