#!/usr/bin/env python3
"""Instructions to the first frame, and from a key to the frame after it, counted by
valgrind (callgrind): uno-tui against a bare Textual app, in a real terminal (tmux).

Wall-clock launch times on a shared machine swing by a third between runs; the number
of instructions a launch executes hardly moves, so a change of a few percent shows.
Each app runs in a detached tmux session of the given size under
``valgrind --tool=callgrind``. The app (this file run with ``--child``) calls
``os.getsid`` at each point to count up to, and callgrind dumps its counters there
(``--dump-before=getsid``; nothing else in the app calls it), so each stretch is
counted on its own:

  launch     the interpreter's start to the first frame written to the terminal
  idle       after that, until the process has used no CPU for ``--quiet`` seconds
             (work the app does after its first frame: a table built under a handoff,
             the setup screen's spare row)
  key        from there (the key is sent with tmux) to the first frame written after
             the key reached the app (the screen said changed is checked in the pane)
  after      the rest of the key's work, until quiet again

    python tests/benchmarks/launch_instructions.py --size 80x24
    python tests/benchmarks/launch_instructions.py --size 200x60 --only setup,hotseat
    python tests/benchmarks/launch_instructions.py --key --only setup     # and the "+"

The scenarios are app_latency.py's (bare, setup, table, hotseat, table16), with the
same keys and texts. The stylesheet cache (``parsed-styles.pickle``) is warmed by one
plain launch of each scenario first, in a cache folder of this run's own, as a player's
second launch has it; ``PYTHONHASHSEED=0`` so runs repeat. Run by hand (each launch
takes ~30-60 s under valgrind); it is not collected by pytest.
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import app_latency  # noqa: E402  (beside this file: the scenarios and the bare app)
from app_latency import UNO_ARGS, capture, only, tmux  # noqa: E402

#: The stretches a run counts, in order (one callgrind dump each).
STRETCHES = ("launch", "idle", "key", "after")


# ------------------------------------------------------------------- the child

def run_child(status_path: str, argv: list[str]) -> int:
    """Run the bare app (``argv`` is ``["--bare"]``) or uno-tui with the marks: a dump at
    the first frame, at SIGUSR1 (the parent saw the process quiet), and at the first
    frame after a key; each mark is written to ``status_path`` as it is passed."""
    state = {"frames": 0, "key_seen": False, "key_frame": False}

    def mark(name: str) -> None:
        os.getsid(0)        # callgrind dumps here
        with open(status_path, "a", encoding="utf-8") as status:
            status.write(name + "\n")

    def watch_the_app() -> None:
        from textual import events
        from textual.app import App

        original_display = App._display

        def display(self, screen, renderable) -> None:
            original_display(self, screen, renderable)
            if renderable is None or self._batch_count or self._driver is None:
                return
            state["frames"] += 1
            if state["frames"] == 1:
                mark("launch")
            elif state["key_seen"] and not state["key_frame"]:
                state["key_frame"] = True
                mark("key")

        original_on_event = App.on_event

        async def on_event(self, event) -> None:
            if isinstance(event, events.Key) and state["frames"]:
                state["key_seen"] = True
            await original_on_event(self, event)

        App._display = display
        App.on_event = on_event

    quiet_marks = iter(("idle", "after"))
    signal.signal(signal.SIGUSR1, lambda *_: mark(next(quiet_marks, "extra")))
    if argv[:1] == ["--bare"]:
        watch_the_app()
        app_latency.run_bare_app()
        return 0
    return run_uno_tui(argv, before_the_app=watch_the_app)


def run_uno_tui(argv: list[str], before_the_app=lambda: None) -> int:
    """uno-tui as its command runs it (uno_tui.launch: Textual is imported after the
    data classes' compiled methods are installed), ``before_the_app`` called as the app
    is about to be made."""
    import uno_tui.app

    run_app = uno_tui.app.run_app

    def watched_run_app(*args, **kwargs):
        before_the_app()
        return run_app(*args, **kwargs)

    uno_tui.app.run_app = watched_run_app       # cli imports it when it runs the app
    from uno_tui.launch import main as uno_main
    return uno_main(argv)


# ------------------------------------------------------------------ the parent

def cpu_ticks(pid: int) -> int:
    """User + system clock ticks the process has used."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def wait_quiet(pid: int, quiet: float, timeout: float, busy: float = 0.05) -> None:
    """Until ``pid`` has used under ``busy`` of a core over ``quiet`` seconds (an idle
    Textual app under valgrind still uses 1-2%: its threads wake to poll)."""
    deadline = time.monotonic() + timeout
    while True:
        start = cpu_ticks(pid)
        time.sleep(quiet)
        if cpu_ticks(pid) - start <= quiet * os.sysconf("SC_CLK_TCK") * busy:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"the app never went quiet in {timeout}s")


