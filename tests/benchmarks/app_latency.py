#!/usr/bin/env python3
"""Launch -> first frame, and keypress -> updated screen: uno-tui against a bare Textual app.

Each app is started in a detached tmux session of a fixed size on a private tmux
server; the pane is polled with ``tmux capture-pane`` until the expected text shows.
The bare app (a Header, a Static and a Footer; ``d`` changes the Static) is this
very file run with ``--bare``. All apps are measured in the same run, interleaved
round by round, so they share the machine's conditions.

    python tests/benchmarks/app_latency.py --runs 9
    python tests/benchmarks/app_latency.py --runs 9 --lang ja   # and each in Japanese
    python tests/benchmarks/app_latency.py --uno-tui /path/to/venv/bin/uno-tui

Scenarios:
  bare   the bare app; key ``d``; done when "READY 1" shows
  setup  ``uno-tui`` (the setup screen); key ``+``; done when a 5th seat shows
  setup-ja  the same with ``--lang ja`` (every word in Japanese)
  table  ``uno-tui --players Ann,cpu,cpu,cpu --seed 7``; once Ann is asked to play,
         key Right; done when the picked card (double top border) has moved
  table16  the same at a 16-seat UNO Party! table, seed 3 (Ann plays first)
  hotseat  ``uno-tui --players Ann,Bob --seed 7`` (two people): the handoff first ("Pass
         to Ann"); key Enter; done when Ann's hand shows

``--only setup,hotseat`` runs those (and the bare app) only, in every mode; with
``--lang ja`` name the Japanese twins too (``--only setup,setup-ja``).

Before and after a change, in the same rounds (``--against``: the other build's Python,
its uno-tui beside it; each scenario then also runs there as ``<name>@against``):

    git worktree add /tmp/base fa5c634 && (cd /tmp/base && python3 -m venv .venv &&
        .venv/bin/pip install -q -e . && .venv/bin/python -m compileall -q uno_tui)
    python tests/benchmarks/app_latency.py --runs 9 --against /tmp/base/.venv/bin/python

With ``--lang ja`` every uno-tui scenario is also run in Japanese (``setup-ja``...,
interleaved in the same rounds, its expected texts in Japanese) and compared with its
English twin.

uno-tui gets an empty data directory of its own (``--data-dir``) at every launch: the
setup screen lists the unfinished matches found there, and every table launch leaves one.

Bytes (``--bytes``): what each kind of update writes to the terminal, which is what an
SSH link carries. uno-tui runs in tmux through this file (``--count-into LOG``), which
wraps the Textual driver's ``write`` to log the time and size of every write; keys are
sent with tmux and the writes after each are summed:

    python tests/benchmarks/app_latency.py --bytes --size 80x24 --seats 4
    python tests/benchmarks/app_latency.py --bytes --size 120x40 --seats 16

(16 seats are played as UNO Party!, the only rule set that seats them, unless
``--variant`` says otherwise.)

  cursor    Right at Ann's turn (the pick moves): bytes in the next 0.3 s, median of 5
  open      Enter on a wild: the colour prompt opens
  close     the colour key: the prompt closes, the table shows the wild
  computer  each computer action until Ann's turn comes back (writes grouped into
            bursts 80 ms apart; one burst is one action at the normal pace)
  plus      the setup screen (a launch of its own): "+" adds a fifth seat; bytes in the
            next 0.3 s, and how many of those writes are frames (over 200 B)

With ``--lang ja`` each of these is measured in Japanese too, launch by launch after
the English one, and compared with it (``= 1.02x en``):

    python tests/benchmarks/app_latency.py --bytes --size 80x24 --lang ja

CPU (``--cpu``): the CPU time each app's process has used when its first frame is
written (``time.process_time()``, the interpreter's start included), which load on the
machine changes far less than the wall-clock figures above; each app runs in tmux
through this file (``--cpu-into LOG``), which notes it at the first write of a frame:

    python tests/benchmarks/app_latency.py --cpu --runs 9
    python tests/benchmarks/app_latency.py --cpu --runs 9 --only setup,hotseat --lang ja

Launch times count compiling the game's modules when Python may not write bytecode
(``PYTHONDONTWRITEBYTECODE``) and none was written yet; the bare app's Textual comes
compiled. The benchmark says so; ``python -m compileall uno_tui`` is what an installed
or once-run game has.

Run by hand; it is not collected by pytest.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Callable

SOCKET = f"uno-latency-{os.getpid()}"


# ------------------------------------------------------------------ bare app

def run_bare_app(widgets: int = 0) -> None:
    """The reference: what Textual costs with next to nothing on screen (and with
    ``widgets`` more Static widgets of a line each: Textual's own cost of a screen of
    that many widgets)."""
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Header, Static

    class BareApp(App[None]):
        BINDINGS = [("d", "bump", "Bump"), ("q", "quit", "Quit")]
        CSS = "Static { height: 1; }"
        count = 0

        def compose(self) -> ComposeResult:
            yield Header()
            yield Static("READY 0", id="body")
            for number in range(widgets):
                yield Static(f"widget {number}")
            yield Footer()

        def action_bump(self) -> None:
            self.count += 1
            self.query_one("#body", Static).update(f"READY {self.count}")

    BareApp().run()


# ---------------------------------------------------------------------- tmux

def tmux(*args: str, check: bool = True) -> str:
    proc = subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise RuntimeError(f"tmux {' '.join(args)} failed: {proc.stderr.strip()}")
    return proc.stdout


def capture(session: str) -> str:
    return tmux("capture-pane", "-p", "-t", session, check=False)


def wait_until(session: str, done: Callable[[str], bool], start: float, timeout: float,
               poll: float) -> tuple[float, str]:
    """Poll the pane until ``done(screen)``; return (seconds since ``start``, screen)."""
    while True:
        screen = capture(session)
        now = time.perf_counter()
        if done(screen):
            return now - start, screen
        if now - start > timeout:
            raise TimeoutError(f"gave up after {timeout}s; the screen was:\n{screen}")
        time.sleep(poll)


def picked_card(screen: str) -> tuple[int, int] | None:
    """Row and column of the picked card's double top-left corner."""
    for row, line in enumerate(screen.splitlines()):
        column = line.find("╒")
        if column >= 0:
            return row, column
    return None


