"""Fit the hard bot's win-chance model (``uno_tui.bots.hard.outlook``) to played rounds.

Run by hand (not collected by pytest)::

    python tests/benchmarks/fit_outlook.py --players 2 --rounds 3000
    python tests/benchmarks/fit_outlook.py --players 4 --rounds 2000 --variant classic

Normal bots play whole rounds (the hard bot's rollouts play like them); every
``--every``-th decision is kept as a position, with each seat's features: cards held,
wilds, coloured action cards, and how many seats after the seat to act it sits. A
conditional-logit model (the chance that seat ``s`` wins is proportional to
``exp(w . x_s)``) is fitted by Newton's method to who went on to win. The weights
printed are the ones a rule set's ``Variant.outlook`` holds per table, with
the log-likelihood per position of the fit and of the weights in use now.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from uno_tui.bots import make_bot  # noqa: E402
from uno_tui.bots.hard import _outlook_weights  # noqa: E402
from uno_tui.engine import Game, get_variant  # noqa: E402
from uno_tui.sim import play_round  # noqa: E402


def features(game: Game, players: int) -> list[list[float]]:
    """Per seat: cards, wilds, coloured action cards, one-hot seats after the decider."""
    face, decider, direction = game.face, game.decision.seat, game.direction
    slots = min(players, 4) - 1
    out = []
    for seat, hand in enumerate(game.hands):
        wilds = actions = 0
        for cid in hand:
            f = face(cid)
            if f.color is None:
                wilds += 1
            elif f.number is None:
                actions += 1
        after = min(((seat - decider) * direction) % players, slots)
        out.append([len(hand), wilds, actions] + [1.0 if after == k else 0.0
                                                  for k in range(1, slots + 1)])
    return out


def positions(variant: str, players: int, rounds: int, every: int, seed: int):
    """(features per seat, winner) for positions of normal bots' rounds."""
    rng = random.Random(seed)
    out = []
    for index in range(rounds):
        game = Game(variant, players, seed=rng.randrange(2**63))
        bots = [make_bot("normal", s, random.Random(rng.randrange(2**63))) for s in range(players)]
        seen: list[list[list[float]]] = []
        step = [0]

        def keep(g: Game) -> None:
            step[0] += 1
            if step[0] % every == 0 and not g.is_over:
                seen.append(features(g, players))
        play_round(game, bots, rng, keep)
        if game.winner is not None:
            out += [(x, game.winner) for x in seen]
    return out


def log_likelihood(data, w) -> float:
    total = 0.0
    for xs, winner in data:
        scores = [sum(a * b for a, b in zip(w, x)) for x in xs]
        top = max(scores)
        total += scores[winner] - top - math.log(sum(math.exp(s - top) for s in scores))
    return total / len(data)


def fit(data, size: int, steps: int = 12) -> list[float]:
    """Newton's method on the conditional-logit log-likelihood."""
    w = [0.0] * size
    for _ in range(steps):
        grad = [0.0] * size
        hess = [[0.0] * size for _ in range(size)]
        for xs, winner in data:
            scores = [sum(a * b for a, b in zip(w, x)) for x in xs]
            top = max(scores)
            ps = [math.exp(s - top) for s in scores]
            z = sum(ps)
            ps = [p / z for p in ps]
            mean = [sum(p * x[k] for p, x in zip(ps, xs)) for k in range(size)]
            for k in range(size):
                grad[k] += xs[winner][k] - mean[k]
            for p, x in zip(ps, xs):
                d = [x[k] - mean[k] for k in range(size)]
                for i in range(size):
                    for j in range(size):
                        hess[i][j] -= p * d[i] * d[j]
        w = [a - b for a, b in zip(w, _solve(hess, grad))]
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a small ridge)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        m[i][i] -= 1e-6
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col:
                factor = m[r][col] / m[col][col]
                m[r] = [x - factor * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--every", type=int, default=3, help="keep every N-th decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    data = positions(args.variant, args.players, args.rounds, args.every, args.seed)
    size = len(data[0][0][0])
    w = fit(data, size)
    current = list(_outlook_weights(get_variant(args.variant), args.players))[:size]
    print(f"{args.variant}, {args.players} players: {len(data)} positions of {args.rounds} rounds")
    print(f"fitted: card {w[0]:.3f}, wild {w[1]:.3f}, action {w[2]:.3f}, "
          f"seats_after (0.0, {', '.join(f'{v:.3f}' for v in w[3:])})")
    print(f"log-likelihood per position: fitted {log_likelihood(data, w):.4f}, "
          f"in use {log_likelihood(data, current):.4f}, "
          f"uniform {-math.log(args.players):.4f}")


if __name__ == "__main__":
    main()
