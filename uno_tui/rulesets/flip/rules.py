"""UNO Flip: the two-sided deck, the Flip card and Skip Everyone.

The other Flip cards (Draw One, Draw Five, Wild Draw Two, Wild Draw Color) are
ordinary draw cards of the shared effects (:mod:`~uno_tui.rulesets.classic.rules`). The
two-sided deck's pairing and positions are :mod:`~uno_tui.engine.decks`.

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
- A match keeps one pairing of light and dark faces for all its rounds, as a
  physical deck does (each round is shuffled, never re-paired); saves keep it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..classic import rules as classic
from ...engine.actions import DecisionKind, EventKind
from ...engine.cards import DARK_COLORS, LIGHT_COLORS, Face, Kind
from ...engine.decks import SIDE_NAMES, pairing_from_json, pairing_to_json, position_deck
from ...engine.ruleset import ChallengePenalty, FirstCard, Variant, colored_rows
from ...i18n import N_

if TYPE_CHECKING:
    from ...engine.table import Table as Game

__all__ = ["FLIP", "SIDE_NAMES", "effect_flip", "effect_skip_everyone", "position_deck",
           "pairing_to_json", "pairing_from_json"]


def effect_flip(game: "Game", seat: int, card: int, face: Face, ctx: dict) -> None:
    """Turn the discard pile, the draw pile and every hand over; the side in play changes.

    The Flip card ends at the bottom of the discard pile, so the new top card is
    the other face of the first card discarded.
    """
    game.discard.reverse()
    game.draw_pile.reverse()
    game.set_side(1 - game.side)
    # A hand shown after a challenge was shown on the old side, and what a seat could
    # not play when it drew concerns faces no longer in play.
    game.forget_shown_cards()
    new_top = game.discard[-1]
    game.color = game.face(new_top).color
    game.emit(EventKind.FLIP, seat, (new_top,), color=game.color,
              detail=SIDE_NAMES[game.side])
    if game.color is None and game.goer is None:
        game.decide(DecisionKind.COLOR, seat, then="advance", **{"from": seat})
        return
    game.advance(seat)


def effect_skip_everyone(game: "Game", seat: int, card: int, face: Face, ctx: dict) -> None:
    """Every other player is skipped: the same player goes again."""
    game.advance(seat, skip=game.players - 1)


_NUMBERS = {n: 2 for n in range(1, 10)}

#: The searching bots' win-chance model for this rule set (see Variant.outlook).
# Fitted to 43,413 heads-up positions and 56,091 four-player ones (3,000 rounds each).
FLIP_OUTLOOK = {2: (-0.190, 0.626, 0.113, -0.101),
                4: (-0.333, 0.535, 0.068, -0.141, -0.143, -0.131)}


FLIP = Variant(
    name="flip",
    label="UNO Flip",
    front_end="uno_tui.rulesets.flip.frontend",
    deck=tuple(
        colored_rows(LIGHT_COLORS, _NUMBERS,
                     {Kind.DRAW_ONE: 2, Kind.REVERSE: 2, Kind.SKIP: 2, Kind.FLIP: 2})
        + [(Face(None, Kind.WILD), 4), (Face(None, Kind.WILD_DRAW_TWO), 4)]
    ),
    dark_deck=tuple(
        colored_rows(DARK_COLORS, _NUMBERS,
                     {Kind.DRAW_FIVE: 2, Kind.REVERSE: 2, Kind.SKIP_EVERYONE: 2, Kind.FLIP: 2})
        + [(Face(None, Kind.WILD), 4), (Face(None, Kind.WILD_DRAW_COLOR), 4)]
    ),
    dark_colors=DARK_COLORS,
    points={Kind.DRAW_ONE: 10, Kind.DRAW_FIVE: 20, Kind.REVERSE: 20, Kind.SKIP: 20,
            Kind.FLIP: 20, Kind.SKIP_EVERYONE: 30, Kind.WILD: 40, Kind.WILD_DRAW_TWO: 50,
            Kind.WILD_DRAW_COLOR: 60},
    # Only light faces are ever turned first: a round always starts on the light side,
    # so a first Flip goes back like a first Wild Draw Two (seed 001: "the game always
    # starts on the light side").
    first_card={
        Kind.NUMBER: FirstCard.PLAY,
        Kind.SKIP: FirstCard.SKIP,
        Kind.REVERSE: FirstCard.DEALER_REVERSED,
        Kind.DRAW_ONE: FirstCard.DRAW_AND_SKIP,
        Kind.WILD: FirstCard.CHOOSE_COLOR,
        Kind.WILD_DRAW_TWO: FirstCard.RETURN,
        Kind.FLIP: FirstCard.RETURN,
    },
    # Seed 001: a guilty Wild Draw Two player draws 2 *instead* of the challenger.
    challenges={
        Kind.WILD_DRAW_TWO: ChallengePenalty(guilty_draw=2, innocent_draw=4),
        Kind.WILD_DRAW_COLOR: ChallengePenalty(guilty_draw="until", innocent_draw="until",
                                               innocent_extra=2),
    },
    unsupported_rules={
        "7-0": N_("UNO Flip has no 0 cards, so there is nothing to pass the hands on with"),
    },
    effects={**classic.EFFECTS, Kind.DRAW_ONE: classic.effect_draw,
             Kind.DRAW_FIVE: classic.effect_draw, Kind.WILD_DRAW_TWO: classic.effect_draw,
             Kind.WILD_DRAW_COLOR: classic.effect_draw,
             Kind.SKIP_EVERYONE: effect_skip_everyone, Kind.FLIP: effect_flip},
    draw_amounts={Kind.DRAW_ONE: 1, Kind.DRAW_FIVE: 5, Kind.WILD_DRAW_TWO: 2,
                  Kind.WILD_DRAW_COLOR: "until"},
    restricted_wilds=frozenset({Kind.WILD_DRAW_TWO, Kind.WILD_DRAW_COLOR}),
    stackable=frozenset({Kind.DRAW_ONE, Kind.DRAW_FIVE, Kind.WILD_DRAW_TWO}),
    color_driven=frozenset({Kind.WILD_DRAW_COLOR}),
    outlook=FLIP_OUTLOOK,
)
