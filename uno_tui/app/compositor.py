"""Our changes to Textual's compositor (8.2), the one place that reaches into it.

Textual draws the screen in *chops*: every line is cut wherever any widget on it starts
or ends, and each piece is taken from the front-most widget there. Three things are
changed, all with :func:`install`:

**Wide characters in front of other widgets are kept whole.** A piece cut through a
wide character (a kanji, two cells) gets a space for each half, so a Japanese line in
a widget that lies over others (the prompt panel over the table, a dialog over the
table) lost a character wherever a widget beneath it had an edge: "1回休み" read
"1 休み" (seen in the English-word scan's screens; Textual issue #6357, open in 8.2).
The compositor cuts a widget's line only where the piece's owner changes: the pieces
one widget wins side by side stay one piece (the first cut gets it, the others an
empty strip, so no widget beneath claims them). Lines without a wide character are
cut as before, so every other screen is drawn exactly as it was.

**An update draws only the widgets it changed.** Textual's partial update renders
every widget inside the bounding box of all the changed regions, each over its whole
height: one changed seat panel at the top and one changed hand card at the bottom
rendered every widget of the table (at a server table most of a play's CPU, paid for
each terminal that watches). Here a widget is rendered only on the lines where a
changed region touches a piece of the line it wins (not a container behind its
children); on the other lines of the update it still claims its free pieces (with
empty strips, never sent: they hold no changed cell), so nothing beneath it takes its
place. What is sent is what Textual sends.

**A layout arranges the screen once.** ``Compositor.reflow`` arranges the whole screen
and keeps that map of every widget, but leaves the map marked out of date when it was
marked so before (a widget out of sight asked to be repainted, as the setup screen's
spare row does at "+"): the first widget to ask its place right after the layout (each
widget resized asks its size) had the whole screen arranged a second time, the same map
again (~12% of the "+" keypress; once at every screen's launch). After a reflow the map
is marked up to date, which it is.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Callable, Mapping, Sequence

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip

__all__ = ["install"]

_EMPTY = Strip([], 0)


def _has_wide(strip: Strip) -> bool:
    return strip.cell_length != len(strip.text)


def _place(chops_line: dict[int, Strip | None], line_cuts: list[int], strip: Strip,
           render_x: int, first_cut: int, last_cut: int) -> None:
    """Lay one widget's line (``strip``, from ``render_x``) into the pieces of its line
    that no widget in front of it has taken."""
    final_cuts = [cut for cut in line_cuts if last_cut >= cut >= first_cut]
    if not _has_wide(strip) or len(final_cuts) < 2:
        # As Textual does it: the front-most widget's piece wins each cut (a piece
        # within one cut has no cut to keep a wide character from).
        for cut, piece in zip(final_cuts,
                              strip.divide([cut - render_x for cut in final_cuts[1:]])):
            if chops_line.get(cut) is None:
                chops_line[cut] = piece
        return
    starts = final_cuts[:-1]
    free = [chops_line.get(cut) is None for cut in starts]
    # Cut only where this widget stops or starts winning the pieces.
    runs = [0] + [i for i in range(1, len(starts)) if free[i] != free[i - 1]]
    ends = [final_cuts[i] for i in runs[1:]] + [final_cuts[-1]]
    pieces = strip.divide([end - render_x for end in ends])
    for run, next_run, piece in zip(runs, runs[1:] + [len(starts)], pieces):
        if free[run]:
            chops_line[starts[run]] = piece
            for inner in starts[run + 1:next_run]:
                chops_line[inner] = _EMPTY


def _claim(chops_line: dict[int, Strip | None], line_cuts: list[int], first_cut: int,
           last_cut: int) -> None:
    """Take a widget's free pieces of a line without drawing them (they are not sent)."""
    for cut in line_cuts:
        if first_cut <= cut < last_cut and chops_line.get(cut) is None:
            chops_line[cut] = _EMPTY


