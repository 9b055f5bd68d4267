"""The pokemon rule set: its engine part is :mod:`.rules`."""

from .rules import POKEMON as VARIANT

__all__ = ["VARIANT"]
