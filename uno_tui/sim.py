"""Headless play: whole games between bots, with invariant checks after every action."""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .bots import Bot, make_bot
from .engine import Game, Match
from .engine.invariants import check_invariants, check_round_trip
from .i18n import Translator, translator

__all__ = ["SimConfig", "SimResult", "LevelSummary", "run_sim", "play_round", "mean_interval",
           "rotated_levels"]

#: How often (in actions) a game is saved and restored to check the JSON round trip.
ROUND_TRIP_EVERY = 61
#: Violation messages kept for the report (all are counted).
KEEP_MESSAGES = 20


@dataclass(frozen=True)
class SimConfig:
    """What ``uno-tui sim`` plays."""

    variant: str = "classic"
    players: int = 4
    games: int = 1000
    seed: int = 1
    rules: frozenset[str] = frozenset()
    mode: str | None = None          # None: a game is one round
    target: int = 500
    check: bool = True
    levels: tuple[str, ...] = ("random",)
    #: Thinking time per decision for searching bots, in ms (``None``: their default).
    think_ms: int | None = None
    #: Processes playing games side by side (``None``: every core when a searching bot
    #: plays, else one).
    workers: int | None = None
    #: Duplicate deals: every deal is played once per seat rotation (the same shuffles,
    #: the levels moved one seat on each time), so the luck of the deal cancels out.
    #: ``games`` then counts deals; each is played ``players`` times.
    duplicate: bool = False

    @property
    def rotations(self) -> int:
        """How many times each deal is played."""
        return self.players if self.duplicate else 1

    def worker_count(self) -> int:
        """How many processes play the games."""
        if self.workers is not None:
            return max(1, min(self.workers, self.games * self.rotations or 1))
        from .bots import BOT_LEVELS
        if any(BOT_LEVELS[level].thinks for level in self.seat_levels()):
            return max(1, min(os.cpu_count() or 1, self.games * self.rotations or 1))
        return 1

    def seat_levels(self) -> tuple[str, ...]:
        """One bot level per seat."""
        return self.levels * self.players if len(self.levels) == 1 else self.levels


def rotated_levels(levels: Sequence[str], rotation: int) -> tuple[str, ...]:
    """``levels`` (one per seat) moved ``rotation`` seats on: seat ``s`` gets the level
    seat ``s - rotation`` had."""
    count = len(levels)
    return tuple(levels[(seat - rotation) % count] for seat in range(count))


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% confidence interval (normal approximation,
    sample standard deviation); the interval is the mean alone for fewer than 2 values."""
    n = len(values)
    if not n:
        return (0.0, 0.0, 0.0)
    mean = math.fsum(values) / n
    if n < 2:
        return (mean, mean, mean)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


@dataclass(frozen=True)
class LevelSummary:
    """One bot level over a duplicate run: its results averaged per deal first, so each
    deal counts once however many seats the level held in it."""

    level: str
    #: Seats the level holds at the table (in every rotation).
    seats: int
    #: Win rate: mean over deals of the share of its seat-games the level won, with the
    #: 95% interval over deals.
    win_rate: tuple[float, float, float]
    #: Points scored per seat and round (the winner scores the round's points), mean over
    #: deals with the 95% interval.
    points_per_round: tuple[float, float, float]

    def to_json(self) -> dict:
        """Plain JSON, rounded for reading."""
        p, lo, hi = self.win_rate
        pts, plo, phi = self.points_per_round
        return {"seats": self.seats, "win_rate": round(p, 4), "win_rate_ci": [round(lo, 4), round(hi, 4)],
                "points_per_round": round(pts, 2), "points_per_round_ci": [round(plo, 2), round(phi, 2)]}


@dataclass
class SimResult:
    """Counts from a simulation run."""

    config: SimConfig
    games: int = 0
    rounds: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    violations: int = 0
    messages: list[str] = field(default_factory=list)
    #: Duplicate runs: per deal, per level, [wins, seat-games, points, seat-rounds].
    deal_tallies: list[dict[str, list[int]]] = field(default_factory=list)

    def level_summaries(self) -> list[LevelSummary]:
        """Each level's results over the deals of a duplicate run (empty otherwise)."""
        if not self.deal_tallies:
            return []
        levels = self.config.seat_levels()
        out = []
        for level in dict.fromkeys(levels):
            wins, points = [], []
            for tally in self.deal_tallies:
                won, played, scored, rounds = tally[level]
                wins.append(won / played)
                points.append(scored / rounds)
            out.append(LevelSummary(level, levels.count(level), mean_interval(wins),
                                    mean_interval(points)))
        return out

    @property
    def actions_per_second(self) -> float:
        """Actions applied per second of wall time."""
        return self.actions / self.seconds if self.seconds else 0.0

    def win_rates(self) -> list[tuple[float, float, float]]:
        """Per seat: win rate and its 95% Wilson confidence interval (low, high)."""
        out = []
        n = self.games
        for wins in self.wins:
            if not n:
                out.append((0.0, 0.0, 0.0))
                continue
            p, z = wins / n, 1.96
            centre = (p + z * z / (2 * n)) / (1 + z * z / n)
            half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
            out.append((p, max(0.0, centre - half), min(1.0, centre + half)))
        return out

    def to_json(self) -> dict:
        """The summary as one JSON object."""
        cfg = self.config
        return {
            "variant": cfg.variant,
            "players": cfg.players,
            "games": self.games,
            "rounds": self.rounds,
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "actions_per_second": round(self.actions_per_second, 1),
            "wins": list(self.wins),
            "draws": self.draws,
            "violations": self.violations,
            "violation_messages": list(self.messages),
            "levels": list(cfg.seat_levels()),
            "win_rates": [round(p, 4) for p, _, _ in self.win_rates()],
            "rules": sorted(cfg.rules),
            "mode": cfg.mode or "single-round",
            "seed": cfg.seed,
            "think_ms": cfg.think_ms,
            "workers": cfg.worker_count(),
            "checked": cfg.check,
            "duplicate": cfg.duplicate,
            **({"deals": len(self.deal_tallies),
                "by_level": {s.level: s.to_json() for s in self.level_summaries()}}
               if cfg.duplicate else {}),
        }


