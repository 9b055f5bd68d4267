"""The engine's words as phrases: the names of cards and colours, for the sentences the
engine says to a player (why an action is refused) and for the app's card texts.

The engine has no reader and no translator: what it says is an
:class:`~uno_tui.i18n.Phrase`, a string that *is* the English sentence and keeps its
message and named fields, so each reader's translator puts it into their language where
it is shown. A card's name is a phrase too (``{color} {kind}`` of the names in
``COLOR_NAMES`` and ``KIND_LABELS``, the tables the catalogue reads), so the card in a
refusal reads 赤の5 to a Japanese player and "Red 5" to an English one.

The phrases are made once per face or colour (cached): a table's log names the same
cards again and again.
"""

from __future__ import annotations

from functools import lru_cache

from ..i18n import Phrase
from .cards import COLOR_NAMES, KIND_LABELS, Face, Kind

__all__ = ["kind_name", "color_name", "color_word", "card_name"]


@lru_cache(maxsize=4096)
def kind_name(kind: str) -> str:
    """The name of card kind ``kind`` in words: ``Skip``, ``Wild Draw Four``."""
    label = KIND_LABELS.get(kind)
    return Phrase(label) if label else kind


@lru_cache(maxsize=4096)
def color_name(color: str) -> str:
    """The colour's name, capitalised as on a card: ``Red``."""
    name = COLOR_NAMES.get(color)
    return Phrase(name) if name else color.capitalize()


@lru_cache(maxsize=4096)
def color_word(color: str) -> str:
    """The colour's name inside a sentence: ``red`` ("a red mini-pile")."""
    return Phrase(color) if color in COLOR_NAMES else color


@lru_cache(maxsize=4096)
def card_name(face: Face) -> str:
    """The full readable name, e.g. ``Red 5`` or ``Wild Draw Four``: the words of
    ``Face.label``, which a reader's language can give."""
    if face.kind == Kind.NUMBER:
        if face.color is None:
            return str(face.number)
        return Phrase("{color} {number}", color=color_name(face.color), number=face.number)
    if face.color is None:
        return kind_name(face.kind)
    return Phrase("{color} {kind}", color=color_name(face.color), kind=kind_name(face.kind))
