"""Kept for imports from before the move: the rule set is :mod:`uno_tui.rulesets.party.rules`."""

from ..rulesets.party.rules import *  # noqa: F401,F403
from ..rulesets.party.rules import __all__  # noqa: F401
