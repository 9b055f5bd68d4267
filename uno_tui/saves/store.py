"""The save files on disk: the unfinished matches, history, bad files set aside.

Under the data directory::

    saves/     one journal per unfinished match, a line appended after every action
    history/   finished matches (what ``uno-tui replay`` shows)
    damaged/   files that could not be read, moved here untouched

Nothing is created until something is written: a command that fails leaves no folders.
A file a player names (``--resume ~/keep-this.json``) is theirs: it is played on where it
is, never moved, and the history gets a copy when the match is over.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from ..engine import get_variant
from ..i18n import Phrase, os_reason, reason
from .journal import Journal, sync_folder
from .lock import MatchLock, MatchLocked
from .record import MatchRecord, _short, parse_save

__all__ = ["MatchStore", "SaveFileError", "SaveSummary", "MatchLocked", "MAX_SAVE_BYTES"]

#: A save larger than this is refused unread (a 16-player Party match is far smaller).
MAX_SAVE_BYTES = 64 * 1024 * 1024
SUFFIX = ".json"


class SaveFileError(ValueError):
    """A save file that can't be used; ``str()`` is one line naming the file and the
    problem (a :class:`~uno_tui.i18n.Phrase`: ``i18n.reason(error)`` keeps its words)."""

    def __init__(self, path: Path | str, problem: str, moved_to: Path | None = None) -> None:
        self.path = Path(path)
        self.problem = problem
        self.moved_to = moved_to
        if moved_to is None:
            text = Phrase("the save {path} can't be used: {problem}", path=str(self.path),
                          problem=problem)
        else:
            text = Phrase("the save {path} can't be used: {problem} (moved to {moved})",
                          path=str(self.path), problem=problem, moved=str(moved_to))
        super().__init__(text)


@dataclass(frozen=True)
class SaveSummary:
    """What the setup screen lists about an unfinished match."""

    path: Path
    variant: str
    names: tuple[str, ...]
    humans: int
    round_number: int
    scores: tuple[int, ...]
    updated: datetime

    @property
    def variant_label(self) -> str:
        """The variant's name as players know it."""
        return get_variant(self.variant).label