@dataclass
class Scenario:
    name: str
    command: str
    ready: str             # text of the first frame
    full: str              # text drawn last (the footer): the whole UI is up
    before_key: str        # text that says the app waits for the key
    key: str
    changed: Callable[[str, str], bool]   # (screen before the key, screen now) -> updated?
    # uno-tui gets an empty data directory of its own at every launch: the setup screen
    # lists the unfinished matches, and each table launch leaves one behind.
    data_dir: bool = True


#: uno-tui's command line in each scenario after the setup screen (which has none).
UNO_ARGS = {
    "table": "--players Ann,cpu,cpu,cpu --seed 7",
    "hotseat": "--players Ann,Bob --seed 7",
    "table16": "--variant party --seed 3 --players " + ",".join(["Ann"] + ["cpu"] * 15),
}


def only(names: list[str], wanted: str) -> list[str]:
    """The scenarios ``--only`` keeps of ``names``: the bare app (the reference) and
    each one named (comma-separated); an empty ``wanted`` keeps them all."""
    if not wanted:
        return names
    unknown = set(wanted.split(",")) - set(names)
    if unknown:
        raise SystemExit(f"--only: no scenario {', '.join(sorted(unknown))} "
                         f"(there are {', '.join(names)})")
    keep = {"bare", *wanted.split(",")}
    return [name for name in names if name.split(AGAINST)[0] in keep]


#: The suffix of a scenario run in the other build (``--against``).
AGAINST = "@against"