def play_round(game: Game, bots: Sequence[Bot], rng: random.Random,
               on_action: Callable[[Game], None] | None = None) -> int:
    """Play ``game`` to its end with ``bots``; return the number of actions applied.

    Bots that follow the round (``Bot.observes``) are told its opening and every
    action applied, with the events as their seat may see them.

    Before each decision, every other seat with window actions (catch, call UNO,
    jump in) gets a chance to act, in random order, except that a seat that just went
    down to one card comes first: it calls UNO as its card goes down, so the others
    can catch it only if it lets that moment pass. When that seat is also the one the
    game waits on (a wild went down and it names the colour), it decides first.
    """
    actions = 0
    seats = list(range(game.players))
    legal = game.legal_actions
    observers = [(seat, bot) for seat, bot in enumerate(bots) if getattr(bot, "observes", False)]

    def observed_apply(action) -> None:
        events = game.apply(action)
        for seat, bot in observers:
            bot.observe(action, [e.for_seat(seat) for e in events], game.view(seat))

    # Without observers the engine's own apply runs: random play pays nothing for them.
    apply = observed_apply if observers else game.apply
    for seat, bot in observers:
        bot.observe(None, [e.for_seat(seat) for e in game.opening_events], game.view(seat))
    while not game.is_over:
        decider = game.decision.seat
        if game.uno_window != decider and (game.uno_window is not None or game.jump_in_allowed):
            rng.shuffle(seats)
            window = game.uno_window
            order = seats if window is None else [window] + [s for s in seats if s != window]
            for seat in order:
                if seat == decider:
                    continue
                options = legal(seat)
                if options:
                    bot = bots[seat]
                    action = bot.react(game.view(seat) if bot.wants_view else None, options)
                    if action is not None:
                        apply(action)
                        actions += 1
                        if on_action:
                            on_action(game)
                        break
            if game.is_over:
                break
            decider = game.decision.seat
        bot = bots[decider]
        options = legal(decider)
        apply(bot.choose(game.view(decider) if bot.wants_view else None, options))
        actions += 1
        if on_action:
            on_action(game)
    return actions


