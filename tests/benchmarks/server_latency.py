#!/usr/bin/env python3
"""``uno-tui serve`` with N sessions at one table on loopback: key-to-screen latency at the
other clients, bytes per update, and the host's CPU and memory per session.

The host runs in a child process (this file with ``--host-side``): a real Host on a free
port, one table of N people's seats, card ids shown so a played card can be recognised,
and ``--workers`` render workers (1: the apps in the host's process). The parent opens N
asyncssh clients with a PTY (the SSH work of the clients stays out of the host's
figures). The process drawing each app tells the parent, line by line on the stdout they
share, which screen it shows and which keys the person at that terminal would press now
(the tests' autopilot); the parent sends them over that client's SSH channel. For a key that plays a card, the latency at each
other client is the time from writing the key to the first bytes naming that card's id
(``#N``) arriving at that client: the card was in the player's hidden hand, so its id
reaches another terminal only when the play is drawn there. The round's last card is
seen as the round's result ("... goes out"). Only terminals showing the table when the
key is sent are timed, and each play is timed alone (the next play waits for it);
every other key is relayed at once.

    python tests/benchmarks/server_latency.py --sessions 8 --moves 60 [--workers 2] [--json]

CPU and memory are the host's and its render workers' together (memory: the sum of
their RSS, which counts the pages they share once per process, and of their PSS, which
splits those pages between them).

It prints the figures in words with the issue's targets and the machine's load (the
host shares the CPUs with whatever else runs: compare runs at a similar load).

Run by hand; it is not collected by pytest.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def rss_bytes(pid="self") -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def pss_bytes(pid="self") -> int:
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(pid="self") -> float:
    """User and system CPU seconds of a process so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def runqueue_seconds(pid="self") -> float:
    """Seconds the process has been ready to run but waiting for a CPU (schedstat)."""
    with open(f"/proc/{pid}/schedstat") as stat:
        return int(stat.read().split()[1]) / 1e9


def all_processes(host) -> list:
    """The host's process and its render workers'."""
    return ["self", *(host.pool.pids if host.pool is not None else ())]


def memory(host) -> tuple[int, int]:
    """RSS and PSS of the host and its workers, summed."""
    pids = all_processes(host)
    return sum(rss_bytes(p) for p in pids), sum(pss_bytes(p) for p in pids)


def autopilot(say):
    """The keys of every person whose app runs in this process, as lines for the
    parent (``say``), in whichever process draws the apps: ``source.apps()`` gives
    ``(user, app)``."""
    from tests.server.support import key_moment, keys_for
    from uno_tui.server.client import ClientTableScreen

    async def run(source) -> None:
        sent_at: dict[str, tuple] = {}
        shown: dict[str, str] = {}
        while True:
            for user, app in source.apps():
                if not app.is_running:
                    continue
                screen = type(app.screen).__name__
                if shown.get(user) != screen:
                    shown[user] = screen
                    say("SCREEN", user, "table" if isinstance(app.screen, ClientTableScreen)
                        else "other")
                table = app.server_table
                if table is None:
                    continue
                moment = key_moment(app)
                if sent_at.get(user) == moment:
                    continue
                keys = keys_for(app)
                if keys is not None:
                    sent_at[user] = moment
                    card = keys[1]
                    # A play of the last card ends the round: the other screens show the
                    # round's result over the table, not the card ("goes out" is its title).
                    last = card is not None and len(
                        table.ctl.game.hands[app.screen.viewer]) == 1
                    say("KEY", user, json.dumps(keys[0]), "-" if card is None else card,
                        "out" if last else "on")
            await asyncio.sleep(0.01)

    return run


#: A play not on another terminal's screen after this many seconds counts as lost there.
MISSED_AFTER = 10.0
#: No card played for this long: the table waits for something nobody will do (the
#: autopilot pressed a key that answers nothing). Say what each terminal shows and stop,
#: rather than hang with nothing printed.
STALLED_AFTER = 60.0

# ------------------------------------------------------------------ host side


