"""Kept for imports from before the move: the rule set is :mod:`uno_tui.rulesets.classic.rules`."""

from ..rulesets.classic.rules import *  # noqa: F401,F403
from ..rulesets.classic.rules import __all__  # noqa: F401
