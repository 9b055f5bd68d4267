"""Drawing one card as a 3-line chip: a border that tells its state, and its label.

The hand draws all its chips itself (one widget, not one per card), which keeps
redraws cheap. A chip reads without colour: the label carries the colour's initial,
the border says whether the card can be played (round: yes, dashed with "no": no)
and which card is picked (double).
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import Face
from ..cardtext import card_style, short_label

__all__ = ["hotkey_for", "chip_lines", "chip_text", "CHIP_WIDTH", "CHIP_HEIGHT"]

#: Cells a chip takes, borders included.
CHIP_WIDTH = 10
CHIP_HEIGHT = 3

# (top-left, top, top-right, side, bottom-left, bottom, bottom-right)
_ROUND = ("╭", "─", "╮", "│", "╰", "─", "╯")
_DASHED = ("┌", "╌", "┐", "╎", "└", "╌", "┘")
_DOUBLE = ("╔", "═", "╗", "║", "╚", "═", "╝")
_PICKED_STYLE = "bold #ffd54f"


def hotkey_for(index: int) -> str:
    """The digit key that picks the card at ``index`` (0-based): 1-9 then 0; "" after."""
    if index < 9:
        return str(index + 1)
    return "0" if index == 9 else ""


def _edge(left: str, fill: str, right: str, label: str, width: int, align_right: bool) -> str:
    inner = width - 2
    label = label[:inner - 1]
    if not label:
        return left + fill * inner + right
    padded = f"{label}{fill}" if align_right else f"{fill}{label}"
    body = padded.rjust(inner, fill) if align_right else padded.ljust(inner, fill)
    return left + body + right


#: One piece of a chip's line: its text and its Rich style.
Piece = tuple[str, str]


@lru_cache(maxsize=1024)
def chip_lines(face: Face, index: int, playable: bool | None, picked: bool = False,
               card_id: int | None = None) -> tuple[tuple[Piece, ...], ...]:
    """Three lines drawing one card, each a tuple of (text, style) pieces.

    ``playable``: True / False during its owner's turn (False draws a dashed border
    and "no"), None otherwise. ``picked`` draws a double border. ``card_id`` given:
    it is printed in the bottom border (a testing aid). Cached: the hand redraws
    only the lines that change, from these pieces.
    """
    if picked:
        edges, border_style = _DOUBLE, _PICKED_STYLE
    elif playable is False:
        edges, border_style = _DASHED, "dim"
    else:
        edges, border_style = _ROUND, "bold" if playable else ""
    tl, top, tr, side, bl, bottom, br = edges
    inner = CHIP_WIDTH - 2
    note = "no" if playable is False else ""
    if card_id is not None:
        note = f"{note}#{card_id}"
    style = card_style(face) + (" dim" if playable is False else "")
    return (
        ((_edge(tl, top, tr, hotkey_for(index), CHIP_WIDTH, False), border_style),),
        ((side, border_style), (short_label(face)[:inner].center(inner), style),
         (side, border_style)),
        ((_edge(bl, bottom, br, note, CHIP_WIDTH, True), border_style),),
    )


def chip_text(face: Face, index: int, playable: bool | None, picked: bool = False,
              card_id: int | None = None) -> list[str]:
    """The three lines of a chip as plain text."""
    return ["".join(text for text, _ in line)
            for line in chip_lines(face, index, playable, picked, card_id)]
