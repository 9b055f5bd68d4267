"""One writer per match: an OS lock on the save file while a match is played from it.

Two ``uno-tui --resume FILE`` at once used to write the same file in turn, each
losing the other's moves without a word. Whoever plays a match holds an exclusive
``flock`` on its file; a second one is refused with :class:`MatchLocked`, which says
who holds it. The lock goes with the process: a crash or kill -9 never leaves a
match locked.

    lock = MatchLock.acquire(path)     # MatchLocked: "open in another uno-tui, pid 4242"
    ...
    lock.release()

(``flock`` locks belong to the open file, not the process, so reading the file
elsewhere in the same process never lets go of it, as a POSIX record lock would.)
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from ..i18n import Phrase

try:
    import fcntl
except ImportError:   # not POSIX: no lock (one writer is then the players' affair)
    fcntl = None

__all__ = ["MatchLock", "MatchLocked", "lock_holder"]


class MatchLocked(ValueError):
    """The match is being played by another process; ``str()`` says which, in one line."""

    def __init__(self, path: Path | str, pid: int | None) -> None:
        self.path = Path(path)
        self.pid = pid
        self.problem = (Phrase("it is open in another uno-tui: finish or quit that one first")
                        if pid is None else
                        Phrase("it is open in another uno-tui, pid {pid}: finish or quit that "
                               "one first", pid=pid))
        super().__init__(Phrase("the match in {path} can't be played here: {problem}",
                                path=str(self.path), problem=self.problem))


class MatchLock:
    """An exclusive lock on a match's save file, held until :meth:`release`.

    ``fd`` is the file, opened for reading and writing when it may be written (the
    journal appends through it), else for reading only (``writable`` is then False).
    """

    def __init__(self, path: Path, fd: int, writable: bool) -> None:
        self.path = path
        self.fd = fd
        self.writable = writable

    @classmethod
    def acquire(cls, path: Path | str) -> "MatchLock":
        """Lock the file at ``path``; :class:`MatchLocked` if another process holds it,
        ``OSError`` if it can't be opened."""
        path = Path(path)
        while True:
            try:
                fd, writable = os.open(path, os.O_RDWR | os.O_CLOEXEC), True
            except PermissionError:
                fd, writable = os.open(path, os.O_RDONLY | os.O_CLOEXEC), False
            lock = cls(path, fd, writable)
            try:
                lock._take()
                # The file may have been replaced between the open and the lock (a
                # format-1 save turned into a journal): then the lock is on a file
                # nobody uses any more, and the new one is locked instead.
                if _same_file(fd, path):
                    return lock
            except BaseException:
                lock.release()
                raise
            lock.release()

    @classmethod
    def on(cls, path: Path, fd: int, writable: bool = True) -> "MatchLock":
        """Lock an open file (e.g. one just made, before it gets its name)."""
        lock = cls(Path(path), fd, writable)
        lock._take()
        return lock

    def _take(self) -> None:
        if fcntl is None:
            return
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise MatchLocked(self.path, lock_holder(self.fd)) from None
            if exc.errno not in (errno.ENOLCK, errno.EINVAL, errno.EOPNOTSUPP):
                raise
            # A file system without locks (some network ones): played unlocked.

    @property
    def held(self) -> bool:
        """Whether the lock (and its file) is still held."""
        return self.fd >= 0

    def release(self) -> None:
        """Let go of the lock and close the file (again: nothing)."""
        if self.fd >= 0:
            fd, self.fd = self.fd, -1
            os.close(fd)

    def __enter__(self) -> "MatchLock":
        return self

    def __exit__(self, *_) -> None:
        self.release()


def _same_file(fd: int, path: Path) -> bool:
    try:
        there = os.stat(path)
    except OSError:
        return False
    here = os.fstat(fd)
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def lock_holder(fd: int) -> int | None:
    """The process holding a ``flock`` on the open file ``fd``, from Linux's
    /proc/locks, or None when it can't be told (another system, or it has just gone)."""
    inode = os.fstat(fd).st_ino
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as locks:
            rows = locks.read().splitlines()
    except OSError:
        return None
    for row in rows:
        # "3: FLOCK  ADVISORY  WRITE 4242 00:2b:1234 0 EOF"; a waiting lock has "->".
        fields = row.split()
        if len(fields) < 6 or fields[1] == "->" or fields[1] != "FLOCK":
            continue
        try:
            if int(fields[5].rsplit(":", 1)[1]) == inode:
                return int(fields[4])
        except (ValueError, IndexError):
            continue
    return None