def twin(name: str) -> str | None:
    """What a scenario is compared with besides the bare app: a run in the other build
    (``setup@against``) with this build's, a language's (``setup-ja``) with English."""
    if AGAINST in name:
        return name.split(AGAINST)[0]
    english = name.rsplit("-", 1)[0]
    return english if english != name else None


def against_twins(names: list[str], against: str | None) -> list[str]:
    """With ``--against``, each uno-tui scenario followed by its run in the other build."""
    if not against:
        return names
    return [twin_name for name in names
            for twin_name in ((name,) if name.startswith("bare") else (name, name + AGAINST))]


def scenarios(python: str, uno_tui: str, langs: tuple[str, ...] = ()) -> list[Scenario]:
    """The bare app, then uno-tui's scenarios in English and in each of ``langs``."""
    from uno_tui.i18n import translator

    here = os.path.abspath(__file__)
    plan = [Scenario("bare", f"{shlex.quote(python)} {shlex.quote(here)} --bare",
                     "READY 0", "Bump", "READY 0", "d",
                     lambda before, now: "READY 1" in now, data_dir=False)]
    for lang in ("en", *langs):
        tr = translator(lang)
        suffix, flag = ("", "") if lang == "en" else (f"-{lang}", f" --lang {lang}")
        game = shlex.quote(uno_tui) + flag
        # Texts the screen shows once it is ready, in its language.
        hand = tr.plural("{name}'s hand ({count} card)", "{name}'s hand ({count} cards)", 7,
                         name="Ann").split("(")[0].split("（")[0].strip()
        pick = tr("←→ or 1-9 picks a card")
        moved = lambda before, now: picked_card(now) not in (None, picked_card(before))  # noqa: E731
        plan += [
            Scenario("setup" + suffix, game, tr("New game"), tr("Add seat"), "4  ▌CPU 3", "+",
                     lambda before, now: "5  ▌CPU 4" in now),
            Scenario("table" + suffix, f"{game} {UNO_ARGS['table']}",
                     hand, tr("Help"), pick, "Right", moved),
            # Two people: the handoff comes first; Enter shows Ann's hand.
            Scenario("hotseat" + suffix, f"{game} {UNO_ARGS['hotseat']}",
                     tr("Pass to {name}", name="Ann"), tr("Help"),
                     tr("I am {name}: show {what}", name="Ann", what=tr("my cards")), "Enter",
                     lambda before, now, hand=hand: hand in now),
            Scenario("table16" + suffix, f"{game} {UNO_ARGS['table16']}",
                     hand, tr("Help"), pick, "Right", moved),
        ]
    return plan


def latency_plan(args) -> list[Scenario]:
    """The scenarios of those ``--only`` names, each followed by its run in the other
    build with ``--against``."""
    plan = scenarios(args.python, args.uno_tui, tuple(args.lang))
    kept = only([scenario.name for scenario in plan], args.only)
    plan = [scenario for scenario in plan if scenario.name in kept]
    if not args.against:
        return plan
    ours, theirs = shlex.quote(args.uno_tui), shlex.quote(uno_tui_beside(args.against))
    by_name = {scenario.name: scenario for scenario in plan}
    return [by_name[name] if AGAINST not in name else
            replace(by_name[twin(name)], name=name,
                    command=theirs + by_name[twin(name)].command[len(ours):])
            for name in against_twins(list(by_name), args.against)]


def uno_tui_beside(python: str) -> str:
    """The uno-tui command of the build whose Python is ``python``."""
    return os.path.join(os.path.dirname(python), "uno-tui")


