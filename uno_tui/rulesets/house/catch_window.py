"""House rule ``catch-window``: a forgotten UNO can be caught until the next card is played.

Source: RULES.md §1 notes that the seeds differ on the window's end (004: until the next
player plays or draws; 002: until they play); players ask for the longer window of 002
("until the next card hits the pile"), and for a window of N seconds at online tables.

Decisions: with this rule the window stays open through draws, kept cards, colour
choices and answers to draw cards, and closes when the next card is played (by anyone);
calling UNO late is still safe until then.

``catch-window:N`` (N from 1 to 60): the same window, open for N seconds at most. The
engine has no clock: it says when the window opened and for how long
(``Game.uno_window_clock``); the table's driver (the hot-seat table screen, a server
table: ``app/window_clock.py``) keeps the time and calls ``Game.close_uno_window(opened)``
when it runs out; a save keeps the window as it was when saved.
"""

from __future__ import annotations

from dataclasses import replace

from ...engine.ruleset import HouseRule
from ...i18n import N_

__all__ = ["RULE", "MOST_SECONDS"]

#: The longest window in seconds ``catch-window:N`` takes.
MOST_SECONDS = 60


def _for_seconds(rule: HouseRule, seconds: int) -> HouseRule:
    """``catch-window:N``: the window closes after ``seconds`` at most."""
    return replace(rule, name=f"{rule.name}:{seconds}", window_seconds=seconds,
                   help=f"{rule.help}, for {seconds} seconds at most",
                   label=f"Catch window: {seconds} seconds at most")

RULE = HouseRule(
    name="catch-window",
    help="a player who forgot UNO can be caught until the next card is played (draws don't "
         "close the window)",
    label="Catch window: until the next card is played",
    window_until_card=True,
    takes=(1, MOST_SECONDS, N_("seconds")),
    numbered=_for_seconds,
)
