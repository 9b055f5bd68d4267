"""A real browser at a table: Debian's chromium, headless, driven by Playwright.

The page's terminal (xterm.js) is read as text; a card is played by a click on it,
another by keys and a third by a tap, and each move shows at an SSH client sitting at
the same table, whose moves show in the browser. Skipped, with the reason, where the
browser or Playwright is missing (``.ci/run`` installs both).
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil

import pytest

from uno_tui.engine import Game

from .support import Client, keys_for, log_entries, people, serving, table_screen, wait_until

CHROMIUM = next((path for path in (os.environ.get("UNO_TUI_CHROMIUM"), "/usr/bin/chromium",
                                   shutil.which("chromium") or "") if path and
                 os.path.exists(path)), None)

try:
    from playwright.async_api import async_playwright
except ImportError:                       # pragma: no cover (the [test] extra has it)
    async_playwright = None

pytestmark = [
    pytest.mark.skipif(async_playwright is None,
                       reason="Playwright's Python package is not installed "
                              "(pip install '.[test]')"),
    pytest.mark.skipif(CHROMIUM is None,
                       reason="no chromium at /usr/bin/chromium (apt-get install chromium; "
                              "or set UNO_TUI_CHROMIUM to a Chromium binary)"),
]


async def _page_text(page) -> str:
    return await page.evaluate("window.unoTerminal ? window.unoTerminal.text() : ''")


async def _until_text(page, wanted: str, limit: float = 30.0) -> str:
    deadline = asyncio.get_running_loop().time() + limit
    while True:
        text = await _page_text(page)
        if wanted in text:
            return text
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"waited in vain for {wanted!r} in the browser:\n{text}")
        await asyncio.sleep(0.05)


async def _cell_centre(page, column: int, row: int) -> tuple[float, float]:
    """The page coordinates of a terminal cell's centre."""
    box = await page.evaluate("""() => {
        const r = document.querySelector('.xterm-screen').getBoundingClientRect();
        const t = window.unoTerminal.term;
        return [r.left, r.top, r.width / t.cols, r.height / t.rows];
    }""")
    left, top, width, height = box
    return left + (column + 0.5) * width, top + (row + 0.5) * height


async def _find_on_screen(page, pattern: str, limit: float = 30.0) -> tuple[int, int]:
    """The column and row where ``pattern`` (a regex) first shows in the terminal."""
    deadline = asyncio.get_running_loop().time() + limit
    while True:
        for row, line in enumerate((await _page_text(page)).splitlines()):
            found = re.search(pattern, line)
            if found:
                return found.start(), row
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"{pattern!r} never showed in the browser")
        await asyncio.sleep(0.05)


async def test_a_browser_and_an_ssh_client_play_at_one_table(tmp_path):
    # Computers play the seats until people sit: slowly, so the round is young then.
    async with serving(tmp_path, web_port=0, pace=0.5) as host, \
            async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                   args=["--no-sandbox"])
        try:
            # The page's CSP forbids eval; Playwright's own evaluations need it.
            context = await browser.new_context(viewport={"width": 1100, "height": 720},
                                                bypass_csp=True, has_touch=True)
            page = await context.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            await page.goto(f"http://127.0.0.1:{host.web.port}/?name=web")
            await _until_text(page, "Welcome, web.")
            table = host.create_table(people("web", "ann"))
            await _until_text(page, "Table 1")
            session = next(s for s in host.sessions if s.user == "web")
            cols, rows = await page.evaluate("[unoTerminal.term.cols, unoTerminal.term.rows]")
            assert session.size == (cols, rows) and cols >= 100
            await page.keyboard.press("Enter")                 # sits down, by key
            await wait_until(lambda: table.seats_of(session) == (0,), "the browser seated")
            ann = await Client(host, "ann").connect(size=(110, 34))
            await wait_until(lambda: "Table 1" in ann.text(), "ann's lobby")
            ann.keys("\r")
            await ann.at_table()
            table.use_position(Game.from_position(
                "classic", hands=[["R5", "R6", "R7", "B9"], ["R1", "R2", "R3", "Y4"]],
                top="R3", current=0))
            game = table.ctl.game
            red5, red6, red7 = game.hands[0][:3]

            # The browser's first move: a click on its Red 5.
            await wait_until(lambda: table_screen_ready(session), "the browser's turn")
            column, row = await _find_on_screen(page, rf"#{red5}(?!\d)")
            x, y = await _cell_centre(page, column, row)
            await page.mouse.click(x, y)
            await wait_until(lambda: table.ctl.game.discard[-1] == red5, "Red 5 played")
            await wait_until(lambda: any(line.startswith("web") and "Red 5" in line
                                         for line in log_entries(ann)),
                             "the click's move at the SSH client")

            # The SSH client's move shows in the browser.
            await _ssh_plays(ann, table)
            ann_move = next(line for line in reversed(table.ctl.log) if line.startswith("ann"))
            await _until_text(page, ann_move[:40])

            # The browser's second move: by keys, as the SSH client's are.
            await wait_until(lambda: keys_for(session.app) is not None, "the browser's turn")
            keys, card = keys_for(session.app)
            assert card == red6
            await page.keyboard.type(keys.rstrip("\r"))
            await page.keyboard.press("Enter")
            await wait_until(lambda: table.ctl.game.discard[-1] == red6, "Red 6 played")
            await wait_until(lambda: any(line.startswith("web") and "Red 6" in line
                                         for line in log_entries(ann)),
                             "the key's move at the SSH client")

            # The SSH client plays again; the browser's third move: a tap on its Red 7.
            await _ssh_plays(ann, table)
            await wait_until(lambda: table_screen_ready(session), "the browser's third turn")
            column, row = await _find_on_screen(page, rf"#{red7}(?!\d)")
            x, y = await _cell_centre(page, column, row)
            await page.touchscreen.tap(x, y)
            await wait_until(lambda: table.ctl.game.discard[-1] == red7, "Red 7 played")
            assert not errors, errors
            await ann.close()
        finally:
            await browser.close()


async def _ssh_plays(client, table) -> None:
    """The SSH client's person plays a card by keys, once it is their turn."""
    await wait_until(lambda: keys_for(client.app) is not None, f"{client.name}'s turn")
    keys, card = keys_for(client.app)
    client.keys(keys)
    await wait_until(lambda: table.ctl.game.discard[-1] == card, f"{client.name}'s card")


def table_screen_ready(session) -> bool:
    app = session.app
    screen = table_screen(_AppHolder(app)) if app is not None else None
    return screen is not None and screen.awaiting_turn and not screen.ctl.pending


class _AppHolder:
    """What ``table_screen`` reads of a client: its app."""

    def __init__(self, app) -> None:
        self.app = app
