"""Keeps a match's journal up to date as it is played (the controller calls it)."""

from __future__ import annotations

import os
from functools import partial
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, NamedTuple

from ..config import PlayConfig
from ..engine import Action, Match
from ..i18n import Phrase, os_reason
from .journal import Journal
from .lock import MatchLock
from .record import (SNAPSHOT_EVERY, MatchRecord, _short, action_line, config_line, deal_line,
                     finished_line, header_line, next_deal_line, scored_line)
from .store import MatchStore
from .writer import SaveWriter

__all__ = ["MatchRecorder", "SaveState", "NEXT_TRY"]

#: When a failed save is tried again, in the words the table and the quit dialog use.
NEXT_TRY = "it tries again at every move"


class SaveState(NamedTuple):
    """How the match in play stands on disk, for the table's mark and the quit dialog."""

    #: Why saving fails, or None while it works.
    problem: str | None
    #: The last move (action) on disk, and the moves made so far.
    saved_moves: int
    moves: int
    #: The file (or, before it could be made, the folder) saves go to.
    where: Path
    #: Whether something made is not on disk.
    behind: bool
    #: Why the last write failed, in the system's words (None while saving works).
    reason: str | None = None

    def unsaved(self) -> str | None:
        """"not saved since move N: reason" while the file is behind the match, else None."""
        if not self.behind:
            return None
        since = f"since move {self.saved_moves}" if self.saved_moves else "at all"
        return f"not saved {since}: {self.reason or 'the disk is still writing'}"


class _SaveFile:
    """One file a match is journalled in: its record, how it is opened at the first
    write, and its journal once it is (only its writer touches it)."""

    __slots__ = ("record", "opening", "journal")

    def __init__(self, record: MatchRecord, opening: str) -> None:
        self.record = record
        self.opening = opening
        self.journal: Journal | None = None

    def let_go(self) -> None:
        """The match is done with this file: the journal closed, its lock released."""
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        elif self.record.lock is not None:
            self.record.lock.release()


