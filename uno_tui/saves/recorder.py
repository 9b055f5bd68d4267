"""Keeps a match's save file up to date as it is played (the controller calls it)."""

from __future__ import annotations

from typing import Callable

from ..config import PlayConfig
from ..engine import Action, Match
from .record import MatchRecord, _short
from .store import MatchStore

__all__ = ["MatchRecorder"]


class MatchRecorder:
    """Autosaves one table's match after every change: a deal, an action, a score.

    The controller calls :meth:`round_started`, :meth:`recorded` and :meth:`round_scored`.
    A save that fails (disk full, the folder gone) never stops the game: the match goes
    on and :attr:`problem` says what went wrong, for the screen to show once.
    ``record`` continues a resumed match in its own file; ``on_problem`` is called with
    the message when saving starts to fail.
    """

    def __init__(self, store: MatchStore, config: PlayConfig,
                 record: MatchRecord | None = None,
                 on_problem: Callable[[str], None] | None = None) -> None:
        self.store = store
        self.on_problem = on_problem
        self.config = config
        self.record = record
        self._match: Match | None = None
        #: The last save problem, or None while saving works.
        self.problem: str | None = None

    def resume(self, match: Match) -> None:
        """``match`` (restored from :attr:`record`) is being played on."""
        self._match = match

    def round_started(self, match: Match) -> None:
        """A round has been dealt; a new match (e.g. "play again") gets a new file."""
        if match is not self._match or self.record is None:
            self._match = match
            self.record = MatchRecord(config=self.config, match={})
        self.record.start_round(match)
        self.save()

    def recorded(self, match: Match, action: Action) -> None:
        """``action`` was applied to ``match``."""
        if self.record is None or match is not self._match:
            return
        self.record.record(match, action)
        self.save()

    def round_scored(self, match: Match) -> None:
        """The round in play was scored; a match that is over moves to the history."""
        if self.record is None or match is not self._match:
            return
        self.record.match = match.to_json()
        if match.is_over:
            self._write(self.store.finish)
        else:
            self.save()

    def save(self) -> None:
        """Write the record now."""
        self._write(self.store.autosave)

    def _write(self, how) -> None:
        try:
            how(self.record)
        except OSError as exc:
            first = self.problem is None
            self.problem = f"the match could not be saved: {exc.strerror or _short(exc)}"
            if first and self.on_problem is not None:
                self.on_problem(self.problem)
        else:
            self.problem = None
