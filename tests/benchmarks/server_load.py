#!/usr/bin/env python3
"""``uno-tui serve`` under attack: visitors' key-to-screen latency while idle TCP
connections and password guessers hammer the server, against the same visitors with no
attackers, in one run.

Three processes, so that no side's CPU is billed to another's figures:

- the **host** (this file with ``--host-side``): a real Host on a free loopback port with
  a password file (open mode takes any password, so guessing would just log in), the
  public limits at their defaults, ``--workers`` render workers, and the tests' autopilot
  in each worker, which says which keys each visitor would press now;
- the **visitors** (this process): N asyncssh clients with a PTY, each from its own
  loopback address (127.0.1.n: the per-address limits apply to each as to a stranger),
  that log in, press ``p`` (play now: two visitors and a computer at a table) and play
  every card the autopilot picks by sending its keys over SSH;
- the **attackers** (this file with ``--attack-side``), attacking in the attacked slices
  only: ``--idle`` TCP connections that never log in, ten per loopback address
  (127.0.2.n, the per-address default), each reopened a second after the server closes
  it, and ``--guessers`` loops of wrong passwords, each from its own address, several per
  connection and a new connection after each refusal. Between slices they close
  everything they hold.

Quiet and attacked time alternate in short slices (``--slice`` seconds: quiet, attacked,
quiet, attacked, ...) until each has had ``--seconds``, so that both are measured under
the same load from the machine's other users (on a shared machine a whole phase of
each, one after the other, compared two different machines). Before an attacked slice
is timed the flood builds up for a moment; before a quiet one, what it held closes.
For each card a visitor plays, the own-screen latency is the time from writing its keys
to the first bytes back at that visitor; the other-screen latency is the time to the
first bytes naming the card's id (``#N``) at the other visitors of the same table (the
card was in a hidden hand, so its id reaches them only when the play is drawn); each
counts for the slice its keys were sent in. The target is an attacked p50 and p99
within 2x of the quiet ones. RSS is the host and its workers', summed, per seated visitor.

    python tests/benchmarks/server_load.py [--visitors 8] [--seconds 30] [--slice 5]
        [--idle 1000] [--guessers 4] [--workers 2] [--json]

Run by hand; it is not collected by pytest. The machine is shared: report ``uptime``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_latency import cpu_seconds, memory, rss_bytes  # noqa: E402

PASSWORD = "visitors welcome"
#: A play not on another visitor's screen after this many seconds counts as lost there.
MISSED_AFTER = 10.0
#: Seconds a newcomer's login may take before it counts as kept out.
LOGIN_WAIT = 10.0
#: Seconds the flood builds up before an attacked slice is timed.
RAMP_UP = 2.0
#: Seconds for what the attackers held to close before a quiet slice is timed.
CALM_DOWN = 2.0


def visitor_address(n: int) -> str:
    return f"127.0.1.{n}"


def attacker_address(n: int) -> str:
    return f"127.0.{2 + n // 250}.{1 + n % 250}"


# ------------------------------------------------------------------ host side


def autopilot(say):
    """Like server_latency's, with the table's number on each key line, so the parent
    times a play only at that table's other visitors."""
    from tests.server.support import key_moment, keys_for

    async def run(source) -> None:
        sent_at: dict[str, tuple] = {}
        while True:
            for user, app in source.apps():
                table = app.server_table if app.is_running else None
                if table is None:
                    continue
                moment = key_moment(app)
                if sent_at.get(user) == moment:
                    continue
                keys = keys_for(app)
                if keys is not None:
                    sent_at[user] = moment
                    say("KEY", user, json.dumps(keys[0]),
                        "-" if keys[1] is None else keys[1], table.number)
            await asyncio.sleep(0.01)

    return run


