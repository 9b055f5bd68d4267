#!/usr/bin/env python3
"""CPU time the table app spends per computer action (what ``uno-tui serve`` pays per
table change, for each terminal that watches).

An all-computer table (easy computers, which think little) plays in ``App.run_test()``
at the given size, ``--pace`` seconds between actions (idle time costs no CPU); the process's CPU time (``time.process_time()``,
every thread) over the first ``--actions`` actions of a round is divided by the actions
taken. The same actions taken by the controller alone, without the app, are timed too:
the difference is the app's own cost (its state, widgets, layout and drawing; a
headless app does not write to a terminal, which the server's apps do).

    python tests/benchmarks/app_update_cpu.py --seats 4 --size 120x40
    python tests/benchmarks/app_update_cpu.py --seats 16 --size 120x40   # UNO Party!

Run by hand; it is not collected by pytest.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time

from uno_tui.app.app import UnoApp
from uno_tui.app.controller import TableController
from uno_tui.config import PlayConfig, SeatSpec, computer_name

TARGET = 10 ** 6     # no match end within the measured actions


def seats(count: int) -> tuple[SeatSpec, ...]:
    return tuple(SeatSpec(computer_name(n), "easy") for n in range(1, count + 1))


async def app_run(args, seed: int) -> tuple[float, int]:
    """(CPU seconds, actions) for the app playing ``args.actions`` actions."""
    width, height = (int(v) for v in args.size.split("x"))
    config = PlayConfig(variant=args.variant, seats=seats(args.seats), seed=seed, target=TARGET)
    app = UnoApp(config, pace=args.pace, steady=True)
    async with app.run_test(size=(width, height)) as pilot:
        while app.table is None:
            await pilot.pause(0.01)
        ctl = app.table.ctl
        await pilot.pause(0.3)                   # the first frame and the deal drawn
        start_version, start_round = ctl._version, ctl.match.round_number
        start = time.process_time()
        while (ctl._version - start_version < args.actions
               and ctl.match.round_number == start_round and not ctl.game.is_over):
            await asyncio.sleep(0.01)
        cpu = time.process_time() - start
        actions = ctl._version - start_version
    return cpu, actions


def controller_run(args, seed: int, actions: int) -> float:
    """CPU seconds for the controller alone taking ``actions`` computer actions."""
    ctl = TableController(args.variant, seats(args.seats), seed=seed, target=TARGET)
    start = time.process_time()
    taken = 0
    while taken < actions and ctl.bot_pending() and not ctl.game.is_over:
        before = ctl._version
        ctl.bot_step()
        taken += ctl._version - before
    return time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--variant", default=None,
                        help="rule set (default: classic, party above 10 seats)")
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--actions", type=int, default=40)
    parser.add_argument("--pace", type=float, default=0.05)
    parser.add_argument("--runs", type=int, default=5, help="seeds 1..RUNS")
    args = parser.parse_args()
    if args.variant is None:
        args.variant = "classic" if args.seats <= 10 else "party"
    per_app, per_ctl = [], []
    for seed in range(1, args.runs + 1):
        cpu, actions = asyncio.run(app_run(args, seed))
        if not actions:
            continue
        alone = controller_run(args, seed, actions)
        per_app.append(cpu / actions * 1000)
        per_ctl.append(alone / actions * 1000)
        print(f"seed {seed}: {actions} actions, app {cpu / actions * 1000:.2f} ms/action, "
              f"controller alone {alone / actions * 1000:.2f} ms/action", flush=True)
    if not per_app:
        print("no actions were taken", file=sys.stderr)
        return 1
    app_ms, ctl_ms = statistics.median(per_app), statistics.median(per_ctl)
    print(f"\n{args.variant}, {args.seats} computers at {args.size}, {len(per_app)} runs, medians: "
          f"app {app_ms:.2f} ms CPU per action, controller alone {ctl_ms:.2f}, "
          f"the app's own {app_ms - ctl_ms:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
