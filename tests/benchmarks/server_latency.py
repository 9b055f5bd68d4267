#!/usr/bin/env python3
"""``uno-tui serve`` with N sessions at one table on loopback: key-to-screen latency at the
other clients, bytes per update, and the host's CPU and memory per session.

The host runs in a child process (this file with ``--host-side``): a real Host on a free
port, one table of N people's seats, card ids shown so a played card can be recognised.
The parent opens N asyncssh clients with a PTY (the SSH work of the clients stays out of
the host's figures). The child tells the parent, line by line on its stdout, which keys
the person at which terminal would press now (the tests' autopilot); the parent sends
them over that client's SSH channel. For a key that plays a card, the latency at each
other client is the time from writing the key to the first bytes naming that card's id
(``#N``) arriving at that client: the card was in the player's hidden hand, so its id
reaches another terminal only when the play is drawn there. The round's last card is
seen as the round's result ("... goes out"). Only terminals showing the table when the
key is sent are timed, and each play is timed alone (the next play waits for it);
every other key is relayed at once.

    python tests/benchmarks/server_latency.py --sessions 8 --moves 60 [--json]

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


def rss_bytes() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def cpu_seconds() -> float:
    times = os.times()
    return times.user + times.system


#: A play not on another terminal's screen after this many seconds counts as lost there.
MISSED_AFTER = 10.0

# ------------------------------------------------------------------ host side


async def host_side(sessions: int, data: str) -> None:
    from tests.server.support import keys_for
    from uno_tui.config import PlayConfig, SeatSpec
    from uno_tui.server.client import ClientTableScreen
    from uno_tui.server.host import Host, ServeConfig

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
    # Python's full garbage collections (generation 2): their CPU time, each.
    import gc
    full_collections: list[float] = []
    began_collection = [0.0]

    def note_collection(phase, info) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            began_collection[0] = time.thread_time()
        else:
            full_collections.append(time.thread_time() - began_collection[0])

    gc.callbacks.append(note_collection)

    def say(*words) -> None:
        out.write(" ".join(str(w) for w in words) + "\n")
        out.flush()

    host = Host(ServeConfig(port=0, data_dir=Path(data), pace=0.0, round_pause=2.0,
                            show_card_ids=True), stderr=open(os.devnull, "w"))
    await host.start()
    table = host.create_table(PlayConfig(
        seats=tuple(SeatSpec(f"p{n}") for n in range(1, sessions + 1)), seed=11, mode="target"))
    await asyncio.sleep(0.5)
    say("PORT", host.port, "RSS0", rss_bytes())
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
    say("SEATED", rss_bytes())
    sent_at: dict[str, tuple] = {}
    started = None
    while True:
        if not commands.empty():
            command = commands.get_nowait()
            if command == "START":
                save_times.clear()
                full_collections.clear()
                started = (time.perf_counter(), cpu_seconds(), table.version,
                           {s.user: s.bytes_sent for s in host.sessions})
            elif command == "STOP":
                during = list(full_collections)     # not the one for the memory figure
                wall, cpu, version, sent = started
                say("STATS", json.dumps({
                    "wall": time.perf_counter() - wall, "cpu": cpu_seconds() - cpu,
                    "updates": table.version - version,
                    "bytes": {s.user: s.bytes_sent - sent.get(s.user, 0)
                              for s in host.sessions},
                    "rss": rss_bytes(), "rss_collected": (gc.collect(), rss_bytes())[1],
                    "saves": save_times,
                    "full_collections": during}))
                await host.stop("benchmark over")
                return
        for session in list(host.sessions):
            app = session.app
            if app is None or not app.is_running:
                continue
            moment = (table.version, table.deal, type(app.screen).__name__)
            if sent_at.get(session.user) == moment:
                continue
            keys = keys_for(app)
            if keys is not None:
                sent_at[session.user] = moment
                card = keys[1]
                # A play of the last card ends the round: the other screens show the
                # round's result over the table, not the card ("goes out" is its title).
                last = card is not None and len(table.ctl.game.hands[app.screen.viewer]) == 1
                seeing = ",".join(other.user for other in host.sessions
                                  if other is not session and other.app is not None
                                  and isinstance(other.app.screen, ClientTableScreen))
                say("KEY", session.user, json.dumps(keys[0]),
                    "-" if card is None else card, "out" if last else "on", seeing or ",")
        await asyncio.sleep(0.01)


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
        "--data-dir", args.data_dir, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, cwd=str(ROOT))

    async def host_says() -> list[str]:
        line = await child.stdout.readline()
        if not line:
            raise SystemExit("the host side stopped (its error is above)")
        return line.decode().split()

    words = await host_says()
    port, rss0 = int(words[1]), int(words[3])
    clients = {f"p{n}": Client(f"p{n}") for n in range(1, args.sessions + 1)}
    for client in clients.values():
        await client.connect(port)
        while b"Table 1" not in client.received:
            await asyncio.sleep(0.02)
        client.process.stdin.write(b"\r")
    words = await host_says()
    assert words[0] == "SEATED", words
    rss_seated = int(words[1])
    for client in clients.values():
        client.samples.clear()
    child.stdin.write(b"START\n")
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

    relaying = asyncio.create_task(relay())
    while moves < args.moves:
        _, name, keys, card, out, seeing = await plays.get()
        mover = clients[name]
        # Only terminals showing the table are timed (one still reading the last
        # round's result sees the play when they go back to the table).
        others = [clients[n] for n in seeing.split(",") if n]
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
        "slowest_other_ms_median": round(1000 * statistics.median(worst), 1),
        "slowest_other_ms_p99": round(1000 * pct(worst, 0.99), 1),
        "missed_updates": missed,
        "table_updates": stats["updates"],
        "bytes_per_update_per_client_mean": round(statistics.mean(received.values()) / updates),
        "bytes_per_update_per_client_max": round(max(received.values()) / updates),
        "host_cpu_share_of_one_core": round(stats["cpu"] / stats["wall"], 3),
        "host_cpu_per_session_share": round(stats["cpu"] / stats["wall"] / args.sessions, 4),
        "host_cpu_ms_per_update": round(1000 * stats["cpu"] / updates, 1),
        "saves_on_loop": len(stats["saves"]),
        "save_ms_on_loop_median": round(1000 * statistics.median(stats["saves"]), 2)
        if stats["saves"] else None,
        "save_ms_on_loop_max": round(1000 * max(stats["saves"]), 2) if stats["saves"] else None,
        "full_gc_during_plays": len(stats["full_collections"]),
        "full_gc_cpu_ms_max": round(1000 * max(stats["full_collections"], default=0), 1),
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


def report(r: dict) -> str:
    """The figures in words, with the targets of issue 13."""
    verdict = lambda ok: "met" if ok else "NOT met"
    others = r["sessions"] - 1
    lines = [
        f"uno-tui serve: {r['sessions']} SSH sessions at one table on loopback, "
        f"{r['measured_plays']} card plays timed",
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
        f"  the slowest of the {others} others, per play: median "
        f"{r['slowest_other_ms_median']} ms, p99 {r['slowest_other_ms_p99']} ms",
        f"  plays some terminal never showed within {MISSED_AFTER:g} s: "
        f"{len(r['missed_updates'])}",
        *(f"    {line}" for line in r["missed_updates"]),
        "",
        f"Bytes sent to each client per table update ({r['table_updates']} updates): "
        f"mean {r['bytes_per_update_per_client_mean']}, "
        f"largest client {r['bytes_per_update_per_client_max']}",
        f"Host CPU while playing: {r['host_cpu_share_of_one_core']:.2f} of one core "
        f"({r['host_cpu_per_session_share']:.3f} per session); "
        f"{r['host_cpu_ms_per_update']} ms of CPU per table update for all "
        f"{r['sessions']} terminals (the least the last screen can wait, on this CPU)",
        f"Saves after each action: {r['saves_on_loop']}, on the loop median "
        f"{r['save_ms_on_loop_median']} ms, max {r['save_ms_on_loop_max']} ms (the write "
        "and fsync run in the save thread)",
        f"Python's full garbage collections during the plays: {r['full_gc_during_plays']} "
        f"(the longest {r['full_gc_cpu_ms_max']} ms of CPU; the server runs them when it "
        "is quiet, and these plays leave it no quiet moment)",
        f"Host memory (RSS): {r['host_rss_mb_no_sessions']} MB with no session, "
        f"{r['host_rss_mb_seated']} MB with everyone seated, {r['host_rss_mb_end']} MB at "
        f"the end ({r['host_rss_mb_end_collected']} MB after a full garbage collection): "
        f"{r['host_mb_per_session_seated']} MB per session seated, "
        f"{r['host_mb_per_session']} MB at the end (target < 20 MB: "
        f"{verdict(r['host_mb_per_session'] < 20)})",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--moves", type=int, default=60, help="card plays to measure")
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--host-side", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.host_side:
        asyncio.run(host_side(args.sessions, args.data_dir))
        return
    args.data_dir = args.data_dir or tempfile.mkdtemp(prefix="uno-serve-bench-")
    result = asyncio.run(client_side(args))
    print(json.dumps(result, indent=1) if args.json else report(result))


if __name__ == "__main__":
    main()
