"""Saving off the caller's thread: the disk's part of a save (fsync, rename) takes a few
milliseconds that a keypress should not wait for."""

from __future__ import annotations

import atexit
import threading
from pathlib import Path

from .store import write_atomic

__all__ = ["SaveWriter"]


class SaveWriter:
    """Writes the newest text given for a file in a background thread.

    A text not yet written when a newer one comes is dropped (the newer holds
    everything it held). :meth:`flush` waits until what was given is on disk; it also
    runs when the interpreter exits, so a normal exit never loses the last save.
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: tuple[Path, str | tuple[str, ...]] | None = None
        self._busy = False
        self._thread: threading.Thread | None = None
        #: The error of the last write (None when it worked).
        self.error: OSError | None = None
        atexit.register(self.flush, 5.0)

    def submit(self, path: Path, text: str | tuple[str, ...]) -> None:
        """Write ``text`` (or its pieces, in order) to ``path`` soon, after any pending
        write to another file."""
        with self._cond:
            if self._pending is not None and self._pending[0] != path:
                self._wait(None)
            self._pending = (path, text)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="uno-tui-autosave",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every text given is written; False if ``timeout`` ran out first."""
        with self._cond:
            return self._wait(timeout)

    def _wait(self, timeout: float | None) -> bool:
        return self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None)
                (path, text), self._pending = self._pending, None
                self._busy = True
            try:
                write_atomic(path, text)
                error = None
            except OSError as exc:
                error = exc
            with self._cond:
                self.error = error
                self._busy = False
                self._cond.notify_all()
