"""Drawing cards as cards: a border, the colour's initial in the corner, a big number or
symbol and the card's whole name, in two sizes.

``COMPACT`` (11x4) fits seven cards across an 80-column hand; ``LARGE`` (13x8, corner
indices top-left and bottom-right) is used once the terminal has the room (about
120x40), ``HUGE`` (17x11) from about 200x60. A card reads without colour: the corner carries the colour's initial, the
name is written out, an unplayable card has a dashed border and "no" in it, and the
picked card a double border. Colour only repeats what the letters say.

Everything here is pure: lines of (text, style) pieces, cached, which the hand and the
piles turn into segments.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple, Sequence

from rich.cells import cell_len
from rich.text import Text

from ...engine import Face, Kind
from ...engine.cards import COLOR_LETTERS
from ...i18n import Translator, translator
from .. import frontends
from ..cardtext import card_style, color_ink, color_name, kind_name, unplayable_style
from ..wrapping import wrap

__all__ = ["CardSize", "COMPACT", "LARGE", "HUGE", "HUGE_FROM", "card_lines", "card_text", "back_lines",
           "hotkey_for", "card_symbol", "card_name_lines", "corner_index", "Piece",
           "card_size_for", "card_rich_text", "card_line_texts", "LARGE_FROM"]


class CardSize(NamedTuple):
    """The cells one card takes, borders included."""

    width: int
    height: int

    @property
    def inner(self) -> int:
        """Cells between the side borders."""
        return self.width - 2


COMPACT = CardSize(11, 4)
LARGE = CardSize(13, 8)
#: For a big terminal (about 200x60): the room is used, not left empty.
HUGE = CardSize(17, 11)

#: One piece of a card's line: its text and its Rich style.
Piece = tuple[str, str]

# (top-left, top, top-right, side, bottom-left, bottom, bottom-right)
_ROUND = ("╭", "─", "╮", "│", "╰", "─", "╯")
_DASHED = ("┌", "╌", "┐", "╎", "└", "╌", "┘")
#: The picked card: double top and bottom borders on single sides.
_PICKED = ("╒", "═", "╕", "│", "╘", "═", "╛")
_HEAVY = ("┏", "━", "┓", "┃", "┗", "━", "┛")
_PICKED_STYLE = "bold #ffd54f"
#: Card faces read in English unless the widget drawing them gives its app's words.
ENGLISH = translator()
#: The initial a wild card carries in its corner.
WILD_LETTER = "W"

#: Digits three rows tall, for the middle of a large number card.
_BIG_DIGITS = {
    "0": ("┏━┓", "┃ ┃", "┗━┛"),
    "1": (" ┓ ", " ┃ ", " ┻ "),
    "2": ("━━┓", "┏━┛", "┗━━"),
    "3": ("━━┓", " ━┫", "━━┛"),
    "4": ("┃ ┃", "┗━┫", "  ┃"),
    "5": ("┏━━", "┗━┓", "━━┛"),
    "6": ("┏━━", "┣━┓", "┗━┛"),
    "7": ("━━┓", "  ┃", "  ┃"),
    "8": ("┏━┓", "┣━┫", "┗━┛"),
    "9": ("┏━┓", "┗━┫", "━━┛"),
}


def big_symbol(face: Face) -> tuple[str, str, str]:
    """The number three rows tall (other kinds: their symbol on the middle row)."""
    symbol = card_symbol(face)
    if face.kind == Kind.NUMBER and all(digit in _BIG_DIGITS for digit in symbol):
        rows = [_BIG_DIGITS[digit] for digit in symbol]
        return tuple(" ".join(row[i] for row in rows) for i in range(3))
    return ("", symbol, "")


def hotkey_for(index: int) -> str:
    """The digit key that picks the card at ``index`` (0-based): 1-9 then 0; "" after."""
    if index < 9:
        return str(index + 1)
    return "0" if index == 9 else ""


def card_symbol(face: Face) -> str:
    """The big number or symbol of ``face``: ``5``, ``⊘``, ``+4``."""
    if face.kind == Kind.NUMBER:
        return str(face.number)
    # Each rule set's front end gives its kinds' symbols.
    return frontends.symbol(face.kind) or "?"


def _initial(face: Face) -> str:
    if face.color is None:
        return WILD_LETTER
    return COLOR_LETTERS.get(face.color, face.color[:1].upper())


def corner_index(face: Face) -> str:
    """The corner index: colour initial and symbol, ``R5``, ``Y⊘``, ``W+4``."""
    return _initial(face) + card_symbol(face)


def _name(face: Face, tr: Translator) -> str:
    """The card's name without its colour: ``Skip``, ``Wild Draw Four``; numbers: the colour."""
    if face.kind == Kind.NUMBER:
        return tr.words(color_name(face.color)) if face.color else ""
    return tr.words(kind_name(face.kind))


