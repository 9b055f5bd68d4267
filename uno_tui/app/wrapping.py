"""Wrapping text into lines of a given width in cells, Japanese included.

:func:`textwrap.wrap` counts characters and breaks only at spaces: a Japanese sentence
(two cells a character, no spaces) came out as one line twice too wide. :func:`wrap`
counts cells and may break between any two wide characters, keeping the Japanese rules
of line breaking (禁則処理): a line never starts with a closing mark or a small kana
(``。、）」ー``…) and never ends with an opening one (``「（``…); the character before
such a mark moves down with it (追い出し); and a sentence does not end on a line of one
lone character (``…をめくっ / た``): a few characters of the line before go down with it.

Text that is one cell a character (English, names in Latin letters) is wrapped by
:func:`textwrap.wrap` exactly as before, so English screens do not change.

(The help pages' Markdown, broken by the same rules, is in help_markdown.py: every
widget of the table imports this module, and Rich's Markdown costs the launch ~50 ms.)
"""

from __future__ import annotations

import textwrap

from rich.cells import cell_len
from rich.text import Text

__all__ = ["wrap", "break_text", "crop_cells", "NO_LINE_START", "NO_LINE_END"]

#: Characters a line must not start with (行頭禁則): closing brackets and quotes,
#: punctuation, the long-vowel mark, small kana, iteration marks.
NO_LINE_START = frozenset(
    "、。，．・：；？！‼⁇⁈⁉ー―‐〜～…‥⋯）〕］｝〉》」』】〙〗〟’”｠»"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    "ゝゞヽヾ々〻"
    ",.:;!?)]}"
)
#: Characters a line must not end with (行末禁則): opening brackets and quotes.
NO_LINE_END = frozenset("（〔［｛〈《「『【〘〖〝‘“｟«([{")


def crop_cells(text: str, cells: int) -> str:
    """The longest start of ``text`` at most ``cells`` wide: never half a wide character
    (Rich's ``set_cell_size`` pads such a half with a space)."""
    if cell_len(text) <= cells:
        return text
    cropped = ""
    for char in text:
        if cell_len(cropped + char) > cells:
            break
        cropped += char
    return cropped


def _units(text: str) -> list[str]:
    """The pieces a line may break between: a run of one-cell characters (a word in
    Latin letters), one wide character, or one space."""
    units: list[str] = []
    word = ""
    for char in text:
        if char.isspace():
            if word:
                units.append(word)
                word = ""
            if units and units[-1] != " ":
                units.append(" ")
        elif cell_len(char) == 1:
            word += char
        else:
            if word:
                units.append(word)
                word = ""
            units.append(char)
    if word:
        units.append(word)
    while units and units[-1] == " ":
        units.pop()
    return units


def _cut(unit: str, room: int) -> tuple[str, str]:
    """``unit`` cut after at most ``room`` cells (at least one character)."""
    taken = ""
    for index, char in enumerate(unit):
        if taken and cell_len(taken + char) > room:
            return taken, unit[index:]
        taken += char
    return taken, ""


def _width(line: list[str]) -> int:
    return sum(cell_len(unit) for unit in line)


def _may_start(unit: str) -> bool:
    return unit[:1] not in NO_LINE_START


def _may_end(unit: str) -> bool:
    return unit[-1:] not in NO_LINE_END


def _strip(line: list[str]) -> list[str]:
    while line and line[-1] == " ":
        line.pop()
    return line


def _break_before(line: list[str], unit: str, keep: int) -> list[str]:
    """What moves down to the next line with ``unit``, taken from the end of ``line``
    (which keeps its first ``keep`` pieces): the pieces a line may not end with, and the
    one before a piece a line may not start with."""
    carried = [unit]
    _strip(line)
    while len(line) > keep and (not _may_start(carried[0]) or not _may_end(line[-1])):
        carried.insert(0, line.pop())
        _strip(line)
    return carried


