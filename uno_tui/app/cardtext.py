"""How cards read on screen: short labels that carry the colour as a letter, and styles.

Every card label starts with its colour's initial (``R 5``, ``Y Skip``), so a card
reads the same on a monochrome terminal, with ``NO_COLOR`` set, or for a colour-blind
player; the background colour only repeats what the letter says.
"""

from __future__ import annotations

from ..engine import COLOR_NAMES, Face, Kind
from ..engine.cards import COLOR_LETTERS, DARK_COLORS, LIGHT_COLORS
from . import frontends

_COLOR_ORDER = {color: index for index, color in enumerate(LIGHT_COLORS + DARK_COLORS)}


def hand_order(face: Face) -> tuple:
    """Where ``face`` goes in a hand sorted by colour, then number, then the other kinds
    (by name); wild cards last."""
    color = _COLOR_ORDER.get(face.color, len(_COLOR_ORDER)) if face.color else len(_COLOR_ORDER) + 1
    number = face.number if face.number is not None else 100
    return (color, number, face.kind)

__all__ = ["short_label", "long_label", "color_label", "card_style", "color_style", "color_ink",
           "with_id", "hand_order"]

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
_WILD_STYLE = "bold #ffffff on #37474f"


def _body(face: Face) -> str:
    if face.kind == Kind.NUMBER:
        return str(face.number)
    # Each rule set's front end gives its kinds' short bodies; else the engine's label.
    return frontends.short_label(face.kind) or face.label


def short_label(face: Face) -> str:
    """A compact label such as ``R 5``, ``Y Skip``, ``Wild+4``: colour initial first."""
    body = _body(face)
    if face.color is None:
        return body
    return f"{COLOR_LETTERS.get(face.color, face.color[:1].upper())} {body}"


def long_label(face: Face) -> str:
    """The full readable name, e.g. ``Red 5`` or ``Wild Draw Four``."""
    return face.label


def color_label(color: str | None) -> str:
    """``Red (R)``: the colour's name with the initial used on cards; ``none`` for no colour."""
    if color is None:
        return "none"
    letter = COLOR_LETTERS.get(color, color[:1].upper())
    return f"{COLOR_NAMES.get(color, color.capitalize())} ({letter})"


def color_style(color: str | None) -> str:
    """A Rich style string painting something in ``color`` (wilds: dark grey)."""
    if color is None or color not in _BACKGROUNDS:
        return _WILD_STYLE
    text = "#000000" if color in _DARK_TEXT else "#ffffff"
    return f"bold {text} on {_BACKGROUNDS[color]}"


def card_style(face: Face) -> str:
    """The Rich style of a card face."""
    return color_style(face.color)


def with_id(text: str, card_id: int, show_ids: bool) -> str:
    """``text`` followed by ``#id`` when ids are shown (a debugging and testing aid)."""
    return f"{text}#{card_id}" if show_ids else text


def color_ink(color: str | None) -> str:
    """A Rich style writing in ``color`` on the terminal's background (wilds: default)."""
    if color is None or color not in _BACKGROUNDS:
        return ""
    return _BACKGROUNDS[color]
