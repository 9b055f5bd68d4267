"""House rule ``forced-play``: a playable drawn card must be played.

Source: RULES.md §6.
"""

from __future__ import annotations

from ...engine.ruleset import HouseRule

__all__ = ["RULE"]

RULE = HouseRule(
    name="forced-play",
    help="a playable drawn card must be played",
    label="Forced play: a playable drawn card is played",
    keep_drawn=False,
)
