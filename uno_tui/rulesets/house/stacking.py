"""House rule ``stacking``: a draw card answers a draw card of the same kind.

Source: RULES.md §6 (well-known options from digital UNO games). Decisions: only the
rule set's stackable kinds stack (``Variant.stackable``: not a draw-until-colour); the
first player who can't (or won't) add draws the total and loses the turn; a stack of
wild draw cards can't be challenged, only a lone one.
"""

from __future__ import annotations

from ...engine.cards import Face
from ...engine.ruleset import HouseRule, Variant
from ...i18n import N_

__all__ = ["RULE"]


def stacks(variant: Variant, top: Face, face: Face) -> bool:
    """A card of the draw card's own kind answers it."""
    return top.kind in variant.stackable and face.kind == top.kind


def _applies(variant: Variant) -> str | None:
    return None if variant.stackable else N_("it has no draw cards that stack")


RULE = HouseRule(
    name="stacking",
    help="a Draw Two may answer a Draw Two and a Wild Draw Four a Wild Draw Four; "
         "the first player who can't add draws the total",
    label="Stacking: +2 on +2, +4 on +4",
    applies=_applies,
    stacks=stacks,
)
