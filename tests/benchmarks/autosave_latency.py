#!/usr/bin/env python3
"""Keypress -> updated screen for a key that applies an action, with autosave on and off.

``uno-tui --players Ann,cpu,cpu,cpu --seed 7`` is started in a detached tmux session
(the helpers of app_latency.py); once Ann is asked to play, ``d`` draws a card, which
applies an action and so saves the match; done when her hand no longer shows 7 cards.
The two settings alternate run by run so they share the machine's conditions.

    python tests/benchmarks/autosave_latency.py --runs 15
    python tests/benchmarks/autosave_latency.py --uno-tui .venv/bin/uno-tui --size 120x40

Run by hand; it is not collected by pytest.
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import app_latency  # noqa: E402
from app_latency import capture, tmux, wait_until  # noqa: E402


def one_run(command: str, number: int, size: str, timeout: float) -> float:
    width, height = size.split("x")
    session = f"a{number}"
    start = time.perf_counter()
    tmux("new-session", "-d", "-s", session, "-x", width, "-y", height, command)
    try:
        wait_until(session, lambda s: "Ann: pick a card" in s and "Quit" in s, start, timeout,
                   0.02)
        time.sleep(0.4)
        sent = time.perf_counter()
        tmux("send-keys", "-t", session, "d")
        seconds, _ = wait_until(session, lambda s: "(7 cards)" not in s, sent, timeout, 0.002)
    finally:
        tmux("kill-session", "-t", session, check=False)
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--uno-tui", default=shutil.which("uno-tui") or "uno-tui")
    parser.add_argument("--timeout", type=float, default=20.0)
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        print("tmux is needed", file=sys.stderr)
        return 2
    base = f"{shlex.quote(args.uno_tui)} --players Ann,cpu,cpu,cpu --seed 7"
    results: dict[str, list[float]] = {"off": [], "on": []}
    tmux("new-session", "-d", "-s", "keeper", "sleep 86400")
    try:
        with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as folder:
            commands = {"off": f"{base} --no-autosave",
                        "on": f"{base} --data-dir {shlex.quote(folder)}"}
            number = 0
            for run in range(args.runs):
                for name, command in commands.items():
                    number += 1
                    seconds = one_run(command, number, args.size, args.timeout)
                    results[name].append(seconds * 1000)
                    print(f"run {run + 1} autosave {name:<3}: key->update {seconds * 1000:6.1f} ms",
                          flush=True)
            saved = list(Path(folder).rglob("*.json"))
    finally:
        tmux("kill-server", check=False)
    off, on = (statistics.median(results[k]) for k in ("off", "on"))
    print(f"\n{args.runs} runs at {args.size}: key 'd' -> updated screen, median (min-max)")
    for name in ("off", "on"):
        values = results[name]
        print(f"  autosave {name:<3} {statistics.median(values):6.1f} ms "
              f"({min(values):.1f}-{max(values):.1f})")
    print(f"  on / off = {on / off:.2f}x   ({len(saved)} save files written)")
    return 0


if __name__ == "__main__":
    app_latency.SOCKET = f"uno-autosave-{__import__('os').getpid()}"
    sys.exit(main())