def wait_for(check, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise TimeoutError(f"no {what} after {timeout}s")
        time.sleep(0.1)


def marks(status_path: str) -> list[str]:
    if not os.path.exists(status_path):
        return []
    with open(status_path, encoding="utf-8") as status:
        return status.read().split()


def dump_totals(out_path: str) -> list[int]:
    """The instructions of each dump callgrind wrote (``out_path.1``, ``.2``...), in order."""
    totals = []
    number = 1
    while os.path.exists(f"{out_path}.{number}"):
        with open(f"{out_path}.{number}", encoding="utf-8", errors="replace") as dump:
            for line in dump:
                if line.startswith(("summary:", "totals:")):
                    totals.append(int(line.split()[1]))
                    break
        number += 1
    return totals


def plan(langs: tuple[str, ...] = ()) -> dict[str, app_latency.Scenario]:
    """app_latency.py's scenarios by name: the texts to wait for, the key and the
    check that the screen changed as the key asks."""
    return {scenario.name: scenario
            for scenario in app_latency.scenarios("python", "uno-tui", langs)}


def child_argv(name: str, data: str) -> list[str]:
    """The child's command line after ``--``: the bare app, or uno-tui's arguments."""
    if name == "bare":
        return ["--bare"]
    base, _, lang = name.partition("-")
    argv = shlex.split(UNO_ARGS.get(base, ""))
    if lang:
        argv += ["--lang", lang]
    return argv + ["--data-dir", data]


def warm_cache(names: list[str], args, env: dict[str, str]) -> None:
    """One plain launch of each uno-tui scenario, to its first frame, then hung up: the
    stylesheet cache holds what each one parses."""
    here = os.path.abspath(__file__)
    width, height = (int(v) for v in args.size.split("x"))
    scenarios = plan(tuple(args.lang))
    for name in names:
        if name == "bare":
            continue
        data = tempfile.mkdtemp(prefix="uno-instr-data-")
        command = " ".join(shlex.quote(a) for a in [
            args.python, here, "--plain-child", "--", *child_argv(name, data)])
        session = f"warm-{name}"
        pid_path = os.path.join(data, "pid")
        tmux("new-session", "-d", "-s", session, "-x", str(width), "-y", str(height),
             f"echo $$ > {shlex.quote(pid_path)}; exec {env_prefix(env)} {command}")
        try:
            wait_for(lambda: scenarios[name].full in capture(session), args.timeout,
                     f"{name} first frame")
        finally:
            tmux("kill-session", "-t", session, check=False)
            # It saves the caches on its way out after the hangup: the next launch
            # reads what this one wrote (a fixed pause lost some under load).
            pid = int(open(pid_path).read())
            wait_for(lambda: not os.path.exists(f"/proc/{pid}"), 60, f"{name} to exit")


def env_prefix(env: dict[str, str]) -> str:
    """``env K=V ...``: the shell words that run a command with ``env`` added."""
    return " ".join(["env", *(shlex.quote(f"{key}={value}") for key, value in env.items())])


def measure(name: str, args, env: dict[str, str], work: str) -> dict[str, object]:
    here = os.path.abspath(__file__)
    width, height = (int(v) for v in args.size.split("x"))
    scenario = plan(tuple(args.lang))[name]
    out_path = os.path.join(work, f"cg-{name}")
    status_path = os.path.join(work, f"status-{name}")
    data = tempfile.mkdtemp(prefix="uno-instr-data-", dir=work)
    command = " ".join(shlex.quote(a) for a in [
        "valgrind", "--tool=callgrind", "--dump-before=getsid", "--dump-instr=no",
        "--collect-jumps=no", f"--callgrind-out-file={out_path}",
        args.python, here, "--child", status_path, "--", *child_argv(name, data)])
    session = f"i-{name}"
    tmux("new-session", "-d", "-s", session, "-x", str(width), "-y", str(height),
         f"echo $$ > {shlex.quote(out_path)}.pid; exec {env_prefix(env)} {command}")
    result: dict[str, object] = {}
    try:
        pid = int(wait_for(lambda: open(f"{out_path}.pid").read().strip()
                           if os.path.exists(f"{out_path}.pid") else "", 30, "pid"))
        wait_for(lambda: "launch" in marks(status_path), args.timeout, "first frame")
        if args.key:
            wait_for(lambda: scenario.before_key in capture(session), args.timeout,
                     f"'{scenario.before_key}'")
            wait_quiet(pid, args.quiet, args.timeout)
            os.kill(pid, signal.SIGUSR1)
            wait_for(lambda: "idle" in marks(status_path), args.timeout, "idle mark")
            before = capture(session)
            tmux("send-keys", "-t", session, scenario.key)
            wait_for(lambda: "key" in marks(status_path), args.timeout, "frame after the key")
            # The child is slow under valgrind: the pane holds the key's first frame
            # until its next one.
            result["changed"] = scenario.changed(before, capture(session))
            # A focused name's cursor blinks (a frame each half second, costly under
            # valgrind): quiet enough is a quarter of a core; given up after a minute.
            try:
                wait_quiet(pid, args.quiet, 60, busy=0.25)
            except TimeoutError:
                pass
            else:
                os.kill(pid, signal.SIGUSR1)
                wait_for(lambda: "after" in marks(status_path), args.timeout, "after mark")
    finally:
        tmux("kill-session", "-t", session, check=False)
    totals = wait_for(lambda: dump_totals(out_path) or None, 30, "callgrind dumps")
    time.sleep(0.5)
    totals = dump_totals(out_path)
    result.update(zip(STRETCHES, totals))
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--plain-child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--only", default="", help="comma-separated scenarios (and bare)")
    parser.add_argument("--lang", action="append", default=[],
                        help="also the scenarios in this language (setup-ja...)")
    parser.add_argument("--key", action="store_true",
                        help="also count each scenario's key (after the launch goes quiet)")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--quiet", type=float, default=2.0,
                        help="seconds of next to no CPU that count as the app being idle")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--timeout", type=float, default=300.0)
    args, rest = parser.parse_known_args()
    if args.child:
        return run_child(args.child, [a for a in rest if a != "--"])
    if args.plain_child:
        argv = [a for a in rest if a != "--"]
        if argv[:1] == ["--bare"]:
            app_latency.run_bare_app()
            return 0
        return run_uno_tui(argv)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    names = [name for name in plan(tuple(args.lang)) if not name.startswith("table16")
             or "table16" in args.only]
    names = only(names, args.only)
    work = tempfile.mkdtemp(prefix="uno-instr-")
    env = {"PYTHONHASHSEED": "0", "XDG_CACHE_HOME": os.path.join(work, "cache")}
    tmux("new-session", "-d", "-s", "keeper", "sleep 86400")
    results: dict[str, list[dict[str, object]]] = {name: [] for name in names}
    try:
        warm_cache(names, args, env)
        for run in range(args.runs):
            for name in names:
                result = measure(name, args, env, tempfile.mkdtemp(dir=work))
                results[name].append(result)
                print(f"run {run + 1} {name:<10} " + "  ".join(
                    f"{key} {value}" if isinstance(value, bool) else f"{key} {value / 1e6:8.1f}M"
                    for key, value in result.items()), flush=True)
    finally:
        tmux("kill-server", check=False)
    print(f"\nmillions of instructions at {args.size} (the smallest of {args.runs} runs):")
    bare = results.get("bare")
    for name, runs in results.items():
        line = f"  {name:<10}"
        for stretch in STRETCHES:
            values = [r[stretch] for r in runs if stretch in r]
            if not values:
                continue
            line += f"  {stretch} {min(values) / 1e6:8.1f}"
            bare_values = [r[stretch] for r in bare or () if stretch in r]
            if name != "bare" and bare_values and stretch in ("launch", "key"):
                line += f" ({min(values) / min(bare_values):.3f}x bare)"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
