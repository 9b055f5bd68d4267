"""A house rule from outside uno_tui, as an outside package would write it, front end
included: ``five-swap`` (a 5 swaps hands with a player of its player's choice).

Its engine part is the :data:`RULE`; its front end is :mod:`.outside_house_rule_front`,
named by ``RULE.front_end``: its own log line, headline, prompt and out-of-turn words,
found by the app through the same registry as the built-ins' (``app.frontends``)."""

from __future__ import annotations

from contextlib import contextmanager

from uno_tui.engine import (
    DecisionRule, HouseRule, Kind, SwapHands, interned, register_house_rule,
    unregister_house_rule,
)

__all__ = ["RULE", "PICK", "SWAPPED", "registered"]

#: Its decision kind and its event kind.
PICK = "five_swap_pick"
SWAPPED = "five_swapped"


def _fives(base):
    def effect(game, seat, card, face, ctx):
        if face.number == 5 and game.goer is None:
            game.decide(PICK, seat)
            return
        base(game, seat, card, face, ctx)
    return effect


def _legal(game, seat):
    return [interned(SwapHands, seat, t) for t in range(game.players) if t != seat]


def _on_swap(game, action):
    seat, target = action.seat, action.target
    game.hands[seat], game.hands[target] = game.hands[target], game.hands[seat]
    game.emit(SWAPPED, seat, target=target)
    game.reset_hands_after_exchange()
    game.advance(seat)


RULE = HouseRule(
    name="five-swap",
    help="a 5 swaps hands with a player of its player's choice",
    label="Five swap: a 5 swaps hands",
    conflicts={"7-0": "both swap hands with SwapHands"},
    effects={Kind.NUMBER: _fives},
    handlers={SwapHands: _on_swap},
    decisions={PICK: DecisionRule(_legal, "pick whom to give the hand to")},
    front_end="tests.rulesets.outside_house_rule_front",
)


@contextmanager
def registered():
    """The house rule is known by name while inside."""
    register_house_rule(RULE)
    try:
        yield RULE
    finally:
        unregister_house_rule(RULE.name)