class MatchStore:
    """The saved matches under one data directory."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        self.saves = self.root / "saves"
        self.history = self.root / "history"
        self.damaged = self.root / "damaged"
        #: Files :meth:`unfinished` found bad and set aside, as one-line messages.
        self.problems: list[SaveFileError] = []

    # -------------------------------------------------------------- writing

    def new_path(self) -> Path:
        """A name for a new match's file in the saves folder (made if need be)."""
        self.saves.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        # os.urandom, as secrets.token_hex does: importing secrets (hashlib, hmac) cost
        # ~1.3 ms of every launch.
        return self.saves / f"match-{stamp}-{os.urandom(3).hex()}{SUFFIX}"

    def claim(self, record: MatchRecord) -> MatchRecord:
        """Lock ``record``'s file for this process (see saves.lock): :class:`MatchLocked`
        when another uno-tui plays it, :class:`SaveFileError` if it can't be opened."""
        try:
            record.lock = MatchLock.acquire(record.path)
        except OSError as exc:
            raise SaveFileError(record.path, os_reason(exc) if exc.strerror else _short(exc)) from None
        return record

    def finish(self, record: MatchRecord, journal: Journal | None) -> Path:
        """A finished match (its last line written) goes to the history folder: moved
        there from the saves folder, or copied there from a file the player named,
        which stays theirs where it is. The journal is closed. The history's path."""
        self.history.mkdir(parents=True, exist_ok=True)
        source = record.path
        try:
            if self.holds(source) and source.parent != self.history.resolve():
                target = self._free_name(self.history, source.name)
                try:
                    os.replace(source, target)
                    sync_folder(self.history)
                    return target
                except OSError as exc:
                    if exc.errno != errno.EXDEV:   # a saves folder on another disk: copy
                        raise
                target = _copy_in(source, self.history)
                source.unlink()
                return target
            return _copy_in(source, self.history)
        finally:
            if journal is not None:
                journal.close()

    @staticmethod
    def _free_name(folder: Path, name: str) -> Path:
        target = folder / name
        number = 1
        while target.exists():
            number += 1
            stem, dot, suffix = name.rpartition(".")
            target = folder / (f"{stem}-{number}.{suffix}" if dot else f"{name}-{number}")
        return target

    def set_aside(self, path: Path | str) -> Path | None:
        """Move a bad file, untouched, into the damaged folder (or, if it can't go there,
        e.g. from another disk, beside itself) under a name not yet taken; where it went,
        or None if it could not be moved at all (it is then left as it is)."""
        path = Path(path)
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        for folder, name in ((self.damaged, f"{path.name}.{stamp}"),
                             (path.parent, f"{path.name}.damaged-{stamp}")):
            try:
                folder.mkdir(parents=True, exist_ok=True)
                target = folder / name
                number = 1
                while target.exists():
                    number += 1
                    target = folder / f"{name}-{number}"
                os.rename(path, target)
            except OSError:
                continue
            return target
        return None

    # -------------------------------------------------------------- reading

    def load(self, path: Path | str, *, set_aside: bool = True) -> MatchRecord:
        """The match saved in ``path``; :class:`SaveFileError` when it can't be used.

        A file of this store's (see :meth:`holds`) that is corrupt, truncated or from a
        newer version is moved to the damaged folder first (unless ``set_aside`` is false),
        never changed or deleted; a file from anywhere else is left where it is.
        """
        path = Path(path)
        try:
            size = path.stat().st_size
            if not path.is_file():
                raise SaveFileError(path, Phrase("it is not a file"))
            if size > MAX_SAVE_BYTES:
                problem = Phrase("it is {size} bytes, more than a save can be", size=f"{size:,}")
            else:
                with open(path, "rb") as file:
                    data = file.read(MAX_SAVE_BYTES + 1)
                problem = None
        except FileNotFoundError:
            raise SaveFileError(path, Phrase("there is no such file")) from None
        except OSError as exc:
            raise SaveFileError(path, os_reason(exc) if exc.strerror else _short(exc)) from None
        if problem is None:
            try:
                record = parse_save(data)
            except ValueError as exc:
                problem = reason(exc)
            else:
                record.path = path
                if record.format > 1:
                    record.updated = _mtime(path)
                return record
        moved = self.set_aside(path) if set_aside and self.holds(path) else None
        raise SaveFileError(path, problem, moved)

    def holds(self, path: Path | str) -> bool:
        """Whether ``path`` is in this store's saves or history folder. Only such files
        are ever set aside: a file a player named from elsewhere (``--resume FILE``) is
        theirs, and stays where it is even when it is no save at all."""
        try:
            folder = Path(path).resolve().parent
            return folder in (self.saves.resolve(), self.history.resolve())
        except OSError:
            return False

    def unfinished(self, limit: int | None = None) -> list[SaveSummary]:
        """The unfinished matches, most recently saved first.

        With ``limit``, files are read newest first (by their time on disk) until
        ``limit`` usable ones are found: the setup screen shows a few, and reading every
        save of a long history (hundreds of files, each a whole match) kept it from
        drawing for a fifth of a second. :meth:`count_unfinished` says how many there are.
        Bad files are set aside on the way; :attr:`problems` says which and why.
        """
        summaries = []
        for path in self._newest_first(self._files(self.saves)):
            if limit is not None and len(summaries) >= limit:
                break
            try:
                record = self.load(path)
            except SaveFileError as exc:
                self.problems.append(exc)
                continue
            if record.finished:     # over, but not moved to the history (it could not be)
                continue
            seats = record.config.seats
            summaries.append(SaveSummary(
                path=path, variant=record.config.variant, names=tuple(s.name for s in seats),
                humans=len(record.humans), round_number=record.round_number,
                scores=record.scores, updated=_when(record.updated, path)))
        summaries.sort(key=lambda s: s.updated, reverse=True)
        return summaries

    def count_unfinished(self) -> int:
        """How many unfinished-match files there are (none of them is read)."""
        return len(self._files(self.saves))

    def latest_unfinished(self) -> MatchRecord | None:
        """The most recently saved unfinished match (by its time on disk), or None."""
        for path in self._newest_first(self._files(self.saves)):
            try:
                return self.load(path)
            except SaveFileError as exc:
                self.problems.append(exc)
        return None

    def finished(self) -> list[Path]:
        """The files of finished matches, most recent first."""
        return self._newest_first(self._files(self.history))

    @staticmethod
    def _newest_first(paths: list[Path]) -> list[Path]:
        def modified(path: Path) -> float:
            try:
                return path.stat().st_mtime
            except OSError:   # gone since it was listed: load() will say so
                return 0.0
        return sorted(paths, key=modified, reverse=True)

    @staticmethod
    def _files(folder: Path) -> list[Path]:
        if not folder.is_dir():
            return []
        # Names starting with a dot are temporary files of a write cut short.
        return [p for p in folder.iterdir()
                if p.suffix == SUFFIX and not p.name.startswith(".") and p.is_file()]


def _copy_in(source: Path, folder: Path) -> Path:
    """A copy of ``source`` in ``folder`` (any disk), whole or not at all; its path."""
    handle, temp = tempfile.mkstemp(dir=folder, prefix=f".{source.name}.", suffix=".tmp")
    try:
        with open(source, "rb") as original, os.fdopen(handle, "wb") as copy:
            shutil.copyfileobj(original, copy)
            copy.flush()
            os.fsync(copy.fileno())
        target = MatchStore._free_name(folder, source.name)
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    sync_folder(folder)
    return target


def _mtime(path: Path) -> str:
    try:
        stamp = path.stat().st_mtime
    except OSError:
        stamp = 0.0
    return datetime.fromtimestamp(stamp, timezone.utc).replace(microsecond=0).isoformat()


def _when(text: str, path: Path) -> datetime:
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)
