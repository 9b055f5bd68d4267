"""Errors raised by the engine. All are ``ValueError`` subclasses with clear messages;
a message a player may read is a :class:`~uno_tui.i18n.Phrase` (``i18n.reason(error)``
gives it back for the reader's translator)."""

from __future__ import annotations

__all__ = ["EngineError", "IllegalActionError", "ConfigError", "SaveDataError"]


class EngineError(ValueError):
    """Base class for every error the engine raises on bad input."""


class IllegalActionError(EngineError):
    """An action that the rules do not allow now. The game is left unchanged."""


class ConfigError(EngineError):
    """A bad game set-up: unknown variant or house rule, player count out of range, ..."""


class SaveDataError(EngineError):
    """Saved game data that is corrupt or does not fit this version of the engine."""
