#!/usr/bin/env python3
"""Memory (RSS) of a long all-computer match played by the real app at full speed.

The app runs headless (``App.run_test``) with four normal computers at pace 0 and a
target nobody reaches; each round result is closed with Enter as a player would. The
resident set size is printed after the rounds named by ``--at`` (and the wall time
since the previous line), so growth per round can be read off.

    python tests/benchmarks/long_match_memory.py --at 10,100,250
    python tests/benchmarks/long_match_memory.py --autosave   # with autosave to a temp dir

Run by hand; it is not collected by pytest.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from uno_tui.app.app import UnoApp  # noqa: E402
from uno_tui.app.screens.round_result import RoundResultScreen  # noqa: E402
from uno_tui.config import PlayConfig, SeatSpec  # noqa: E402
from uno_tui.saves import MatchStore  # noqa: E402


def rss_mb() -> float:
    """This process's resident set size in MB (from /proc)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def count_actions() -> list[int]:
    """Count every action the table applies (one counter, read by the report)."""
    from uno_tui.app.controller import TableController

    counter = [0]
    apply = TableController.apply

    def counted(self, action):
        counter[0] += 1
        return apply(self, action)

    TableController.apply = counted
    return counter


async def play(at: list[int], variant: str, players: int, data_dir: Path | None) -> None:
    actions = count_actions()
    seats = tuple(SeatSpec(f"CPU {n}", "normal") for n in range(1, players + 1))
    config = PlayConfig(variant=variant, seats=seats, target=10**6, seed=1)
    store = MatchStore(data_dir) if data_dir is not None else None
    app = UnoApp(config, pace=0, steady=True, store=store)
    async with app.run_test(size=(120, 40)) as pilot:
        rounds = 0
        start = time.perf_counter()
        counted = 0
        while rounds < at[-1]:
            await pilot.pause(0.005)
            if isinstance(app.screen, RoundResultScreen):
                rounds += 1
                if rounds in at:
                    gc.collect()
                    now = time.perf_counter()
                    saved = ""
                    if store is not None:
                        app.flush_saves()
                        size = sum(p.stat().st_size for p in data_dir.rglob("*.json"))
                        saved = f"  save files {size / 1e6:5.2f} MB"
                    per_action = (now - start) / max(1, actions[0] - counted) * 1000
                    print(f"round {rounds:4d}: RSS {rss_mb():6.1f} MB  ({now - start:6.1f} s, "
                          f"{per_action:.2f} ms per action){saved}", flush=True)
                    start, counted = now, actions[0]
                await pilot.press("enter")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", default="10,100,250", help="rounds to report after")
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--autosave", action="store_true", help="autosave into a temp folder")
    args = parser.parse_args()
    at = sorted(int(n) for n in args.at.split(","))
    if args.autosave:
        with tempfile.TemporaryDirectory() as folder:
            asyncio.run(play(at, args.variant, args.players, Path(folder)))
    else:
        asyncio.run(play(at, args.variant, args.players, None))


if __name__ == "__main__":
    main()
