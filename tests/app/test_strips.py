"""Strips that answer themselves leave no reference cycle (uno_tui.app.strips)."""

from __future__ import annotations

import gc

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from uno_tui.app.strips import install


def test_a_strip_cut_or_cropped_to_itself_is_freed_without_a_garbage_collection():
    """It kept itself in its own caches: every line the compositor cut whole and every
    widget line cropped to its width was garbage only a full collection could free (a
    render worker's memory climbed ~45 MB a minute between them)."""
    install()
    style = Style(bold=True)
    whole = Strip([Segment("Red 5", style), Segment(" #9")])
    assert whole.divide([whole.cell_length]) == [whole]
    assert whole.crop_extend(0, whole.cell_length, style) is whole
    # What they derive still comes from (and is kept in) the caches.
    halves = whole.divide([2, whole.cell_length])
    assert [strip.text for strip in halves] == ["Re", "d 5 #9"]
    assert whole.divide([2, whole.cell_length]) is halves
    assert whole.crop_extend(1, 10, style).text == "ed 5 #9  "
    was = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        strip = Strip([Segment("Blue 1")])
        strip.divide([strip.cell_length])
        strip.crop_extend(0, strip.cell_length, None)
        strip.divide(iter([strip.cell_length, strip.cell_length + 3]))
        del strip
        assert gc.collect() == 0      # nothing left for the collector: freed at once
    finally:
        if was:
            gc.enable()


def test_a_strip_is_made_with_plain_dicts_for_caches_that_keep_their_bound():
    """Each of a strip's seven caches was a FIFOCache around a dict: 17 memory blocks
    made per strip, ~570 strips per update at an 8-seat server table."""
    import sys

    install()
    segments = [Segment("Red 5 and Blue 7")]
    was = gc.isenabled()
    gc.disable()
    try:
        before = sys.getallocatedblocks()
        strips = [Strip(segments) for _ in range(1000)]
        made = sys.getallocatedblocks() - before
    finally:
        if was:
            gc.enable()
    # The strip, its list of segments and seven dicts, each one block (and the list
    # ``strips``).
    assert made / len(strips) < 11, made
    strip = strips[0]
    # A cache keeps its bound, dropping its first entry (as Textual's FIFOCache does).
    assert [strip.crop(0, end).text for end in range(1, 4)] == ["R", "Re", "Red"]
    for end in range(2, 8):
        for start in range(0, end):
            strip.crop(start, end)        # more crops than the cache keeps
    assert len(strip._crop_cache) == 16
    assert strip.crop(0, 2).text == "Re"
    for cut in range(1, 6):
        strip.divide([cut, 5])
    assert len(strip._divide_cache) == 4
    assert [piece.text for piece in strip.divide([2, 5])] == ["Re", "d 5"]
