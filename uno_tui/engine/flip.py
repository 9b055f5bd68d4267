"""Kept for imports from before the move: the rule set is :mod:`uno_tui.rulesets.flip.rules`."""

from ..rulesets.flip.rules import *  # noqa: F401,F403
from ..rulesets.flip.rules import __all__  # noqa: F401
