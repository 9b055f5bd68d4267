"""Kept for imports from before the move: the rule set is :mod:`uno_tui.rulesets.pokemon.rules`."""

from ..rulesets.pokemon.rules import *  # noqa: F401,F403
from ..rulesets.pokemon.rules import __all__  # noqa: F401
