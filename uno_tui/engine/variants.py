"""The rule sets the engine knows, by name, and how to add one.

Each rule set is a :class:`~uno_tui.engine.ruleset.Variant` declared in a module of its
own (:mod:`~uno_tui.engine.classic`, :mod:`~uno_tui.engine.pokemon`,
:mod:`~uno_tui.engine.flip`, :mod:`~uno_tui.engine.party`). :func:`register_variant`
adds one from outside the engine; :func:`get_variant` finds one by name.
"""

from __future__ import annotations

from .cards import DARK_COLORS
from .classic import CLASSIC
from .errors import ConfigError
from .flip import FLIP
from .party import PARTY, PARTY_SET_ASIDE
from .pokemon import POKEMON
from .ruleset import HOUSE_RULES, ChallengePenalty, DecisionRule, FirstCard, StateField, Variant

__all__ = [
    "HOUSE_RULES", "FirstCard", "ChallengePenalty", "DecisionRule", "StateField", "Variant",
    "VARIANTS", "get_variant", "register_variant", "unregister_variant", "DRAW_EFFECTS", "RESTRICTED_WILDS",
    "STACKABLE", "CLASSIC", "POKEMON", "FLIP", "PARTY", "PARTY_SET_ASIDE", "DARK_COLORS",
]

#: Every variant the engine knows, by name (:func:`register_variant` adds more).
VARIANTS: dict[str, Variant] = {v.name: v for v in (CLASSIC, POKEMON, FLIP, PARTY)}
_BUILT_IN = frozenset(VARIANTS)

#: Cards of the built-in rule sets that make the next player draw, and how many
#: (``"until"``: until the named colour). Each rule set's own table is
#: ``Variant.draw_amounts``.
DRAW_EFFECTS = {kind: amount for v in VARIANTS.values() for kind, amount in v.draw_amounts.items()}
#: Wild draw cards of the built-in rule sets that may be bluffed (``Variant.restricted_wilds``).
RESTRICTED_WILDS = frozenset().union(*(v.restricted_wilds for v in VARIANTS.values()))
#: Draw cards of the built-in rule sets that stack (``Variant.stackable``).
STACKABLE = frozenset().union(*(v.stackable for v in VARIANTS.values()))


def register_variant(variant: Variant) -> Variant:
    """Make ``variant`` known by its name (to ``Game``, ``Match``, the CLI and the app).

    Registering the same variant again is harmless; another variant under a name
    already taken is a :class:`ConfigError`.
    """
    if not isinstance(variant, Variant):
        raise ConfigError(f"{variant!r} is not a Variant")
    known = VARIANTS.setdefault(variant.name, variant)
    if known is not variant:
        raise ConfigError(f"a variant called {variant.name!r} is already registered")
    return variant


def unregister_variant(name: str) -> None:
    """Forget the variant called ``name`` (a rule set registered for a while, e.g. a test's).

    The built-in rule sets can't be forgotten.
    """
    if name in _BUILT_IN:
        raise ConfigError(f"the built-in variant {name!r} can't be unregistered")
    VARIANTS.pop(name, None)


def get_variant(name: str) -> Variant:
    """The variant called ``name``; :class:`ConfigError` naming the known ones otherwise."""
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        raise ConfigError(f"unknown variant {name!r} (known: {', '.join(VARIANTS)})") from None
