"""House rule ``jump-in``: a card identical to the top card may be played out of turn.

Source: RULES.md §6 (for every rule set; Party's own speed play is numbers only).
Decisions: identical means the same colour and symbol (not wilds); play goes on after
the player who jumped in.
"""

from __future__ import annotations

from ...engine.ruleset import HouseRule

__all__ = ["RULE"]

RULE = HouseRule(
    name="jump-in",
    help="a card identical in colour and symbol to the top card may be played out of turn",
    label="Jump-in: an identical card plays out of turn",
    jump_in="identical",
    front_end="uno_tui.rulesets.house.frontend.jump_in",
)
