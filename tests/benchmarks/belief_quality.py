"""How close the hard bot's imagined worlds come to the real hands, with and without its
inference over the round (uno_tui/bots/belief.py).

Run by hand (not collected by pytest)::

    python tests/benchmarks/belief_quality.py --variant classic --games 50
    python tests/benchmarks/belief_quality.py --variant pokemon --players 2 --games 50

Four (or ``--players``) normal bots play whole rounds; seat 0 follows the round with a
:class:`~uno_tui.bots.belief.Belief`. At each of seat 0's turns, ``--samples`` worlds
are dealt from its view four ways: at random (no reading of the table), with the
sampler's own rule (each seat's last draw, what the hard bot did before), with the
belief, and with the belief weighed by the opponents' open choices (the hard bot's
trial :meth:`~uno_tui.bots.hard.HardBot._weighed_deal`, 4 deals per world). For every
opponent the script compares each world's hand with the real one:

- colour error: half the L1 distance between the colour counts (wilds as a colour),
  i.e. how many of the opponent's cards would have to change colour;
- follow error: whether the world's hand can follow the top card (colour, symbol or
  wild) against whether the real hand can, as a mean absolute difference.

Lower is better; the real hands score 0.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from uno_tui.bots import make_bot  # noqa: E402
from uno_tui.bots.hard import HardBot  # noqa: E402
from uno_tui.bots.belief import Belief  # noqa: E402
from uno_tui.engine import Game  # noqa: E402
from uno_tui.engine.determinize import deck_of, sample_state  # noqa: E402
from uno_tui.sim import play_round  # noqa: E402

WAYS = ("random", "last draw", "belief", "weighed")
#: Deals the "weighed" way draws per world (the hard bot's ``_DEALS_PER_WORLD`` as a trial).
WEIGHED_DEALS = 4


def can_follow(faces, color, top) -> bool:
    return any(f.color is None or f.color == color
               or (f.kind == top.kind and f.number == top.number) for f in faces)


class Measurer:
    """Seat 0: plays like a normal bot, follows the round, measures its worlds."""

    observes = True
    wants_view = True

    def __init__(self, bot, game: Game, samples: int, rng: random.Random, totals: dict) -> None:
        self.bot, self.game, self.samples, self.rng, self.totals = bot, game, samples, rng, totals
        self.belief = Belief(bot.seat)
        #: Deals the "weighed" worlds as the hard bot does (its rng is this measurer's).
        self.dealer = HardBot(bot.seat, rng)

    def react(self, view, actions):
        return self.bot.react(view, actions)

    def observe(self, action, events, view):
        self.belief.observe(action, events, view)

    def choose(self, view, actions):
        if view.decision_kind == "turn":
            self.measure(view)
        return self.bot.choose(view, actions)

    def measure(self, view) -> None:
        game, deck = self.game, deck_of(view.variant)
        snapshot = self.belief.snapshot()
        for way in WAYS:
            colour_error = follow_error = count = 0
            for _ in range(self.samples):
                if way == "weighed":
                    state = self.dealer._weighed_deal(view, snapshot, WEIGHED_DEALS)
                else:
                    state = sample_state(view, self.rng, forced_draws=way != "random",
                                         deal_hidden=snapshot.deal if way == "belief" else None)
                for seat in range(game.players):
                    if seat == view.seat:
                        continue
                    real = [game.face(c) for c in game.hands[seat]]
                    imagined = [deck[c].face(view.side) for c in state["hands"][seat]]
                    a, b = Counter(f.color for f in real), Counter(f.color for f in imagined)
                    colour_error += sum(((a - b) + (b - a)).values()) / 2
                    follow_error += abs(can_follow(real, view.color, view.top)
                                        - can_follow(imagined, view.color, view.top))
                    count += 1
            total = self.totals.setdefault(way, [0.0, 0.0, 0])
            total[0] += colour_error
            total[1] += follow_error
            total[2] += count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--samples", type=int, default=10, help="worlds per way and turn")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    totals: dict = {}
    master = random.Random(args.seed)
    for _ in range(args.games):
        seed = master.randrange(2**63)
        rng = random.Random(seed)
        game = Game(args.variant, args.players, seed=seed)
        bots = [make_bot("normal", s, random.Random(rng.randrange(2**63))) for s in range(args.players)]
        bots[0] = Measurer(bots[0], game, args.samples, random.Random(seed), totals)
        play_round(game, bots, rng)
    print(f"{args.variant}, {args.players} players, {args.games} rounds of normal bots, "
          f"{args.samples} worlds per way at each of seat 0's turns")
    print(f"{'worlds dealt':<12} {'opponent hands':>15} {'colour error':>13} {'follow error':>13}")
    for way in WAYS:
        colour, follow, count = totals[way]
        print(f"{way:<12} {count:>15} {colour / count:>13.3f} {follow / count:>13.3f}")


if __name__ == "__main__":
    main()
