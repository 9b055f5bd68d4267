"""Decision time of each bot level: median and 99th percentile of ``Bot.choose``.

Run by hand (not collected by pytest)::

    python tests/benchmarks/bots_decision_time.py --games 20 --think-ms 100
    python tests/benchmarks/bots_decision_time.py --levels hard --games 10   # default 500 ms

Each level plays seat 0 of whole rounds against three normal bots; every call to
its ``choose`` is timed, view building excluded (the game runner pays for that).
Decisions with a single legal action are timed too: they are part of what a
player waits for. For bots that follow the round (``Bot.observes``), the time
``observe`` takes per applied action is reported on a second line.

``--clock cpu`` times decisions in the process's CPU time and gives the hard bot its
budget on that clock too: on a loaded machine wall time also counts the moments the
process waits for a core, which no bot can help; CPU time shows the bot's own share.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from uno_tui.bots import BOT_LEVELS, make_bot  # noqa: E402
from uno_tui.engine import Game  # noqa: E402
from uno_tui.sim import play_round  # noqa: E402


class Stopwatch:
    """Wraps a bot and times its decisions."""

    clock = staticmethod(time.perf_counter)

    def __init__(self, bot, times: list[float], observed: list[float]) -> None:
        self.bot = bot
        self.wants_view = bot.wants_view
        self.observes = bot.observes
        self.times = times
        self.observed = observed

    def observe(self, action, events, view):
        started = self.clock()
        self.bot.observe(action, events, view)
        self.observed.append(self.clock() - started)

    def choose(self, view, actions):
        started = self.clock()
        action = self.bot.choose(view, actions)
        self.times.append(self.clock() - started)
        return action

    def react(self, view, actions):
        return self.bot.react(view, actions)


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (0..1) by the nearest-rank method."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(share * len(ordered) + 0.5)))
    return ordered[rank - 1]


def measure(level: str, games: int, variant: str, think_ms: int | None,
            seed: int) -> tuple[list[float], list[float]]:
    times: list[float] = []
    observed: list[float] = []
    master = random.Random(seed)
    for _ in range(games):
        game_seed = master.randrange(2**63)
        rng = random.Random(game_seed)
        bots = [Stopwatch(make_bot(level, 0, random.Random(rng.randrange(2**63)),
                                   think_ms=think_ms, clock=Stopwatch.clock), times, observed)]
        bots += [make_bot("normal", seat, random.Random(rng.randrange(2**63)))
                 for seat in (1, 2, 3)]
        play_round(Game(variant, 4, seed=game_seed), bots, rng)
    return times, observed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default=",".join(BOT_LEVELS),
                        help="comma-separated levels (default: all)")
    parser.add_argument("--games", type=int, default=20, help="rounds per level (default: 20)")
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--think-ms", type=int, default=None,
                        help="hard bot's budget per decision (default: its own, 500 ms)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time decisions (and keep the hard bot's budget) in wall time, "
                             "or in the process's CPU time (default: wall)")
    args = parser.parse_args()
    Stopwatch.clock = staticmethod(time.process_time if args.clock == "cpu" else time.perf_counter)
    print(f"{args.variant}, 4 players, {args.games} rounds per level, seat 0 against three "
          f"normal bots, think-ms {args.think_ms or 'default'}, {args.clock} clock")
    print(f"{'level':<8} {'decisions':>9} {'median ms':>10} {'p99 ms':>9} {'max ms':>9}")
    for level in args.levels.split(","):
        times, observed = measure(level, args.games, args.variant, args.think_ms, args.seed)
        print(f"{level:<8} {len(times):>9} {statistics.median(times) * 1000:>10.3f} "
              f"{percentile(times, 0.99) * 1000:>9.3f} {max(times) * 1000:>9.3f}")
        if observed:
            print(f"{'observe':>8} {len(observed):>9} {statistics.median(observed) * 1000:>10.3f} "
                  f"{percentile(observed, 0.99) * 1000:>9.3f} {max(observed) * 1000:>9.3f}"
                  "   (per applied action)")


if __name__ == "__main__":
    main()
