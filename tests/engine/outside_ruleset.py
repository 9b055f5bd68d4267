"""A rule set from outside the engine, in one file: classic UNO plus "Wild Swap Hands".

Nothing inside ``uno_tui/`` knows about it: it declares its card kind, its action,
its decision kind, its state, its view extras, explanations and invariants, and is
registered by name while a test needs it (:func:`registered`). The tests in ``test_outside_ruleset.py`` play it.
The same thing as an installable package, front end and entry point included, is
``tests/example_package/`` (UNO Attack!), which ``tests/app/test_example_package.py``
installs with pip and plays.

Wild Swap Hands (4 in the deck, 50 points): a wild card. Once its colour is named, its
player picks another player and they swap hands; then play goes on. Played as a last
card it swaps nothing (its player has gone out). The table counts the swaps made this
round, and everyone sees the count.
"""

from __future__ import annotations

import random
from contextlib import contextmanager

from uno_tui.engine import (
    Action, DecisionRule, Face, FirstCard, StateField, Variant, define_kind, register_action,
    register_variant, unregister_variant,
)
from uno_tui.rulesets.classic import rules as classic
from uno_tui.engine.actions import interned

WILD_SWAP_HANDS = "wild_swap_hands"
PICK_SWAP = "pick_swap"
SWAPPED = "hands_swapped"

define_kind(WILD_SWAP_HANDS, "Wild Swap Hands", "WSH", wild=True)


@register_action
class SwapWith(Action):
    """Wild Swap Hands: swap hands with ``target``."""

    __slots__ = ("target",)

    def __init__(self, seat: int, target: int) -> None:
        super().__init__(seat)
        object.__setattr__(self, "target", target)


def effect_swap_hands(game, seat, card, face, ctx) -> None:
    if game.finish_if_gone_out():
        return
    game.decide(PICK_SWAP, seat)


def legal_swap(game, seat) -> list[Action]:
    return [interned(SwapWith, seat, t) for t in range(game.players) if t != seat]


def on_swap_with(game, action: SwapWith) -> None:
    seat, target = action.seat, action.target
    game.hands[seat], game.hands[target] = game.hands[target], game.hands[seat]
    game.swaps += 1
    game.emit(SWAPPED, seat, target=target, count=game.swaps)
    game.reset_hands_after_exchange()
    game.advance(seat)


def explain(game, action) -> str | None:
    if type(action) is SwapWith:
        if game.decision.kind != PICK_SWAP:
            return "hands are swapped only after a Wild Swap Hands"
        if action.target == action.seat:
            return "pick another player to swap hands with"
    return None


def invariants(game, views) -> list[str]:
    problems = []
    if game.swaps < 0:
        problems.append(f"{game.swaps} swaps were made")
    if any(view.extras != {"swaps": game.swaps} for view in views):
        problems.append("a view shows the wrong swap count")
    return problems


def load_swaps(data, game) -> int:
    if type(data) is not int or data < 0:
        raise ValueError(f"the swap count must be a whole number >= 0, not {data!r}")
    return data


def sample(view, rng: random.Random, ctx: dict) -> dict:
    return {"swaps": view.extras["swaps"]}


SWAP = Variant(
    name="swap",
    label="Swap UNO",
    deck=classic.DECK + ((Face(None, WILD_SWAP_HANDS), 4),),
    points={**classic.POINTS, WILD_SWAP_HANDS: 50},
    first_card={**classic.FIRST_CARD, WILD_SWAP_HANDS: FirstCard.RETURN},
    challenges=classic.CHALLENGES,
    effects={**classic.EFFECTS, WILD_SWAP_HANDS: effect_swap_hands},
    draw_amounts=classic.DRAW_AMOUNTS,
    restricted_wilds=classic.RESTRICTED_WILDS,
    stackable=classic.STACKABLE,
    handlers={SwapWith: on_swap_with},
    decisions={PICK_SWAP: DecisionRule(legal_swap, "pick whom to swap hands with")},
    view_extras=lambda game, seat: {"swaps": game.swaps},
    explain=explain,
    invariants=invariants,
    state=(StateField("swaps", int, save=int, load=load_swaps),),
    sample=sample,
)


@contextmanager
def registered():
    """The rule set is known by name (to Game, Match, sim, the CLI, the app) while inside."""
    register_variant(SWAP)
    try:
        yield SWAP
    finally:
        unregister_variant(SWAP.name)
