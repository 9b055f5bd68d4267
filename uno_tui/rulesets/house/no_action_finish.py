"""House rule ``no-action-finish``: a player may not go out on an action card or a wild.

Source: "you can't finish on a power card", a house rule of many families and of UNO
editions such as UNO Attack! tournaments and the "no action card last" rule of card-game
apps (Uno Online, letsuno); asked for as a check on going out with a Wild Draw Four.

Decisions:

- Going out means playing one's last card (by any play: a turn, a stack, a jump-in). With
  one card left, only a number card may be played; a player holding a single action card
  or wild must draw instead.
- Getting rid of the last card another way (e.g. Snorlax's shedding) is not playing it:
  the player goes out.
"""

from __future__ import annotations

from ...engine.actions import JumpIn, Play
from ...engine.cards import Face, Kind
from ...engine.ruleset import HouseRule
from ...engine.words import card_name
from ...i18n import Phrase

__all__ = ["RULE"]


def may_finish(face: Face) -> bool:
    """Only a number card may be the last one played."""
    return face.kind == Kind.NUMBER


def explain(game, action) -> str | None:
    if type(action) not in (Play, JumpIn):
        return None
    hand = game.hands[action.seat]
    if len(hand) == 1 and action.card in hand and not may_finish(game.faces[action.card]):
        return Phrase("{card} can't be the last card: going out takes a number card "
                      "(no-action-finish)", card=card_name(game.faces[action.card]))
    return None


RULE = HouseRule(
    name="no-action-finish",
    help="a player may not go out on an action card or a wild: the last card must be a number",
    label="No action finish: go out on a number only",
    may_finish=may_finish,
    explain=explain,
)
