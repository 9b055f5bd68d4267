"""Card values: faces, physical cards, colours and card kinds.

A :class:`Face` is what is printed on one side of a card. A :class:`Card` is a
physical card with a unique id, a light face and, in UNO Flip only, a dark face.
Both are immutable. The engine refers to cards by id everywhere (hands, piles,
actions), so a seat that only sees ids and faces learns nothing it should not.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from .errors import ConfigError, EngineError

__all__ = [
    "LIGHT_COLORS",
    "DARK_COLORS",
    "COLOR_NAMES",
    "Kind",
    "Face",
    "Card",
    "CardParseError",
    "WILD_KINDS",
    "define_kind",
]

LIGHT_COLORS = ("red", "yellow", "green", "blue")
DARK_COLORS = ("pink", "teal", "orange", "purple")
COLOR_NAMES = {c: c.capitalize() for c in LIGHT_COLORS + DARK_COLORS}


class Kind(StrEnum):
    """The card kinds of the built-in rule sets.

    Members are strings (``Kind.SKIP == "skip"``), so they serialize as themselves. A
    rule set from outside may name more kinds with plain strings: see :func:`define_kind`.
    """

    NUMBER = "number"
    SKIP = "skip"
    REVERSE = "reverse"
    DRAW_TWO = "draw_two"
    WILD = "wild"
    WILD_DRAW_FOUR = "wild_draw_four"
    SNORLAX = "snorlax"
    GRENINJA = "greninja"
    DRAW_ONE = "draw_one"
    DRAW_FIVE = "draw_five"
    SKIP_EVERYONE = "skip_everyone"
    FLIP = "flip"
    WILD_DRAW_TWO = "wild_draw_two"
    WILD_DRAW_COLOR = "wild_draw_color"
    POINT_TAKEN = "point_taken"
    WILD_PILE_UP = "wild_pile_up"
    WILD_DRAWN_TOGETHER = "wild_drawn_together"


_NUMBER = Kind.NUMBER   # looked up once: enum member access is slow on hot paths

KIND_LABELS = {
    Kind.NUMBER: "",
    Kind.SKIP: "Skip",
    Kind.REVERSE: "Reverse",
    Kind.DRAW_TWO: "Draw Two",
    Kind.WILD: "Wild",
    Kind.WILD_DRAW_FOUR: "Wild Draw Four",
    Kind.SNORLAX: "Snorlax",
    Kind.GRENINJA: "Greninja",
    Kind.DRAW_ONE: "Draw One",
    Kind.DRAW_FIVE: "Draw Five",
    Kind.SKIP_EVERYONE: "Skip Everyone",
    Kind.FLIP: "Flip",
    Kind.WILD_DRAW_TWO: "Wild Draw Two",
    Kind.WILD_DRAW_COLOR: "Wild Draw Color",
    Kind.POINT_TAKEN: "Point Taken",
    Kind.WILD_PILE_UP: "Wild Pile Up",
    Kind.WILD_DRAWN_TOGETHER: "Wild Drawn Together",
}

# Short symbols used in compact card notation and on small terminals.
KIND_SYMBOLS = {
    Kind.SKIP: "S",
    Kind.REVERSE: "R",
    Kind.DRAW_TWO: "+2",
    Kind.WILD: "W",
    Kind.WILD_DRAW_FOUR: "W+4",
    Kind.SNORLAX: "SNORLAX",
    Kind.GRENINJA: "GRENINJA",
    Kind.DRAW_ONE: "+1",
    Kind.DRAW_FIVE: "+5",
    Kind.SKIP_EVERYONE: "SE",
    Kind.FLIP: "F",
    Kind.WILD_DRAW_TWO: "W+2",
    Kind.WILD_DRAW_COLOR: "W+C",
    Kind.POINT_TAKEN: "PT",
    Kind.WILD_PILE_UP: "WPU",
    Kind.WILD_DRAWN_TOGETHER: "WDT",
}
_SYMBOL_KINDS = {symbol: kind for kind, symbol in KIND_SYMBOLS.items()}
_COLOR_LETTERS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue",
                  "P": "pink", "T": "teal", "O": "orange", "U": "purple"}
COLOR_LETTERS = {name: letter for letter, name in _COLOR_LETTERS.items()}


class CardParseError(EngineError):
    """Raised when card notation such as ``"R5"`` or ``"W+4"`` cannot be read."""


class Face(NamedTuple):
    """One printed side of a card.

    ``color`` is ``None`` for wild cards; ``number`` is ``None`` for anything
    that is not a number card.
    """

    color: str | None
    kind: str
    number: int | None = None

    @property
    def is_wild(self) -> bool:
        """True for cards playable on anything (they carry no colour)."""
        return self.color is None

    @property
    def label(self) -> str:
        """A readable name, e.g. ``"Red 5"``, ``"Blue Skip"``, ``"Wild Draw Four"``."""
        if self.kind == _NUMBER:
            body = str(self.number)
        else:
            body = KIND_LABELS[self.kind]
        if self.color is None:
            return body
        return f"{COLOR_NAMES[self.color]} {body}"

    @property
    def code(self) -> str:
        """Compact notation, e.g. ``"R5"``, ``"BS"``, ``"G+2"``, ``"W+4"``."""
        body = str(self.number) if self.kind == _NUMBER else KIND_SYMBOLS[self.kind]
        if self.color is None:
            return body
        return COLOR_LETTERS[self.color] + body

    @classmethod
    def parse(cls, text: str) -> "Face":
        """Read compact notation (``R5``, ``YS``, ``BR``, ``G+2``, ``W``, ``W+4``, ...)."""
        raw = text.strip().upper()
        if raw in _SYMBOL_KINDS and raw.startswith(("W", "S", "G")) and _SYMBOL_KINDS[raw] in WILD_KINDS:
            return cls(None, _SYMBOL_KINDS[raw])
        if len(raw) >= 2 and raw[0] in _COLOR_LETTERS:
            color = _COLOR_LETTERS[raw[0]]
            body = raw[1:]
            if body.isdigit() and len(body) == 1:
                return cls(color, _NUMBER, int(body))
            kind = _SYMBOL_KINDS.get(body)
            if kind is not None and kind not in WILD_KINDS:
                return cls(color, kind)
        raise CardParseError(f"cannot read card {text!r}: use e.g. R5, YS, BR, G+2, W, W+4")

    def __str__(self) -> str:
        return self.label


#: Kinds printed without a colour (grown by :func:`define_kind`).
WILD_KINDS = {
    Kind.WILD, Kind.WILD_DRAW_FOUR, Kind.SNORLAX, Kind.GRENINJA,
    Kind.WILD_DRAW_TWO, Kind.WILD_DRAW_COLOR, Kind.WILD_PILE_UP,
    Kind.WILD_DRAWN_TOGETHER,
}


def define_kind(kind: str, label: str, symbol: str, *, wild: bool) -> None:
    """Name a new card kind for a rule set from outside the engine.

    ``label`` reads in full (``"Wild Swap Hands"``), ``symbol`` is its compact notation
    (``"WSH"``; a wild symbol starts with ``W``, ``S`` or ``G``, like the built-in ones),
    and ``wild`` says whether it is printed without a colour. Defining a kind again with
    the same words is harmless; changing the words of a kind is a :class:`ConfigError`.
    """
    known = KIND_LABELS.get(kind)
    if known is not None:
        if (known, KIND_SYMBOLS.get(kind), kind in WILD_KINDS) != (label, symbol, wild):
            raise ConfigError(f"card kind {kind!r} is already defined differently")
        return
    if symbol in _SYMBOL_KINDS or not symbol or symbol.upper() != symbol:
        raise ConfigError(f"card symbol {symbol!r} is taken or not upper-case")
    if wild and not symbol.startswith(("W", "S", "G")):
        raise ConfigError(f"a wild card's symbol must start with W, S or G, not {symbol!r}")
    KIND_LABELS[kind] = label
    KIND_SYMBOLS[kind] = symbol
    _SYMBOL_KINDS[symbol] = kind
    if wild:
        WILD_KINDS.add(kind)


@dataclass(frozen=True, slots=True)
class Card:
    """A physical card: a unique id, its light face and (UNO Flip only) its dark face."""

    id: int
    light: Face
    dark: Face | None = None

    def face(self, side: int) -> Face:
        """The face on ``side`` (0 light, 1 dark)."""
        if side == 0 or self.dark is None:
            return self.light
        return self.dark

    def __str__(self) -> str:
        if self.dark is None:
            return self.light.label
        return f"{self.light.label} / {self.dark.label}"