async def host_side(sessions: int, data: str, workers: int, profile: str | None,
                    variant: str = "classic") -> None:
    from uno_tui.config import PlayConfig, SeatSpec
    from uno_tui.server.host import Host, ServeConfig
    from uno_tui.server.limits import Limits

    out = sys.stdout
    # The save after each action: the part that runs on the loop, timed per call.
    from uno_tui.saves import MatchRecorder
    save_times: list[float] = []
    recorded = MatchRecorder.recorded

    def timed_recorded(self, match, action):
        began = time.perf_counter()
        recorded(self, match, action)
        save_times.append(time.perf_counter() - began)

    MatchRecorder.recorded = timed_recorded
    # From a play applied at the table to its card's id in the output the host writes
    # to each terminal's channel: the host's part of the latency (no SSH client in it).
    from uno_tui.engine import Play
    from uno_tui.server.session import TerminalSession
    applied: dict[int, float] = {}
    host_waits: list[float] = []
    write_bytes = TerminalSession.write_bytes

    def noted_recorded(self, match, action):
        if type(action) is Play:
            applied.clear()
            applied[action.card] = time.perf_counter()
        timed_recorded(self, match, action)

    def timed_write(self, payload: bytes):
        if applied:
            (card, at), = applied.items()
            seen = self.__dict__.setdefault("_bench_seen", set())
            if card not in seen and re.search(rb"#%d(?!\d)" % card, payload):
                seen.add(card)
                host_waits.append(time.perf_counter() - at)
        write_bytes(self, payload)

    MatchRecorder.recorded = noted_recorded
    TerminalSession.write_bytes = timed_write
    # Python's garbage collections: the full ones' (generation 2) CPU time, each; the
    # young and middle ones' (0 and 1) CPU time, summed, and how many.
    import gc
    full_collections: list[float] = []
    young_collections = [0, 0.0]
    began_collection = [0.0]

    def note_collection(phase, info) -> None:
        if phase == "start":
            began_collection[0] = time.thread_time()
            return
        spent = time.thread_time() - began_collection[0]
        if info["generation"] == 2:
            full_collections.append(spent)
        else:
            young_collections[0] += 1
            young_collections[1] += spent

    gc.callbacks.append(note_collection)

    def say(*words) -> None:
        out.write(" ".join(str(w) for w in words) + "\n")
        out.flush()

    pilot = autopilot(say)
    # Every client comes from loopback and the autopilot never waits: no per-address
    # session limit, key rate or turn timer of a public server applies here.
    limits = Limits(sessions_per_address=1000, keys_per_second=1000)
    host = Host(ServeConfig(port=0, data_dir=Path(data), pace=0.0, round_pause=2.0,
                            show_card_ids=True, workers=workers, limits=limits,
                            turn_seconds=0.0, max_sessions=max(32, sessions)),
                stderr=open(os.devnull, "w"), worker_hook=pilot)
    await host.start()
    if host.pool is None:
        asyncio.create_task(pilot(host))
    table = host.create_table(PlayConfig(
        variant=variant, seats=tuple(SeatSpec(f"p{n}") for n in range(1, sessions + 1)),
        seed=11, mode="target"))
    await asyncio.sleep(0.5)
    say("PORT", host.port, "RSS0", *memory(host))
    loop = asyncio.get_running_loop()
    commands: asyncio.Queue[str] = asyncio.Queue()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)

    async def read_commands() -> None:
        while line := await reader.readline():
            await commands.put(line.decode().strip())

    asyncio.create_task(read_commands())
    while len([m for m in table.members if table.seats_of(m)]) < sessions:
        await asyncio.sleep(0.05)
    await asyncio.sleep(1.0)
    say("SEATED", *memory(host))
    started = None

    def host_cpu() -> list[float]:
        return [cpu_seconds(pid) for pid in all_processes(host)]

    def host_waiting() -> list[float]:
        return [runqueue_seconds(pid) for pid in all_processes(host)]

    while True:
        command = await commands.get()
        if command == "START":
            if profile:
                import cProfile
                profiler = cProfile.Profile()
                profiler.enable()
            save_times.clear()
            full_collections.clear()
            young_collections[:] = [0, 0.0]
            host_waits.clear()
            waiting_before = host_waiting()
            started = (time.perf_counter(), host_cpu(), table.version,
                       {s.user: s.bytes_sent for s in host.sessions})
        elif command == "STOP":
            if profile:
                profiler.disable()
                profiler.dump_stats(profile)
            during = list(full_collections)     # not the one for the memory figure
            wall, cpu, version, sent = started
            rss, pss = memory(host)
            say("STATS", json.dumps({
                "wall": time.perf_counter() - wall, "cpu": sum(host_cpu()) - sum(cpu),
                "cpu_each": [now - then for now, then in zip(host_cpu(), cpu)],
                "waiting_each": [now - then for now, then in zip(host_waiting(),
                                                                 waiting_before)],
                "updates": table.version - version,
                "bytes": {s.user: s.bytes_sent - sent.get(s.user, 0)
                          for s in host.sessions},
                "rss": rss, "pss": pss, "rss_collected": (gc.collect(), memory(host)[0])[1],
                "saves": save_times, "processes": len(all_processes(host)),
                "host_waits": host_waits,
                "full_collections": during, "young_collections": list(young_collections)}))
            await host.stop("benchmark over")
            return


