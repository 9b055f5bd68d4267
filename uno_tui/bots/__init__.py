"""Computer players. A bot sees only its seat's view and legal actions, like a human.

Levels, weakest first: ``random`` (uniform, for tests), ``easy``, ``normal`` and
``hard`` (a search within a time budget). ``make_bot(level, seat, rng)`` makes one.
"""

from .base import BOT_LEVELS, Bot, RandomBot, make_bot
from .easy import EasyBot
from .hard import DEFAULT_THINK_MS, HardBot
from .normal import NormalBot

BOT_LEVELS.update(easy=EasyBot, normal=NormalBot, hard=HardBot)

__all__ = ["Bot", "RandomBot", "EasyBot", "NormalBot", "HardBot", "make_bot", "BOT_LEVELS",
           "DEFAULT_THINK_MS"]