async def host_side(args) -> None:
    from uno_tui.server.host import Host, ServeConfig

    secret = Path(args.data_dir) / "password.txt"
    secret.write_text(PASSWORD + "\n")
    out = sys.stdout

    def say(*words) -> None:
        out.write(" ".join(str(w) for w in words) + "\n")
        out.flush()

    host = Host(ServeConfig(port=0, data_dir=Path(args.data_dir), password_file=secret,
                            pace=0.3, round_pause=2.0, show_card_ids=True,
                            workers=args.workers, turn_seconds=0.0,
                            max_sessions=max(32, args.visitors)),
                stderr=open(Path(args.data_dir) / "console.txt", "w"),
                worker_hook=autopilot(say))
    await host.start()
    if host.pool is None:
        asyncio.create_task(autopilot(say)(host))
    rss0 = memory(host)[0]
    say("PORT", host.port, rss0)
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    cpu0 = sum(cpu_seconds(p) for p in ["self", *(host.pool.pids if host.pool else ())])
    while line := (await reader.readline()).decode().strip():
        if line == "MEMORY":
            seated = sum(len(t.members) for t in host.tables)
            say("MEMORY", memory(host)[0], seated, len(host.tables), rss_bytes())
        elif line == "STOP":
            pids = ["self", *(host.pool.pids if host.pool else ())]
            say("STOPPED", json.dumps({
                "cpu": sum(cpu_seconds(p) for p in pids) - cpu0,
                "unauthenticated_now": host.gate.unauthenticated}))
            await host.stop("benchmark over")
            return


# ---------------------------------------------------------------- attack side


async def attack_side(args) -> None:
    import asyncssh

    counts = {"idle_opened": 0, "idle_refused_at_once": 0, "idle_held_long": 0,
              "guesses": 0, "guess_connections_refused": 0}
    port = args.port

    async def idle_slot(n: int) -> None:
        address = attacker_address(n // 10)
        while True:
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(address, 0))
            except OSError:
                await asyncio.sleep(1.0)
                continue
            counts["idle_opened"] += 1
            opened = time.monotonic()
            try:
                while await reader.read(4096):     # the banner, then nothing: never log in
                    pass
            except OSError:
                pass
            finally:                               # also when the slice ends (cancelled)
                writer.close()
            counts["idle_refused_at_once" if time.monotonic() - opened < 1.0
                   else "idle_held_long"] += 1
            await asyncio.sleep(1.0)

    class Guesser(asyncssh.SSHClient):
        def password_auth_requested(self):
            counts["guesses"] += 1
            return f"guess-{counts['guesses']}"

    async def guess_loop(n: int) -> None:
        address = attacker_address(1000 + n)
        while True:
            try:
                conn = await asyncio.wait_for(asyncssh.connect(
                    "127.0.0.1", port, username="admin", known_hosts=None, client_keys=None,
                    agent_path=None, client_factory=Guesser, local_addr=(address, 0)), 60)
                conn.close()
            except (OSError, asyncssh.Error, asyncio.TimeoutError):
                counts["guess_connections_refused"] += 1
            await asyncio.sleep(0.05)

    # "go": attack; "pause": close everything held; "stop": the counts, and out.
    loop = asyncio.get_running_loop()
    tasks: list[asyncio.Task] = []
    while (command := (await loop.run_in_executor(None, sys.stdin.readline)).strip()) \
            not in ("stop", ""):
        if command == "go" and not tasks:
            tasks = [asyncio.create_task(idle_slot(n)) for n in range(args.idle)]
            tasks += [asyncio.create_task(guess_loop(n)) for n in range(args.guessers)]
        elif command == "pause":
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            tasks = []
        print("ok", flush=True)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    # The attackers run on the same CPUs here (on a real server they would not): what
    # they took from the host and the visitors.
    counts["attackers_cpu_seconds"] = round(cpu_seconds(), 1)
    print(json.dumps(counts), flush=True)


# -------------------------------------------------------------- visitors' side


