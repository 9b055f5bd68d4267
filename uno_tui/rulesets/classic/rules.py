"""Classic UNO: the deck, its scoring, and the card effects every rule set builds on.

The effects here are the shared ones (numbers, Skip, Reverse, draw cards, Wild); the
other rule sets' effect tables start from :data:`EFFECTS`. House rules change them
through their own modules (``uno_tui/rulesets/house/``).
Challenges, colour choice, drawing and the UNO window are the turn machine's
(:mod:`~uno_tui.engine.game`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.actions import DecisionKind, EventKind
from ...engine.cards import LIGHT_COLORS, Face, Kind
from ...engine.ruleset import (
    ChallengePenalty, FirstCard, RandomDraw, Variant, colored_rows, pass_on,
)

if TYPE_CHECKING:
    from ...engine.table import Table as Game

__all__ = ["CLASSIC", "EFFECTS", "DECK", "POINTS", "FIRST_CARD", "CHALLENGES", "DRAW_AMOUNTS",
           "RESTRICTED_WILDS", "STACKABLE", "OUTLOOK", "attack",
           "effect_number", "effect_skip", "effect_reverse", "effect_draw", "effect_wild"]

_RESPOND = DecisionKind.RESPOND


#: A number card: nothing more, the turn passes on (the engine's ``pass_on``, which
#: the turn machine skips calling).
effect_number = pass_on


def effect_skip(game: "Game", seat: int, card: int, face: Face, ctx: dict) -> None:
    """The next player loses their turn."""
    game.advance(seat, skip=1)


def effect_reverse(game: "Game", seat: int, card: int, face: Face, ctx: dict) -> None:
    """The direction of play changes (with two players it works as a Skip)."""
    if game.players == 2:
        game.advance(seat, skip=1)
        return
    game.direction = -game.direction
    game.emit(EventKind.REVERSE, seat)
    game.advance(seat)


def effect_draw(game: "Game", seat: int, card: int, face: Face, ctx: dict) -> None:
    """A draw card (``Variant.draw_amounts``): the next player may answer it (challenge,
    stack), else draws and loses the turn."""
    amount = game.variant.draw_amounts[face.kind]
    if isinstance(amount, RandomDraw):
        amount = amount.roll(game.rng)
        game.emit(EventKind.DRAW_ROLLED, seat, count=amount, target=game.next_seat(seat))
    attack(game, seat, amount, ctx, stacks=face.kind in game.variant.stackable)


def attack(game: "Game", seat: int, amount, ctx: dict, *, stacks: bool = False) -> None:
    """``seat`` makes the next player draw ``amount`` (resolving the card in ``ctx``): the
    next player may answer it (challenge, stack, or a house rule's answer), else draws it
    and loses the turn. ``stacks``: the amount adds to a stack under the stacking rules."""
    victim = game.next_seat(seat)
    if game.goer is not None:
        game.penalize(victim, game.pending_draw or amount)  # a last card still makes them draw
        game.pending_draw = 0
        game.finish(game.goer)
        return
    ctx = dict(ctx, attacker=seat, amount=amount)
    if stacks and game.stacks_draws:
        game.pending_draw += amount
    if game.can_challenge(ctx) or game.answer_cards(victim):
        game.current = victim
        game.decide(_RESPOND, victim, **ctx)
        return
    total = game.pending_draw or amount
    game.pending_draw = 0
    game.penalize(victim, total)
    game.skip_after(victim)


#: A Wild: only the named colour changes; the turn passes on.
effect_wild = pass_on


#: What a played card does, by kind; kinds not listed just pass the turn on.
EFFECTS = {
    Kind.NUMBER: effect_number,
    Kind.SKIP: effect_skip,
    Kind.REVERSE: effect_reverse,
    Kind.DRAW_TWO: effect_draw,
    Kind.WILD_DRAW_FOUR: effect_draw,
    Kind.WILD: effect_wild,
}

DECK = tuple(
    colored_rows(LIGHT_COLORS, {0: 1, **{n: 2 for n in range(1, 10)}},
                 {Kind.SKIP: 2, Kind.REVERSE: 2, Kind.DRAW_TWO: 2})
    + [(Face(None, Kind.WILD), 4), (Face(None, Kind.WILD_DRAW_FOUR), 4)]
)
POINTS = {Kind.SKIP: 20, Kind.REVERSE: 20, Kind.DRAW_TWO: 20,
          Kind.WILD: 50, Kind.WILD_DRAW_FOUR: 50}
FIRST_CARD = {
    Kind.NUMBER: FirstCard.PLAY,
    Kind.SKIP: FirstCard.SKIP,
    Kind.REVERSE: FirstCard.DEALER_REVERSED,
    Kind.DRAW_TWO: FirstCard.DRAW_AND_SKIP,
    Kind.WILD: FirstCard.CHOOSE_COLOR,
    Kind.WILD_DRAW_FOUR: FirstCard.RETURN,
}
CHALLENGES = {
    Kind.WILD_DRAW_FOUR: ChallengePenalty(guilty_draw=4, innocent_draw=6, guilty_returns_card=True),
}
DRAW_AMOUNTS = {Kind.DRAW_TWO: 2, Kind.WILD_DRAW_FOUR: 4}
#: The Wild Draw Four may be bluffed (legal only without the colour in play).
RESTRICTED_WILDS = frozenset({Kind.WILD_DRAW_FOUR})
STACKABLE = frozenset({Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR})

#: The searching bots' win-chance model for this rule set (see Variant.outlook).
# Fitted to 70,681 heads-up positions (5,000 rounds) and 55,116 four-player ones.
OUTLOOK = {2: (-0.234, 0.881, 0.223, -0.075),
           4: (-0.353, 0.753, 0.154, -0.144, -0.130, -0.137)}


CLASSIC = Variant(
    name="classic",
    label="Classic UNO",
    front_end="uno_tui.rulesets.classic.frontend",
    deck=DECK,
    points=POINTS,
    first_card=FIRST_CARD,
    challenges=CHALLENGES,
    effects=EFFECTS,
    draw_amounts=DRAW_AMOUNTS,
    restricted_wilds=RESTRICTED_WILDS,
    stackable=STACKABLE,
    outlook=OUTLOOK,
)