# ---------------------------------------------------------------- client side


class Client:
    def __init__(self, name: str) -> None:
        self.name = name
        self.received = bytearray()
        self.waiting: dict[int, tuple[float, int, re.Pattern]] = {}
        self.samples: list[float] = []

    async def connect(self, port: int) -> None:
        import asyncssh

        self.conn = await asyncssh.connect("127.0.0.1", port, username=self.name,
                                           known_hosts=None, client_keys=None)
        self.process = await self.conn.create_process(term_type="xterm-256color",
                                                      term_size=(100, 32), encoding=None)
        asyncio.create_task(self._read())

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            now = time.perf_counter()
            self.received += data
            for card, (sent, offset, pattern) in list(self.waiting.items()):
                if pattern.search(self.received, max(0, offset - 8)):
                    self.samples.append(now - sent)
                    del self.waiting[card]

    def expect(self, card: int, sent: float, out: bool) -> None:
        """Time the arrival of ``card`` (or, for the round's last card, of the result)."""
        pattern = rb"#%d(?!\d)" % card
        if out:
            pattern += rb"|goes out"
        self.waiting[card] = (sent, len(self.received), re.compile(pattern))


async def client_side(args) -> dict:
    load_before = os.getloadavg()[0]
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--host-side", "--sessions", str(args.sessions),
        "--data-dir", args.data_dir, "--workers", str(args.workers),
        *(("--variant", args.variant) if args.variant else ()),
        *(("--profile", args.profile) if args.profile else ()),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, cwd=str(ROOT))

    async def next_line() -> list[str]:
        line = await child.stdout.readline()
        if not line:
            raise SystemExit("the host side stopped (its error is above)")
        return line.decode().split()

    # What each terminal shows now ("table" or "other"), as the autopilot last said.
    screens: dict[str, str] = {}
    # Keys the autopilot asked for before the measurement was set up: relayed first.
    early: list[list[str]] = []
    relaying_keys = False

    async def host_says() -> list[str]:
        while True:
            if relaying_keys and early:
                return early.pop(0)
            words = await next_line()
            if words[0] == "SCREEN":
                screens[words[1]] = words[2]
            elif words[0] == "KEY" and not relaying_keys:
                early.append(words)
            else:
                return words

    words = await host_says()
    port, rss0, pss0 = int(words[1]), int(words[3]), int(words[4])
    clients = {f"p{n}": Client(f"p{n}") for n in range(1, args.sessions + 1)}
    for client in clients.values():
        await client.connect(port)
        while b"Table 1" not in client.received:
            await asyncio.sleep(0.02)
        client.process.stdin.write(b"\r")
    words = await host_says()
    assert words[0] == "SEATED", words
    rss_seated, pss_seated = int(words[1]), int(words[2])
    for client in clients.values():
        client.samples.clear()
    child.stdin.write(b"START\n")
    clients_cpu = cpu_seconds()
    sent_at_start = {name: len(c.received) for name, c in clients.items()}
    moves = 0
    worst: list[float] = []
    missed: list[str] = []
    # A round's last card brings up the result over the table on every screen: a bigger
    # redraw than a play, reported apart as well.
    within_rounds: list[float] = []
    round_ends: list[float] = []
    plays: asyncio.Queue[list[str]] = asyncio.Queue()
    stats_line: asyncio.Future = asyncio.get_running_loop().create_future()

    async def relay() -> None:
        # Every key but a card play goes to its terminal at once: a terminal's Enter on
        # the round's result must not wait behind the timing of someone else's play (it
        # did: the play could not reach that screen before the Enter, and the timing
        # waited 10 s for it).
        while True:
            words = await host_says()
            if words[0] == "STATS":
                stats_line.set_result(json.loads(" ".join(words[1:])))
                return
            if words[0] != "KEY":
                continue
            if words[3] == "-":
                clients[words[1]].process.stdin.write(json.loads(words[2]).encode())
            else:
                await plays.put(words)

    relaying_keys = True
    relaying = asyncio.create_task(relay())
    while moves < args.moves:
        try:
            _, name, keys, card, out = await asyncio.wait_for(plays.get(), STALLED_AFTER)
        except asyncio.TimeoutError:
            relaying.cancel()           # it would stop at the host's end of output first
            child.kill()
            await child.wait()
            raise SystemExit(stall_report(clients, screens, moves)) from None
        mover = clients[name]
        # Only terminals showing the table are timed (one still reading the last
        # round's result sees the play when they go back to the table).
        others = [client for n, client in clients.items()
                  if n != name and screens.get(n) == "table"]
        counts = [len(c.samples) for c in others]
        sent = time.perf_counter()
        for other in others:
            other.expect(int(card), sent, out == "out")
        mover.process.stdin.write(json.loads(keys).encode())
        moves += 1
        # The next play waits until every other screen shows this one: each play is
        # timed alone. A screen that never shows it is a lost update, counted apart.
        deadline = time.perf_counter() + MISSED_AFTER
        while any(int(card) in c.waiting for c in others) and time.perf_counter() < deadline:
            await asyncio.sleep(0.001)
        for other in others:
            if other.waiting.pop(int(card), None) is not None:
                missed.append(f"card #{card} played by {name} never reached {other.name}")
        latest = [c.samples[-1] for c, n in zip(others, counts) if len(c.samples) > n]
        (round_ends if out == "out" else within_rounds).extend(latest)
        if latest:
            worst.append(max(latest))
    clients_cpu = cpu_seconds() - clients_cpu
    child.stdin.write(b"STOP\n")
    stats = await stats_line
    await relaying
    await child.wait()
    samples = sorted(s for c in clients.values() for s in c.samples)
    received = {name: len(c.received) - sent_at_start[name] for name, c in clients.items()}

    def pct(values, q):
        values = sorted(values)
        return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] if values else None

    updates = max(1, stats["updates"])
    return {
        "sessions": args.sessions, "measured_plays": moves, "samples": len(samples),
        "latency_ms_median": round(1000 * statistics.median(samples), 1),
        "latency_ms_p99": round(1000 * pct(samples, 0.99), 1),
        "latency_ms_max": round(1000 * samples[-1], 1),
        "within_round_samples": len(within_rounds),
        "within_round_ms_median": round(1000 * statistics.median(within_rounds), 1)
        if within_rounds else None,
        "within_round_ms_p99": round(1000 * pct(within_rounds, 0.99), 1)
        if within_rounds else None,
        "round_end_samples": len(round_ends),
        "round_end_ms_median": round(1000 * statistics.median(round_ends), 1)
        if round_ends else None,
        "round_end_ms_max": round(1000 * max(round_ends), 1) if round_ends else None,
        "host_apply_to_write_ms_median": round(1000 * statistics.median(stats["host_waits"]), 1),
        "host_apply_to_write_ms_p99": round(1000 * pct(stats["host_waits"], 0.99), 1),
        "slowest_other_ms_median": round(1000 * statistics.median(worst), 1),
        "slowest_other_ms_p99": round(1000 * pct(worst, 0.99), 1),
        "missed_updates": missed,
        "table_updates": stats["updates"],
        "bytes_per_update_per_client_mean": round(statistics.mean(received.values()) / updates),
        "bytes_per_update_per_client_max": round(max(received.values()) / updates),
        "host_cpu_share_of_one_core": round(stats["cpu"] / stats["wall"], 3),
        "host_cpu_per_session_share": round(stats["cpu"] / stats["wall"] / args.sessions, 4),
        "host_cpu_ms_per_update": round(1000 * stats["cpu"] / updates, 1),
        "host_cpu_ms_per_update_each_process": [round(1000 * c / updates, 1)
                                                for c in stats["cpu_each"]],
        "clients_cpu_ms_per_update": round(1000 * clients_cpu / updates, 1),
        "host_waiting_for_cpu_ms_per_update_each_process": [
            round(1000 * c / updates, 1) for c in stats["waiting_each"]],
        "saves_on_loop": len(stats["saves"]),
        "save_ms_on_loop_median": round(1000 * statistics.median(stats["saves"]), 2)
        if stats["saves"] else None,
        "save_ms_on_loop_max": round(1000 * max(stats["saves"]), 2) if stats["saves"] else None,
        "full_gc_during_plays": len(stats["full_collections"]),
        "full_gc_cpu_ms_max": round(1000 * max(stats["full_collections"], default=0), 1),
        "young_gc_during_plays": stats["young_collections"][0],
        "young_gc_cpu_ms_per_update": round(1000 * stats["young_collections"][1] / updates, 2),
        "workers": args.workers, "processes": stats["processes"],
        "host_pss_mb_no_sessions": round(pss0 / 2**20, 1),
        "host_pss_mb_seated": round(pss_seated / 2**20, 1),
        "host_pss_mb_end": round(stats["pss"] / 2**20, 1),
        "host_pss_mb_per_session_seated": round((pss_seated - pss0) / args.sessions / 2**20, 2),
        "host_pss_mb_per_session_end": round((stats["pss"] - pss0) / args.sessions / 2**20, 2),
        "host_rss_mb_no_sessions": round(rss0 / 2**20, 1),
        "host_rss_mb_seated": round(rss_seated / 2**20, 1),
        "host_rss_mb_end": round(stats["rss"] / 2**20, 1),
        "host_mb_per_session": round((stats["rss"] - rss0) / args.sessions / 2**20, 2),
        "host_rss_mb_end_collected": round(stats["rss_collected"] / 2**20, 1),
        "host_mb_per_session_seated": round((rss_seated - rss0) / args.sessions / 2**20, 2),
        "loadavg_1min_before": load_before,
        "loadavg_1min_after": os.getloadavg()[0],
        "cpus": os.cpu_count(),
    }


