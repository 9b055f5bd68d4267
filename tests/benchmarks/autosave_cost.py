#!/usr/bin/env python3
"""What autosave costs per action: milliseconds (median, p99) and bytes per save.

A table of normal computers is played through the app's controller with the real
recorder writing into a temporary folder (temp file, flush, fsync, rename after every
action, as in play); each save is timed on its own, and the file's size read after it.

    python tests/benchmarks/autosave_cost.py                    # 4-player classic, 16-player Party
    python tests/benchmarks/autosave_cost.py --actions 3000 --no-fsync

Run by hand; it is not collected by pytest.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from uno_tui.app.controller import TableController  # noqa: E402
from uno_tui.config import PlayConfig, SeatSpec  # noqa: E402
from uno_tui.saves import MatchRecorder, MatchStore  # noqa: E402


class TimedRecorder(MatchRecorder):
    """The real recorder, timing each save after an action and noting the file's size."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.seconds: list[float] = []
        self.sizes: list[int] = []

    def recorded(self, match, action) -> None:
        start = time.perf_counter()
        super().recorded(match, action)
        self.seconds.append(time.perf_counter() - start)
        self.sizes.append(len(self.record.text().encode()))


def measure(variant: str, players: int, actions: int, target: int, background: bool) -> None:
    seats = tuple(SeatSpec(f"CPU {n}", "normal") for n in range(1, players + 1))
    config = PlayConfig(variant=variant, seats=seats, seed=3, target=target)
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR")) as folder:
        recorder = TimedRecorder(MatchStore(Path(folder)), config, background=background)
        ctl = TableController(variant, seats, target=target, seed=3, recorder=recorder)
        rounds = 1
        while len(recorder.seconds) < actions:
            if ctl.game.is_over:
                ctl.finish_round()
                if ctl.match.is_over:
                    break
                ctl.next_round()
                rounds += 1
                continue
            ctl.bot_step()
        recorder.flush()
    ms = sorted(s * 1000 for s in recorder.seconds)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    how = "in the background (the caller's share)" if background else "on the caller's thread"
    print(f"{variant} {players} players, disk work {how}: {len(ms)} actions over {rounds} rounds; "
          f"save after an action: median {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms, "
          f"max {ms[-1]:.2f} ms; bytes per save: median {statistics.median(recorder.sizes):,.0f}, "
          f"last {recorder.sizes[-1]:,}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--no-fsync", action="store_true",
                        help="skip fsync (to see what the disk flush costs)")
    args = parser.parse_args()
    if args.no_fsync:
        os.fsync = lambda fd: None
    for background in (False, True):
        measure("classic", 4, args.actions, 500, background)
        measure("party", 16, args.actions, 500, background)


if __name__ == "__main__":
    main()