class Visitor:
    def __init__(self, number: int) -> None:
        self.name = f"v{number:02d}"
        self.address = visitor_address(number)
        self.received = bytearray()
        self.table: int | None = None
        #: Card id -> (sent, offset, pattern, phase) for a play another visitor made.
        self.waiting: dict[int, tuple[float, int, re.Pattern, str]] = {}
        #: (sent, phase) of this visitor's own last play, until its first bytes back.
        self.own: tuple[float, str] | None = None
        self.samples: dict[tuple[str, str], list[float]] = {}

    async def connect(self, port: int) -> None:
        import asyncssh

        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username=self.name, password=PASSWORD, known_hosts=None,
            client_keys=None, agent_path=None, local_addr=(self.address, 0))
        self.process = await self.conn.create_process(
            term_type="xterm-256color", term_size=(100, 32), encoding=None)
        asyncio.create_task(self._read())

    def note(self, kind: str, phase: str, seconds: float) -> None:
        self.samples.setdefault((kind, phase), []).append(seconds)

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            now = time.perf_counter()
            if self.own is not None:
                self.note("own", self.own[1], now - self.own[0])
                self.own = None
            self.received += data
            for card, (sent, offset, pattern, phase) in list(self.waiting.items()):
                if pattern.search(self.received, max(0, offset - 8)):
                    self.note("other", phase, now - sent)
                    del self.waiting[card]
            if len(self.received) > 1 << 20:     # keep the tail only: bounded memory
                cut = len(self.received) - (1 << 16)
                del self.received[:cut]
                self.waiting = {c: (s, max(0, o - cut), p, ph)
                                for c, (s, o, p, ph) in self.waiting.items()}

    def expect(self, card: int, sent: float, phase: str) -> None:
        self.waiting[card] = (sent, len(self.received),
                              re.compile(rb"#%d(?!\d)|goes out" % card), phase)


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] if values else None


