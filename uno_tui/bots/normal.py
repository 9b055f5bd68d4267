"""The normal bot: sensible heuristics (see :mod:`uno_tui.bots.heuristics`)."""

from __future__ import annotations

from ..engine import JumpIn
from .base import Bot
from .heuristics import Situation, decide, split_actions, window_action

__all__ = ["NormalBot"]


class NormalBot(Bot):
    """Keeps wilds for when they are needed, sheds points when someone is about to go
    out, names the colour it holds most of, challenges when the odds favour it, calls
    UNO and catches others."""

    description = "keeps wilds back, plays its best colour, never misses an UNO"

    def choose(self, view, actions):
        window, decision = split_actions(actions)
        if window is not None:
            return window
        if len(decision) == 1:
            return decision[0]
        return decide(Situation.from_view(view), decision, self.rng)

    def react(self, view, actions):
        window = window_action(actions)
        if window is not None:
            return window
        # Jumping in sheds a card for free and takes the turn away from others.
        return next((a for a in actions if type(a) is JumpIn), None)