@dataclass
class _GameOutcome:
    """What one game (or match) of a simulation produced."""

    winner: int | None
    #: Levels by seat in this game.
    levels: tuple[str, ...] = ()
    #: Points each seat scored over the game (the round winner scores the round's points).
    points: list[int] = field(default_factory=list)
    rounds: int = 0
    actions: int = 0
    violations: int = 0
    messages: list[str] = field(default_factory=list)


def _play_game(config: SimConfig, index: int, game_seed: int, rotation: int = 0) -> _GameOutcome:
    """Play game number ``index`` (from 0) of a simulation, seeded by ``game_seed``, with
    the levels moved ``rotation`` seats on (duplicate deals)."""
    levels = rotated_levels(config.seat_levels(), rotation)
    outcome = _GameOutcome(None, levels, [0] * config.players)
    step = [0]

    def check(game: Game) -> None:
        step[0] += 1
        problems = check_invariants(game)
        if step[0] % ROUND_TRIP_EVERY == 0:
            problems += check_round_trip(game)
        if problems:
            outcome.violations += len(problems)
            room = KEEP_MESSAGES - len(outcome.messages)
            if room > 0:
                outcome.messages += [f"game {index + 1}, action {step[0]}: {p}"
                                     for p in problems[:room]]

    on_action = check if config.check else None
    rng = random.Random(game_seed)
    # Searching bots keep their budget on CPU time here: their strength then does not
    # depend on what else the machine runs.
    bots = [make_bot(level, seat, random.Random(rng.randrange(2**63)), think_ms=config.think_ms,
                     clock=time.process_time)
            for seat, level in enumerate(levels)]
    if config.mode is None:
        game = Game(config.variant, config.players, seed=game_seed, rules=config.rules)
        if on_action:
            on_action(game)
        outcome.actions += play_round(game, bots, rng, on_action)
        outcome.rounds += 1
        outcome.winner = game.winner
        if game.winner is not None:
            outcome.points[game.winner] = game.round_points()
        return outcome
    match = Match(config.variant, config.players, target=config.target, mode=config.mode,
                  rules=config.rules, seed=game_seed)
    while True:
        outcome.actions += play_round(match.game, bots, rng, on_action)
        outcome.rounds += 1
        gained = match.finish_round().gained
        outcome.points = [total + points for total, points in zip(outcome.points, gained)]
        if match.is_over:
            break
        match.next_round()
    outcome.winner = match.winners[0] if len(match.winners) == 1 else None
    return outcome


def _play_game_task(task: tuple[SimConfig, int, int, int]) -> _GameOutcome:
    return _play_game(*task)


def run_sim(config: SimConfig, progress: Callable[[int, int], None] | None = None) -> SimResult:
    """Play ``config.games`` games (or matches, with a mode) and count what happened.

    With several workers the games are shared out between processes; each game is
    seeded the same way either way. With ``config.duplicate`` each deal is played once
    per rotation and tallied per level (see :meth:`SimResult.level_summaries`).
    """
    result = SimResult(config, wins=[0] * config.players)
    master = random.Random(config.seed)
    rotations = config.rotations
    tasks = [(config, index, deal_seed, rotation)
             for index, deal_seed in ((i, master.randrange(2**63)) for i in range(config.games))
             for rotation in range(rotations)]
    total = len(tasks)
    started = time.perf_counter()
    workers = config.worker_count()
    pool = multiprocessing.Pool(workers) if workers > 1 else None
    try:
        outcomes = (pool.imap(_play_game_task, tasks) if pool is not None
                    else map(_play_game_task, tasks))
        tally: dict[str, list[int]] = {}
        for done, outcome in enumerate(outcomes, 1):
            if config.duplicate:
                for seat, level in enumerate(outcome.levels):
                    counts = tally.setdefault(level, [0, 0, 0, 0])
                    counts[0] += outcome.winner == seat
                    counts[1] += 1
                    counts[2] += outcome.points[seat]
                    counts[3] += outcome.rounds
                if done % rotations == 0:
                    result.deal_tallies.append(tally)
                    tally = {}
            result.games += 1
            result.rounds += outcome.rounds
            result.actions += outcome.actions
            result.violations += outcome.violations
            result.messages += outcome.messages[:KEEP_MESSAGES - len(result.messages)]
            if outcome.winner is not None:
                result.wins[outcome.winner] += 1
            else:
                result.draws += 1
            if progress:
                progress(done, total)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    result.seconds = time.perf_counter() - started
    return result


