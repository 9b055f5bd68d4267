"""The bot interface and the uniform-random bot."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Sequence

from ..engine import Action, ConfigError, GameView

__all__ = ["Bot", "RandomBot", "make_bot", "BOT_LEVELS"]


class Bot(ABC):
    """A computer player for one seat.

    The game runner calls :meth:`choose` when the game waits on this seat, and
    :meth:`react` when the seat has window actions (call UNO, catch, jump in)
    while someone else decides. Both receive only the seat's view and its
    legal actions.
    """

    #: Whether the runner must build a view for this bot (a random bot needs none).
    wants_view = True

    def __init__(self, seat: int, rng: random.Random | None = None) -> None:
        self.seat = seat
        self.rng = rng or random.Random()

    @abstractmethod
    def choose(self, view: GameView | None, actions: Sequence[Action]) -> Action:
        """Pick one of ``actions`` (never empty) for the decision the game waits on."""

    def react(self, view: GameView | None, actions: Sequence[Action]) -> Action | None:
        """Maybe take one of the window ``actions`` now; ``None`` to let the moment pass."""
        return None


class RandomBot(Bot):
    """Picks uniformly at random among its legal actions, windows included."""

    wants_view = False

    def choose(self, view, actions):
        return self.rng.choice(actions)

    def react(self, view, actions):
        # Acting and waiting are equally likely choices, so catches, late calls and
        # jump-ins all happen regularly in random play.
        pick = self.rng.randrange(len(actions) + 1)
        return actions[pick] if pick < len(actions) else None


#: Bot levels by name. Later levels register here.
BOT_LEVELS: dict[str, type[Bot]] = {"random": RandomBot}


def make_bot(level: str, seat: int, rng: random.Random | None = None) -> Bot:
    """A bot of the named level for ``seat``; :class:`ConfigError` for an unknown level."""
    try:
        cls = BOT_LEVELS[level]
    except KeyError:
        raise ConfigError(f"unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})") from None
    return cls(seat, rng)
