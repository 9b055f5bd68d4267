#!/usr/bin/env python3
"""The browser page (``serve --web``) against SSH, on loopback, in one run:

- page load to first frame: from the navigation's start to the lobby's text arriving
  at the page (``performance.now()`` in the page), against an SSH client's connect to
  the same text;
- key to own screen: a key (Right: the pick moves) to the first screen bytes back, in
  the browser (keydown to the WebSocket's next message, the page's clock) and at an SSH
  client (write to the next bytes);
- a move to another player's screen: a card played by a browser, or by an SSH client,
  to the first bytes naming its id (``#N``) at every other terminal (the card was in a
  hidden hand, so its id shows elsewhere only once played). The browser's arrivals are
  stamped with ``performance.timeOrigin + now()``, the same wall clock as this process;
- bytes per update: what each terminal was sent for one move, the WebSocket's payload
  (and its bytes on the wire, with permessage-deflate) against the SSH channel's payload,
  at the same terminal size: for two players (different hands) and for a browser and an
  SSH spectator (the same screen);
- memory per browser session: the host's RSS with N tabs in the lobby, over N.

The host runs in this process (one worker: the apps here), with the SSH clients;
chromium is its own process. Both paths share this loop, so compare the ratios.

    python tests/benchmarks/web_latency.py [--moves 40] [--loads 10] [--tabs 8] [--json]

Run by hand (it needs chromium and Playwright); it is not collected by pytest.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.async_api import async_playwright  # noqa: E402

from tests.server.support import Client, keys_for, people, serving, wait_until  # noqa: E402

CHROMIUM = os.environ.get("UNO_TUI_CHROMIUM", "/usr/bin/chromium")

#: Put in the page before its own script: every WebSocket message is stamped on arrival.
HOOK = """
(() => {
  window.__arrivals = [];
  window.__firstFrame = null;
  window.__keydowns = [];
  const decoder = new TextDecoder();
  const Socket = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Socket(...args);
    let seen = "";
    ws.addEventListener("open", () => { window.__opened = performance.now(); });
    ws.addEventListener("message", (event) => {
      if (typeof event.data === "string") return;
      const now = performance.now();
      const text = decoder.decode(event.data);
      window.__arrivals.push([performance.timeOrigin + now, now, text, event.data.byteLength]);
      if (window.__firstFrame === null) {
        seen += text;
        if (seen.includes("Welcome")) window.__firstFrame = now;
      }
    });
    return ws;
  };
  window.WebSocket.prototype = Socket.prototype;
  Object.assign(window.WebSocket, Socket);
  document.addEventListener("keydown", () => window.__keydowns.push(
      [performance.now(), performance.timeOrigin + performance.now()]), true);
})();
"""


def rss_bytes() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def pct(values, q) -> float:
    values = sorted(values)
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


def summary(values) -> dict:
    return {"n": len(values), "p50_ms": round(pct(values, 50) * 1000, 1),
            "p99_ms": round(pct(values, 99) * 1000, 1),
            "mean_ms": round(statistics.fmean(values) * 1000, 1) if values else None}


class WireCount:
    """Counts the bytes a browser session's socket puts on the wire."""

    def __init__(self, session) -> None:
        transport = session._chan._transport
        self.bytes = 0
        write = transport.write

        def counted(data) -> None:
            self.bytes += len(data)
            write(data)

        transport.write = counted


async def page_loads(browser, url: str, count: int, steps: list) -> list[float]:
    """Page loads in fresh contexts (no cache): navigation start to the first frame;
    ``steps`` gets the times the page was loaded and its socket opened."""
    times = []
    for _ in range(count):
        context = await browser.new_context(viewport={"width": 1200, "height": 760},
                                            bypass_csp=True)
        page = await context.new_page()
        await page.add_init_script(HOOK)
        await page.goto(url)
        await page.wait_for_function("window.__firstFrame !== null", timeout=30000)
        first, loaded, opened = await page.evaluate(
            "[window.__firstFrame, performance.getEntriesByType('navigation')[0]"
            ".domContentLoadedEventEnd, window.__opened]")
        times.append(first / 1000)
        steps.append((loaded / 1000, opened / 1000))
        await context.close()
    return times