def _shows_changed_cells(chops_line: dict[int, Strip | None], line_cuts: list[int],
                         first_cut: int, last_cut: int,
                         line_spans: list[tuple[int, int]]) -> bool:
    """Whether a widget from ``first_cut`` to ``last_cut`` wins a piece of its line that
    holds changed cells (``line_spans``): a piece a widget in front has taken is not
    its to draw (a container behind its children, the table behind the prompt panel)."""
    index = bisect_left(line_cuts, first_cut)
    while index + 1 < len(line_cuts) and line_cuts[index] < last_cut:
        cut, end = line_cuts[index], line_cuts[index + 1]
        if chops_line.get(cut) is None and any(x1 < end and x2 > cut
                                               for x1, x2 in line_spans):
            return True
        index += 1
    return False


def _render_chops(self: Compositor, crop: Region,
                  is_rendered_line: Callable[[int], bool]) -> Sequence[Mapping[int, Strip]]:
    """Textual's ``Compositor._render_chops`` (8.2), keeping wide characters whole."""
    cuts = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    for region, clip, strips in self._get_renders(crop):
        render_region = region.intersection(clip)
        render_x = render_region.x
        first_cut, last_cut = render_region.column_span
        for y, strip in zip(render_region.line_range, strips):
            if is_rendered_line(y):
                _place(chops[y], cuts[y], strip, render_x, first_cut, last_cut)
    return chops


def _changed_chops(self: Compositor,
                   spans: list[tuple[int, int, int]]) -> list[dict[int, Strip | None]]:
    """The chops of an update whose changed cells are ``spans`` ((y, x1, x2), as
    ``_regions_to_spans`` gives them): each widget rendered only on the lines where a
    span touches a piece it wins."""
    cuts = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    spans_on: dict[int, list[tuple[int, int]]] = {}
    for y, x1, x2 in spans:
        spans_on.setdefault(y, []).append((x1, x2))
    # Front to back, as Textual renders them: the first widget to take a piece wins it.
    for widget, (region, clip) in self.visible_widgets.items():
        render_region = region.intersection(clip)
        if not render_region:
            continue
        first_cut, last_cut = render_region.column_span
        drawn: list[int] = []
        for y in render_region.line_range:
            line_spans = spans_on.get(y)
            if line_spans is None:
                continue
            if _shows_changed_cells(chops[y], cuts[y], first_cut, last_cut, line_spans):
                drawn.append(y)
            else:
                _claim(chops[y], cuts[y], first_cut, last_cut)
        # Consecutive lines are rendered together (one call: the widget's styles are
        # looked up once).
        start = 0
        while start < len(drawn):
            end = start + 1
            while end < len(drawn) and drawn[end] == drawn[end - 1] + 1:
                end += 1
            top = drawn[start]
            strips = widget.render_lines(Region(first_cut - region.x, top - region.y,
                                                render_region.width, end - start))
            for y, strip in zip(range(top, top + end - start), strips):
                _place(chops[y], cuts[y], strip, first_cut, first_cut, last_cut)
            start = end
    return chops


def _render_partial_update(self: Compositor) -> ChopsUpdate | None:
    """Textual's ``Compositor.render_partial_update`` (8.2), rendering only what changed."""
    screen_region = self.size.region
    update_regions = [region for region in
                      (dirty.intersection(screen_region) for dirty in self._dirty_regions)
                      if region]
    self._dirty_regions.clear()
    if not update_regions:
        return None
    spans = list(self._regions_to_spans(update_regions))
    chops = _changed_chops(self, spans)
    chop_ends = [cut_set[1:] for cut_set in self.cuts]
    return ChopsUpdate(chops, spans, chop_ends)


_reflow = Compositor.reflow


def _reflow_once(self: Compositor, parent, size):
    """Textual's ``Compositor.reflow`` (8.2); the map it makes is the full map."""
    result = _reflow(self, parent, size)
    self._full_map_invalidated = False
    return result


def install() -> None:
    """Make Textual's compositor keep wide characters whole, draw only what an update
    changed and arrange the screen once per layout (idempotent)."""
    Compositor.reflow = _reflow_once
    if getattr(Compositor._render_chops, "__module__", "") != __name__:
        Compositor._render_chops = _render_chops
        Compositor.render_partial_update = _render_partial_update
