#!/usr/bin/env python3
"""The save fuzzer: mutated saves are refused in one clear line, or load and play on.

A short match of computers is journalled; then ``--mutants`` copies of its file are
mutated (bytes flipped, inserted or deleted; cut short; a line dropped, doubled,
swapped or replaced by garbage; one JSON value replaced somewhere; the old one-object
format too) and each is loaded through the store as ``--resume`` loads it. A load
either raises SaveFileError (one line, under 400 characters, naming the file) or gives
a match, which is then resumed (locked, opened) and played on for a few actions with
every engine invariant checked. Anything else is a failure and is printed.

    python tests/benchmarks/save_fuzz.py                  # 6,000 mutants
    python tests/benchmarks/save_fuzz.py --mutants 500 --seed 2

Run by hand; it is not collected by pytest.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from uno_tui.app.controller import TableController  # noqa: E402
from uno_tui.config import PlayConfig, SeatSpec  # noqa: E402
from uno_tui.engine.invariants import check_invariants  # noqa: E402
from uno_tui.saves import MatchRecorder, MatchStore, SaveFileError, parse_save  # noqa: E402
from uno_tui.saves.record import config_to_json  # noqa: E402

VALUES = [None, True, False, 0, -1, 1, 2**70, 1.5, "", "x", "Play", [], {}, [0], {"a": 1},
          "\x1b]2;PWNED\x07", 10**400]


def journal(folder: Path) -> bytes:
    seats = (SeatSpec("Ann"), SeatSpec("CPU 1", "easy"), SeatSpec("CPU 2", "easy"))
    config = PlayConfig(variant="classic", seats=seats, seed=11, target=200)
    store = MatchStore(folder)
    recorder = MatchRecorder(store, config)
    ctl = TableController("classic", seats, target=200, seed=11, recorder=recorder)
    from uno_tui.bots import make_bot
    person = make_bot("easy", 0, random.Random(1))
    for _ in range(400):
        if ctl.game.is_over:
            ctl.finish_round()
            if ctl.match.is_over:
                break
            ctl.next_round()
        elif ctl.decider == 0:
            ctl.apply(person.choose(ctl.view(0), ctl.legal(0)))
        else:
            ctl.bot_step()
    path = recorder.journal.path
    recorder.close()
    return path.read_bytes()


def legacy(data: bytes) -> bytes:
    record = parse_save(data)
    return json.dumps({"format": 1, "kind": "uno-tui-match", "created": record.created,
                       "updated": record.updated, "finished": False,
                       "config": config_to_json(record.config), "match": record.match,
                       "rounds": [r.to_json() for r in record.rounds]}).encode()


def change_value(rng: random.Random, node):
    """Replace one value somewhere inside ``node`` (a JSON value); the new node."""
    if not isinstance(node, (dict, list)) or not node or rng.random() < 0.25:
        return rng.choice(VALUES)
    key = rng.choice(sorted(node) if isinstance(node, dict) else range(len(node)))
    node[key] = change_value(rng, node[key])
    return node


def mutate(rng: random.Random, data: bytes, old: bytes) -> tuple[str, bytes]:
    how = rng.choice(["flip", "insert", "delete", "cut", "drop-line", "double-line",
                      "swap-lines", "garbage-line", "value", "old-value", "old-cut", "old-flip"])
    if how.startswith("old"):
        data = old
    raw = bytearray(data)
    if how in ("flip", "old-flip"):
        for _ in range(rng.randint(1, 4)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
    elif how == "insert":
        at = rng.randrange(len(raw))
        raw[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    elif how == "delete":
        at = rng.randrange(len(raw))
        del raw[at:at + rng.randint(1, 40)]
    elif how in ("cut", "old-cut"):
        raw = raw[:rng.randrange(len(raw))]
    elif how == "old-value":
        raw = bytearray(json.dumps(change_value(rng, json.loads(old))).encode())
    else:
        lines = bytes(raw).splitlines(keepends=True)
        at = rng.randrange(len(lines))
        if how == "drop-line":
            del lines[at]
        elif how == "double-line":
            lines.insert(at, lines[at])
        elif how == "swap-lines":
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
        elif how == "garbage-line":
            lines[at] = bytes(rng.randrange(32, 127) for _ in range(rng.randint(0, 30))) + b"\n"
        else:
            try:
                entry = json.loads(lines[at])
                lines[at] = json.dumps(change_value(rng, entry)).encode() + b"\n"
            except ValueError:
                pass
        raw = bytearray(b"".join(lines))
    return how, bytes(raw)


def play_on(store: MatchStore, path: Path) -> str:
    record = store.load(path)
    match = record.restore()
    recorder = MatchRecorder(store, record.config, record)
    recorder.resume(match)
    cfg = record.config
    try:
        ctl = TableController(cfg.variant, cfg.seats, target=cfg.target, mode=cfg.mode,
                              rules=cfg.rules, seed=cfg.seed, recorder=recorder, match=match)
        rng = random.Random(0)
        for _ in range(12):
            if ctl.game.is_over:
                break
            seat = ctl.decider
            if seat is None:
                break
            ctl.apply(rng.choice(ctl.legal(seat)))
            problems = check_invariants(ctl.game)
            if problems:
                raise AssertionError(f"invariants broken: {problems}")
    finally:
        recorder.close()
    return "played on"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"load: {open('/proc/loadavg').read().split()[:3]}", flush=True)
    started = time.perf_counter()
    outcomes: collections.Counter = collections.Counter()
    by_kind: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        good = journal(folder / "good")
        old = legacy(good)
        store = MatchStore(folder / "data")
        store.saves.mkdir(parents=True)
        for number in range(args.mutants):
            how, data = mutate(rng, good, old)
            path = store.saves / f"match-{number}.json"
            path.write_bytes(data)
            try:
                outcome = play_on(store, path)
            except SaveFileError as exc:
                text = str(exc)
                outcome = "refused"
                if "\n" in text or len(text) > 400 or str(path) not in text:
                    outcome = "refused badly"
                    failures.append((how, text[:300]))
            except Exception as exc:    # anything else is a bug
                outcome = "crashed"
                failures.append((how, "".join(traceback.format_exception(exc))[-1200:]))
            outcomes[outcome] += 1
            by_kind[how][outcome] += 1
            path.unlink(missing_ok=True)
        good_size = len(good)
    print(f"{args.mutants} mutants of a {good_size:,}-byte journal (and its old-format "
          f"copy) in {time.perf_counter() - started:.0f} s: {dict(outcomes)}")
    for how, counts in sorted(by_kind.items()):
        print(f"  {how}: {dict(counts)}")
    for how, text in failures[:10]:
        print(f"--- {how}:\n{text}")
    print(f"load: {open('/proc/loadavg').read().split()[:3]}", flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
