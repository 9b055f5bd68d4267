"""The rule sets the engine knows, by name: kept for imports from before the registry.

The registry is :mod:`uno_tui.engine.registry`; the built-in rule sets live in
``uno_tui/rulesets/``. This module re-exports both for code written against it.
"""

from __future__ import annotations

from ..rulesets.classic.rules import CLASSIC
from ..rulesets.flip.rules import FLIP
from ..rulesets.party.rules import PARTY, PARTY_SET_ASIDE
from ..rulesets.pokemon.rules import POKEMON
from .cards import DARK_COLORS
from .registry import (
    HOUSE_RULES, VARIANTS, get_variant, register_variant, unregister_variant,
)
from .ruleset import ChallengePenalty, DecisionRule, FirstCard, StateField, Variant

__all__ = [
    "HOUSE_RULES", "FirstCard", "ChallengePenalty", "DecisionRule", "StateField", "Variant",
    "VARIANTS", "get_variant", "register_variant", "unregister_variant", "DRAW_EFFECTS", "RESTRICTED_WILDS",
    "STACKABLE", "CLASSIC", "POKEMON", "FLIP", "PARTY", "PARTY_SET_ASIDE", "DARK_COLORS",
]

_BUILT_INS = (CLASSIC, POKEMON, FLIP, PARTY)
#: Cards of the built-in rule sets that make the next player draw, and how many
#: (``"until"``: until the named colour). Each rule set's own table is
#: ``Variant.draw_amounts``.
DRAW_EFFECTS = {kind: amount for v in _BUILT_INS for kind, amount in v.draw_amounts.items()}
#: Wild draw cards of the built-in rule sets that may be bluffed (``Variant.restricted_wilds``).
RESTRICTED_WILDS = frozenset().union(*(v.restricted_wilds for v in _BUILT_INS))
#: Draw cards of the built-in rule sets that stack (``Variant.stackable``).
STACKABLE = frozenset().union(*(v.stackable for v in _BUILT_INS))
