"""House rule ``catch-window``: a forgotten UNO can be caught until the next card is played.

Source: RULES.md §1 notes that the seeds differ on the window's end (004: until the next
player plays or draws; 002: until they play); players ask for the longer window of 002
("until the next card hits the pile"), and for a window of N seconds at online tables.

Decisions: with this rule the window stays open through draws, kept cards, colour
choices and answers to draw cards, and closes when the next card is played (by anyone);
calling UNO late is still safe until then. A window of N seconds needs a clock, which the
engine does not have: it is left to the table (the app or the server) to close the window
by time, and not offered yet.
"""

from __future__ import annotations

from ...engine.ruleset import HouseRule

__all__ = ["RULE"]

RULE = HouseRule(
    name="catch-window",
    help="a player who forgot UNO can be caught until the next card is played (draws don't "
         "close the window)",
    label="Catch window: until the next card is played",
    window_until_card=True,
)