def one_run(scenario: Scenario, number: int, args) -> tuple[float, float, float]:
    width, height = (int(v) for v in args.size.split("x"))
    session = f"s{number}"
    command = scenario.command
    data = tempfile.mkdtemp(prefix="uno-latency-data-") if scenario.data_dir else None
    if data is not None:
        command += f" --data-dir {shlex.quote(data)}"
    start = time.perf_counter()
    tmux("new-session", "-d", "-s", session, "-x", str(width), "-y", str(height), command)
    try:
        first, _ = wait_until(session, lambda s: scenario.ready in s, start, args.timeout,
                              args.poll_launch)
        full, _ = wait_until(session, lambda s: scenario.full in s, start, args.timeout,
                             args.poll_launch)
        wait_until(session, lambda s: scenario.before_key in s, start, args.timeout,
                   args.poll_launch)
        time.sleep(args.settle)
        before = capture(session)
        sent = time.perf_counter()
        tmux("send-keys", "-t", session, scenario.key)
        key, _ = wait_until(session, lambda s: scenario.changed(before, s), sent,
                            args.timeout, args.poll_key)
    finally:
        tmux("kill-session", "-t", session, check=False)
        if data is not None:
            time.sleep(0.2)     # the app saves on its way out after the hangup
            shutil.rmtree(data, ignore_errors=True)
    return first, full, key


# ------------------------------------------------------------------- bytes

def run_counting_child(log_path: str, argv: list[str]) -> int:
    """Run uno-tui with every driver write logged as ``<perf_counter> <bytes>``."""
    from textual.drivers.linux_driver import LinuxDriver

    from uno_tui.cli import main as uno_main

    original = LinuxDriver.write
    log = open(log_path, "a", buffering=1, encoding="utf-8")

    def counted_write(self, data: str) -> None:
        log.write(f"{time.perf_counter():.6f} {len(data.encode('utf-8'))}\n")
        original(self, data)

    LinuxDriver.write = counted_write
    return uno_main(argv)


def run_cpu_child(log_path: str, argv: list[str]) -> int:
    """Run the bare app (``argv`` is ``["--bare"]``) or uno-tui, and note the CPU time
    used when the first frame is written: ``<process_time> <perf_counter>`` seconds."""
    from textual.app import App

    original = App._display

    def display(self, screen, renderable) -> None:
        original(self, screen, renderable)
        if renderable is not None and not getattr(self, "_cpu_noted", False):
            self._cpu_noted = True
            with open(log_path, "w", encoding="utf-8") as log:
                log.write(f"{time.process_time():.6f} {time.perf_counter():.6f}\n")

    App._display = display
    if argv[:1] == ["--bare"]:
        run_bare_app(int(argv[1]) if len(argv) > 1 else 0)
        return 0
    from uno_tui.cli import main as uno_main
    return uno_main(argv)


def cpu_plan(bare_widgets: int, langs: list[str]) -> list[tuple[str, list[str]]]:
    """``--cpu``'s launches: (name, the child's command line after ``--``)."""
    uno = ["setup", *UNO_ARGS]
    plan = [("bare", ["--bare"]), ("setup", [])]
    plan += [(name, shlex.split(UNO_ARGS[name])) for name in uno[1:]]
    # The bare app with as many more widgets as each table has (the 4-seat table has 23
    # widgets, the 16-seat Party table 37; ``--bare-widgets`` changes the first).
    plan += [(f"bare+{n}", ["--bare", str(n)]) for n in (bare_widgets, 37)]
    # With --lang: uno-tui's launches again in each language, beside their English twins.
    plan += [(f"{name}-{lang}", [*argv, "--lang", lang]) for lang in langs
             for name, argv in plan if name in uno]
    return plan


def cpu_launches(args) -> list[tuple[str, list[str]]]:
    """The launches ``--cpu`` makes, of those ``--only`` names."""
    plan = dict(cpu_plan(args.bare_widgets, args.lang))
    kept = against_twins(only(list(plan), args.only), args.against)
    return [(name, plan[name.split(AGAINST)[0]]) for name in kept]


