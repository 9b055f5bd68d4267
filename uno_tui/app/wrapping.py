"""Wrapping text into lines of a given width in cells, Japanese included.

:func:`textwrap.wrap` counts characters and breaks only at spaces: a Japanese sentence
(two cells a character, no spaces) came out as one line twice too wide. :func:`wrap`
counts cells and breaks a Japanese sentence between its phrases (文節), as a Japanese
reader expects: after 、。：！？ and closing brackets, before an opening bracket, and where
a run of hiragana (a word's ending, a particle) meets what follows it (a kanji, katakana,
a digit or a Latin letter), so ``出した``, ``引いた``, ``カードを`` stay whole. Only a phrase
longer than a line breaks inside, between any two characters, keeping the Japanese rules
of line breaking (禁則処理): a line never starts with a closing mark or a small kana
(``。、）」ー``…) and never ends with an opening one (``「（``…); the character before
such a mark moves down with it (追い出し). A sentence does not end on a line of one lone
character: the phrase before goes down with it where it fits.

(A dictionary segmenter such as BudouX finds phrases a little better; this needs no
dictionary and no dependency, and the game's sentences are short and regular.)

Text that is one cell a character (English, names in Latin letters) is wrapped by
:func:`textwrap.wrap` exactly as before, so English screens do not change.

(The help pages' Markdown, broken by the same rules, is in help_markdown.py: every
widget of the table imports this module, and Rich's Markdown costs the launch ~50 ms.)
"""

from __future__ import annotations

import textwrap
from collections import deque

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


#: Stops a phrase ends with: a line may break after them.
_STOPS = frozenset("、。，．：；？！‼⁇⁈⁉")
#: Closing brackets: a phrase ends with them, or with the particle after them.
_CLOSING = frozenset("）〕］｝〉》」』】〙〗〟’”｠»")


def _is_hiragana(char: str) -> bool:
    return "\u3041" <= char <= "\u309f"


#: Hiragana that are particles when alone between kanji (緑の|全員, 山札から|1枚); any
#: other one there is a word's inflection inside a compound (割り込んだ, 言い忘れた).
_PARTICLES = frozenset("のがはにでともへをや")


def _is_kanji(char: str) -> bool:
    return "\u4e00" <= char <= "\u9fff" or char in "々〆"


def _phrase_boundary(before: str, after: str, earlier: str = "") -> bool:
    """Whether a line may break between the characters ``before`` and ``after`` (no
    space between them) without cutting a phrase: after a stop or a closing bracket
    (unless a particle follows it: 「ウノ」と is one phrase), before an opening bracket,
    after the particle を, and where hiragana meet anything else; never against the
    line-breaking rules. ``earlier``: the character before ``before``, if any."""
    if after in NO_LINE_START or before in NO_LINE_END:
        return False
    if before in _STOPS:
        return True
    if before in _CLOSING:
        return not _is_hiragana(after)
    if after in NO_LINE_END or before == "を":
        return True      # を is only ever a particle: a phrase ends with it (カードを|めくった)
    if (_is_kanji(earlier) and _is_kanji(after) and _is_hiragana(before)
            and before not in _PARTICLES):
        return False     # 割り|込んだ: one kana inflecting the kanji of a compound
    if before == "の" and after.isdigit():
        return False     # 赤の9: a card's name
    return _is_hiragana(before) and not _is_hiragana(after)


#: Each opening bracket's closing one.
_BRACKET_PAIRS = {"（": "）", "「": "」", "『": "』", "【": "】", "〔": "〕", "［": "］",
                  "｛": "｝", "〈": "〉", "《": "》", "〘": "〙", "〖": "〗"}


def _inside_asides(text: str, room: int | None) -> set[int]:
    """Where a line may not break (the index of the character after the break) because
    it is inside a bracketed aside no wider than ``room`` cells: （手札は下） is read as
    one, and its hiragana-kanji seam (は|下) is no phrase boundary. A wider aside breaks
    between its phrases as any text does."""
    if room is None:
        return set()
    inside: set[int] = set()
    opened: list[int] = []
    for index, char in enumerate(text):
        if char in _BRACKET_PAIRS:
            opened.append(index)
        elif opened and char == _BRACKET_PAIRS[text[opened[-1]]]:
            start = opened.pop()
            if cell_len(text[start:index + 1]) <= room:
                inside.update(range(start + 1, index + 1))
    return inside


