"""UNO Flip: the two-sided deck's pairing, the Flip card and Skip Everyone.

The shared turn machinery in ``game.py`` dispatches the Flip card and Skip
Everyone here through its ``_EFFECTS`` table; the other Flip cards (Draw One,
Draw Five, Wild Draw Two, Wild Draw Color) are ordinary draw cards there.

Decisions the seed (001) leaves open:

- After a Flip, the new top card's colour is the colour in play. When the new
  top card is a wild (a Wild or Wild Draw Color turned up), the player of the
  Flip names the colour, as if they had just played that wild; its draw effect
  does not happen, because only the Flip was played. Likewise an action card
  turned up by a Flip has no effect.
- A Flip played as its player's last card still turns everything over, and the
  round is scored on the new side; no colour is named then.
- A Flip turned as the first card goes back and another card is turned, like a
  first Wild Draw Two: the seed says the game always starts on the light side.
- Each round (each :class:`~uno_tui.engine.game.Game`) pairs the faces afresh from
  its seed; saves keep the pairing.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Iterable

from .actions import DecisionKind, EventKind
from .cards import Card, CardParseError, Face
from .errors import ConfigError

if TYPE_CHECKING:
    from .game import Game
    from .variants import Variant

__all__ = ["SIDE_NAMES", "effect_flip", "effect_skip_everyone", "position_deck",
           "pairing_to_json", "pairing_from_json"]

#: Side numbers as words, for events and messages.
SIDE_NAMES = ("light", "dark")


def effect_flip(game: "Game", seat: int, card: int, face: Face, ctx: dict) -> None:
    """Turn the discard pile, the draw pile and every hand over; the side in play changes.

    The Flip card ends at the bottom of the discard pile, so the new top card is
    the other face of the first card discarded.
    """
    game.discard.reverse()
    game.draw_pile.reverse()
    game._set_side(1 - game.side)
    # A hand shown after a challenge was shown on the old side: its cards now show
    # their owner's other faces, which the challenger must not see.
    game._revealed.clear()
    # What a seat could not play when it last drew concerns faces no longer in play.
    game._drew_on.clear()
    new_top = game.discard[-1]
    game.color = game.face(new_top).color
    game._emit(EventKind.FLIP, seat, (new_top,), color=game.color,
               detail=SIDE_NAMES[game.side])
    if game.color is None and game._goer is None:
        game._decide(DecisionKind.COLOR, seat, then="advance", **{"from": seat})
        return
    game._advance(seat)


def effect_skip_everyone(game: "Game", seat: int, card: int, face: Face, ctx: dict) -> None:
    """Every other player is skipped: the same player goes again."""
    game._advance(seat, skip=game.players - 1)


# ------------------------------------------------------------------ the pairing

def _faces(rows) -> Counter:
    return Counter({face: copies for face, copies in rows})


def _read_half(text: str, allowed: Counter, side: int) -> Face | None:
    text = text.strip()
    if text in ("", "*"):
        return None
    face = Face.parse(text)
    if face not in allowed:
        raise ConfigError(f"{face.label} is not a card of UNO Flip's {SIDE_NAMES[side]} side")
    return face


def _read_pair(text: str, side: int, lights: Counter, darks: Counter) -> tuple[Face | None, Face | None]:
    """``"R5/P3"`` (light/dark, ``*`` for either half: any), or one code on the side in play."""
    if "/" in text:
        light, dark = text.split("/", 1)
        return _read_half(light, lights, 0), _read_half(dark, darks, 1)
    face = _read_half(text, darks if side else lights, side)
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
    lights, darks = _faces(variant.deck), _faces(variant.dark_deck)
    specs = [_read_pair(t, side, lights, darks) for t in texts]
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


def pairing_from_json(variant: "Variant", data) -> list[Card]:
    """The cards of a saved pairing; ``ValueError`` unless it is exactly the variant's deck."""
    if not isinstance(data, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(c, str) for c in pair)
            for pair in data):
        raise ValueError("the pairing must be a list of [light, dark] card codes")
    cards = [Card(i, Face.parse(light), Face.parse(dark)) for i, (light, dark) in enumerate(data)]
    if Counter(c.light for c in cards) != _faces(variant.deck):
        raise ValueError("the saved light faces are not the UNO Flip deck")
    if Counter(c.dark for c in cards) != _faces(variant.dark_deck):
        raise ValueError("the saved dark faces are not the UNO Flip deck")
    return cards