@lru_cache(maxsize=512)
def card_name_lines(face: Face, width: int, lines: int,
                    tr: Translator = ENGLISH) -> tuple[str, ...]:
    """The card's name in at most ``lines`` lines of ``width`` cells, whole words only.

    A name too long for the room loses its leading words ("Wild" of "Wild Drawn
    Together": the corner's W already says it is wild), never a part of a word. A name
    in a language written without spaces (Japanese) breaks between its characters
    instead, never before a character a line may not start with, and loses its
    leading word for wild (ワイルド) when it does not fit.
    """
    name = _name(face, tr)
    if cell_len(name) != len(name):
        return _wide_name_lines(name, width, lines, tr)
    words = name.split(" ")
    while words:
        # In cells, and between kana where there are no spaces (a name in Japanese).
        wrapped = wrap(" ".join(words), width, break_long_words=False)
        if len(wrapped) <= lines and all(cell_len(line) <= width for line in wrapped):
            return tuple(wrapped)
        words = words[1:]
    return ()


#: Card names in Japanese whose words meet with nothing to show it (no ー or ・ at the
#: end of the first, no change of script): (first word, next word). The seeds write
#: ポイントテイク as one word, so the joint is kept here, not in the catalogue's spelling;
#: without it a card face broke the name where the line was full (「ポイントテ / イク」).
UNMARKED_JOINTS = (("ポイント", "テイク"), ("パイル", "アップ"))


@lru_cache(maxsize=None)
def _name_joints() -> re.Pattern:
    """Where a card's name in Japanese may break between its words: after a long vowel
    mark or a middle dot ending a word (ドロー|カラー), where kanji meet kana
    (全員|スキップ), and at the joints of UNMARKED_JOINTS (ポイント|テイク); never before a
    digit or a sign (ドロー4, +2 stay whole). Compiled the first time a name is wrapped
    in Japanese: its ranges take ~2.5 ms to compile, at every launch in English too when
    it was compiled at import."""
    unmarked = "".join(f"|(?<={re.escape(first)})(?={re.escape(then)})"
                       for first, then in UNMARKED_JOINTS)
    return re.compile(r"(?<=[ー・])(?=[^\x00-\x7f])"
                      r"|(?<=[\u4e00-\u9fff])(?=[\u3040-\u30ff])"
                      r"|(?<=[\u3040-\u30ff])(?=[\u4e00-\u9fff])" + unmarked)


def _name_wrap(name: str, width: int, cut: bool = False) -> list[str] | None:
    """``name`` (in Japanese) in lines of ``width`` cells, broken between its words
    where they fit ("ドロー / カラー", not "ドローカ / ラー"). None when a word is wider
    than a line; with ``cut``, that word breaks as any text does instead."""
    lines: list[str] = []
    for word in filter(None, _name_joints().split(name)):
        if lines and cell_len(lines[-1] + word) <= width:
            lines[-1] += word
        elif cell_len(word) <= width:
            lines.append(word)
        elif cut:
            lines.extend(wrap(word, width))
        else:
            return None
    return lines


