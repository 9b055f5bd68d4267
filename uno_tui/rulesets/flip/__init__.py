"""The flip rule set: its engine part is :mod:`.rules`."""

from .rules import FLIP as VARIANT

__all__ = ["VARIANT"]
