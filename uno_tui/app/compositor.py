"""Wide characters in front of other widgets: kept whole (a fix for Textual's compositor).

Textual draws the screen in *chops*: every line is cut wherever any widget on it starts
or ends, and each piece is taken from the front-most widget there. A piece cut through
a wide character (a kanji, two cells) gets a space for each half, so a Japanese line in
a widget that lies over others (the prompt panel over the table, a dialog over the
table) lost a character wherever a widget beneath it had an edge: "1回休み" read
"1 休み" (seen in the English-word scan's screens; Textual issue #6357, open in 8.2).

:func:`install` makes the compositor cut a widget's line only where the piece's owner
changes: the pieces one widget wins side by side stay one piece (the first cut gets it,
the others an empty strip, so no widget beneath claims them). Lines without a wide
character are cut as before, so every other screen is drawn exactly as it was.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import Strip

__all__ = ["install"]

_EMPTY = Strip([], 0)


def _has_wide(strip: Strip) -> bool:
    return strip.cell_length != len(strip.text)


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
            if not is_rendered_line(y):
                continue
            chops_line = chops[y]
            final_cuts = [cut for cut in cuts[y] if last_cut >= cut >= first_cut]
            if not _has_wide(strip) or len(final_cuts) < 2:
                # As Textual does it: the front-most widget's piece wins each cut (a
                # piece within one cut has no cut to keep a wide character from).
                for cut, piece in zip(final_cuts,
                                      strip.divide([cut - render_x for cut in final_cuts[1:]])):
                    if chops_line.get(cut) is None:
                        chops_line[cut] = piece
                continue
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
    return chops


def install() -> None:
    """Make Textual's compositor keep wide characters whole (idempotent)."""
    if getattr(Compositor._render_chops, "__module__", "") != __name__:
        Compositor._render_chops = _render_chops
