"""The classic rule set: its engine part is :mod:`.rules`."""

from .rules import CLASSIC as VARIANT

__all__ = ["VARIANT"]