async def run(args) -> dict:
    load_before = os.getloadavg()
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--host-side", "--data-dir", args.data_dir,
        "--workers", str(args.workers), "--visitors", str(args.visitors),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=str(ROOT))
    lines: asyncio.Queue[list[str]] = asyncio.Queue()

    async def read_host() -> None:
        while line := await child.stdout.readline():
            await lines.put(line.decode().split())
        await lines.put(["GONE"])

    asyncio.create_task(read_host())
    words = await lines.get()
    if words[0] != "PORT":
        raise SystemExit("the host side stopped (its error is above)")
    port, rss0 = int(words[1]), int(words[2])
    visitors = {v.name: v for v in (Visitor(n) for n in range(1, args.visitors + 1))}
    phase = ["seating"]
    missed: list[str] = []
    replies: dict[str, asyncio.Future] = {}

    async def relay() -> None:
        while True:
            words = await lines.get()
            if words[0] == "GONE":
                return
            if words[0] != "KEY":
                replies.pop(words[0]).set_result(words)
                continue
            _, name, keys, card, table = words
            mover = visitors.get(name)
            if mover is None:
                continue
            mover.table = int(table)
            sent = time.perf_counter()
            if card != "-" and phase[0] in ("quiet", "attacked"):    # timed slices only
                for other in visitors.values():
                    if other is not mover and other.table == int(table):
                        other.expect(int(card), sent, phase[0])
                mover.own = (sent, phase[0])
            mover.process.stdin.write(json.loads(keys).encode())

    async def ask(command: str, answer: str) -> list[str]:
        replies[answer] = asyncio.get_running_loop().create_future()
        child.stdin.write(command.encode() + b"\n")
        return await replies[answer]

    relaying = asyncio.create_task(relay())
    for visitor in visitors.values():
        await visitor.connect(port)
        while b"Play now" not in visitor.received:
            await asyncio.sleep(0.02)
        visitor.process.stdin.write(b"p")
        await asyncio.sleep(0.3)
    await asyncio.sleep(3.0)
    _, rss_seated, seated, tables, host_rss_seated = await ask("MEMORY", "MEMORY")
    attacker = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--attack-side", "--port", str(port),
        "--idle", str(args.idle), "--guessers", str(args.guessers),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=str(ROOT))

    async def tell_attacker(command: str) -> None:
        attacker.stdin.write(command.encode() + b"\n")
        await attacker.stdout.readline()

    #: Per kind of slice: seconds from a newcomer's connect to its first screen bytes,
    #: or None for a login that failed (refused, or nothing within LOGIN_WAIT).
    logins: dict[str, list[float | None]] = {"quiet": [], "attacked": []}

    async def newcomer(number: int, name: str) -> None:
        """One more visitor logs in mid-slice, reads its first screen, and goes."""
        import asyncssh

        began = time.perf_counter()
        try:
            async with asyncssh.connect(
                    "127.0.0.1", port, username=f"n{number:03d}", password=PASSWORD,
                    known_hosts=None, client_keys=None, agent_path=None,
                    local_addr=(visitor_address(100 + number % 150), 0)) as conn:
                process = await conn.create_process(term_type="xterm-256color",
                                                    term_size=(100, 32), encoding=None)
                await asyncio.wait_for(process.stdout.read(1), LOGIN_WAIT)
                logins[name].append(time.perf_counter() - began)
        except (OSError, asyncssh.Error, asyncio.TimeoutError):
            logins[name].append(None)

    uptime_before = _uptime()
    slices = max(1, round(args.seconds / args.slice))
    slice_seconds = args.seconds / slices
    timed = {"quiet": 0.0, "attacked": 0.0}
    for _ in range(slices):
        for name, command, settle in (("quiet", "pause", CALM_DOWN),
                                      ("attacked", "go", RAMP_UP)):
            phase[0] = "between"
            await tell_attacker(command)
            await asyncio.sleep(settle)
            phase[0] = name
            began = time.monotonic()
            arriving = asyncio.create_task(asyncio.wait_for(
                newcomer(len(logins["quiet"]) + len(logins["attacked"]), name), LOGIN_WAIT))
            await asyncio.sleep(slice_seconds)
            timed[name] += time.monotonic() - began
            try:
                await arriving
            except asyncio.TimeoutError:
                logins[name].append(None)
    phase[0] = "between"
    await tell_attacker("pause")
    attacker.stdin.write(b"stop\n")
    attack_counts = json.loads((await attacker.stdout.readline()).decode())
    await attacker.wait()
    await asyncio.sleep(MISSED_AFTER)
    uptime_after = _uptime()
    for visitor in visitors.values():
        for card, entry in list(visitor.waiting.items()):
            if entry[3] in timed:
                missed.append(f"{entry[3]}: #{card} never reached {visitor.name}")
                del visitor.waiting[card]
    _, rss_end, _, _, host_rss_end = await ask("MEMORY", "MEMORY")
    stopped = await ask("STOP", "STOPPED")
    host_stats = json.loads(" ".join(stopped[1:]))
    await child.wait()
    relaying.cancel()

    def figures(kind: str, phases: tuple[str, ...]) -> dict:
        values = [s for v in visitors.values() for p in phases
                  for s in v.samples.get((kind, p), [])]
        return {"n": len(values),
                "p50_ms": round(1000 * statistics.median(values), 1) if values else None,
                "p99_ms": round(1000 * pct(values, 0.99), 1) if values else None}

    result = {"visitors": args.visitors, "seated": int(seated), "tables": int(tables),
              "seconds_timed": {name: round(t, 1) for name, t in timed.items()},
              "slices": slices, "slice_seconds": round(slice_seconds, 1),
              "idle_connections": args.idle,
              "guessers": args.guessers, "workers": args.workers}
    for kind in ("own", "other"):
        quiet = figures(kind, ("quiet",))
        attacked = figures(kind, ("attacked",))
        result[kind] = {"quiet": quiet, "attacked": attacked}
        for q in ("p50_ms", "p99_ms"):
            if quiet[q] and attacked[q]:
                result[kind][f"attacked_over_quiet_{q[:3]}"] = round(attacked[q] / quiet[q], 2)
    result["logins"] = {
        name: {"tried": len(times), "kept_out": sum(t is None for t in times),
               "p50_ms": round(1000 * statistics.median([t for t in times if t is not None]))
               if any(t is not None for t in times) else None,
               "max_ms": round(1000 * max((t for t in times if t is not None), default=0))}
        for name, times in logins.items()}
    log = (Path(args.data_dir) / "server.log").read_text(errors="replace")
    console = (Path(args.data_dir) / "console.txt").read_text(errors="replace")
    crashes = list((Path(args.data_dir) / "crashes").glob("*"))
    result.update({
        "missed_updates": missed, "attack": attack_counts,
        "server_log": {word: log.count(word) for word in
                       ("connect addr=", "connect repeated=", "limit addr=", "limit repeated=",
                        "auth failed", "auth ok", "session start", "Traceback")},
        "server_log_lines": log.count("\n"),
        "console_tracebacks": console.count("Traceback"), "crash_reports": len(crashes),
        "host_cpu_seconds": round(host_stats["cpu"], 1),
        "rss_mb_before_visitors": round(rss0 / 2**20, 1),
        "rss_mb_seated": round(int(rss_seated) / 2**20, 1),
        "rss_mb_end": round(int(rss_end) / 2**20, 1),
        "host_rss_mb_seated": round(int(host_rss_seated) / 2**20, 1),
        "host_rss_mb_end": round(int(host_rss_end) / 2**20, 1),
        "rss_mb_per_visitor_seated": round((int(rss_seated) - rss0) / args.visitors / 2**20, 2),
        "rss_mb_per_visitor_end": round((int(rss_end) - rss0) / args.visitors / 2**20, 2),
        "loadavg_before": load_before, "uptime_before": uptime_before,
        "uptime_after": uptime_after, "cpus": os.cpu_count()})
    return result


