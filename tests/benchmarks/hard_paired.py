"""Paired comparison of two versions of the bots on the same duplicate deals.

Run by hand (not collected by pytest), one process per version of the code::

    git archive a20fc1a | tar -x -C /tmp/old          # the version to compare against
    python tests/benchmarks/hard_paired.py --tree /tmp/old --deals 300 --out old.jsonl
    python tests/benchmarks/hard_paired.py --tree .        --deals 300 --out new.jsonl
    python tests/benchmarks/hard_paired.py --compare old.jsonl new.jsonl

Each run plays the deals of ``uno-tui sim --duplicate`` (the same seeds: deal ``i`` of
seed ``s`` is the same shuffle in both runs) with the levels given, one line of JSON
per deal: the first level's share of wins and points per round over the deal's seat
rotations. ``--compare`` pairs two such files deal by deal and gives each one's win
rate and the difference with 95% intervals over deals. The searching bots keep their
budget on CPU time, as in ``sim``. Run it with ``nice -n 19`` on one core.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path


def _interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return mean, 0.0
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)


def apply_trials(hard, settings: list[str]) -> None:
    """Set constants of the hard bot's module for one run, e.g. ``_CONFIDENCE=0.5``."""
    for setting in settings:
        name, _, value = setting.partition("=")
        if not hasattr(hard, name):
            raise SystemExit(f"uno_tui.bots.hard has no {name!r}")
        setattr(hard, name, type(getattr(hard, name))(value))


def play(args) -> None:
    sys.path.insert(0, str(Path(args.tree).resolve()))
    import uno_tui.sim
    from uno_tui.bots import hard
    from uno_tui.sim import SimConfig, _play_game

    apply_trials(hard, args.set)
    if args.horizon is not None:
        made = uno_tui.sim.make_bot

        def make_bot(*a, **k):
            bot = made(*a, **k)
            if isinstance(bot, hard.HardBot):
                bot.horizon = None if args.horizon == "end" else int(args.horizon)
            return bot
        uno_tui.sim.make_bot = make_bot

    levels = tuple(args.bots.split(","))
    config = SimConfig(variant=args.variant, players=len(levels), games=args.deals,
                       seed=args.seed, check=False, levels=levels, think_ms=args.think_ms,
                       workers=1, duplicate=True)
    master = random.Random(args.seed)
    seeds = [master.randrange(2**63) for _ in range(args.start + args.deals)]
    focus = levels[0]
    out = open(args.out, "a", encoding="utf-8") if args.out else sys.stdout
    started = time.process_time()
    for index in range(args.start, args.start + args.deals):
        won = played = points = rounds = 0
        for rotation in range(config.rotations):
            outcome = _play_game(config, index, seeds[index], rotation)
            for seat, level in enumerate(outcome.levels):
                if level == focus:
                    won += outcome.winner == seat
                    played += 1
                    points += outcome.points[seat]
                    rounds += outcome.rounds
        out.write(json.dumps({"deal": index, "win": won / played, "points": points / rounds,
                              "cpu": round(time.process_time() - started, 2)}) + "\n")
        out.flush()


def compare(paths: list[str]) -> None:
    runs = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            runs.append({row["deal"]: row for row in map(json.loads, f)})
    common = sorted(set(runs[0]).intersection(*runs[1:]))
    print(f"{len(common)} deals in common")
    for path, run in zip(paths, runs):
        mean, half = _interval([run[d]["win"] for d in common])
        pts, phalf = _interval([run[d]["points"] for d in common])
        print(f"{path}: win rate {mean:.1%} ± {half:.1%}, points per round {pts:.1f} ± {phalf:.1f}")
    for path, run in zip(paths[1:], runs[1:]):
        mean, half = _interval([run[d]["win"] - runs[0][d]["win"] for d in common])
        print(f"{path} - {paths[0]}: {mean:+.1%} ± {half:.1%} (95%, paired by deal)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", default=".", help="the source tree whose uno_tui is played")
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--bots", default="hard,normal",
                        help="levels by seat; the first one is reported (default hard,normal)")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--start", type=int, default=0, help="first deal's index (to resume)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-ms", type=int, default=100)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="set a constant of uno_tui.bots.hard for this run (a trial)")
    parser.add_argument("--horizon", help="the hard bot's rollout length: actions, or 'end'")
    parser.add_argument("--out", help="append the JSON lines here (default: stdout)")
    parser.add_argument("--compare", nargs="+", metavar="JSONL",
                        help="pair these runs deal by deal (the first is the reference)")
    args = parser.parse_args()
    if args.compare:
        compare(args.compare)
    else:
        play(args)


if __name__ == "__main__":
    main()
