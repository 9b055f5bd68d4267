"""The party rule set: its engine part is :mod:`.rules`."""

from .rules import PARTY as VARIANT

__all__ = ["VARIANT"]
