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
reaches another terminal only when the play is drawn there.

    python tests/benchmarks/server_latency.py --sessions 8 --moves 60

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


# ------------------------------------------------------------------ host side


async def host_side(sessions: int, data: str) -> None:
    from tests.server.support import keys_for
    from uno_tui.config import PlayConfig, SeatSpec
    from uno_tui.server.host import Host, ServeConfig

    out = sys.stdout

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
                started = (time.perf_counter(), cpu_seconds(), table.version,
                           {s.user: s.bytes_sent for s in host.sessions})
            elif command == "STOP":
                wall, cpu, version, sent = started
                say("STATS", json.dumps({
                    "wall": time.perf_counter() - wall, "cpu": cpu_seconds() - cpu,
                    "updates": table.version - version,
                    "bytes": {s.user: s.bytes_sent - sent.get(s.user, 0)
                              for s in host.sessions},
                    "rss": rss_bytes()}))
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
                say("KEY", session.user, json.dumps(keys[0]), keys[1] if keys[1] is not None
                    else "-")
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

    def expect(self, card: int, sent: float) -> None:
        self.waiting[card] = (sent, len(self.received), re.compile(rb"#%d(?!\d)" % card))


async def client_side(args) -> dict:
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--host-side", "--sessions", str(args.sessions),
        "--data-dir", args.data_dir, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, cwd=str(ROOT))
    words = (await child.stdout.readline()).decode().split()
    port, rss0 = int(words[1]), int(words[3])
    clients = {f"p{n}": Client(f"p{n}") for n in range(1, args.sessions + 1)}
    for client in clients.values():
        await client.connect(port)
        while b"Table 1" not in client.received:
            await asyncio.sleep(0.02)
        client.process.stdin.write(b"\r")
    words = (await child.stdout.readline()).decode().split()
    assert words[0] == "SEATED", words
    rss_seated = int(words[1])
    for client in clients.values():
        client.samples.clear()
    child.stdin.write(b"START\n")
    sent_at_start = {name: len(c.received) for name, c in clients.items()}
    moves = 0
    worst: list[float] = []
    while moves < args.moves:
        words = (await child.stdout.readline()).decode().split(" ", 3)
        if words[0] != "KEY":
            continue
        name, keys, card = words[1], json.loads(words[2]), words[3].strip()
        mover = clients[name]
        sent = time.perf_counter()
        if card != "-":
            others = [c for c in clients.values() if c is not mover]
            counts = [len(c.samples) for c in others]
            for other in others:
                other.expect(int(card), sent)
        mover.process.stdin.write(keys.encode())
        if card != "-":
            moves += 1
            deadline = time.perf_counter() + 10
            while any(int(card) in c.waiting for c in others) and time.perf_counter() < deadline:
                await asyncio.sleep(0.001)
            latest = [c.samples[-1] for c, n in zip(others, counts) if len(c.samples) > n]
            if latest:
                worst.append(max(latest))
    child.stdin.write(b"STOP\n")
    while True:
        line = (await child.stdout.readline()).decode()
        if line.startswith("STATS"):
            stats = json.loads(line.split(" ", 1)[1])
            break
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
        "slowest_other_ms_median": round(1000 * statistics.median(worst), 1),
        "slowest_other_ms_p99": round(1000 * pct(worst, 0.99), 1),
        "table_updates": stats["updates"],
        "bytes_per_update_per_client_mean": round(statistics.mean(received.values()) / updates),
        "bytes_per_update_per_client_max": round(max(received.values()) / updates),
        "host_cpu_share_of_one_core": round(stats["cpu"] / stats["wall"], 3),
        "host_cpu_per_session_share": round(stats["cpu"] / stats["wall"] / args.sessions, 4),
        "host_rss_mb_no_sessions": round(rss0 / 2**20, 1),
        "host_rss_mb_seated": round(rss_seated / 2**20, 1),
        "host_rss_mb_end": round(stats["rss"] / 2**20, 1),
        "host_mb_per_session": round((stats["rss"] - rss0) / args.sessions / 2**20, 2),
        "loadavg_1min": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--moves", type=int, default=60, help="card plays to measure")
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--host-side", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.host_side:
        asyncio.run(host_side(args.sessions, args.data_dir))
        return
    args.data_dir = args.data_dir or tempfile.mkdtemp(prefix="uno-serve-bench-")
    print(json.dumps(asyncio.run(client_side(args)), indent=1))


if __name__ == "__main__":
    main()