async def ssh_first_frames(host, count: int) -> list[float]:
    times = []
    for n in range(count):
        start = time.monotonic()
        client = Client(host, f"load{n}")
        client.conn = None
        import asyncssh

        conn = await asyncssh.connect("127.0.0.1", host.port, username=f"load{n}",
                                      known_hosts=None, client_keys=None)
        process = await conn.create_process(term_type="xterm-256color", term_size=(120, 38),
                                            encoding=None)
        seen = bytearray()
        while b"Welcome" not in seen:
            seen += await process.stdout.read(65536)
        times.append(time.monotonic() - start)
        conn.close()
        await conn.wait_closed()
    return times


async def run(args) -> dict:
    data = Path(args.data_dir or tempfile.mkdtemp(prefix="uno-web-bench-"))
    result: dict = {"load": os.getloadavg()}
    # Computers play the seats until people sit: slowly, so the round is young then.
    async with serving(data, web_port=0, pace=0.5, hold=60.0) as host, \
            async_playwright() as playwright:
        url = f"http://127.0.0.1:{host.web.port}/"
        browser = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                   args=["--no-sandbox"])
        # ------------------------------------------------------------- memory
        gc.collect()
        await asyncio.sleep(0.5)
        before = rss_bytes()
        context = await browser.new_context(viewport={"width": 1200, "height": 760},
                                            bypass_csp=True)
        tabs = []
        for n in range(args.tabs):
            tab = await context.new_page()
            await tab.goto(url + f"?name=tab{n}")
            tabs.append(tab)
        await wait_until(lambda: len(host.sessions) == args.tabs
                         and all(s.app is not None and s.app.is_running
                                 for s in host.sessions), "the tabs' sessions")
        await asyncio.sleep(2)
        gc.collect()
        result["rss_per_browser_session_mb"] = round(
            (rss_bytes() - before) / args.tabs / 2**20, 1)
        await context.close()
        await wait_until(lambda: not host.sessions, "the tabs gone")

        # --------------------------------------------------------- first frames
        steps = []
        loads = await page_loads(browser, url + "?name=loader", args.loads, steps)
        result["page_loaded_p50_ms"] = round(pct([a for a, _ in steps], 50) * 1000, 1)
        result["socket_open_p50_ms"] = round(pct([b for _, b in steps], 50) * 1000, 1)
        await wait_until(lambda: not host.sessions, "the loaders gone")
        result["first_frame_browser"] = summary(loads)
        result["first_frame_ssh"] = summary(await ssh_first_frames(host, args.loads))
        await wait_until(lambda: not host.sessions, "the SSH loaders gone")

        # --------------------------------------------------------- the table
        context = await browser.new_context(viewport={"width": 1200, "height": 760},
                                            bypass_csp=True)
        page = await context.new_page()
        await page.add_init_script(HOOK)
        await page.goto(url + "?name=web")
        await wait_until(lambda: any(s.user == "web" for s in host.sessions), "web's session")
        web = next(s for s in host.sessions if s.user == "web")
        await wait_until(lambda: web.app is not None and web.app.is_running, "web's app")
        size = web.size
        table = host.create_table(people("web", "ann", "bob", mode="target", target=500))
        await page.wait_for_function("window.unoTerminal.text().includes('Table 1')")
        await page.keyboard.press("Enter")
        clients = {}
        for name in ("ann", "bob"):
            client = await Client(host, name).connect(size=size)
            await wait_until(lambda: "Table 1" in client.text(), f"{name}'s lobby")
            client.keys("\r")
            await client.at_table()
            clients[name] = client
        await wait_until(lambda: len(table.seats_of(web)) == 1, "web seated")
        wire = WireCount(web)
        arrivals = {name: Arrivals(client) for name, client in clients.items()}
        result["terminal_size"] = list(size)
        # Two spectators, one of each kind, at the same size: the same screen, so their
        # bytes per update compare like for like.
        watch_page = await context.new_page()
        await watch_page.goto(url + "?name=webwatch")
        await wait_until(lambda: any(s.user == "webwatch" and s.app is not None
                                     for s in host.sessions), "webwatch's app")
        web_watch = next(s for s in host.sessions if s.user == "webwatch")
        await watch_page.wait_for_function("window.unoTerminal.text().includes('Table 1')")
        await watch_page.keyboard.press("w")
        ssh_watch = await Client(host, "sshwatch").connect(size=size)
        await wait_until(lambda: "Table 1" in ssh_watch.text(), "sshwatch's lobby")
        ssh_watch.keys("w")
        await wait_until(lambda: web_watch in table.members
                         and ssh_watch.session in table.members, "both watching")
        await asyncio.sleep(1)
        watch_wire = WireCount(web_watch)
        spectators = {"browser_payload": [], "browser_wire": [], "ssh_payload": []}

        # ------------------------------------------------------------ moves
        paths = {"ssh->browser": [], "ssh->ssh": [], "browser->ssh": [],
                 "own_browser": [], "own_ssh": []}
        update_bytes = {"browser_payload": [], "browser_wire": [], "ssh_payload": []}
        moves = 0
        deadline = time.monotonic() + args.seconds
        while moves < args.moves and time.monotonic() < deadline:
            mover = None
            for name, app in (("web", web.app), ("ann", clients["ann"].app),
                              ("bob", clients["bob"].app)):
                keys = keys_for(app) if app is not None else None
                if keys is not None:
                    mover = name
                    break
            if mover is None:
                await asyncio.sleep(0.02)
                continue
            text, card = keys
            if card is None:                   # not a play: relay and go on
                await _press(mover, text, page, clients)
                await asyncio.sleep(0.05)
                continue
            marker = f"#{card}".encode()
            # The digit picks the card (drawn at once); the Enter after it plays, and is
            # what is timed, the same way on both kinds of terminal.
            await _press(mover, text[:-1], page, clients)
            await asyncio.sleep(0.3)
            text = text[-1]
            await page.evaluate("window.__arrivals = []; window.__keydowns = []")
            marks = {name: len(client.received) for name, client in clients.items()}
            sent_ssh = {name: c.session.bytes_sent for name, c in clients.items()}
            sent_web, wire_before = web.bytes_sent, wire.bytes
            watched = (web_watch.bytes_sent, watch_wire.bytes, ssh_watch.session.bytes_sent)
            start = time.time()
            await _press(mover, text, page, clients)
            if mover == "web":
                # From the page's last keydown (the Enter that plays), not from the
                # Playwright call that made it: that is the browser's own key path.
                start = await page.evaluate("window.__keydowns.at(-1)[1]") / 1000
            others = [name for name in clients if name != mover]
            seen_at = {}
            own_at = None
            while time.time() - start < 10:
                done = all(name in seen_at for name in others) and own_at is not None
                if done and (mover == "web" or "web" in seen_at):
                    break
                await asyncio.sleep(0.05)
                # Each SSH client's bytes are stamped as they arrive (see Arrivals): no
                # polling error; the browser stamps its own.
                if own_at is None and mover != "web":
                    at = arrivals[mover].first_after(marks[mover])
                    own_at = at - start if at is not None else None
                for name in others:
                    if name not in seen_at:
                        at = arrivals[name].first_with(marker, marks[name])
                        if at is not None:
                            seen_at[name] = at - start
                if mover == "web" and own_at is None:
                    own_at = await page.evaluate(
                        "() => { const k = window.__keydowns.at(-1)[0];"
                        " const a = window.__arrivals.find(x => x[1] > k);"
                        " return a ? (a[1] - k) / 1000 : null; }")
                if mover != "web" and "web" not in seen_at:
                    at = await page.evaluate(
                        "(m) => { const a = window.__arrivals.find(x => x[2].includes(m));"
                        " return a ? a[0] : null; }", marker.decode())
                    if at is not None:
                        seen_at["web"] = at / 1000 - start
            if own_at is not None:
                paths["own_browser" if mover == "web" else "own_ssh"].append(own_at)
            for name, latency in seen_at.items():
                if mover == "web":
                    paths["browser->ssh"].append(latency)
                elif name == "web":
                    paths["ssh->browser"].append(latency)
                else:
                    paths["ssh->ssh"].append(latency)
            await asyncio.sleep(0.4)             # the move's redraws all sent
            spectators["browser_payload"].append(web_watch.bytes_sent - watched[0])
            spectators["browser_wire"].append(watch_wire.bytes - watched[1])
            spectators["ssh_payload"].append(ssh_watch.session.bytes_sent - watched[2])
            if mover != "web":
                update_bytes["browser_payload"].append(web.bytes_sent - sent_web)
                update_bytes["browser_wire"].append(wire.bytes - wire_before)
                watcher = next(name for name in others)
                update_bytes["ssh_payload"].append(
                    clients[watcher].session.bytes_sent - sent_ssh[watcher])
            moves += 1
        result["moves"] = moves
        for path, values in paths.items():
            result[path] = summary(values)
        result["own_screen_browser"] = result.pop("own_browser")
        result["own_screen_ssh"] = result.pop("own_ssh")
        result["bytes_per_update"] = {kind: round(statistics.fmean(values)) if values else None
                                      for kind, values in update_bytes.items()}
        result["bytes_per_update_spectators"] = {
            kind: round(statistics.fmean(values)) if values else None
            for kind, values in spectators.items()}
        await ssh_watch.close()
        for client in clients.values():
            await client.close()
        await browser.close()
    result["load_after"] = os.getloadavg()
    return result