def stall_report(clients: dict, screens: dict, moves: int) -> str:
    """Why the benchmark stopped: no play for STALLED_AFTER seconds, and the last
    lines each terminal was sent (as text, the escapes taken out)."""
    lines = [f"stalled: no card played for {STALLED_AFTER:g} s after {moves} timed plays"]
    for name, client in clients.items():
        tail = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]", b" ",
                      bytes(client.received[-1500:]))
        text = re.sub(r"\s+", " ", tail.decode("utf-8", "replace"))[-300:]
        lines.append(f"  {name} ({screens.get(name, '?')}): ...{text}")
    return "\n".join(lines)


def report(r: dict) -> str:
    """The figures in words, with the targets of issue 13."""
    verdict = lambda ok: "met" if ok else "NOT met"
    others = r["sessions"] - 1
    lines = [
        f"uno-tui serve: {r['sessions']} SSH sessions at one table on loopback, "
        f"{r['measured_plays']} card plays timed, {r['workers']} render worker(s) "
        f"({r['processes']} host process(es) in all)",
        f"machine: {r['cpus']} CPUs, 1-minute load {r['loadavg_1min_before']:.2f} before, "
        f"{r['loadavg_1min_after']:.2f} after (other work on the machine slows every figure)",
        "",
        f"Key at one terminal -> that play on the screen of another terminal "
        f"({r['samples']} samples: each play x {others} other terminals)",
        f"  median {r['latency_ms_median']} ms   p99 {r['latency_ms_p99']} ms   "
        f"max {r['latency_ms_max']} ms   (target p99 < 100 ms: "
        f"{verdict(r['latency_ms_p99'] < 100)})",
        f"  plays within a round ({r['within_round_samples']} samples): median "
        f"{r['within_round_ms_median']} ms, p99 {r['within_round_ms_p99']} ms",
        f"  a round's last card, seen as its result ({r['round_end_samples']} samples): "
        f"median {r['round_end_ms_median']} ms, max {r['round_end_ms_max']} ms"
        if r["round_end_samples"] else "  no play in these ended a round",
        f"  the host's part, from the play applied to its card in a terminal's output "
        f"(all {r['sessions']}): median {r['host_apply_to_write_ms_median']} ms, p99 "
        f"{r['host_apply_to_write_ms_p99']} ms",
        f"  the slowest of the {others} others, per play: median "
        f"{r['slowest_other_ms_median']} ms, p99 {r['slowest_other_ms_p99']} ms",
        f"  plays some terminal never showed within {MISSED_AFTER:g} s: "
        f"{len(r['missed_updates'])}",
        *(f"    {line}" for line in r["missed_updates"]),
        "",
        f"Bytes sent to each client per table update ({r['table_updates']} updates): "
        f"mean {r['bytes_per_update_per_client_mean']}, "
        f"largest client {r['bytes_per_update_per_client_max']}",
        f"Host CPU while playing (all its processes): "
        f"{r['host_cpu_share_of_one_core']:.2f} of one core "
        f"({r['host_cpu_per_session_share']:.3f} per session); "
        f"{r['host_cpu_ms_per_update']} ms of CPU per table update for all "
        f"{r['sessions']} terminals; per process (the host first, then each worker): "
        + ", ".join(f"{c} ms" for c in r["host_cpu_ms_per_update_each_process"]),
        f"  the benchmark's {r['sessions']} SSH clients (this process): "
        f"{r['clients_cpu_ms_per_update']} ms of CPU per table update, on the same CPUs",
        "  ready to run but waiting for a CPU, per table update (the machine's other work "
        "and the processes' own crowding): "
        + ", ".join(f"{c} ms" for c in r["host_waiting_for_cpu_ms_per_update_each_process"]),
        f"Saves after each action: {r['saves_on_loop']}, on the loop median "
        f"{r['save_ms_on_loop_median']} ms, max {r['save_ms_on_loop_max']} ms (the write "
        "and fsync run in the save thread)",
        f"Python's full garbage collections during the plays: {r['full_gc_during_plays']} "
        f"(the longest {r['full_gc_cpu_ms_max']} ms of CPU; the server runs them when it "
        "is quiet, and these plays leave it no quiet moment)",
        f"Python's young and middle collections (generations 0 and 1) in the host's "
        f"process: {r['young_gc_during_plays']}, {r['young_gc_cpu_ms_per_update']} ms of CPU "
        "per table update",
        f"Host memory (RSS): {r['host_rss_mb_no_sessions']} MB with no session, "
        f"{r['host_rss_mb_seated']} MB with everyone seated, {r['host_rss_mb_end']} MB at "
        f"the end ({r['host_rss_mb_end_collected']} MB after a full garbage collection): "
        f"{r['host_mb_per_session_seated']} MB per session seated, "
        f"{r['host_mb_per_session']} MB at the end (target < 20 MB: "
        f"{verdict(r['host_mb_per_session'] < 20)})",
        f"Host memory (PSS, shared pages split): {r['host_pss_mb_no_sessions']} MB with no "
        f"session, {r['host_pss_mb_seated']} MB seated, {r['host_pss_mb_end']} MB at the "
        f"end: {r['host_pss_mb_per_session_seated']} MB per session seated, "
        f"{r['host_pss_mb_per_session_end']} MB at the end",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--variant", default=None,
                        help="the table's variant (default: classic, party beyond 10 seats)")
    parser.add_argument("--moves", type=int, default=60, help="card plays to measure")
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--workers", type=int, default=1,
                        help="render workers for the apps (1: in the host's process)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--host-side", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--profile", metavar="FILE", default=None,
                        help="cProfile the host's process during the plays into FILE "
                             "(with --workers 1 that is every app)")
    args = parser.parse_args()
    if args.host_side:
        asyncio.run(host_side(args.sessions, args.data_dir, args.workers, args.profile,
                              args.variant or ("party" if args.sessions > 10 else "classic")))
        return
    args.data_dir = args.data_dir or tempfile.mkdtemp(prefix="uno-serve-bench-")
    result = asyncio.run(client_side(args))
    print(json.dumps(result, indent=1) if args.json else report(result))


if __name__ == "__main__":
    main()