def _wide_name_lines(name: str, width: int, lines: int, tr: Translator) -> tuple[str, ...]:
    """A name in Japanese in whole words, as English names are: its leading ワイルド on a
    line of its own, or dropped when the rest takes every line ("ドロー / カラー", as
    "Draw / Color"). Only a name of one word wider than the card (ゲッコウガ on a small
    card) is broken inside it, by the text's rules: else it would not show at all."""
    wild = tr.words(kind_name(Kind.WILD))
    whole = name
    while name:
        rest = name[len(wild):].lstrip(" ・") if name.startswith(wild) else ""
        if rest:
            # "ワイルド / ドロー4" reads better than "ワイルドドロー / 4".
            after = _name_wrap(rest, width)
            if after is not None and len(after) < lines and cell_len(wild) <= width:
                return (wild, *after)
        wrapped = _name_wrap(name, width)
        if wrapped is not None and len(wrapped) <= lines:
            return tuple(wrapped)
        if not rest:
            break
        name = rest
    if len(list(filter(None, _name_joints().split(whole)))) == 1:
        wrapped = _name_wrap(whole, width, cut=True)
        if len(wrapped) <= lines:
            return tuple(wrapped)
    return ()


def _center(text: str, inner: int) -> str:
    """``text`` centred in ``inner`` cells (as ``str.center`` for one-cell characters)."""
    cells = cell_len(text)
    if cells == len(text):
        return text.center(inner)
    room = max(0, inner - cells)
    return " " * (room // 2) + text + " " * (room - room // 2)


def _edge(left: str, fill: str, right: str, inner: int, start: str = "", end: str = "") -> str:
    """A border line with ``start`` after the left corner and ``end`` before the right
    (measured in cells: a note in Japanese is two cells a character)."""
    start = _crop(start, inner)
    room = max(0, inner - cell_len(start))
    end = _crop(end, room)
    return left + start + fill * (inner - cell_len(start) - cell_len(end)) + end + right


def _crop(text: str, cells: int) -> str:
    """The start of ``text`` at most ``cells`` wide, never half a wide character."""
    while cell_len(text) > cells:
        text = text[:-1]
    return text


def _body(face: Face, size: CardSize, tr: Translator = ENGLISH) -> list[str]:
    """The lines between the top and bottom borders, each ``size.inner`` wide."""
    inner = size.inner
    rows = size.height - 2
    symbol = card_symbol(face)
    if rows <= 2:
        # Compact: the name when it takes both lines, else the symbol above the name.
        name = card_name_lines(face, inner, 2, tr)
        lines = list(name) if len(name) == 2 else [symbol, *name]
    else:
        # Large: corner index, the big number (or a symbol), the name, the other corner.
        corner = corner_index(face)
        big = big_symbol(face)
        middle = list(big) if big[0] else ["", symbol]
        name = card_name_lines(face, inner, rows - 2 - len(middle), tr)
        # The symbol and name in the middle of the card, whatever its height.
        spare = rows - 2 - len(middle) - len(name)
        lines = [corner.ljust(inner), *[""] * (spare // 2), *middle, *name]
        lines += [""] * (rows - 1 - len(lines))
        lines.append(corner.rjust(inner))
        return [_center(line, inner) for line in lines]
    lines += [""] * (rows - len(lines))
    return [_center(line, inner) for line in lines[:rows]]


@lru_cache(maxsize=2048)
def card_lines(face: Face, size: CardSize = COMPACT, index: int | None = None,
               playable: bool | None = None, picked: bool = False,
               card_id: int | None = None, covered: bool = False,
               tr: Translator = ENGLISH) -> tuple[tuple[Piece, ...], ...]:
    """The lines drawing one card face, each a tuple of (text, style) pieces, its name
    in ``tr``'s language.

    ``index``: its place in a hand, whose hotkey goes in the top border.
    ``playable``: True / False during its owner's turn (False: a dashed border, the face in
    its colour's ink without a fill, and "no" in the bottom border), None otherwise. ``picked``
    doubles the top and bottom borders.
    ``card_id`` given: printed in the bottom border (a testing aid).
    ``covered``: the card lies under the next one of a fanned hand, its left edge in
    view: the corner index alone in the body, and "no" at the bottom left.
    """
    if playable is False:
        edges, border = _DASHED, "dim"
    else:
        # A playable card looks as it does outside its owner's turn: when the turn ends,
        # only the unplayable cards are drawn again.
        edges, border = _ROUND, color_ink(face.color) + " bold"
    # The pick doubles the top and bottom borders only: moving it redraws two lines of
    # a card, not the whole card (what a cursor move sends over SSH).
    top_border = bottom_border = border
    if picked:
        edges = (_PICKED[0], _PICKED[1], _PICKED[2], edges[3], _PICKED[4], _PICKED[5], _PICKED[6])
        top_border = bottom_border = _PICKED_STYLE
    tl, top, top_right, side, bl, bottom, br = edges
    inner = size.inner
    hotkey = hotkey_for(index) if index is not None else ""
    note = tr("no") if playable is False else ""
    if card_id is not None:
        note = f"{note}#{card_id}"
    # Unplayable: the colour only in the letters, not filling the card (never dimmed: a
    # dimmed colour is blended into a dark grey on 16 colours and under NO_COLOR).
    style = unplayable_style(face) if playable is False else card_style(face)
    lines = [((_edge(tl, top, top_right, inner, hotkey, _initial(face)), top_border),)]
    if covered:
        body = [corner_index(face).ljust(inner)] + [" " * inner] * (size.height - 3)
    else:
        body = _body(face, size, tr)
    for text in body:
        lines.append(((side, border), (text, style), (side, border)))
    start, end = (note, "") if covered else ("", note)
    lines.append(((_edge(bl, bottom, br, inner, start, end), bottom_border),))
    return tuple(lines)


@lru_cache(maxsize=64)
def back_lines(size: CardSize = COMPACT, label: str = "UNO",
               note: str = "") -> tuple[tuple[Piece, ...], ...]:
    """The back of a card (the draw pile in classic play): a heavy border and ``label``."""
    tl, top, tr, side, bl, bottom, br = _HEAVY
    inner = size.inner
    rows = size.height - 2
    body = [""] * rows
    body[(rows - 1) // 2] = label
    style = "bold #ffffff on #b71c1c"
    lines = [((_edge(tl, top, tr, inner), "bold"),)]
    for text in body:
        lines.append(((side, "bold"), (text.center(inner)[:inner], style), (side, "bold")))
    lines.append(((_edge(bl, bottom, br, inner, "", note), "bold"),))
    return tuple(lines)


def card_text(face: Face, size: CardSize = COMPACT, index: int | None = None,
              playable: bool | None = None, picked: bool = False,
              card_id: int | None = None, tr: Translator = ENGLISH) -> list[str]:
    """The lines of a card as plain text."""
    return ["".join(text for text, _ in line)
            for line in card_lines(face, size, index, playable, picked, card_id, tr=tr)]


#: From this terminal size on, cards are drawn LARGE; from the next, HUGE.
LARGE_FROM = (110, 34)
HUGE_FROM = (170, 52)


def card_size_for(width: int, height: int) -> CardSize:
    """The card size for a terminal of ``width`` x ``height`` cells: three steps, about
    80x24, 120x40 and 200x60."""
    if width >= HUGE_FROM[0] and height >= HUGE_FROM[1]:
        return HUGE
    return LARGE if width >= LARGE_FROM[0] and height >= LARGE_FROM[1] else COMPACT


def card_line_texts(lines: tuple[tuple[Piece, ...], ...]) -> list[Text]:
    """Card lines as one Rich ``Text`` each (for widgets drawn in lines)."""
    texts = []
    for line in lines:
        text = Text(no_wrap=True, overflow="crop")
        for piece, style in line:
            text.append(piece, style=style or None)
        texts.append(text)
    return texts


def card_rich_text(lines: tuple[tuple[Piece, ...], ...], beside: Sequence[Text] = ()) -> Text:
    """Card lines as one Rich ``Text`` (for widgets that render a card or two), with the
    lines of ``beside`` written to the card's right, one per card line."""
    text = Text(no_wrap=True, overflow="crop")
    for number, line in enumerate(card_line_texts(lines)):
        if number:
            text.append("\n")
        text.append_text(line)
        if number < len(beside):
            text.append(" ")
            text.append_text(beside[number])
    return text