def measure_cpu(args) -> int:
    here = os.path.abspath(__file__)
    plan = cpu_launches(args)
    width, height = (int(v) for v in args.size.split("x"))
    results: dict[str, list[float]] = {name: [] for name, _ in plan}
    tmux("new-session", "-d", "-s", "keeper", "sleep 86400")
    try:
        for run in range(args.runs):
            for name, argv in plan:
                log_path = tempfile.mktemp(prefix="uno-cpu-")
                data = tempfile.mkdtemp(prefix="uno-cpu-data-")
                if not name.startswith("bare"):
                    argv = [*argv, "--data-dir", data]
                python = args.against if AGAINST in name else args.python
                command = " ".join(shlex.quote(a) for a in
                                   [python, here, "--cpu-into", log_path, "--", *argv])
                session = f"c{run}{name}"
                tmux("new-session", "-d", "-s", session, "-x", str(width), "-y", str(height),
                     command)
                try:
                    deadline = time.perf_counter() + args.timeout
                    while not (os.path.exists(log_path) and os.path.getsize(log_path)):
                        if time.perf_counter() > deadline:
                            raise TimeoutError(f"{name}: no frame after {args.timeout}s")
                        time.sleep(0.02)
                    time.sleep(0.02)
                    cpu = float(open(log_path, encoding="utf-8").read().split()[0])
                finally:
                    tmux("kill-session", "-t", session, check=False)
                    time.sleep(0.2)     # the app saves on its way out after the hangup
                    shutil.rmtree(data, ignore_errors=True)
                    if os.path.exists(log_path):
                        os.remove(log_path)
                results[name].append(cpu * 1000)
                print(f"run {run + 1} {name:<16}: CPU to the first frame {cpu * 1000:6.1f} ms",
                      flush=True)
    finally:
        tmux("kill-server", check=False)
    bare = statistics.median(results["bare"])
    print(f"\n{args.runs} runs at {args.size}, CPU time to the first frame, medians (min-max):")
    for name, values in results.items():
        ratio = "" if name == "bare" else f"  = {statistics.median(values) / bare:.2f}x bare"
        other = twin(name)
        if other in results:
            ratio += (f"  = {statistics.median(values) / statistics.median(results[other]):.3f}x"
                      f" {other}")
        print(f"  {name:<16} {statistics.median(values):7.1f} ms "
              f"({min(values):.1f}-{max(values):.1f}){ratio}")
    return 0


def read_writes(log_path: str) -> list[tuple[float, int]]:
    with open(log_path, encoding="utf-8") as log:
        return [(float(t), int(n)) for t, n in (line.split() for line in log if line.strip())]


def bytes_between(log_path: str, start: float, end: float) -> int:
    return sum(n for t, n in read_writes(log_path) if start <= t < end)


def seed_with_wild(seats: int, variant: str = "classic", tries: int = 400) -> tuple[int, int]:
    """A seed where Ann, at her first turn, holds a plain Wild: (seed, its index)."""
    from uno_tui.app.controller import TableController
    from uno_tui.config import SeatSpec, computer_name, default_bot_level
    from uno_tui.engine import Kind

    specs = (SeatSpec("Ann"), *(SeatSpec(computer_name(n), default_bot_level())
                                 for n in range(1, seats)))
    for seed in range(1, tries):
        ctl = TableController(variant, specs, seed=seed)
        for _ in range(200):
            if not ctl.bot_pending():
                break
            ctl.bot_step()
        game = ctl.game
        if game.is_over or game.decision.seat != 0 or game.decision.kind != "turn":
            continue
        faces = [game.face(c) for c in game.hands[0]]
        wild = next((i for i, f in enumerate(faces) if f.kind == Kind.WILD), None)
        if wild is not None and wild < 9:
            return seed, wild
    raise RuntimeError("no seed gives Ann a wild at her first turn")


def _bursts(writes: list[tuple[float, int]], gap: float = 0.08) -> list[int]:
    """The sizes of the bursts of ``writes`` (``(time, bytes)``), a burst ending where
    the next write comes more than ``gap`` seconds after the last."""
    bursts: list[int] = []
    last = None
    for t, n in writes:
        if last is None or t - last > gap:
            bursts.append(0)
        bursts[-1] += n
        last = t
    return bursts