def _padded(text: str, width: int, right: bool = False) -> str:
    """``text`` padded to ``width`` terminal cells (a Japanese character takes two)."""
    from rich.cells import cell_len     # only when printing: the engine runs without rich

    space = " " * max(0, width - cell_len(text))
    return space + text if right else text + space


def format_summary(result: SimResult, tr: Translator | None = None) -> str:
    """A readable multi-line summary, in ``tr``'s language (English by default): the
    bot levels, match modes and house rules keep the names the command line takes."""
    tr = tr or translator()
    cfg = result.config
    head = tr("{variant}, {players} players, {games} games ({mode}), seed {seed}",
              variant=cfg.variant, players=cfg.players, games=result.games,
              mode=cfg.mode or tr("one round each"), seed=cfg.seed)
    if cfg.duplicate:
        head += tr(", {deals} duplicate deals x {rotations} seat rotations",
                   deals=len(result.deal_tallies), rotations=cfg.rotations)
    if cfg.rules:
        head += tr(", house rules: {rules}", rules=", ".join(sorted(cfg.rules)))
    if cfg.think_ms is not None:
        head += tr(", think {ms} ms", ms=cfg.think_ms)
    if cfg.worker_count() > 1:
        head += tr(", {count} workers", count=cfg.worker_count())
    lines = [
        head,
        tr("rounds {rounds}, actions {actions}, {rate} actions/s over {seconds} s",
           rounds=result.rounds, actions=result.actions,
           rate=f"{result.actions_per_second:,.0f}", seconds=f"{result.seconds:.2f}"),
    ]
    # Column titles are padded in cells; Babel reads no message inside an f-string.
    seat_title, level_title, wins_title = tr("seat"), tr("level"), tr("wins")
    lines.append(f"{_padded(seat_title, 4, right=True)}  {_padded(level_title, 7)} "
                 f"{_padded(wins_title, 5, right=True)}   " + tr("win rate (95% CI)"))
    # Duplicate deals move the levels round the table, so a seat has no level of its own.
    seat_levels = (tr("rotates"),) * cfg.players if cfg.duplicate else cfg.seat_levels()
    for seat, (level, wins, (p, low, high)) in enumerate(
            zip(seat_levels, result.wins, result.win_rates())):
        lines.append(f"{seat:>4}  {_padded(level, 7)} {wins:>5}   {p:6.1%} "
                     f"({low:.1%} - {high:.1%})")
    lines.append(tr("games with no winner: {count}", count=result.draws))
    summaries = result.level_summaries()
    if summaries:
        lines.append(tr("by level, over {deals} deals (95% CI):",
                        deals=len(result.deal_tallies)))
        seats_title, rate_title = tr("seats"), tr("win rate")
        lines.append(f"{_padded(level_title, 8)} {_padded(seats_title, 5, right=True)}  "
                     f"{_padded(rate_title, 26)}" + tr("points per round"))
        for s in summaries:
            p, lo, hi = s.win_rate
            pts, plo, phi = s.points_per_round
            lines.append(f"{s.level:<8} {s.seats:>5}  {p:6.1%} ({lo:.1%} - {hi:.1%})"
                         f"{'':<4}{pts:6.1f} ({plo:.1f} - {phi:.1f})")
    if cfg.check:
        lines.append(tr("invariant violations: {count}", count=result.violations))
        lines += [f"  {m}" for m in result.messages]
    else:
        lines.append(tr("invariants not checked (--no-check)"))
    return "\n".join(lines)


def stderr_progress(tr: Translator | None = None) -> Callable[[int, int], None] | None:
    """A progress printer for long runs when stderr is a terminal, else ``None``."""
    if not sys.stderr.isatty():
        return None
    tr = tr or translator()
    last = [0.0]

    def show(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= 0.2 or done == total:
            last[0] = now
            end = "\n" if done == total else ""
            sys.stderr.write("\r" + tr("played {done}/{total} games ({share})", done=done,
                                        total=total, share=f"{done / total:.0%}") + end)
            sys.stderr.flush()

    return show
