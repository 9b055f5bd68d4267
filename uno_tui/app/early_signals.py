"""Exit signals that come before the app can take them.

The hot-seat app catches SIGHUP, SIGTERM and SIGINT once it has mounted, and ends
through its own exit path: the match saved, the terminal restored, 128 + the signal's
number. The match is on disk (its first save) before that, while the app is still being
built; a hangup then killed the process outright, by the signal (under load the window
is a second or more). :func:`hold` keeps such a signal from the start of ``run_app``
until the app takes it with :func:`take_held`, and acts on it then.
"""

from __future__ import annotations

import signal

__all__ = ["EXIT_SIGNALS", "hold", "take_held"]

EXIT_SIGNALS = (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)

#: The first exit signal held since :func:`hold` (None: none came).
_held: int | None = None


def _remember(signum: int, _frame) -> None:
    global _held
    if _held is None:
        _held = signum


def hold() -> None:
    """Hold the exit signals from now on (the main thread only: elsewhere no process
    signal reaches Python code)."""
    global _held
    _held = None
    for signum in EXIT_SIGNALS:
        try:
            signal.signal(signum, _remember)
        except ValueError:              # not the main thread
            return


def take_held() -> int | None:
    """The exit signal held since :func:`hold`, if one came (it is taken: a second call
    says None)."""
    global _held
    signum, _held = _held, None
    return signum