@dataclass(frozen=True)
class ScreenWords:
    """The texts ``--bytes`` waits for, in one language."""

    lang: str
    pick: str        # Ann's turn: "←→ or 1-9 picks a card"
    colour: str      # the colour prompt: "Ann: name a colour"
    asked: str       # Ann is asked anything: "Ann: " (a turn, a Party vote or pile)
    add_seat: str    # the setup screen is up: "Add seat" (its "+" link)

    @classmethod
    def of(cls, lang: str) -> "ScreenWords":
        from uno_tui.i18n import translator

        tr = translator(lang)
        colour = tr("{name}: name a colour", name="Ann")
        # "Ann: " in English, "Ann：" in Japanese: the name and what follows it.
        after = colour.index("Ann") + len("Ann") + 1
        asked = colour[:after + (colour[after:after + 1] == " ")]
        return cls(lang, tr("←→ or 1-9 picks a card"), colour, asked, tr("Add seat"))


def _lang_flag(lang: str) -> str:
    return "" if lang == "en" else f" --lang {shlex.quote(lang)}"


@contextmanager
def _counted_launch(args, session: str, uno_args: str, words: ScreenWords):
    """uno-tui launched in tmux (in ``words``' language) with every write logged: yields
    the log's path; the session, log and data directory are gone afterwards."""
    width, height = (int(v) for v in args.size.split("x"))
    here = os.path.abspath(__file__)
    log_path = tempfile.mktemp(prefix="uno-bytes-")
    data = tempfile.mkdtemp(prefix="uno-bytes-data-")
    command = (f"{shlex.quote(args.python)} {shlex.quote(here)} --count-into "
               f"{shlex.quote(log_path)} -- {uno_args} --data-dir {shlex.quote(data)}"
               + _lang_flag(words.lang))
    tmux("new-session", "-d", "-s", session, "-x", str(width), "-y", str(height), command)
    try:
        yield log_path
    finally:
        tmux("kill-session", "-t", session, check=False)
        if os.path.exists(log_path):
            os.remove(log_path)
        time.sleep(0.2)     # the app saves on its way out after the hangup
        shutil.rmtree(data, ignore_errors=True)


def _bytes_at_the_table(args, run: int, words: ScreenWords, seed: int, wild: int,
                        results: dict[str, list[int]]) -> None:
    """One launch at the table: cursor moves, the colour prompt opening and closing, and
    the computers' actions until Ann is asked again (see the module's docstring)."""
    players = ",".join(["Ann"] + ["cpu"] * (args.seats - 1))
    session = f"b{run}{words.lang}"
    uno_args = f"--players {players} --seed {seed} --variant {shlex.quote(args.variant)}"
    with _counted_launch(args, session, uno_args, words) as log_path:
        start = time.perf_counter()
        wait_until(session, lambda s: words.pick in s, start, args.timeout, args.poll_launch)
        time.sleep(args.settle)
        window = args.window
        for _ in range(5):
            sent = time.perf_counter()
            tmux("send-keys", "-t", session, "Right")
            time.sleep(window)
            results["cursor"].append(bytes_between(log_path, sent, sent + window))
        tmux("send-keys", "-t", session, str(wild + 1))
        time.sleep(window)
        sent = time.perf_counter()
        tmux("send-keys", "-t", session, "Enter")
        wait_until(session, lambda s: words.colour in s, sent, args.timeout, args.poll_key)
        time.sleep(window)
        results["open"].append(bytes_between(log_path, sent, sent + window))
        sent = time.perf_counter()
        tmux("send-keys", "-t", session, "r")
        time.sleep(window)
        results["close"].append(bytes_between(log_path, sent, sent + window))
        # Until Ann is asked something again (her turn, or a Party vote or pile).
        wait_until(session, lambda s: words.pick in s or words.asked in s, sent + window,
                   args.timeout, args.poll_launch)
        ended = time.perf_counter()
        writes = [(t, n) for t, n in read_writes(log_path) if sent + window <= t < ended]
        results["computer"] += _bursts(writes)[:-1]     # the last one is Ann's turn coming


