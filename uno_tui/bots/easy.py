"""The easy bot: plays any card that fits, and sometimes forgets to call UNO."""

from __future__ import annotations

from ..engine import Accept, CallUno, Catch, ChooseColor, Draw, JumpIn, Keep, Play, WINDOW_ACTIONS
from .base import Bot

__all__ = ["EasyBot"]


class EasyBot(Bot):
    """A beginner: any legal card, a colour it happens to hold, never a challenge.

    It calls UNO only :attr:`CALL_ODDS` of the time and notices a catch only
    :attr:`CATCH_ODDS` of the time; each moment is judged once, so asking again
    does not change its mind.
    """

    description = "plays any card that fits and may forget to call UNO"
    CALL_ODDS = 0.7
    CATCH_ODDS = 0.5
    JUMP_ODDS = 0.5

    def __init__(self, seat, rng=None) -> None:
        super().__init__(seat, rng)
        self._moment: tuple | None = None
        self._minded: dict = {}

    def _willing(self, view, action, odds: float) -> bool:
        moment = (view.discard_count, view.draw_count, tuple(s.card_count for s in view.seats),
                  view.decision_kind, view.decision_seat) if view is not None else None
        if moment != self._moment:
            self._moment, self._minded = moment, {}
        if action not in self._minded:
            self._minded[action] = self.rng.random() < odds
        return self._minded[action]

    def _window(self, view, actions):
        for action in actions:
            cls = type(action)
            if cls is CallUno and self._willing(view, action, self.CALL_ODDS):
                return action
            if cls is Catch and self._willing(view, action, self.CATCH_ODDS):
                return action
            if cls is JumpIn and self._willing(view, action, self.JUMP_ODDS):
                return action
        return None

    def choose(self, view, actions):
        window = self._window(view, actions)
        if window is not None:
            return window
        decision = [a for a in actions if not isinstance(a, WINDOW_ACTIONS)] or list(actions)
        plays = [a for a in decision if type(a) is Play]
        if plays:
            return self.rng.choice(plays)
        colors = [a for a in decision if type(a) is ChooseColor]
        if colors:
            held = {card.face.color for card in view.hand} if view is not None else set()
            return self.rng.choice([a for a in colors if a.color in held] or colors)
        # Draw, keep, or take the penalty: an easy player never challenges.
        quiet = [a for a in decision if type(a) in (Draw, Keep, Accept)]
        return self.rng.choice(quiet or decision)

    def react(self, view, actions):
        return self._window(view, actions)
