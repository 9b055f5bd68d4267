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
table: ``app/window_clock.py``) keeps the time and, when it runs out, applies the action
``CloseUnoWindow`` (``Game.uno_window_closer(opened)``), which only the table takes. Being
an action, it is journalled as every move is: a resumed save, a replay and a render
worker's mirror have the window closed from that point on, as the table did. A window
still open when the match is saved (or resumed) gets its full N seconds again on resume.
"""

from __future__ import annotations

from dataclasses import replace

from ...engine.actions import CloseUnoWindow, EventKind
from ...engine.ruleset import HouseRule
from ...i18n import N_, Phrase

__all__ = ["RULE", "MOST_SECONDS"]

#: The longest window in seconds ``catch-window:N`` takes.
MOST_SECONDS = 60


def _for_seconds(rule: HouseRule, seconds: int) -> HouseRule:
    """``catch-window:N``: the window closes after ``seconds`` at most."""
    return replace(rule, name=f"{rule.name}:{seconds}", window_seconds=seconds,
                   help=Phrase("{rule}, for {seconds} seconds at most",
                               rule=Phrase(rule.help), seconds=seconds),
                   label=f"Catch window: {seconds} seconds at most")

def _may_close(game, action: CloseUnoWindow) -> bool:
    """The table may close ``action.seat``'s window only while a clock times it."""
    return game.window_seconds is not None and game.uno_window == action.seat


def _close(game, action: CloseUnoWindow) -> None:
    """The clock ran out: the missed UNO can no longer be caught nor called late."""
    game.uno_window = None
    game.emit(EventKind.UNO_WINDOW_CLOSED, action.seat)


def _explain(game, action) -> str | None:
    """Why the table can't close a window now (``None``: not this rule's action)."""
    if type(action) is not CloseUnoWindow:
        return None
    if game.window_seconds is None:
        return Phrase("no clock closes a missed UNO's window in this game "
                      "(that is catch-window:N)")
    return Phrase("seat {seat} has no missed UNO's window open for the clock to close",
                  seat=action.seat)


RULE = HouseRule(
    name="catch-window",
    help="a player who forgot UNO can be caught until the next card is played (draws don't "
         "close the window)",
    label="Catch window: until the next card is played",
    window_until_card=True,
    takes=(1, MOST_SECONDS, N_("seconds")),
    numbered=_for_seconds,
    handlers={CloseUnoWindow: _close},
    table_actions={CloseUnoWindow: _may_close},
    explain=_explain,
    front_end="uno_tui.rulesets.house.frontend.catch_window",
)