def _bytes_at_the_setup(args, run: int, words: ScreenWords,
                        results: dict[str, list[int]]) -> None:
    """One launch of the setup screen: "+" adds a fifth seat."""
    session = f"p{run}{words.lang}"
    with _counted_launch(args, session, "", words) as log_path:
        start = time.perf_counter()
        wait_until(session, lambda s: words.add_seat in s and "4  ▌CPU 3" in s, start,
                   args.timeout, args.poll_launch)
        time.sleep(args.settle)
        sent = time.perf_counter()
        tmux("send-keys", "-t", session, "+")
        wait_until(session, lambda s: "5  ▌CPU 4" in s, sent, args.timeout, args.poll_key)
        time.sleep(args.window)
        writes = [(t, n) for t, n in read_writes(log_path) if sent <= t < sent + args.window]
        results["plus"].append(sum(n for _, n in writes))
        results["plus-frames"].append(sum(1 for _, n in writes if n > 200))


#: What ``--bytes`` counts, in the order it prints them.
BYTE_KINDS = ("cursor", "open", "close", "computer", "plus", "plus-frames")


def measure_bytes(args) -> int:
    """``--bytes``: in English and in each ``--lang``, interleaved run by run."""
    if args.variant is None:
        args.variant = "classic" if args.seats <= 10 else "party"
    seed, wild = seed_with_wild(args.seats, args.variant)
    langs = [ScreenWords.of(lang) for lang in ("en", *args.lang)]
    results = {words.lang: {kind: [] for kind in BYTE_KINDS} for words in langs}
    tmux("new-session", "-d", "-s", "keeper", "sleep 86400")
    try:
        for run in range(args.runs):
            for words in langs:
                _bytes_at_the_table(args, run, words, seed, wild, results[words.lang])
                _bytes_at_the_setup(args, run, words, results[words.lang])
                print(f"run {run + 1} {words.lang}: " + "  ".join(
                    f"{k} {statistics.median(v) if v else 0:.0f}"
                    for k, v in results[words.lang].items()), flush=True)
    finally:
        tmux("kill-server", check=False)
    print(f"\nbytes written per update at {args.size}, {args.variant}, {args.seats} seats, "
          f"seed {seed}, {args.runs} runs: median (min-max, n)"
          " (plus: the setup screen's '+'; plus-frames: its writes over 200 B)")
    english = results["en"]
    for lang, kinds in results.items():
        for name, values in kinds.items():
            if not values:
                continue
            ratio = ""
            if lang != "en" and english[name] and statistics.median(english[name]):
                ratio = (f"  = {statistics.median(values) / statistics.median(english[name]):.3f}x"
                         " en")
            unit = "" if name == "plus-frames" else " B"
            print(f"  {lang:<3} {name:<12} {statistics.median(values):7.0f}{unit} "
                  f"({min(values)}-{max(values)}, n={len(values)}){ratio}")
    return 0


def _default_uno_tui() -> str:
    found = shutil.which("uno-tui")
    if found:
        return found
    beside = os.path.join(os.path.dirname(sys.executable), "uno-tui")
    return beside if os.path.exists(beside) else "uno-tui"