def wrap(text: str, width: int, subsequent_indent: str = "",
         break_long_words: bool = True) -> list[str]:
    """``text`` in lines of at most ``width`` cells (see the module's docstring);
    ``subsequent_indent`` starts every line but the first; ``break_long_words=False``
    keeps a word in Latin letters wider than a line whole, on a line of its own (as
    :func:`textwrap.wrap` does). No lines for empty text."""
    width = max(1, width)
    if cell_len(text) == len(text):
        return textwrap.wrap(text, width, subsequent_indent=subsequent_indent,
                             break_long_words=break_long_words)
    indent = [subsequent_indent] if subsequent_indent else []
    lines: list[list[str]] = []
    line: list[str] = []
    start = 0                      # pieces of ``line`` before its text (its indent)
    for unit in _units(text):
        if unit == " ":
            if len(line) > start:
                line.append(unit)
            continue
        while unit:
            if _width(line) + cell_len(unit) <= width:
                line.append(unit)
                break
            if len(_strip(line)) <= start:
                # Alone on its line and still too wide (a long word): cut it at the edge,
                # or leave it whole on its line.
                if not break_long_words:
                    lines.append(line + [unit])
                    line, start = list(indent), len(indent)
                    break
                head, unit = _cut(unit, max(1, width - _width(line)))
                lines.append(line + [head])
                line, start = list(indent), len(indent)
                continue
            carried = _break_before(line, unit, start + 1)
            lines.append(line)
            line, start = indent + carried[:-1], len(indent)
            unit = carried[-1]
            if _width(line) + cell_len(unit) > width:
                line.append(unit)      # the kept-together pieces are wider: it hangs
                break
    if len(_strip(line)) > start:
        lines.append(line)
    wrapped = ["".join(_strip(line)) for line in lines]
    _no_lone_last_character(wrapped, width, subsequent_indent)
    return wrapped


def _no_lone_last_character(lines: list[str], width: int, indent: str) -> None:
    """Gives a last line of one wide character company from the line before (the fewest
    characters that may start a line, all wide, leaving that line two or more and not
    ending with an opening mark), where they fit."""
    if len(lines) < 2:
        return
    last, before = lines[-1][len(indent):], lines[-2]
    if len(last) != 1 or cell_len(last) != 2:
        return
    take = 1
    while take < len(before) and not _may_start(before[-take]):
        take += 1
    moved, kept = before[-take:], before[:-take]
    if (len(kept.strip()) < 2 or not _may_end(kept) or cell_len(moved) != 2 * len(moved)
            or cell_len(indent + moved + last) > width):
        return
    lines[-2], lines[-1] = kept, indent + moved + last


def break_text(text: Text, width: int) -> Text | None:
    """``text`` (styles kept) with a line break wherever :func:`wrap` breaks its lines at
    ``width`` cells, for text Rich or Textual would otherwise wrap itself: they break
    only at spaces, and fold a Japanese sentence (no spaces) at the last cell, before a
    。 or a small kana too. None for text with no wide character: theirs is right there
    (and English stays exactly as it was). A line that fits is kept as it is (spaces that
    line up a column too)."""
    plain = text.plain
    if cell_len(plain) == len(plain):
        return None
    lines: list[Text] = []
    for paragraph in text.split("\n", allow_blank=True):
        lines += _broken_paragraph(paragraph, width)
    return Text("\n", style=text.style).join(lines)


def _broken_paragraph(paragraph: Text, width: int) -> list[Text]:
    """One line of text as the lines :func:`wrap` makes of it; kept whole where it fits,
    or where wrap() made a run of spaces one (Textual then wraps it, styles and all)."""
    plain = paragraph.plain
    if cell_len(plain) <= width:
        return [paragraph]
    offsets, position = [], 0
    for index, line in enumerate(wrap(plain, width)):
        found = plain.find(line, position)
        if found < 0:
            return [paragraph]
        if index:
            offsets.append(found)
        position = found + len(line)
    pieces = list(paragraph.divide(offsets))
    for piece in pieces:
        piece.rstrip()
    return pieces
