"""House rule ``draw-and-pass``: a drawn card may not be played that turn.

Source: the official rules' older wording and the "draw, then your turn is over" rule
many families play (UNO's Nintendo and mobile editions offer it as "Draw and pass");
RULES.md §1 lets a playable drawn card be played at once, which this turns off.

Decisions: drawing always ends the turn, whatever was drawn; it can't be combined with
``forced-play``, which makes a playable drawn card be played.
"""

from __future__ import annotations

from ...engine.ruleset import HouseRule
from ...i18n import N_

__all__ = ["RULE"]

RULE = HouseRule(
    name="draw-and-pass",
    help="drawing ends the turn: a drawn card may not be played that turn",
    label="Draw and pass: a drawn card waits a turn",
    conflicts={"forced-play": N_("forced play makes a playable drawn card be played, draw "
                                 "and pass forbids playing it")},
    play_drawn=False,
)
