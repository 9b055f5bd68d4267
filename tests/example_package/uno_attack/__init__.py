"""UNO Attack! cards for uno-tui, from outside uno_tui: the engine part.

Classic UNO plus two cards of the UNO Attack! box:

- **Wild Hit** (4, 50 points): a wild; once its colour is named, its player rolls a die
  and the next player draws that many cards (1-6) and loses the turn. A draw amount left
  to chance: ``RandomDraw(1, 6)``, rolled with the game's own generator.
- **Discard All** (one per colour, 20 points): its player also discards every other
  card of its colour from their hand, under it; then play goes on. A player left with one
  card must call UNO; with none, they have gone out.

The package plugs in through the entry point ``uno_tui.rulesets: attack = uno_attack``
(``pyproject.toml``); its front end (card labels, symbols, log lines, help page) is
:mod:`uno_attack.front`, which only the app imports.
"""

from __future__ import annotations

from uno_tui.engine import LIGHT_COLORS, Face, FirstCard, RandomDraw, Variant, define_kind
from uno_tui.rulesets.classic import rules as classic

__all__ = ["VARIANT", "WILD_HIT", "DISCARD_ALL", "DISCARDED_ALL"]

WILD_HIT = "wild_hit"
DISCARD_ALL = "discard_all"
#: The event: ``seat`` discarded ``cards`` with its Discard All.
DISCARDED_ALL = "discarded_all"

define_kind(WILD_HIT, "Wild Hit", "WH", wild=True)
define_kind(DISCARD_ALL, "Discard All", "DA", wild=False)


def effect_discard_all(game, seat: int, card: int, face: Face, ctx: dict) -> None:
    """Every other card of the colour goes under the Discard All."""
    hand = game.hands[seat]
    shed = [c for c in hand if game.faces[c].color == face.color]
    if shed:
        game.hands[seat] = [c for c in hand if c not in shed]
        game.discard[-1:-1] = shed
        game.emit(DISCARDED_ALL, seat, tuple(shed), color=face.color)
        game.hand_shrank(seat, len(shed))
    game.advance(seat)


VARIANT = Variant(
    name="attack",
    label="UNO Attack!",
    deck=classic.DECK + ((Face(None, WILD_HIT), 4),
                         *((Face(color, DISCARD_ALL), 1) for color in LIGHT_COLORS)),
    points={**classic.POINTS, WILD_HIT: 50, DISCARD_ALL: 20},
    first_card={**classic.FIRST_CARD, WILD_HIT: FirstCard.RETURN},
    challenges=classic.CHALLENGES,
    effects={**classic.EFFECTS, WILD_HIT: classic.effect_draw,
             DISCARD_ALL: effect_discard_all},
    draw_amounts={**classic.DRAW_AMOUNTS, WILD_HIT: RandomDraw(1, 6)},
    restricted_wilds=classic.RESTRICTED_WILDS,
    stackable=classic.STACKABLE,
    front_end="uno_attack.front",
)
