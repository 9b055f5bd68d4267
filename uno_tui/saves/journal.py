"""A match's journal file, open for appending: whole lines, fsynced, rolled back on failure.

Every write is all of the lines given or none of them: a write or fsync that fails (a
full disk, an I/O error) cuts the file back to where it was, so the file never ends in
half a line that a later append would glue to the next one; the caller keeps the
lines and gives them again. The file's :class:`~uno_tui.saves.lock.MatchLock` is held
for as long as the journal is open.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..i18n import Phrase
from .lock import MatchLock

__all__ = ["Journal", "sync_folder"]


class Journal:
    """An open, locked journal file whose first ``length`` bytes are whole lines."""

    def __init__(self, lock: MatchLock, length: int) -> None:
        self.lock = lock
        self.length = length

    @property
    def path(self) -> Path:
        """The file."""
        return self.lock.path

    @classmethod
    def create(cls, path: Path, data: bytes) -> "Journal":
        """A new file at ``path`` (which must not exist yet) holding ``data``, on disk."""
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
        journal = cls(MatchLock.on(path, fd), 0)
        try:
            journal.write(data)
            sync_folder(path.parent)
        except BaseException:
            journal.close()
            _unlink(path)
            raise
        return journal

    @classmethod
    def open(cls, lock: MatchLock, length: int, size: int) -> "Journal":
        """The locked file, read as ``size`` bytes of which ``length`` are whole lines
        (the rest, a write cut short, is cut off before the next append)."""
        if not lock.writable:
            raise PermissionError(13, "Permission denied (the file is read-only)")
        now = os.fstat(lock.fd).st_size
        if now != size:
            raise ValueError(Phrase("it changed on disk while it was being opened ({size} "
                                    "bytes, now {now}): open it again", size=f"{size:,}",
                                    now=f"{now:,}"))
        if size > length:
            os.ftruncate(lock.fd, length)
            os.fsync(lock.fd)
        return cls(lock, length)

    @classmethod
    def replace(cls, path: Path, data: bytes, old: MatchLock | None) -> "Journal":
        """Replace the file at ``path`` (atomically: a reader sees the old file or the
        new one, whole) by one holding ``data``, locked before it gets the name; the
        old file's lock ``old`` is then let go."""
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        journal = cls(MatchLock.on(path, fd), 0)
        try:
            journal.write(data)
            try:    # the player's file keeps its permissions
                os.fchmod(fd, os.stat(path).st_mode & 0o7777)
            except OSError:
                pass
            os.replace(temp, path)
        except BaseException:
            journal.close()
            _unlink(Path(temp))
            raise
        sync_folder(path.parent)
        if old is not None:
            old.release()
        return journal

    def write(self, data: bytes) -> None:
        """Append ``data`` (whole lines) and fsync; on failure the file is as it was."""
        fd, start = self.lock.fd, self.length
        try:
            view = memoryview(data)
            offset = start
            while view:
                written = os.pwrite(fd, view, offset)
                view, offset = view[written:], offset + written
            os.fsync(fd)
        except BaseException:
            try:
                os.ftruncate(fd, start)
            except OSError:
                pass
            raise
        self.length = start + len(data)

    def read(self) -> bytes:
        """The file's whole lines, as they are on disk."""
        return os.pread(self.lock.fd, self.length, 0)

    def close(self) -> None:
        """Close the file and let go of its lock."""
        self.lock.release()


def sync_folder(folder: Path) -> None:
    """Make a new name in ``folder`` (a created or renamed file) last a power cut."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass

