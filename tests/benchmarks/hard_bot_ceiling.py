"""How strong the hard bot's search could be with more knowledge than a player has.

Run by hand (not collected by pytest)::

    python tests/benchmarks/hard_bot_ceiling.py --knows colours --games 400
    python tests/benchmarks/hard_bot_ceiling.py --knows none,next,colours,hands --games 200

Seat 0 is the hard bot, the other seats normal bots (``--players``, default four). With ``--knows``
other than ``none`` the hard bot's sampled worlds are built from the real game: an
oracle, for measuring only, never something a player gets. It shows what the search
could do with better inference about the hidden hands:

- ``none``: the hard bot as shipped (worlds dealt from its view and what it inferred
  over the round, see uno_tui/bots/belief.py);
- ``next``: the next player's hand is the real one, the other opponents' hands are
  dealt at random from the cards left;
- ``colours``: every opponent holds its real number of cards of each colour and its
  real wilds, but which numbers and actions is dealt at random;
- ``kinds``: as ``colours``, and every action card's kind too (only the numbers on
  number cards are dealt at random);
- ``hands``: every hand is the real one (the draw pile is still shuffled).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from uno_tui.bots import make_bot  # noqa: E402
from uno_tui.bots.hard import HardBot  # noqa: E402
from uno_tui.engine import Game  # noqa: E402
from uno_tui.sim import play_round  # noqa: E402

KNOWLEDGE = ("none", "next", "colours", "kinds", "hands")


class OracleHardBot(HardBot):
    """The hard bot, its worlds rebuilt from ``self.game`` (the real one) as ``knows`` says."""

    def __init__(self, seat, rng, think_ms, knows: str) -> None:
        # CPU time, as in sim: a busy machine does not weaken the search.
        super().__init__(seat, rng, think_ms=think_ms, clock=time.process_time)
        self.knows = knows
        self.game: Game | None = None

    def _sample(self, view, beliefs=None) -> dict:
        state = super()._sample(view, beliefs)     # "none": what the bot itself infers
        if self.knows == "none":
            return state
        game, rng = self.game, self.rng
        face = game.face
        opponents = [s for s in range(game.players) if s != self.seat]
        known = opponents
        if self.knows == "next":
            known = [(self.seat + game.direction) % game.players]
        hidden = [card for s in opponents for card in state["hands"][s]] \
            + state["draw_pile"] + state["out_of_play"]
        if self.knows in ("colours", "kinds"):
            def key(card):
                f = face(card)
                return (f.color, f.kind if f.color is None or self.knows == "kinds" else None)
            pools = defaultdict(list)
            for card in hidden:
                pools[key(card)].append(card)
            for pool in pools.values():
                rng.shuffle(pool)
            hands = {s: [pools[key(c)].pop() for c in game.hands[s]] for s in known}
        else:
            hands = {s: list(game.hands[s]) for s in known}
        taken = {card for hand in hands.values() for card in hand}
        rest = [card for card in hidden if card not in taken]
        rng.shuffle(rest)
        for s in opponents:
            if s not in hands:
                size = len(state["hands"][s])
                hands[s], rest = rest[:size], rest[size:]
            state["hands"][s] = hands[s]
        size = len(state["draw_pile"])
        state["draw_pile"], state["out_of_play"] = rest[:size], rest[size:]
        if "bluff" in state["ctx"]:
            state["ctx"]["bluff"] = game.to_json()["ctx"].get("bluff", False)
        return state


def _play(task) -> int | None:
    knows, seed, think_ms, variant, players = task
    rng = random.Random(seed)
    game = Game(variant, players, seed=rng.randrange(2**63))
    hard = OracleHardBot(0, random.Random(rng.randrange(2**63)), think_ms, knows)
    hard.game = game
    bots = [hard] + [make_bot("normal", s, random.Random(rng.randrange(2**63)))
                     for s in range(1, players)]
    play_round(game, bots, rng)
    return game.winner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--knows", default="colours",
                        help=f"comma-separated, from {', '.join(KNOWLEDGE)} (default: colours)")
    parser.add_argument("--games", type=int, default=200, help="rounds per setting")
    parser.add_argument("--think-ms", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="classic",
                        help="a one-sided rule set (Flip's worlds pair faces anew)")
    args = parser.parse_args()
    settings = args.knows.split(",")
    for knows in settings:
        if knows not in KNOWLEDGE:
            parser.error(f"unknown knowledge {knows!r} (choose from {', '.join(KNOWLEDGE)})")
    master = random.Random(args.seed)
    seeds = [master.randrange(2**63) for _ in range(args.games)]
    for knows in settings:
        started = time.perf_counter()
        tasks = [(knows, s, args.think_ms, args.variant, args.players) for s in seeds]
        if args.workers > 1:
            with multiprocessing.Pool(args.workers) as pool:
                winners = list(pool.imap(_play, tasks))
        else:
            winners = list(map(_play, tasks))
        n = len(winners)
        p = sum(w == 0 for w in winners) / n
        half = 1.96 * math.sqrt(p * (1 - p) / n)
        print(f"hard knows {knows:<8} {p:6.1%} (+/- {half:.1%}) of {n} {args.variant} rounds vs "
              f"{args.players - 1} normal bots, {args.think_ms} ms (CPU), "
              f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
