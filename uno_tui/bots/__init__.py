"""Computer players. A bot sees only its seat's view and legal actions, like a human.

Levels, weakest first: ``random`` (uniform, for tests), ``easy``, ``normal`` and
``hard`` (a search within a time budget). ``make_bot(level, seat, rng)`` makes one.
"""

from .base import BOT_LEVELS, Bot, RandomBot, make_bot
from .easy import EasyBot
from .hard import DEFAULT_THINK_MS, HardBot
from .normal import NormalBot

BOT_LEVELS.update(easy=EasyBot, normal=NormalBot, hard=HardBot)

#: One line per level, weakest first: what playing against it feels like.
LEVEL_DESCRIPTIONS: dict[str, str] = {name: cls.description for name, cls in BOT_LEVELS.items()}

__all__ = ["Bot", "RandomBot", "EasyBot", "NormalBot", "HardBot", "make_bot", "BOT_LEVELS",
           "DEFAULT_THINK_MS", "LEVEL_DESCRIPTIONS"]