def _phrases(text: str, room: int | None = None) -> list[str]:
    """The pieces a line may break between when a phrase fits a line: phrases (a Latin
    word is one too) and single spaces, none at the ends. A space before a digit or a
    "(" holds its neighbours together: a seat's name (CPU 3) and a colour's initial
    (赤 (R)) are not cut from what they belong to; nor is an aside in brackets that fits
    ``room`` cells."""
    held = _inside_asides(text, room)
    units: list[str] = []
    phrase = ""
    for index, char in enumerate(text):
        if char.isspace():
            following = text[index + 1:index + 2]
            if phrase and (following.isdigit() or following == "("):
                phrase += " "
                continue
            if phrase:
                units.append(phrase)
                phrase = ""
            if units and units[-1] != " ":
                units.append(" ")
            continue
        if phrase and phrase[-1] != " " and index not in held and _phrase_boundary(
                phrase[-1], char, phrase[-2:-1]):
            units.append(phrase)
            phrase = ""
        phrase += char
    if phrase:
        units.append(phrase)
    while units and units[-1] == " ":
        units.pop()
    return units


def _characters(phrase: str) -> list[str]:
    """A phrase too long for a line, as the pieces it may break between: a run of
    one-cell characters (a word in Latin letters), one wide character, or one space."""
    units: list[str] = []
    word = ""
    for char in phrase:
        if char == " " or cell_len(char) != 1:
            if word:
                units.append(word)
                word = ""
            units.append(char)
        else:
            word += char
    if word:
        units.append(word)
    return units


def _words(phrase: str) -> list[str]:
    """``phrase`` cut after each middle dot that a line may break after."""
    words = [""]
    for index, char in enumerate(phrase):
        words[-1] += char
        following = phrase[index + 1:index + 2]
        if char == "・" and following and _may_start(following):
            words.append("")
    return words


def _units(text: str, room: int) -> list[str]:
    """The pieces of ``text`` a line may break between: its phrases; a phrase wider than
    ``room`` cells (the narrowest line) as its words, where a middle dot joins them
    (ワイルド・|ドラウンド・|トゥギャザーを); and a word wider still as its characters."""
    units: list[str] = []
    for phrase in _phrases(text, room):
        if cell_len(phrase) <= room or (cell_len(phrase) == len(phrase) and " " not in phrase):
            units.append(phrase)
            continue
        for word in _words(phrase):
            units += _characters(word) if cell_len(word) > room else [word]
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
    pending = deque(_units(text, width - cell_len(subsequent_indent)))
    while pending:
        unit = pending.popleft()
        if unit == " ":
            if len(line) > start:
                line.append(unit)
            continue
        if _width(line) + cell_len(unit) <= width:
            line.append(unit)
            continue
        pieces = _characters(unit) if cell_len(unit) != len(unit) else [unit]
        if len(_strip(line)) <= start:
            if len(pieces) > 1:
                pending.extendleft(reversed(pieces))   # a phrase wider than the line
                continue
            # Alone on its line and still too wide (a long word): cut it at the edge,
            # or leave it whole on its line.
            if not break_long_words:
                lines.append(line + [unit])
            else:
                head, rest = _cut(unit, max(1, width - _width(line)))
                lines.append(line + [head])
                if rest:
                    pending.appendleft(rest)
            line, start = list(indent), len(indent)
            continue
        kept = list(line)
        carried = _break_before(line, unit, start + 1)
        broken_well = _may_end(_strip(line)[-1]) and _may_start(carried[0])
        if len(pieces) > 1 and (not broken_well or _width(indent) + _width(carried) > width):
            # What must go down with the phrase does not fit a line, or nothing could
            # go down with it: the phrase breaks inside instead, by the same rules.
            line = kept
            pending.extendleft(reversed(pieces))
            continue
        lines.append(line)
        line, start = indent + carried[:-1], len(indent)
        if len(carried) > 1 and _width(line) + cell_len(unit) > width:
            line.append(unit)      # the kept-together pieces are wider: it hangs
            continue
        pending.appendleft(unit)
    if len(_strip(line)) > start:
        lines.append(line)
    _no_lone_last_character(lines, width, len(indent))
    return ["".join(_strip(line)) for line in lines]


def _no_lone_last_character(lines: list[list[str]], width: int, start: int) -> None:
    """Gives a last line of one wide character company from the line before: its last
    phrase (or, in a phrase broken inside, the fewest characters that may start a line),
    all wide, where they fit and the line before keeps two characters or more, not
    ending with an opening mark. ``start``: the pieces of the indent on the last line."""
    if len(lines) < 2:
        return
    last, before = lines[-1][start:], _strip(lines[-2])
    if len(last) != 1 or len(last[0]) != 1 or cell_len(last[0]) != 2:
        return
    take = 1
    while take < len(before) and not _may_start(before[-take]):
        take += 1
    moved, kept = before[-take:], _strip(before[:-take])
    moved_text, kept_text = "".join(moved), "".join(kept).strip()
    if (len(kept_text) < 2 or not _may_end(kept_text)
            or cell_len(moved_text) != 2 * len(moved_text)
            or _width(lines[-1][:start]) + cell_len(moved_text) + 2 > width):
        return
    lines[-2], lines[-1] = kept, lines[-1][:start] + moved + last


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