def _uptime() -> str:
    """``uptime``'s line (the machine is shared: its load goes with every figure)."""
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True,
                              timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def report(r: dict) -> str:
    lines = [f"{r['visitors']} visitors at {r['tables']} tables ({r['seated']} seated); "
             f"quiet and attacked in {r['slices']} slices of {r['slice_seconds']} s each, "
             f"alternating (timed: {r['seconds_timed']}); attack: {r['idle_connections']} "
             f"idle connections, {r['guessers']} guessers; {r['workers']} workers",
             f"uptime before: {r['uptime_before']}",
             f"uptime after:  {r['uptime_after']}"]
    for kind, what in (("own", "key to own screen"), ("other", "key to other screen")):
        f = r[kind]
        lines.append(
            f"{what}: quiet p50 {f['quiet']['p50_ms']} / p99 {f['quiet']['p99_ms']} ms "
            f"(n {f['quiet']['n']}), attacked p50 {f['attacked']['p50_ms']} / p99 "
            f"{f['attacked']['p99_ms']} ms (n {f['attacked']['n']}): attacked/quiet "
            f"{f.get('attacked_over_quiet_p50')}x / {f.get('attacked_over_quiet_p99')}x "
            "(target within 2x)")
    lines.append("a newcomer's login to its first screen, one per slice: " + "; ".join(
        f"{name} {f['tried'] - f['kept_out']} of {f['tried']} in, p50 {f['p50_ms']} ms, "
        f"max {f['max_ms']} ms" for name, f in r["logins"].items()))
    lines.append(f"attack: {r['attack']}")
    lines.append(f"server.log: {r['server_log_lines']} lines, {r['server_log']}; console "
                 f"tracebacks {r['console_tracebacks']}; crash reports {r['crash_reports']}; "
                 f"missed updates {len(r['missed_updates'])}")
    lines.append(f"RSS (host and workers): {r['rss_mb_before_visitors']} MB before visitors, "
                 f"{r['rss_mb_seated']} seated, {r['rss_mb_end']} at the end: "
                 f"{r['rss_mb_per_visitor_seated']} / {r['rss_mb_per_visitor_end']} MB per "
                 f"visitor (the host process alone: {r['host_rss_mb_seated']} MB seated, "
                 f"{r['host_rss_mb_end']} at the end); host CPU {r['host_cpu_seconds']} s")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visitors", type=int, default=8, help="visitors playing (2-40)")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="seconds timed quiet, and as many attacked")
    parser.add_argument("--slice", type=float, default=5.0,
                        help="seconds of one quiet or attacked slice (they alternate)")
    parser.add_argument("--idle", type=int, default=1000,
                        help="idle TCP connections kept open by the attackers (0-1000)")
    parser.add_argument("--guessers", type=int, default=4, help="password guessing loops")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--host-side", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--attack-side", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.host_side:
        asyncio.run(host_side(args))
        return
    if args.attack_side:
        asyncio.run(attack_side(args))
        return
    if not 2 <= args.visitors <= 40 or not 0 <= args.idle <= 1000 \
            or not 0 <= args.guessers <= 20 or not 1 <= args.seconds <= 1200 \
            or not 1 <= args.slice <= args.seconds:
        parser.error("--visitors 2-40, --idle 0-1000, --guessers 0-20, --seconds 1-1200, "
                     "--slice 1-SECONDS")
    with tempfile.TemporaryDirectory(prefix="uno-load-") as data:
        args.data_dir = data
        result = asyncio.run(run(args))
    print(json.dumps(result, indent=2) if args.json else report(result))


if __name__ == "__main__":
    main()