def bytecode_note() -> str:
    """A warning when launches will include compiling the game's modules."""
    import uno_tui

    package = os.path.dirname(uno_tui.__file__)
    if sys.flags.dont_write_bytecode and not os.path.isdir(os.path.join(package, "__pycache__")):
        return ("note: PYTHONDONTWRITEBYTECODE is set and uno_tui has no bytecode: every "
                "launch compiles it (run 'python -m compileall uno_tui' to measure what an "
                "installed game does)")
    return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bare", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--count-into", help=argparse.SUPPRESS)
    parser.add_argument("--cpu-into", help=argparse.SUPPRESS)
    parser.add_argument("--cpu", action="store_true",
                        help="measure the CPU time to the first frame instead of latency")
    parser.add_argument("--bare-widgets", type=int, default=23,
                        help="with --cpu, also measure the bare app with this many more "
                        "widgets (and with 37)")
    parser.add_argument("--bytes", action="store_true",
                        help="measure the bytes written per update instead of latency")
    parser.add_argument("--seats", type=int, default=4, help="seats for --bytes (Ann + computers)")
    parser.add_argument("--variant", default=None,
                        help="rule set for --bytes (default: classic, party above 10 seats)")
    parser.add_argument("--window", type=float, default=0.3,
                        help="seconds of writes counted after a key (--bytes)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lang", action="append", default=[],
                        help="also run uno-tui's scenarios in this language (e.g. ja) and "
                        "compare each with English; may be given more than once")
    parser.add_argument("--only", default="",
                        help="comma-separated scenarios to run (with the bare app), e.g. "
                             "setup,setup-ja")
    parser.add_argument("--against", default=None, metavar="PYTHON",
                        help="also run every uno-tui scenario in another build, the one "
                        "whose venv this Python is (e.g. the base of a change), interleaved "
                        "in the same rounds as '<name>@against'")
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--python", default=sys.executable,
                        help="interpreter for the bare app (default: this one)")
    parser.add_argument("--uno-tui", default=_default_uno_tui(),
                        help="the uno-tui command to measure (default: the one on PATH, "
                        "else the one beside this Python)")
    parser.add_argument("--settle", type=float, default=0.4,
                        help="seconds to wait after the app is ready before the key")
    parser.add_argument("--timeout", type=float, default=20.0)
    # Each capture-pane is a new process (~2 ms of CPU): poll slowly while an app starts,
    # so polling does not slow the start it measures, and quickly after a key.
    parser.add_argument("--poll-launch", type=float, default=0.02)
    parser.add_argument("--poll-key", type=float, default=0.002)
    args, rest = parser.parse_known_args()
    if args.count_into:
        # Everything after "--" is uno-tui's own command line.
        return run_counting_child(args.count_into, [a for a in rest if a != "--"])
    if args.cpu_into:
        return run_cpu_child(args.cpu_into, [a for a in rest if a != "--"])
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.bare:
        run_bare_app()
        return 0
    if shutil.which("tmux") is None:
        print("tmux is needed", file=sys.stderr)
        return 2
    if args.bytes:
        return measure_bytes(args)
    if args.cpu:
        return measure_cpu(args)

    note = bytecode_note()
    if note:
        print(note, flush=True)
    plan = latency_plan(args)
    results: dict[str, list[tuple[float, float, float]]] = {s.name: [] for s in plan}
    tmux("new-session", "-d", "-s", "keeper", "sleep 86400")
    try:
        number = 0
        for run in range(args.runs):
            for scenario in plan:
                number += 1
                first, full, key = one_run(scenario, number, args)
                results[scenario.name].append((first, full, key))
                print(f"run {run + 1} {scenario.name:<16}: first frame {first * 1000:6.1f} ms"
                      f"  full UI {full * 1000:6.1f} ms  key->update {key * 1000:5.1f} ms",
                      flush=True)
    finally:
        tmux("kill-server", check=False)

    def median(name: str, index: int) -> float:
        return statistics.median(r[index] for r in results[name]) * 1000

    print(f"\n{args.runs} runs at {args.size}, medians (min-max):")
    labels = ("launch -> first frame", "launch -> full UI", "keypress -> update")
    for index, label in enumerate(labels):
        bare = median("bare", index)
        for name in results:
            values = [r[index] * 1000 for r in results[name]]
            ratio = "" if name == "bare" else f"  = {median(name, index) / bare:.2f}x bare"
            other = twin(name)
            if other in results:
                ratio += f"  = {median(name, index) / median(other, index):.3f}x {other}"
            print(f"  {label:<22} {name:<16} {median(name, index):7.1f} ms "
                  f"({min(values):.1f}-{max(values):.1f}){ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
