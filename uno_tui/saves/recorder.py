"""Keeps a match's save file up to date as it is played (the controller calls it)."""

from __future__ import annotations

from typing import Callable

from ..config import PlayConfig
from ..engine import Action, Match
from .record import MatchRecord, _short
from .store import MatchStore
from .writer import SaveWriter

__all__ = ["MatchRecorder"]


class MatchRecorder:
    """Autosaves one table's match after every change: a deal, an action, a score.

    The controller calls :meth:`round_started`, :meth:`recorded` and :meth:`round_scored`.
    A save that fails (disk full, the folder gone) never stops the game: the match goes
    on and :attr:`problem` says what went wrong, for the screen to show once.
    ``record`` continues a resumed match in its own file; ``on_problem`` is called with
    the message when saving starts to fail. With ``background`` the disk's part of each
    save happens in a :class:`SaveWriter` thread (call :meth:`flush` before relying on
    the file); without, every save is on disk when the hook returns.
    """

    def __init__(self, store: MatchStore, config: PlayConfig,
                 record: MatchRecord | None = None,
                 on_problem: Callable[[str], None] | None = None,
                 background: bool = False) -> None:
        self.store = store
        self.writer = SaveWriter() if background else None
        self.on_problem = on_problem
        self.config = config
        self.record = record
        self._match: Match | None = None
        #: The last save problem, or None while saving works.
        self.problem: str | None = None

    def resume(self, match: Match) -> None:
        """``match`` (restored from :attr:`record`) is being played on."""
        self._match = match
        for finished in self.record.rounds[:-1]:
            finished.close()

    def round_started(self, match: Match) -> None:
        """A round has been dealt; a new match (e.g. "play again") gets a new file."""
        if match is not self._match or self.record is None:
            self.flush()
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
            self.flush()
            self._write(self.store.finish)
        else:
            self.save()

    def save(self) -> None:
        """Save the record (in the background writer, if there is one)."""
        if self.writer is None:
            self._write(self.store.autosave)
            return
        try:
            self.writer.submit(self.store.path_for(self.record), self.record.parts())
        except OSError as exc:   # the saves folder can't be made
            self._failed(exc)
            return
        self._check_writer()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every save is on disk; False if ``timeout`` ran out first."""
        if self.writer is None:
            return True
        done = self.writer.flush(timeout)
        self._check_writer()
        return done

    def _check_writer(self) -> None:
        if self.writer.error is not None:
            self._failed(self.writer.error)
        else:
            self.problem = None

    def _write(self, how) -> None:
        try:
            how(self.record)
        except OSError as exc:
            self._failed(exc)
        else:
            self.problem = None

    def _failed(self, exc: OSError) -> None:
        first = self.problem is None
        self.problem = f"the match could not be saved: {exc.strerror or _short(exc)}"
        if first and self.on_problem is not None:
            self.on_problem(self.problem)
