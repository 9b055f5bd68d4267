"""How cards read on screen: short labels that carry the colour as a letter, and styles.

Every card label starts with its colour's initial (``R 5``, ``Y Skip``), so a card
reads the same on a monochrome terminal, with ``NO_COLOR`` set, or for a colour-blind
player; the background colour only repeats what the letter says.

Words: every label here is an :class:`~uno_tui.i18n.Phrase` (its English text as a
string), put into the reader's language where it is shown (``app.tr.words(label)``):
the narration that names cards runs with no screen, for viewers of several languages.
The colour initials stay Latin letters in every language (R Y G B, P T O U): cards
and chips are sized in cells, and a kanji initial would take two. Colour names in
words are the language's (赤 黄 緑 青, ピンク ティール オレンジ 紫). Kind, colour and card
names are the engine's phrases (``engine/words.py``, from ``KIND_LABELS`` and
``COLOR_NAMES``, which the catalogue reads), the same words its refusals use.

The phrases are made once per card face (cached): a table's log names the same cards
again and again, and one phrase object named many times pickles once per log sent to
the server's render workers, not once per mention.
"""

from __future__ import annotations

from functools import lru_cache

from ..engine import Face, Kind
from ..engine.cards import COLOR_LETTERS, DARK_COLORS, LIGHT_COLORS
from ..engine.words import card_name as long_label, color_name, color_word, kind_name
from ..i18n import N_, Phrase
from . import frontends

_COLOR_ORDER = {color: index for index, color in enumerate(LIGHT_COLORS + DARK_COLORS)}


def hand_order(face: Face) -> tuple:
    """Where ``face`` goes in a hand sorted by colour, then number, then the other kinds
    (by name); wild cards last."""
    color = _COLOR_ORDER.get(face.color, len(_COLOR_ORDER)) if face.color else len(_COLOR_ORDER) + 1
    number = face.number if face.number is not None else 100
    return (color, number, face.kind)

__all__ = ["short_label", "long_label", "kind_name", "color_name", "color_word", "color_label",
           "card_style", "color_style", "color_ink", "with_id", "hand_order", "unplayable_style"]

#: Background colours; text colour is picked for contrast. Textual maps these to the
#: nearest of 256 or 16 colours on smaller terminals (and drops them under NO_COLOR), so
#: each is chosen to land on its own colour there too: on 16 colours yellow is bright
#: yellow (11), green is green (2), pink bright magenta (13), orange dark yellow (3).
#: tests/app/test_cards.py checks every downgrade.
_BACKGROUNDS = {
    "red": "#c62828",
    "yellow": "#fbc02d",
    "green": "#2e9e44",
    "blue": "#1565c0",
    "pink": "#f048b0",
    "teal": "#00897b",
    "orange": "#e65100",
    "purple": "#6a1b9a",
}
_DARK_TEXT = frozenset({"yellow", "pink"})
#: The ink of an unplayable card's face (its letters on the terminal's background, no
#: fill): lighter than the fill so that it reads on a dark background, and chosen, like
#: the fills, to stay its own colour on 16 colours (green bright green, blue bright blue,
#: orange dark yellow, purple magenta) and a light enough grey under NO_COLOR. (Dimmed,
#: Textual blended them towards the background: green and blue came out grey on 16
#: colours while red stayed red, and NO_COLOR drew grey 236 on 233.)
#: tests/app/test_cards.py checks every colour mode.
_UNPLAYABLE_INKS = {
    "red": "#ff6b6b",
    "yellow": "#fdd835",
    "green": "#5cd672",
    "blue": "#5c9ded",
    "pink": "#f48fc8",
    "teal": "#4dd0c0",
    "orange": "#ef9206",
    "purple": "#a954b6",
}
_WILD_STYLE = "bold #ffffff on #37474f"


def _body(face: Face) -> str:
    if face.kind == Kind.NUMBER:
        return str(face.number)
    # Each rule set's front end gives its kinds' short bodies (English, marked for the
    # catalogue where the rule set is ours); else the card's whole name.
    body = frontends.short_label(face.kind)
    if body is None:
        return long_label(face)
    return Phrase(body) if body[:1].isalpha() else body


def _letter(color: str) -> str:
    return COLOR_LETTERS.get(color, color[:1].upper())


@lru_cache(maxsize=4096)
def short_label(face: Face) -> str:
    """A compact label such as ``R 5``, ``Y Skip``, ``Wild+4``: colour initial first."""
    body = _body(face)
    if face.color is None:
        return body
    return Phrase("{letter} {short}", letter=_letter(face.color), short=body)


@lru_cache(maxsize=4096)
def color_label(color: str | None) -> str:
    """``Red (R)``: the colour's name with the initial used on cards; ``none`` for no colour."""
    if color is None:
        return Phrase("none")
    return Phrase("{color} ({letter})", color=color_name(color), letter=_letter(color))


def color_style(color: str | None) -> str:
    """A Rich style string painting something in ``color`` (wilds: dark grey)."""
    if color is None or color not in _BACKGROUNDS:
        return _WILD_STYLE
    text = "#000000" if color in _DARK_TEXT else "#ffffff"
    return f"bold {text} on {_BACKGROUNDS[color]}"


def card_style(face: Face) -> str:
    """The Rich style of a card face."""
    return color_style(face.color)


@lru_cache(maxsize=4096)
def with_id(text: str, card_id: int, show_ids: bool) -> str:
    """``text`` followed by ``#id`` when ids are shown (a debugging and testing aid)."""
    return Phrase("{card}#{id}", card=text, id=card_id) if show_ids else text


def color_ink(color: str | None) -> str:
    """A Rich style writing in ``color`` on the terminal's background (wilds: default)."""
    if color is None or color not in _BACKGROUNDS:
        return ""
    return _BACKGROUNDS[color]


def unplayable_style(face: Face) -> str:
    """The Rich style of an unplayable card's face: its colour's ink, no fill (wilds:
    the terminal's own text colour)."""
    return _UNPLAYABLE_INKS.get(face.color, "") if face.color else ""
