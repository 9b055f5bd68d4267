"""The bot interface and the uniform-random bot."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Callable, Sequence

from ..engine import Action, ConfigError, Event, GameView

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
    #: Whether the bot takes a thinking-time budget (``think_ms``) when made.
    thinks = False
    #: What playing against this level feels like, in one line (``--help``, setup screen).
    description = ""
    #: Whether the bot follows the round through :meth:`observe` (the runner builds a
    #: view per action only for bots that do).
    observes = False

    def __init__(self, seat: int, rng: random.Random | None = None) -> None:
        self.seat = seat
        self.rng = rng or random.Random()

    @abstractmethod
    def choose(self, view: GameView | None, actions: Sequence[Action]) -> Action:
        """Pick one of ``actions`` (never empty) for the decision the game waits on."""

    def react(self, view: GameView | None, actions: Sequence[Action]) -> Action | None:
        """Maybe take one of the window ``actions`` now; ``None`` to let the moment pass."""
        return None

    def observe(self, action: Action | None, events: Sequence[Event], view: GameView) -> None:
        """Take in what the table just saw: the applied ``action`` (``None`` for a round's
        opening), its ``events`` as this seat may see them and the seat's ``view`` after.

        The runner calls it after every action, for bots with :attr:`observes` set; the
        default ignores it.
        """


class RandomBot(Bot):
    """Picks uniformly at random among its legal actions, windows included."""

    description = "any legal move at random (for testing)"
    wants_view = False

    def choose(self, view, actions):
        return self.rng.choice(actions)

    def react(self, view, actions):
        # Acting and waiting are equally likely choices, so catches, late calls and
        # jump-ins all happen regularly in random play.
        pick = self.rng.randrange(len(actions) + 1)
        return actions[pick] if pick < len(actions) else None


#: Bot levels by name, weakest first; ``uno_tui.bots`` registers the others.
BOT_LEVELS: dict[str, type[Bot]] = {"random": RandomBot}


def make_bot(level: str, seat: int, rng: random.Random | None = None, *,
             think_ms: int | None = None, clock: Callable[[], float] | None = None) -> Bot:
    """A bot of the named level for ``seat``; :class:`ConfigError` for an unknown level.

    ``think_ms`` sets the time budget per decision of a searching bot (``None``: its
    default) and ``clock`` the clock it is kept on (``None``: wall time); other bots
    ignore both.
    """
    try:
        cls = BOT_LEVELS[level]
    except KeyError:
        raise ConfigError(f"unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})") from None
    if not cls.thinks:
        return cls(seat, rng)
    options = {}
    if think_ms is not None:
        if think_ms < 1:
            raise ConfigError(f"the thinking time must be at least 1 ms, not {think_ms}")
        options["think_ms"] = think_ms
    if clock is not None:
        options["clock"] = clock
    return cls(seat, rng, **options)
