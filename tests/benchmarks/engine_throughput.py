"""Engine throughput: random legal play, actions per second, beside RLCard's UNO engine.

Run by hand (not collected by pytest):

    pip install '.[bench]'
    python tests/benchmarks/engine_throughput.py                  # 4-player classic vs RLCard
    python tests/benchmarks/engine_throughput.py --variant pokemon --players 6 --seconds 5

Both engines play whole 4-player games with a uniformly random legal action at every
step, alternating in short slices in the same process so machine noise hits both
alike. Time is the process's CPU time (``time.process_time``), which other work on a
shared machine disturbs far less than wall time. RLCard is skipped (with a note) when it is not installed or the variant is not
classic, since RLCard only knows classic UNO.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from uno_tui.engine import Game


def uno_tui_slice(variant: str, players: int, seconds: float, rng: random.Random) -> tuple[int, float]:
    """Play whole games for about ``seconds``; return (actions, elapsed seconds)."""
    actions, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        game = Game(variant, players, seed=rng.randrange(2**63))
        legal, apply, choice = game.legal_actions, game.apply, rng.choice
        while not game.is_over:
            apply(choice(legal(game.decision.seat)))
            actions += 1
    return actions, time.process_time() - started


def rlcard_slice(players: int, seconds: float, rng: random.Random) -> tuple[int, float]:
    """RLCard's ``UnoGame`` played the same way; raises ImportError when rlcard is missing."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(allow_step_back=False, num_players=players)
    game.np_random = np.random.RandomState(rng.randrange(2**32))
    actions, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        state, _ = game.init_game()
        while not game.is_over():
            # RLCard lists an action once per copy held; pick among distinct actions.
            legal = list(dict.fromkeys(state["legal_actions"]))
            state, _ = game.step(rng.choice(legal))
            actions += 1
    return actions, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0, help="total time per engine")
    parser.add_argument("--slices", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    per_slice = args.seconds / args.slices
    ours, theirs = [], []
    compare = args.variant == "classic"
    for _ in range(args.slices):
        done, took = uno_tui_slice(args.variant, args.players, per_slice, rng)
        ours.append(done / took)
        if compare:
            try:
                done, took = rlcard_slice(args.players, per_slice, rng)
            except ImportError:
                print("rlcard is not installed (pip install '.[bench]'): uno-tui alone")
                compare = False
            else:
                theirs.append(done / took)
    mine = statistics.median(ours)
    print(f"uno-tui {args.variant}, {args.players} players: {mine:,.0f} actions/s "
          f"(median of {len(ours)} slices, min {min(ours):,.0f}, max {max(ours):,.0f})")
    if theirs:
        other = statistics.median(theirs)
        print(f"RLCard classic, {args.players} players: {other:,.0f} actions/s "
              f"(median of {len(theirs)} slices, min {min(theirs):,.0f}, max {max(theirs):,.0f})")
        print(f"ratio uno-tui / RLCard: {mine / other:.2f}x")


if __name__ == "__main__":
    main()
