"""Computer players. A bot sees only its seat's view and legal actions, like a human.

Levels: ``easy``, ``normal`` and ``hard`` (a search within a time budget), and
``random`` (uniform, for testing). ``make_bot(level, seat, rng)`` makes one.
"""

from .base import BOT_LEVELS, Bot, RandomBot, make_bot
from .easy import EasyBot
from .hard import DEFAULT_THINK_MS, HardBot
from .normal import NormalBot

BOT_LEVELS.update(easy=EasyBot, normal=NormalBot, hard=HardBot)

#: Computer levels that are there for testing: offered last, and marked so.
TESTING_LEVELS = ("random",)


def levels_in_order() -> tuple[str, ...]:
    """The computer levels in the order a player goes through them: weakest first, the
    levels for testing last (the setup screen, ``--help``)."""
    return tuple(sorted(BOT_LEVELS, key=lambda level: level in TESTING_LEVELS))


#: One line per level, in :func:`levels_in_order`: what playing against it feels like.
LEVEL_DESCRIPTIONS: dict[str, str] = {name: BOT_LEVELS[name].description
                                      for name in levels_in_order()}

__all__ = ["Bot", "RandomBot", "EasyBot", "NormalBot", "HardBot", "make_bot", "BOT_LEVELS",
           "DEFAULT_THINK_MS", "LEVEL_DESCRIPTIONS", "TESTING_LEVELS", "levels_in_order"]