class Arrivals:
    """When each of an SSH client's reads arrived (wall clock), by how much it had then."""

    def __init__(self, client) -> None:
        self.client = client
        self.reads: list[tuple[float, int]] = []
        received = client.changed

        class Stamping(asyncio.Event):
            def set(inner) -> None:           # called by the client's reader per read
                self.reads.append((time.time(), len(client.received)))
                super().set()

        stamping = Stamping()
        if received.is_set():
            stamping.set()
        client.changed = stamping

    def first_after(self, mark: int) -> float | None:
        """When the first byte past ``mark`` arrived."""
        return next((at for at, length in self.reads if length > mark), None)

    def first_with(self, marker: bytes, mark: int) -> float | None:
        """When ``marker`` (first found past ``mark``) had arrived whole."""
        found = self.client.received.find(marker, mark)
        if found < 0:
            return None
        end = found + len(marker)
        return next((at for at, length in self.reads if length >= end), None)


async def _press(mover: str, text: str, page, clients) -> None:
    if mover == "web":
        for ch in text:
            await page.keyboard.press("Enter" if ch == "\r" else ch)
    else:
        clients[mover].keys(text)


def report(r: dict) -> str:
    def line(what, key):
        s = r[key]
        return f"  {what:<40} p50 {s['p50_ms']:7.1f} ms  p99 {s['p99_ms']:7.1f} ms  (n={s['n']})"

    b = r["bytes_per_update"]
    own_ratio = r["own_screen_browser"]["p99_ms"] / r["own_screen_ssh"]["p99_ms"]
    other_ratio = r["ssh->browser"]["p99_ms"] / r["ssh->ssh"]["p99_ms"]
    return "\n".join([
        f"load average {r['load'][0]:.2f} (after: {r['load_after'][0]:.2f}); terminal "
        f"{r['terminal_size'][0]}x{r['terminal_size'][1]}; {r['moves']} moves",
        line("page load to first frame (browser)", "first_frame_browser"),
        f"    (p50: page loaded at {r['page_loaded_p50_ms']} ms, socket open at "
        f"{r['socket_open_p50_ms']} ms)",
        line("connect to first frame (SSH)", "first_frame_ssh"),
        line("key to own screen (browser)", "own_screen_browser"),
        line("key to own screen (SSH)", "own_screen_ssh"),
        line("SSH key to the browser's screen", "ssh->browser"),
        line("SSH key to another SSH screen", "ssh->ssh"),
        line("browser key to an SSH screen", "browser->ssh"),
        f"  p99 ratio browser/SSH: own screen {own_ratio:.2f}, another's screen "
        f"{other_ratio:.2f} (target: at most 1.2)",
        f"  bytes per update: WebSocket payload {b['browser_payload']}, on the wire "
        f"{b['browser_wire']} (deflate); SSH payload {b['ssh_payload']}",
        f"  the same for two spectators (the same screen): WebSocket payload "
        f"{r['bytes_per_update_spectators']['browser_payload']}, on the wire "
        f"{r['bytes_per_update_spectators']['browser_wire']}; SSH payload "
        f"{r['bytes_per_update_spectators']['ssh_payload']}",
        f"  memory per browser session: {r['rss_per_browser_session_mb']} MB of the host's "
        "RSS (target: under 20)",
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="card plays to time")
    parser.add_argument("--keys", type=int, default=30, help="own-screen keys per path")
    parser.add_argument("--loads", type=int, default=10, help="page loads (and SSH connects)")
    parser.add_argument("--tabs", type=int, default=8, help="tabs for the memory figure")
    parser.add_argument("--seconds", type=float, default=180, help="longest the moves take")
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = sys.__stdout__
    try:
        result = asyncio.run(run(args))
    except BaseException:
        # The apps' Textual redirects sys.stderr to the host's log while they run.
        import traceback

        traceback.print_exc(file=sys.__stderr__)
        raise SystemExit(1)
    print(json.dumps(result, indent=1) if args.json else report(result), file=out)


if __name__ == "__main__":
    main()
