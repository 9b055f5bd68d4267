"""Saving off the caller's thread: the disk's part of a save (write, fsync) takes a few
milliseconds that a keypress should not wait for."""

from __future__ import annotations

import atexit
import threading
from typing import Callable

__all__ = ["SaveWriter"]


class SaveWriter:
    """Appends what it is given with ``write`` (all of it or none, see Journal.write),
    in a background thread or, without ``background``, at once.

    What comes while a write is on its way waits and goes in the next one, together:
    under load many lines share one fsync, and no save waits for the one before. What
    could not be written (a full disk) is kept and tried again with the next line, or
    at :meth:`flush`. Each piece comes with the move it brings the save to, so
    :attr:`saved_moves` says how far the file on disk goes. :meth:`flush` also runs when
    the interpreter exits, so a normal exit never loses the last line.
    """

    def __init__(self, write: Callable[[bytes], None], background: bool = True,
                 saved_moves: int = 0, after: "SaveWriter | None" = None) -> None:
        self._write = write
        self._background = background
        #: The writer retired before this one: it writes first (one at a time, in order).
        self._after = after
        #: What runs in the writer's thread once a retired writer has written all it can.
        self._then: Callable[[], None] | None = None
        self._cond = threading.Condition()
        self._pending: list[tuple[bytes, int]] = []
        self._go = False
        self._busy = False
        self._stop = False
        self._thread: threading.Thread | None = None
        #: The error of the last write (None when it worked).
        self.error: OSError | None = None
        #: The move the file on disk goes to.
        self.saved_moves = saved_moves
        #: Writes made, and pieces they carried (the coalescing, for benchmarks).
        self.writes = self.pieces = 0
        if background:
            atexit.register(self.flush, 5.0)

    @property
    def pending(self) -> bool:
        """Whether something given is not on disk yet."""
        with self._cond:
            return bool(self._pending) or self._busy

    def pending_data(self) -> bytes:
        """What is given but not on disk yet, in order."""
        with self._cond:
            return b"".join(data for data, _ in self._pending)

    def submit(self, data: bytes, moves: int) -> None:
        """Write ``data`` soon (after whatever came before it); it brings the save to
        move ``moves``."""
        with self._cond:
            self._pending.append((data, moves))
            self._go = True
            if not self._background:
                self._drain()
                return
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="uno-tui-autosave",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Try to write everything given (once more, after a failure) and wait for it;
        False if ``timeout`` ran out first or it could not be written (see :attr:`error`)."""
        with self._cond:
            if self._pending:
                self._go = True
                if not self._background or self._thread is None:
                    self._drain()
                else:
                    self._cond.notify_all()
            done = self._cond.wait_for(
                lambda: not self._busy and (not self._pending or not self._go), timeout)
            return done and not self._pending

    def close(self) -> None:
        """Stop the thread once everything it can write is written."""
        self.retire()

    def retire(self, then: Callable[[], None] | None = None) -> None:
        """Stop once everything given is written (or could not be), without waiting for
        it; ``then`` runs after the last write: now if nothing is on its way, else in the
        writer's thread. A writer made ``after`` this one writes only after that."""
        with self._cond:
            self._stop = True
            idle = not self._busy and not (self._pending and self._go)
            self._then = None if idle else then
            self._cond.notify_all()
        if idle:
            atexit.unregister(self.flush)
            if then is not None:
                then()

    def _wait_stopped(self) -> None:
        """Wait until this (retired) writer's thread has written all it will."""
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def _drain(self) -> None:
        """One write of everything pending (the condition's lock is held on entry and exit)."""
        count = len(self._pending)
        data = b"".join(piece for piece, _ in self._pending)
        moves = self._pending[-1][1]
        self._go = False
        self._busy = True
        self._cond.release()
        try:
            self._write(data)
            error = None
        except OSError as exc:
            error = exc
        except ValueError as exc:     # e.g. the file changed under us: one more reason
            error = OSError(0, str(exc))
        finally:
            self._cond.acquire()
        self.writes += 1
        if error is None:
            del self._pending[:count]
            self.pieces += count
            self.saved_moves = moves
        self.error = error
        self._busy = False
        self._cond.notify_all()

    def _run(self) -> None:
        if self._after is not None:
            self._after._wait_stopped()
            self._after = None
        with self._cond:
            while True:
                self._cond.wait_for(lambda: self._stop or (self._pending and self._go))
                if self._pending and self._go:
                    self._drain()
                elif self._stop:
                    then, self._then = self._then, None
                    break
        atexit.unregister(self.flush)
        if then is not None:
            then()
