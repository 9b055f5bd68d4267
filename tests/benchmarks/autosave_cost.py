#!/usr/bin/env python3
"""What autosave costs per action as a match grows: bytes written and milliseconds.

A table of computers plays a match nobody can win (the target is out of reach) through
the app's controller, with the real recorder journalling into a temporary folder
(each action one line, written and fsynced before the hook returns). Each action's
save is timed on its own and the bytes it added to the file are counted. At the
rounds named by ``--at`` it prints, for that round's actions: bytes and ms per action,
the file's size, and the process's RSS. In the same run and on the same disk, at the
same rounds, it also times what the old format did after every action (the whole match
rewritten as one JSON object: temp file, fsync, rename), for the before/after ratio.
At the end it times resuming the match (load, restore, lock, open).

    python tests/benchmarks/autosave_cost.py                     # rounds 10, 100, 400
    python tests/benchmarks/autosave_cost.py --at 5,20 --level normal

The computers' level only changes how long the run takes, not what a save costs
(``easy`` by default: 400 rounds of normal computers take minutes of CPU).
Run by hand; it is not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
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
from uno_tui.saves import record as record_module  # noqa: E402
from uno_tui.saves.record import config_to_json, parse_save  # noqa: E402

# A save's target is at most 10,000 (a few hundred rounds): this match must not end.
record_module.MAX_TARGET = 10**9


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


class TimedRecorder(MatchRecorder):
    """The real recorder, timing each action's save and the bytes it added."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.round_ms: list[float] = []
        self.round_bytes: list[int] = []

    def recorded(self, match, action) -> None:
        before = self.journal.length if self.journal is not None else 0
        start = time.perf_counter()
        super().recorded(match, action)
        self.round_ms.append((time.perf_counter() - start) * 1000)
        self.round_bytes.append(self.journal.length - before)


def old_format_save_ms(path: Path, folder: Path) -> tuple[float, int]:
    """One save as the old format made it after every action: the whole match as one
    JSON object, written to a temporary file, fsynced, renamed over the save."""
    record = parse_save(path.read_bytes())
    envelope = {"format": 1, "kind": "uno-tui-match", "created": record.created,
                "updated": record.updated, "finished": False,
                "config": config_to_json(record.config), "match": record.match,
                "rounds": [r.to_json() for r in record.rounds]}
    text = json.dumps(envelope, separators=(",", ":"))
    target = folder / "old-format.json"
    start = time.perf_counter()
    temp = folder / ".old-format.tmp"
    with open(temp, "w", encoding="utf-8") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temp, target)
    return (time.perf_counter() - start) * 1000, len(text.encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", default="10,100,400", help="rounds to report at")
    parser.add_argument("--level", default="easy", help="the computers' level")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--no-save", action="store_true",
                        help="play without saving: the RSS to compare with")
    args = parser.parse_args()
    checkpoints = sorted(int(n) for n in args.at.split(","))
    seats = tuple(SeatSpec(f"CPU {n}", args.level) for n in range(1, args.players + 1))
    target = 10**9      # nobody wins: the match goes on for as many rounds as asked
    config = PlayConfig(variant="classic", seats=seats, seed=3, target=target)
    print(f"load: {open('/proc/loadavg').read().split()[:3]}", flush=True)
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR")) as folder:
        folder = Path(folder)
        store = MatchStore(folder)
        recorder = None if args.no_save else TimedRecorder(store, config)
        ctl = TableController("classic", seats, target=target, seed=3, recorder=recorder)
        start_rss = rss_mb()
        while ctl.match.round_number <= checkpoints[-1]:
            if ctl.game.is_over:
                number = ctl.match.round_number
                if number in checkpoints and recorder is None:
                    rss = rss_mb()
                    print(f"round {number}, not saved: RSS {rss:.1f} MB "
                          f"({rss - start_rss:+.1f} since the start)", flush=True)
                elif number in checkpoints:
                    ms, data = recorder.round_ms, recorder.round_bytes
                    rss = rss_mb()      # before the old format's copy of the match is made
                    old_ms, old_bytes = old_format_save_ms(recorder.journal.path, folder)
                    print(f"round {number}: {len(ms)} actions; per action "
                          f"{statistics.mean(data):.1f} bytes (max {max(data)}), "
                          f"{statistics.median(ms):.2f} ms median, {statistics.mean(ms):.2f} "
                          f"mean; file {recorder.journal.length:,} bytes; RSS "
                          f"{rss:.1f} MB ({rss - start_rss:+.1f} since the start) | "
                          f"old format: {old_bytes:,} bytes, {old_ms:.2f} ms per action",
                          flush=True)
                ctl.finish_round()
                ctl.next_round()
                if recorder is not None:
                    recorder.round_ms, recorder.round_bytes = [], []
                continue
            ctl.bot_step()
        if recorder is None:
            return
        path = recorder.journal.path
        recorder.close()
        times = []
        for _ in range(5):
            start = time.perf_counter()
            record = store.load(path)
            match = record.restore()
            resumed = MatchRecorder(store, record.config, record)
            resumed.resume(match)
            times.append((time.perf_counter() - start) * 1000)
            resumed.close()
        print(f"resume of the {checkpoints[-1]}-round match ({path.stat().st_size:,} bytes): "
              f"median {statistics.median(times):.1f} ms of 5 (load, restore, lock, open)")
    print(f"load: {open('/proc/loadavg').read().split()[:3]}", flush=True)


if __name__ == "__main__":
    main()
