"""Python's full garbage collections, run while the server is quiet.

Every session's app lives in this one process, so a full collection walks all of their
widgets at once: with eight terminals at a table it took about 200 ms of CPU, about
every five plays, and as collections start when objects are being made, each landed
in the middle of a redraw, in front of every terminal at once (most of the latency's
tail). Here the automatic full collection becomes rare (a safety net for a server
that is never quiet), and a full collection runs instead when no terminal has been
sent anything for a moment.
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Callable

__all__ = ["QuietCollector"]

#: Nothing sent to any terminal for this long: the server is quiet.
QUIET = 0.5
#: At least this long between two full collections run here.
EVERY = 10.0
#: A server never quiet this long collects anyway (its memory must not grow unchecked).
LONGEST = 60.0
#: How often the collector looks.
LOOK_EVERY = 0.25
#: Python's own full collection after this many middle-generation ones (default 10):
#: left to Python only as a last resort.
RARE_FULL = 1000
#: A young collection after this many new container objects (Python's default is 700).
#: A table update makes tens of thousands for each terminal (strips, segments, texts),
#: nearly all gone again by the next frame: at 700 they were walked, and the survivors
#: of each frame moved on to the middle generation and walked again there, every few
#: hundred microseconds of drawing.
YOUNG = 20_000


class QuietCollector:
    """Runs :func:`gc.collect` when ``last_output()`` (a monotonic time) is ``quiet``
    seconds old, at most every ``every`` seconds, and at the latest after ``longest``.
    :meth:`start` and :meth:`stop` on the loop; :meth:`look` is one decision (for
    tests, with ``clock`` and ``collect``)."""

    def __init__(self, last_output: Callable[[], float], *, quiet: float = QUIET,
                 every: float = EVERY, longest: float = LONGEST,
                 clock: Callable[[], float] = time.monotonic,
                 collect: Callable[[], object] = gc.collect) -> None:
        self.last_output = last_output
        self.quiet = quiet
        self.every = every
        self.longest = longest
        self.clock = clock
        self.collect = collect
        self.last_collection = clock()
        #: Full collections run here (for the log and the tests).
        self.collections = 0
        self._task: asyncio.Task | None = None
        self._thresholds: tuple[int, int, int] | None = None

    def look(self) -> bool:
        """Collect now if the server is quiet and the last collection is old enough."""
        now = self.clock()
        waited = now - self.last_collection
        if waited < self.longest and (waited < self.every
                                      or now - self.last_output() < self.quiet):
            return False
        self.collect()
        self.last_collection = self.clock()
        self.collections += 1
        return True

    def start(self) -> None:
        """Make Python's own full collections rare, its young ones less frequent, and
        look every so often."""
        gen0, gen1, _ = self._thresholds = gc.get_threshold()
        gc.freeze()      # what the server set up at start lives as long as the server
        gc.set_threshold(max(gen0, YOUNG), gen1, RARE_FULL)
        self._task = asyncio.get_running_loop().create_task(self._run(), name="quiet-gc")

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(LOOK_EVERY)
            self.look()

    def stop(self) -> None:
        """Python collects as before, the garbage the server left collected first."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            gc.unfreeze()
            self._thresholds = None
            # Now, with everything frozen since the start (garbage among it: the freeze
            # takes what is there; the render workers' pool freezes the host too) thawed.
            # Left to Python, the oldest generation kept all of it, and its next full
            # collection found it at once, wherever the process was by then: in the test
            # suite, where servers start and stop in one process, a later test's loop
            # stood still for 6-15 s (0.3-1.4 million objects, loaded machine).
            self.collect()
