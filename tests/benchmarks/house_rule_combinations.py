"""Random play over every allowed combination of house rules, for every rule set.

Run by hand (not collected by pytest):

    python tests/benchmarks/house_rule_combinations.py                 # every combination, 1 game each
    python tests/benchmarks/house_rule_combinations.py --games 3 --variant flip

A combination is a set of house-rule names a rule set takes together: every subset of
its ``allowed_rules()`` that ``Variant.check_rules`` accepts (the registry states which
rules conflict, and which rules do not apply to a rule set). Each game is one round,
played by a random player: mostly the seat the game waits on, sometimes another seat
with something to do out of turn (catching, calling UNO, jumping in), a draw less
often than a play. With ``catch-window`` in a combination, every other game (counted
over the whole run) plays it as ``catch-window:N`` and the table's clock runs out at random moments (the player
applies ``Game.uno_window_closer``, as a table's driver does). After every action the
engine's invariants are checked (``check_invariants``); every ``--round-trip-every``
actions also a JSON round trip and ``copy()`` against ``from_json(to_json())``. An
exception in the engine counts as a violation too.

It prints the combinations tried, the games, the actions and the violations (with the
first few in words), and exits with 1 if there was any. The test suite plays a sample
of the same (tests/engine/test_new_house_rules.py: every single rule, every allowed pair
and all of them at once, for each rule set).
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time

from uno_tui.engine import VARIANTS, ConfigError, Draw, Game, get_variant
from uno_tui.engine.invariants import check_invariants, check_round_trip

#: The timed window the clock plays ``catch-window`` as, in every other game.
CLOCK_SECONDS = 5
#: How likely the table's clock runs out on an open timed window after an action.
CLOCK_ODDS = 0.3
#: Violations told in words, at most.
KEEP_MESSAGES = 20


def combinations(variant: str) -> list[frozenset[str]]:
    """Every set of house rules ``variant`` takes together (the empty set included)."""
    spec = get_variant(variant)
    allowed = spec.allowed_rules()
    found = []
    for size in range(len(allowed) + 1):
        for rules in itertools.combinations(allowed, size):
            try:
                spec.check_rules(rules)
            except ConfigError:
                continue
            found.append(frozenset(rules))
    return found


def timed(rules: frozenset[str]) -> frozenset[str]:
    """``rules`` with ``catch-window`` played as ``catch-window:N`` (a clock closes it)."""
    if "catch-window" not in rules:
        return rules
    return (rules - {"catch-window"}) | {f"catch-window:{CLOCK_SECONDS}"}


def play_round(variant: str, players: int, rules: frozenset[str], seed: int, limit: int,
               round_trip_every: int) -> tuple[int, list[str]]:
    """One random round; (actions applied, problems found in words)."""
    rng = random.Random(seed)
    game = Game(variant, players, seed=seed, rules=rules)
    problems = check_invariants(game)
    step = 0
    while not game.is_over and step < limit and not problems:
        clock = game.uno_window_clock
        if clock is not None and rng.random() < CLOCK_ODDS:
            action = game.uno_window_closer(clock[0])
        else:
            decider = game.decision.seat
            others = [s for s in range(players) if s != decider and game.legal_actions(s)]
            seat = rng.choice(others) if others and rng.random() < 0.15 else decider
            legal = game.legal_actions(seat)
            plays = [a for a in legal if type(a) is not Draw]
            action = rng.choice(plays if plays and rng.random() < 0.7 else legal)
        game.apply(action)
        step += 1
        problems = check_invariants(game)
        if step % round_trip_every == 0:
            problems += check_round_trip(game)
            if game.copy().to_json() != Game.from_json(game.to_json()).to_json():
                problems.append("copy() differs from from_json(to_json())")
    return step, [f"step {step}: {problem}" for problem in problems]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), action="append",
                        help="only this rule set (again for more); default: every one")
    parser.add_argument("--games", type=int, default=1, help="games per combination")
    parser.add_argument("--limit", type=int, default=400, help="actions per game at most")
    parser.add_argument("--round-trip-every", type=int, default=40)
    parser.add_argument("--seed", type=int, default=22)
    args = parser.parse_args()
    variants = args.variant or sorted(VARIANTS)
    rng = random.Random(args.seed)
    tried = games = actions = violations = timed_games = 0
    messages: list[str] = []
    started = time.process_time()
    for variant in variants:
        spec = get_variant(variant)
        found = combinations(variant)
        print(f"{variant}: {len(spec.allowed_rules())} house rules, {len(found)} combinations",
              flush=True)
        for rules in found:
            tried += 1
            for _ in range(args.games):
                played = timed(rules) if games % 2 else rules   # every other game timed
                timed_games += played != rules
                players = rng.randint(spec.min_players, min(spec.max_players, 6))
                seed = rng.randrange(2**32)
                try:
                    steps, problems = play_round(variant, players, played, seed, args.limit,
                                                 args.round_trip_every)
                except Exception as exc:   # an engine error is a violation, said in one line
                    steps, problems = 0, [f"{type(exc).__name__}: {exc}"]
                games += 1
                actions += steps
                if problems:
                    violations += len(problems)
                    where = f"{variant} {sorted(played)} {players} players seed {seed}"
                    messages += [f"{where}: {p}" for p in problems][:KEEP_MESSAGES - len(messages)]
    cpu = time.process_time() - started
    print(f"combinations tried: {tried}")
    print(f"games: {games} ({timed_games} with catch-window:{CLOCK_SECONDS}'s clock), "
          f"actions: {actions}")
    print(f"violations: {violations}")
    for message in messages:
        print(f"  {message}")
    print(f"CPU time: {cpu:.1f} s")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
