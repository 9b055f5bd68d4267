"""House rule ``no-bluffing``: wild draw cards may only be played legally, unchallenged.

Source: RULES.md §6.
"""

from __future__ import annotations

from ...engine.ruleset import HouseRule, Variant
from ...i18n import N_

__all__ = ["RULE"]


def _applies(variant: Variant) -> str | None:
    return None if variant.restricted_wilds else N_("it has no wild draw cards to bluff with")


RULE = HouseRule(
    name="no-bluffing",
    help="wild draw cards may only be played legally and can't be challenged",
    label="No bluffing: wild draw cards only when legal",
    applies=_applies,
    strict_wilds=True,
)
