#!/usr/bin/env python3
"""Launch -> first frame, and keypress -> updated screen: uno-tui against a bare Textual app.

Each app is started in a detached tmux session of a fixed size on a private tmux
server; the pane is polled with ``tmux capture-pane`` until the expected text shows.
The bare app (a Header, a Static and a Footer; ``d`` changes the Static) is this
very file run with ``--bare``. All apps are measured in the same run, interleaved
round by round, so they share the machine's conditions.

    python tests/benchmarks/app_latency.py --runs 9
    python tests/benchmarks/app_latency.py --uno-tui /path/to/venv/bin/uno-tui

Scenarios:
  bare   the bare app; key ``d``; done when "READY 1" shows
  setup  ``uno-tui`` (the setup screen); key ``+``; done when a 5th seat shows
  table  ``uno-tui --players Ann,cpu,cpu,cpu --seed 7``; once Ann is asked to play,
         key Right; done when the picked card (double border) has moved

Run by hand; it is not collected by pytest.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Callable

SOCKET = f"uno-latency-{os.getpid()}"


# ------------------------------------------------------------------ bare app

def run_bare_app() -> None:
    """The reference: what Textual costs with next to nothing on screen."""
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Header, Static

    class BareApp(App[None]):
        BINDINGS = [("d", "bump", "Bump"), ("q", "quit", "Quit")]
        count = 0

        def compose(self) -> ComposeResult:
            yield Header()
            yield Static("READY 0", id="body")
            yield Footer()

        def action_bump(self) -> None:
            self.count += 1
            self.query_one("#body", Static).update(f"READY {self.count}")

    BareApp().run()


# ---------------------------------------------------------------------- tmux

def tmux(*args: str, check: bool = True) -> str:
    proc = subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise RuntimeError(f"tmux {' '.join(args)} failed: {proc.stderr.strip()}")
    return proc.stdout


def capture(session: str) -> str:
    return tmux("capture-pane", "-p", "-t", session, check=False)


def wait_until(session: str, done: Callable[[str], bool], start: float, timeout: float,
               poll: float) -> tuple[float, str]:
    """Poll the pane until ``done(screen)``; return (seconds since ``start``, screen)."""
    while True:
        screen = capture(session)
        now = time.perf_counter()
        if done(screen):
            return now - start, screen
        if now - start > timeout:
            raise TimeoutError(f"gave up after {timeout}s; the screen was:\n{screen}")
        time.sleep(poll)


def picked_card(screen: str) -> tuple[int, int] | None:
    """Row and column of the picked card's double top-left corner."""
    for row, line in enumerate(screen.splitlines()):
        column = line.find("╔")
        if column >= 0:
            return row, column
    return None


@dataclass
class Scenario:
    name: str
    command: str
    ready: str             # text of the first frame
    full: str              # text drawn last (the footer): the whole UI is up
    before_key: str        # text that says the app waits for the key
    key: str
    changed: Callable[[str, str], bool]   # (screen before the key, screen now) -> updated?


def scenarios(python: str, uno_tui: str) -> list[Scenario]:
    here = os.path.abspath(__file__)
    return [
        Scenario("bare", f"{shlex.quote(python)} {shlex.quote(here)} --bare",
                 "READY 0", "Bump", "READY 0", "d",
                 lambda before, now: "READY 1" in now),
        Scenario("setup", shlex.quote(uno_tui), "New game", "Add seat", "4   CPU 3", "+",
                 lambda before, now: "5   CPU 4" in now),
        Scenario("table", f"{shlex.quote(uno_tui)} --players Ann,cpu,cpu,cpu --seed 7",
                 "Ann's hand", "Help", "Ann: pick a card", "Right",
                 lambda before, now: picked_card(now) not in (None, picked_card(before))),
    ]


def one_run(scenario: Scenario, number: int, args) -> tuple[float, float, float]:
    width, height = (int(v) for v in args.size.split("x"))
    session = f"s{number}"
    start = time.perf_counter()
    tmux("new-session", "-d", "-s", session, "-x", str(width), "-y", str(height),
         scenario.command)
    try:
        first, _ = wait_until(session, lambda s: scenario.ready in s, start, args.timeout,
                              args.poll_launch)
        full, _ = wait_until(session, lambda s: scenario.full in s, start, args.timeout,
                             args.poll_launch)
        wait_until(session, lambda s: scenario.before_key in s, start, args.timeout,
                   args.poll_launch)
        time.sleep(args.settle)
        before = capture(session)
        sent = time.perf_counter()
        tmux("send-keys", "-t", session, scenario.key)
        key, _ = wait_until(session, lambda s: scenario.changed(before, s), sent,
                            args.timeout, args.poll_key)
    finally:
        tmux("kill-session", "-t", session, check=False)
    return first, full, key


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bare", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--python", default=sys.executable,
                        help="interpreter for the bare app (default: this one)")
    parser.add_argument("--uno-tui", default=shutil.which("uno-tui") or "uno-tui",
                        help="the uno-tui command to measure (default: the one on PATH)")
    parser.add_argument("--settle", type=float, default=0.4,
                        help="seconds to wait after the app is ready before the key")
    parser.add_argument("--timeout", type=float, default=20.0)
    # Each capture-pane is a new process (~2 ms of CPU): poll slowly while an app starts,
    # so polling does not slow the start it measures, and quickly after a key.
    parser.add_argument("--poll-launch", type=float, default=0.02)
    parser.add_argument("--poll-key", type=float, default=0.002)
    args = parser.parse_args()
    if args.bare:
        run_bare_app()
        return 0
    if shutil.which("tmux") is None:
        print("tmux is needed", file=sys.stderr)
        return 2

    plan = scenarios(args.python, args.uno_tui)
    results: dict[str, list[tuple[float, float, float]]] = {s.name: [] for s in plan}
    tmux("new-session", "-d", "-s", "keeper", "sleep 86400")
    try:
        number = 0
        for run in range(args.runs):
            for scenario in plan:
                number += 1
                first, full, key = one_run(scenario, number, args)
                results[scenario.name].append((first, full, key))
                print(f"run {run + 1} {scenario.name:<5}: first frame {first * 1000:6.1f} ms"
                      f"  full UI {full * 1000:6.1f} ms  key->update {key * 1000:5.1f} ms",
                      flush=True)
    finally:
        tmux("kill-server", check=False)

    def median(name: str, index: int) -> float:
        return statistics.median(r[index] for r in results[name]) * 1000

    print(f"\n{args.runs} runs at {args.size}, medians (min-max):")
    labels = ("launch -> first frame", "launch -> full UI", "keypress -> update")
    for index, label in enumerate(labels):
        bare = median("bare", index)
        for name in results:
            values = [r[index] * 1000 for r in results[name]]
            ratio = "" if name == "bare" else f"  = {median(name, index) / bare:.2f}x bare"
            print(f"  {label:<22} {name:<5} {median(name, index):7.1f} ms "
                  f"({min(values):.1f}-{max(values):.1f}){ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
