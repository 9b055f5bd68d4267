"""Errors raised by the engine. All are ``ValueError`` subclasses with clear messages;
a message a player may read is a :class:`~uno_tui.i18n.Phrase` (``i18n.reason(error)``
gives it back for the reader's translator)."""

from __future__ import annotations

from ..i18n import Phrase

__all__ = ["EngineError", "IllegalActionError", "ConfigError", "SaveDataError", "corruption",
           "json_kind", "shown"]


class EngineError(ValueError):
    """Base class for every error the engine raises on bad input."""


class IllegalActionError(EngineError):
    """An action that the rules do not allow now. The game is left unchanged."""


class ConfigError(EngineError):
    """A bad game set-up: unknown variant or house rule, player count out of range, ..."""


class SaveDataError(EngineError):
    """Saved game data that is corrupt or does not fit this version of the engine."""


def corruption(error: BaseException) -> str:
    """What ``error``, met reading a corrupt save, says is wrong, as a phrase a player
    can read in their language: the :class:`Phrase` it was raised with (every check of
    the engine's words its reasons so), else what kind of thing went wrong, with the
    missing field's name for a ``KeyError`` (Python's own English words about types and
    indexes say nothing to a player), else an English-only reason as it is."""
    first = error.args[0] if len(error.args) == 1 else None
    if isinstance(first, Phrase):
        return first
    if isinstance(error, KeyError):
        return Phrase("its field {field} is missing", field=repr(first))
    if isinstance(error, (TypeError, AttributeError)):
        return Phrase("a value is of the wrong kind")
    if isinstance(error, IndexError):
        return Phrase("a list is too short")
    if isinstance(error, OverflowError):
        return Phrase("a number is too large")
    if isinstance(error, ValueError) and isinstance(first, str) and first:
        # A check that words its reason in English only (an outside rule set's): as it is.
        text = " ".join(first.split())
        return text if len(text) <= 120 else text[:120] + "..."
    return Phrase("a value can't be read")


def json_kind(value: object) -> str:
    """What kind of JSON value ``value`` is, as a phrase (``a list``, ``text``)."""
    if isinstance(value, dict):
        return Phrase("an object")
    if isinstance(value, list):
        return Phrase("a list")
    if isinstance(value, str):
        return Phrase("text")
    if isinstance(value, bool):
        return Phrase("true or false")
    if isinstance(value, (int, float)):
        return Phrase("a number")
    if value is None:
        return Phrase("null")
    return type(value).__name__


def shown(value: object, limit: int = 40) -> str:
    """``value`` as a reason quotes it: its ``repr``, cut to ``limit`` characters (a
    corrupt save's value may be a number of 5,000 digits)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."
