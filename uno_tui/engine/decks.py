"""Decks with two printed sides (UNO Flip's): building one for a position, saving its pairing.

A two-sided deck pairs each light face with a dark face. Which face is on the back of
which is part of a game's state (a physical deck keeps its pairing), so saves keep it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Iterable

from ..i18n import Phrase
from .cards import Card, CardParseError, Face
from .errors import ConfigError

if TYPE_CHECKING:
    from .ruleset import Variant

__all__ = ["SIDE_NAMES", "face_counts", "position_deck", "pairing_to_json", "pairing_from_json"]

#: Side numbers as words, for events and messages.
SIDE_NAMES = ("light", "dark")


def face_counts(rows) -> Counter:
    """How many cards show each face, from ``(face, copies)`` deck rows."""
    counts: Counter = Counter()
    for face, copies in rows:
        counts[face] += copies
    return counts


def _read_half(text: str, allowed: Counter, side: int, label: str) -> Face | None:
    text = text.strip()
    if text in ("", "*"):
        return None
    face = Face.parse(text)
    if face not in allowed:
        raise ConfigError(f"{face.label} is not a card of {label}'s {SIDE_NAMES[side]} side")
    return face


def _read_pair(text: str, side: int, lights: Counter, darks: Counter,
               label: str) -> tuple[Face | None, Face | None]:
    """``"R5/P3"`` (light/dark, ``*`` for either half: any), or one code on the side in play."""
    if "/" in text:
        light, dark = text.split("/", 1)
        return _read_half(light, lights, 0, label), _read_half(dark, darks, 1, label)
    face = _read_half(text, darks if side else lights, side, label)
    if face is None:
        raise CardParseError(f"cannot read card {text!r}: use e.g. R5, P+5, W+C or R5/P3")
    return (None, face) if side else (face, None)


def position_deck(variant: "Variant", texts: Iterable[str], side: int,
                  rng: random.Random) -> tuple[list[Card], list[int]]:
    """A Flip deck in which the cards ``texts`` exist, and their ids (in order).

    Each text is ``"light/dark"`` (``"R5/P3"``; ``"*"`` or nothing for a half
    left to chance) or a single code read on side ``side``. Halves left to chance
    and every other card are paired at random from what is left, and ids are
    shuffled, as in a dealt game.
    """
    lights, darks = face_counts(variant.deck), face_counts(variant.dark_deck)
    specs = [_read_pair(t, side, lights, darks, variant.label) for t in texts]
    for light, dark in specs:
        for face, pool, half in ((light, lights, 0), (dark, darks, 1)):
            if face is None:
                continue
            if pool[face] <= 0:
                raise ConfigError(f"the {variant.label} deck has no more {face.label} cards "
                                  f"on its {SIDE_NAMES[half]} side")
            pool[face] -= 1
    spare_lights, spare_darks = list(lights.elements()), list(darks.elements())
    rng.shuffle(spare_lights)
    rng.shuffle(spare_darks)
    pairs = [(light or spare_lights.pop(), dark or spare_darks.pop()) for light, dark in specs]
    pairs += zip(spare_lights, spare_darks)
    ids = list(range(len(pairs)))
    rng.shuffle(ids)
    cards: list[Card] = [None] * len(pairs)  # type: ignore[list-item]
    for (light, dark), cid in zip(pairs, ids):
        cards[cid] = Card(cid, light, dark)
    return cards, ids[:len(specs)]


def pairing_to_json(cards: Iterable[Card]) -> list[list[str]]:
    """Each card's ``[light, dark]`` codes, by id: the pairing a save must keep."""
    return [[card.light.code, card.dark.code] for card in cards]


#: Faces by card code, as read from saved pairings (only codes that parsed: a few dozen).
_PARSED_FACES: dict[str, Face] = {}


def pairing_from_json(variant: "Variant", data) -> list[Card]:
    """The cards of a saved pairing; ``ValueError`` unless it is exactly the variant's deck."""
    if not isinstance(data, list) or not all(
            type(pair) is list and len(pair) == 2 and type(pair[0]) is str and type(pair[1]) is str
            for pair in data):
        raise ValueError(Phrase("the pairing must be a list of [light, dark] card codes"))
    faces = _PARSED_FACES
    for pair in data:
        for code in pair:
            if code not in faces:
                faces[code] = Face.parse(code)
    cards = [Card(i, faces[light], faces[dark]) for i, (light, dark) in enumerate(data)]
    if Counter(c.light for c in cards) != face_counts(variant.deck):
        raise ValueError(Phrase("the saved light faces are not the {variant} deck",
                                variant=Phrase(variant.label)))
    if Counter(c.dark for c in cards) != face_counts(variant.dark_deck):
        raise ValueError(Phrase("the saved dark faces are not the {variant} deck",
                                variant=Phrase(variant.label)))
    return cards
