"""Errors raised by the engine. All are ``ValueError`` subclasses with clear messages."""

from __future__ import annotations

__all__ = ["EngineError", "IllegalActionError", "ConfigError", "SaveDataError"]


class EngineError(ValueError):
    """Base class for every error the engine raises on bad input."""

    @property
    def reason(self) -> str:
        """What went wrong, as it was given: a :class:`~uno_tui.i18n.Phrase` where the
        engine words it (a reader's translator gives it in their language), which
        ``str(error)`` would turn into its English text."""
        first = self.args[0] if self.args else ""
        return first if isinstance(first, str) else str(self)


class IllegalActionError(EngineError):
    """An action that the rules do not allow now. The game is left unchanged."""


class ConfigError(EngineError):
    """A bad game set-up: unknown variant or house rule, player count out of range, ..."""


class SaveDataError(EngineError):
    """Saved game data that is corrupt or does not fit this version of the engine."""