class MatchRecorder:
    """Journals one table's match: its start, then a line per deal, action and score.

    The controller calls :meth:`round_started`, :meth:`recorded` and :meth:`round_scored`.
    A save that fails (disk full, the folder gone) never stops the game: the match goes
    on, what could not be written is kept and tried again with the next line, and
    :attr:`problem` says what went wrong (``on_problem`` hears it once, when saving
    starts to fail). :meth:`state` says how far the file goes. ``record`` continues a
    resumed match in its own file (locked while it is played: :meth:`resume` raises
    :class:`~uno_tui.saves.lock.MatchLocked` when another uno-tui has it). With
    ``background`` the disk's part happens in a :class:`SaveWriter` thread (call
    :meth:`flush` before relying on the file); without, every line is on disk when
    the hook returns.
    """

    def __init__(self, store: MatchStore, config: PlayConfig,
                 record: MatchRecord | None = None,
                 on_problem: Callable[[str], None] | None = None,
                 background: bool = False,
                 on_file: Callable[[Path], None] | None = None) -> None:
        self.store = store
        self.background = background
        self.on_problem = on_problem
        #: Told the path of each new file a match gets, once it is on disk (in the
        #: writer's thread, with ``background``).
        self.on_file = on_file
        self.config = config
        self.record = record
        self.writer: SaveWriter | None = None
        #: The file the match in play is journalled in (its writer's, see _write).
        self._file: _SaveFile | None = None
        self._match: Match | None = None
        self._written_config: PlayConfig | None = None
        # The last round scored, and the deals since the last snapshot: the next round
        # the match deals itself is journalled without the match (see saves.record).
        self._scored: int | None = None
        self._since_snapshot = 0
        #: Actions in the match so far.
        self.moves = 0
        #: The last save problem, or None while saving works; its reason alone.
        self.problem: str | None = None
        self.reason: str | None = None

    # ------------------------------------------------------------ the hooks

    def resume(self, match: Match) -> None:
        """``match`` (restored from :attr:`record`) is being played on; its file is
        locked now (:class:`MatchLocked` if another process plays it)."""
        record = self.record
        if record.lock is None or not record.lock.held:
            record.lock = MatchLock.acquire(record.path)
        self._match = match
        self.moves = record.moves
        self._written_config = record.config
        self._scored = len(match.results) if match.round_scored else None
        self._since_snapshot = 0
        if record.format == 1:
            # An old save becomes a journal, in place: the same file, atomically.
            self._start_writer(_SaveFile(record, "replace"), record.moves)
            data = b"".join(record.journal_lines())
            record.forget_rounds()
            self._submit(data)
        else:
            self._start_writer(_SaveFile(record, "open"), record.moves)
            record.forget_rounds()
            self._submit(b"")

    def round_started(self, match: Match) -> None:
        """A round has been dealt; a new match (e.g. "play again") gets a new file."""
        if match is not self._match or self.record is None:
            # The last match's lines go on to its file without anyone waiting for the
            # disk; the new file is made after them, by the next writer.
            last = self._retire()
            self._match = match
            data = match.to_json()
            self.record = MatchRecord(config=self.config, match=data)
            self.moves = 0
            self._written_config = self.config
            self._scored, self._since_snapshot = None, 0
            self._start_writer(_SaveFile(self.record, "create"), 0, after=last)
            self._submit(header_line(self.config, self.record.created) + deal_line(match, data))
            return
        dealt_by_the_match = self._scored is not None and self._scored == match.round_number - 1
        self._scored = None
        if dealt_by_the_match and self._since_snapshot < SNAPSHOT_EVERY - 1:
            self._since_snapshot += 1
            self._submit(next_deal_line(match))
            return
        self._since_snapshot = 0
        data = match.to_json()
        self.record.match = data
        self._submit(deal_line(match, data))

    def recorded(self, match: Match, action: Action) -> None:
        """``action`` was applied to ``match``."""
        if self.record is None or match is not self._match:
            return
        self.moves += 1
        self._submit(action_line(action))

    def round_scored(self, match: Match) -> None:
        """The round in play was scored; a match that is over goes to the history."""
        if self.record is None or match is not self._match:
            return
        if not match.is_over:
            self._scored = len(match.results)
            self._submit(scored_line(match))
            return
        self.record.finished = True
        self._submit(scored_line(match) + finished_line())
        if self.flush():
            file, self._file = self._file, None
            journal, file.journal = file.journal, None
            self.writer.close()
            try:
                self.store.finish(self.record, journal)
            except OSError as exc:
                self._failed(exc, Phrase("the finished match could not be put in the "
                                         "history"))

    # ------------------------------------------------------------ saving

    def save(self) -> None:
        """Write what is not on disk yet (a set-up changed since: its line too)."""
        if self.writer is None or self.record is None:
            return
        if self.record.config != self._written_config:
            self._written_config = self.record.config
            self._submit(config_line(self.record.config))
        else:
            self.writer.flush(0)
            self._check()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every line is on disk (trying once more what failed); False if it
        is not (``timeout`` ran out, or the disk still fails: see :attr:`problem`)."""
        if self.writer is None:
            return True
        done = self.writer.flush(timeout)
        self._check()
        return done

    def state(self) -> SaveState:
        """How the match stands on disk now."""
        writer = self.writer
        saved = writer.saved_moves if writer is not None else self.moves
        behind = writer is not None and (writer.error is not None or writer.pending)
        return SaveState(self.problem, saved, self.moves, self._where(), behind, self.reason)

    def save_elsewhere(self, folders: list[Path]) -> Path:
        """Write the whole match (what is on disk and what is not) to a new file in the
        first of ``folders`` that takes it; its path. ``OSError`` (the last one) if none
        does. The match's own file is left as it is."""
        self.flush(2.0)
        data = self._on_disk() + (self.writer.pending_data() if self.writer else b"")
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        error: OSError = OSError(2, "no folder to try")
        for folder in folders:
            path = Path(folder) / f"uno-tui-match-{stamp}-{os.urandom(3).hex()}.json"
            try:
                Journal.create(path, data).close()
            except OSError as exc:
                error = exc
                continue
            return path
        raise error

    @property
    def journal(self) -> Journal | None:
        """The journal of the match in play, once its file is made."""
        return self._file.journal if self._file is not None else None

    def close(self) -> None:
        """Stop journalling this match: the last lines written (5 s at most), the file
        let go (after the write on its way, if the disk is slower than that)."""
        if self.writer is not None:
            self.writer.flush(5.0)
            self._check()
        self._retire()

    def _retire(self) -> SaveWriter | None:
        """Let go of the match's file, without waiting for the disk: its writer stops
        once it has written what it was given, then closes the file. The writer (for the
        next one to write after), or None."""
        writer, file = self.writer, self._file
        self.writer = self._file = None
        if writer is not None:
            writer.retire(file.let_go if file is not None else None)
        elif file is not None:
            file.let_go()
        elif self.record is not None and self.record.lock is not None:
            self.record.lock.release()
        return writer

    # ------------------------------------------------------------ inside

    def _start_writer(self, file: _SaveFile, saved_moves: int,
                      after: SaveWriter | None = None) -> None:
        self._file = file
        self.writer = SaveWriter(partial(self._write, file), background=self.background,
                                 saved_moves=saved_moves, after=after)
        self.problem = self.reason = None

    def _submit(self, data: bytes) -> None:
        self.writer.submit(data, self.moves)
        self._check()

    def _write(self, file: _SaveFile, data: bytes) -> None:
        """The writer's one way to the disk, to its own file (its thread, in the
        background)."""
        journal = file.journal
        if journal is not None:
            journal.write(data)
            return
        record = file.record
        if file.opening == "create":
            path = self.store.new_path()
            journal = Journal.create(path, data)
            record.path = path
            if self.on_file is not None:
                self.on_file(path)
        elif file.opening == "replace":
            journal = Journal.replace(record.path, data, record.lock)
        else:
            journal = Journal.open(record.lock, record.length, record.size)
            if data:
                journal.write(data)
        record.lock = journal.lock
        file.journal = journal

    def _on_disk(self) -> bytes:
        """The match's lines already on disk (none for a file not made yet)."""
        if self.journal is not None:
            return self.journal.read()
        file = self._file
        record = file.record if file is not None else None
        if record is not None and file.opening == "open" and record.lock is not None \
                and record.lock.held:
            return os.pread(record.lock.fd, record.length, 0)
        return b""

    def _where(self) -> Path:
        if self.journal is not None:
            return self.journal.path
        if self.record is not None and self.record.path is not None:
            return self.record.path
        return self.store.saves

    def _check(self) -> None:
        error = self.writer.error if self.writer is not None else None
        if error is not None:
            self._failed(error)
        else:
            self.problem = self.reason = None

    def _failed(self, exc: OSError, what: str | None = None) -> None:
        first = self.problem is None
        self.reason = os_reason(exc) if exc.strerror else _short(exc)
        self.problem = Phrase("{what}: {reason}", what=what or Phrase(
            "the match could not be saved"), reason=self.reason)
        if first and self.on_problem is not None:
            self.on_problem(self.problem)
