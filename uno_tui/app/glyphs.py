"""Symbols for terminals that draw "ambiguous" characters two cells wide.

Unicode leaves the width of some symbols to the terminal (East Asian Width "A"): most
draw ``▶ ☞ ∞ ▤`` one cell wide, but a terminal set up for Japanese (an East Asian
locale, or "ambiguous characters are double width" in iTerm2, GNOME Terminal, mintty,
Windows Terminal) draws them two cells wide, and a card's frame or a seat's column
beside them moves one cell to the right. The layout counts them as one cell (Rich
does), so for a player who reads Japanese each is drawn as a one-cell symbol of
neutral width that says the same (``► ◄ ☛ & ≣``, and ``⋯`` for the ellipsis ``…`` that
marks a cut word or name, as Japanese type centres it anyway). English screens keep
their symbols.

The symbols in the Japanese catalogue's words are chosen the same way (its messages
say ``☛`` where the English say ``☞``). Box-drawing lines (the frames themselves) are
ambiguous too; Textual draws every border with them, and a terminal that widens them
breaks every frame alike: that is the terminal's setting to change, not ours.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["NARROW", "EAST_ASIAN", "unambiguous", "unambiguous_text", "unambiguous_pieces"]

#: Each ambiguous symbol the table draws beside a frame, and its one-cell stand-in.
NARROW = {
    "▶": "►",      # the seat whose turn it is
    "◀": "◄",
    "☞": "☛",      # Point Taken, and whom a seat pointed at
    "∞": "&",      # Wild Drawn Together (the link card)
    "▤": "≣",      # Wild Pile Up
    "…": "⋯",      # a cut name or word (seats, the hand's title, the prompt, columns)
}
#: The languages whose players' terminals are likely to draw ambiguous symbols wide.
EAST_ASIAN = frozenset({"ja"})

_TABLE = str.maketrans(NARROW)


def unambiguous(text: str, lang: str) -> str:
    """``text`` with its ambiguous symbols replaced, for a player of ``lang``."""
    return text.translate(_TABLE) if lang in EAST_ASIAN else text


def unambiguous_text(text, lang: str):
    """A Rich ``Text`` with its ambiguous symbols replaced, for a player of ``lang`` (in
    place: one character for another, so its styles stay where they were); returned."""
    if lang in EAST_ASIAN:
        text.plain = unambiguous(text.plain, lang)
    return text


@lru_cache(maxsize=4096)
def unambiguous_pieces(lines: tuple[tuple[tuple[str, str], ...], ...]):
    """A card's lines (pieces of ``(text, style)``) with the ambiguous symbols replaced."""
    return tuple(tuple((text.translate(_TABLE), style) for text, style in line)
                 for line in lines)
