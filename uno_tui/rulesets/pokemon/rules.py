"""Pokémon UNO: classic UNO plus Snorlax and Greninja.

Seed 002 gives two wilds of each: Snorlax makes the next player draw 3 and discard
every card of the colour named; Greninja makes the next player draw until the colour
named shows, and then its player names the colour again.

Where the seed is silent, this engine decides:

- Snorlax's shed cards go under the Snorlax, so it stays on top with its colour.
- A victim left with no card after shedding has gone out and wins (unless the
  Snorlax was its player's last card: that player went out first).
- A victim left with one card must call UNO and can be caught until the next player
  acts, like anyone who gets down to one card (seed 002). The Snorlax's own player had
  its moment to call while naming the colour; the window now belongs to the victim.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..classic import rules as classic
from ...engine.actions import DecisionKind, EventKind
from ...engine.cards import Face, Kind
from ...engine.ruleset import FirstCard, Variant

if TYPE_CHECKING:
    from ...engine.table import Table as Game

__all__ = ["POKEMON", "SNORLAX_DRAW", "POKEMON_OUTLOOK", "effect_snorlax", "effect_greninja"]

#: Cards the Snorlax's victim draws before shedding the named colour.
SNORLAX_DRAW = 3


def effect_snorlax(game: "Game", seat: int, card: int, face: Face, ctx: dict) -> None:
    """The next player draws 3, then discards every card of the named colour."""
    victim = game.next_seat(seat)
    game.penalize(victim, SNORLAX_DRAW)
    hand = game.hands[victim]
    shed = [c for c in hand if game.faces[c].color == game.color]
    if shed:
        game.hands[victim] = [c for c in hand if c not in shed]
        # Under the Snorlax, so the top card and the named colour stay in force.
        game.discard[-1:-1] = shed
        game.emit(EventKind.DISCARD_COLOR, victim, tuple(shed), color=game.color)
        # Like anyone who gets down to one card, the victim must call UNO (or be caught).
        game.hand_shrank(victim, len(shed))
    game.skip_after(victim)


def effect_greninja(game: "Game", seat: int, card: int, face: Face, ctx: dict) -> None:
    """The next player draws until the named colour; then the colour is named again."""
    victim = game.next_seat(seat)
    game.penalize(victim, "until")
    if game.finish_if_gone_out():
        return
    game.emit(EventKind.SKIP, victim)
    game.decide(DecisionKind.COLOR, seat, then="advance", **{"from": victim})


#: The searching bots' win-chance model for this rule set (see Variant.outlook).
# Fitted to 40,136 heads-up positions and 58,590 four-player ones (3,000 rounds each).
POKEMON_OUTLOOK = {2: (-0.244, 0.810, 0.198, -0.137),
                   4: (-0.355, 0.757, 0.128, -0.150, -0.130, -0.129)}


POKEMON = Variant(
    name="pokemon",
    label="Pokémon UNO",
    front_end="uno_tui.rulesets.pokemon.frontend",
    deck=classic.DECK + ((Face(None, Kind.SNORLAX), 2), (Face(None, Kind.GRENINJA), 2)),
    points={**classic.POINTS, Kind.SNORLAX: 50, Kind.GRENINJA: 50},
    first_card={**classic.FIRST_CARD, Kind.SNORLAX: FirstCard.CHOOSE_COLOR,
                Kind.GRENINJA: FirstCard.CHOOSE_COLOR},
    challenges=classic.CHALLENGES,
    effects={**classic.EFFECTS, Kind.SNORLAX: effect_snorlax, Kind.GRENINJA: effect_greninja},
    draw_amounts={**classic.DRAW_AMOUNTS, Kind.SNORLAX: SNORLAX_DRAW, Kind.GRENINJA: "until"},
    restricted_wilds=classic.RESTRICTED_WILDS,
    stackable=classic.STACKABLE,
    # Their draw effects need the named colour, so it is named even on a last card.
    color_driven=frozenset({Kind.SNORLAX, Kind.GRENINJA}),
    color_words={
        Kind.SNORLAX: f"Snorlax: {{next}} draws {SNORLAX_DRAW}, then discards every card of "
                      "the colour you name, and is skipped.",
        Kind.GRENINJA: "Greninja: {next} draws until a card of the colour you name shows, "
                       "and is skipped; then you name the colour in play.",
    },
    outlook=POKEMON_OUTLOOK,
)
