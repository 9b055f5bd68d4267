"""The house rules, one module each, and the presets.

Each module declares one :class:`~uno_tui.engine.ruleset.HouseRule` as ``RULE``: its
help line, its setup entry, its conflicts, its hooks, and at the top its source and the
decisions it takes where the sources are silent. A rule with words of its own (log lines,
headlines, prompts) names its front end, ``frontend/<rule>.py``, in ``RULE.front_end``.
"""

from __future__ import annotations

from . import (
    catch_window, deflect, draw_and_pass, draw_to_match, forced_play, jump_in, multi_play,
    no_action_finish, no_bluffing, seven_o, stack_any, stacking,
)
from .presets import PRESETS

__all__ = ["HOUSE_RULES", "PRESETS"]

#: In the order the help page and the setup screen list them.
HOUSE_RULES = tuple(module.RULE for module in (
    stacking, seven_o, jump_in, forced_play, draw_to_match, no_bluffing,
    stack_any, multi_play, no_action_finish, deflect, draw_and_pass, catch_window))
