"""Jump-in's front end: the words of its out-of-turn play (the table's ``j`` key: who
jumps in, with which card) and its log lines. The headline is the turn machine's
(``JumpIn`` and its event serve Party's speed play too), so it stays shared."""

from __future__ import annotations

from ....app.frontends import FrontEnd
from ....i18n import N_

__all__ = ["FRONT_END", "JUMP_IN"]

#: The key's own words for this out-of-turn play.
JUMP_IN = "Jump in"

FRONT_END = FrontEnd(out_of_turn={JUMP_IN: {
    "who": N_("Jump in on {card}: who are you?"),
    "which": N_("{name}: jump in on {card}"),
    "none": N_("{name}: no jump in"),
    "claims": N_("{name} claims a jump in on {card}."),
    "played": N_("{name} jumps in with {cards}!"),
}})
