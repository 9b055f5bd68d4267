"""What the hard bot's own choices are worth, judged with the real hands (low noise).

Run by hand (not collected by pytest)::

    python tests/benchmarks/hard_gain.py --games 100
    python tests/benchmarks/hard_gain.py --tree /tmp/old --games 100     # another version
    python tests/benchmarks/hard_gain.py --games 100 --set _DROP=2.0 --horizon end

Win rates over whole rounds move by a few points only over thousands of deals. This
looks at the decisions themselves: seat 0 is the hard bot, the others normal bots,
and whenever the hard bot picks an action with another outcome than the normal bot
would in its place (a *deviation*), both actions are tried from the real position
(every hand as it is; the draw pile shuffled anew, the same way for both actions)
``--rollouts`` times, played to the round's end by the normal heuristics for every
seat. The difference of the two win shares is what the deviation gained. The sum over
a round estimates how much the hard bot's search adds to the normal bot's play in
that round, with far less noise than the round's result. An oracle, for measuring
only: the bot itself never sees these hands. Run it with ``nice -n 19`` on one core.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import defaultdict
from pathlib import Path


def _interval(values: list[float]) -> tuple[float, float]:
    n = len(values)
    if not n:
        return 0.0, 0.0
    mean = math.fsum(values) / n
    if n < 2:
        return mean, 0.0
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", default=str(Path(__file__).resolve().parents[2]),
                        help="the source tree whose uno_tui is played")
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-ms", type=int, default=100)
    parser.add_argument("--rollouts", type=int, default=100,
                        help="real-hand playouts per action at each deviation")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="set a constant of uno_tui.bots.hard for this run (a trial)")
    parser.add_argument("--horizon", help="the hard bot's rollout length: actions, or 'end'")
    args = parser.parse_args()

    sys.path.insert(0, str(Path(args.tree).resolve()))
    from uno_tui.bots import hard, make_bot
    from uno_tui.bots.hard import HardBot, rollout
    from uno_tui.bots.heuristics import Situation, decide, split_actions
    from uno_tui.engine import Game, Play
    from uno_tui.sim import play_round

    from hard_paired import apply_trials   # this script's neighbour in tests/benchmarks

    apply_trials(hard, args.set)

    def outcome(view, action):
        if type(action) is Play:
            return ("play", next((c.face for c in view.hand if c.id == action.card), action.card))
        return action

    class Judged(HardBot):
        """The hard bot; each of its deviations from the normal pick is valued."""

        game: Game
        judge_rng: random.Random
        gains: list[float]
        kinds: dict

        def choose(self, view, actions):
            action = super().choose(view, actions)
            window, decision = split_actions(actions)
            if window is not None or len(decision) < 2:
                return action
            usual = decide(Situation.from_view(view), decision, random.Random(0))
            if outcome(view, usual) == outcome(view, action):
                return action
            diffs = []
            for _ in range(args.rollouts):
                order = self.judge_rng.random()
                values = []
                for candidate in (action, usual):
                    world = self.game.copy()
                    random.Random(order).shuffle(world.draw_pile)
                    world.apply(candidate)
                    values.append(rollout(world, self.seat, None))
                diffs.append(values[0] - values[1])
            gain = math.fsum(diffs) / len(diffs)
            self.gains.append(gain)
            self.kinds[view.decision_kind].append(gain)
            return action

    master = random.Random(args.seed)
    per_game, all_gains, kinds = [], [], defaultdict(list)
    wins = 0
    started = time.process_time()
    for index in range(args.games):
        seed = master.randrange(2**63)
        rng = random.Random(seed)
        game = Game(args.variant, args.players, seed=seed)
        bot = Judged(0, random.Random(rng.randrange(2**63)), think_ms=args.think_ms,
                     clock=time.process_time)
        if args.horizon is not None:
            bot.horizon = None if args.horizon == "end" else int(args.horizon)
        bot.game, bot.judge_rng, bot.gains, bot.kinds = game, random.Random(seed + 1), [], kinds
        bots = [bot] + [make_bot("normal", s, random.Random(rng.randrange(2**63)))
                        for s in range(1, args.players)]
        play_round(game, bots, rng)
        wins += game.winner == 0
        per_game.append(math.fsum(bot.gains))
        all_gains += bot.gains
    mean, half = _interval(per_game)
    dev_mean, dev_half = _interval(all_gains)
    print(f"{args.variant}, {args.players} players, {args.games} rounds, think {args.think_ms} ms, "
          f"{args.rollouts} playouts per action; tree {args.tree}"
          + (f"; set {' '.join(args.set)}" if args.set else "")
          + (f"; horizon {args.horizon}" if args.horizon else ""))
    print(f"hard won {wins} of {args.games} rounds ({wins / args.games:.1%})")
    print(f"deviations from the normal pick: {len(all_gains)} ({len(all_gains) / args.games:.2f} a round)")
    print(f"gain per deviation: {dev_mean:+.4f} ± {dev_half:.4f}; "
          f"share that lost: {sum(g < 0 for g in all_gains) / max(1, len(all_gains)):.1%}")
    print(f"gain per round (win share the search adds): {mean:+.4f} ± {half:.4f} (95%)")
    for kind, gains in sorted(kinds.items()):
        m, h = _interval(gains)
        print(f"  {kind:<12} {len(gains):>5} deviations, {m:+.4f} ± {h:.4f} each")
    print(f"cpu {time.process_time() - started:.1f} s")


if __name__ == "__main__":
    main()
