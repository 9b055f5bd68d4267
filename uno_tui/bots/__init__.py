"""Computer players. A bot sees only its seat's view and legal actions, like a human."""

from .base import Bot, RandomBot, make_bot, BOT_LEVELS

__all__ = ["Bot", "RandomBot", "make_bot", "BOT_LEVELS"]
