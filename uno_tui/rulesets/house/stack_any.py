"""House rule ``stack-any``: any draw card answers any draw card (+2 on +4, +4 on +2).

Source: the "stack anything" option players of UNO's digital editions ask for (UNO!
Mobile's "Stacking: +2 and +4 together", Mattel's house-rule lists: "Stacking draw
cards of either kind"); RULES.md §6's stacking widened.

Decisions: every stackable kind of the rule set (``Variant.stackable``) answers every
other one, whatever its colour; the total grows as in ``stacking`` and the first
player who can't add draws it. With ``stacking`` also chosen it changes nothing more.
A Wild Draw Four laid on a Draw Two is a stack, so it can't be challenged.
"""

from __future__ import annotations

from ...engine.cards import Face
from ...engine.ruleset import HouseRule, Variant
from ...i18n import N_

__all__ = ["RULE"]


def stacks(variant: Variant, top: Face, face: Face) -> bool:
    """Any stackable card answers any stackable draw card."""
    return top.kind in variant.stackable and face.kind in variant.stackable


def _applies(variant: Variant) -> str | None:
    if len(variant.stackable) < 2:
        return N_("it has fewer than two kinds of draw card that stack")
    return None


RULE = HouseRule(
    name="stack-any",
    help="any draw card answers any draw card (+2 on +4, +4 on +2); the first player "
         "who can't add draws the total",
    label="Stack any draw card: +2 on +4, +4 on +2",
    applies=_applies,
    stacks=stacks,
)
