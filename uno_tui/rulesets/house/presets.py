"""The presets: sets of house rules chosen together (``--rules preset:NAME``).

A preset's rules that do not apply to the rule set in play are left out (Flip has no 7-0).
"""

from __future__ import annotations

from ...engine.ruleset import Preset
from ...i18n import N_

__all__ = ["PRESETS"]

PRESETS = (
    Preset("classic", N_("Classic"), frozenset(), help="the rules as printed, no house rules"),
    Preset("party", N_("Party"), frozenset({"stacking", "7-0", "jump-in"}),
           help="stacking, 7-0 and jump-in: the house rules most tables play"),
    Preset("crazy", N_("Crazy"), frozenset({"stack-any", "deflect", "multi-play", "7-0", "jump-in",
                                        "draw-to-match", "catch-window"}),
           help="every draw card stacks and deflects, sets of numbers, 7-0, jump-in, "
                "draw to match and a long catch window"),
)
