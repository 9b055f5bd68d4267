"""The table's log: one row painted per new line, the latest line in view, re-wrapped
after a resize, scrolled back with the wheel, text as data, no thread per write."""

from __future__ import annotations

import threading
from contextlib import asynccontextmanager

from textual.app import App, ComposeResult

from uno_tui.app.widgets.log import INDENT, MAX_LINES, SCROLLED_BACK, GameLog

from .helpers import painted_rows, quiet, screen_text, wheel

#: The log's panel: 30x12 with a border and one cell of padding each side, so its
#: rows are 26 cells wide and 10 of them show.
WIDTH, PAGE = 26, 10


class LogApp(App[None]):
    CSS = """
    GameLog { width: 30; height: 12; border: round white; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield GameLog()


@asynccontextmanager
async def log_panel(lines=()):
    """The log alone on a 40x14 screen, ``lines`` written: (app, pilot, log)."""
    app = LogApp()
    async with app.run_test(size=(40, 14)) as pilot:
        log = app.query_one(GameLog)
        await quiet(pilot)
        if lines:
            log.add(list(lines))
            await quiet(pilot)
        yield app, pilot, log


def short(n: int) -> str:
    return f"CPU {n % 9 + 1} plays Red {n % 10}"


async def test_a_new_line_paints_one_row_until_the_log_is_full_then_it_jumps_half_a_page():
    async with log_panel() as (app, pilot, log):
        frames = painted_rows(app)
        for n in range(PAGE):
            frames.clear()
            log.add([short(n)])
            await quiet(pilot)
            # The border's top row is screen row 0: line n is drawn on row n + 1.
            assert frames == [{n + 1}], (n, frames)
        assert log.rows == tuple(short(n) for n in range(PAGE))
        # The eleventh line has no room: the log jumps, latest lines in its top half.
        frames.clear()
        log.add([short(PAGE)])
        await quiet(pilot)
        assert len(frames[0]) > 1
        assert log.rows == tuple(short(n) for n in range(PAGE + 1 - PAGE // 2, PAGE + 1))
        assert log.latest_in_view
        # And the next line paints one row again, just below.
        frames.clear()
        log.add([short(PAGE + 1)])
        await quiet(pilot)
        assert frames == [{len(log.rows)}]


async def test_the_latest_line_stays_in_view_whatever_is_written():
    async with log_panel() as (app, pilot, log):
        for n in range(60):
            batch = [short(n) + " and " * (n % 4) + "draws"] * (1 + n % 3)
            log.add(batch)
            await quiet(pilot)
            assert log.latest_in_view, n
            last_row = log.rows[-1].strip()
            assert last_row in screen_text(app), (n, last_row)


async def test_a_batch_longer_than_the_page_ends_with_its_latest_line_at_the_bottom():
    async with log_panel([short(n) for n in range(25)]) as (app, pilot, log):
        assert log.rows == tuple(short(n) for n in range(25 - PAGE, 25))


async def test_after_a_resize_the_lines_are_wrapped_again_with_indented_continuations():
    long = "Ann plays Wild Draw Four and names Blue; Bob challenges and loses"
    async with log_panel() as (app, pilot, log):
        log.add([short(1), long])
        await quiet(pilot)
        wide = log.rows
        assert all(len(row) <= WIDTH for row in wide)
        assert wide[2].startswith(INDENT) and not wide[1].startswith(" ")
        log.styles.width = 24              # rows of 20 cells
        await quiet(pilot)
        narrow = log.rows
        assert len(narrow) > len(wide)
        assert all(len(row) <= 20 for row in narrow), narrow
        assert all(row.startswith(INDENT) for row in narrow[2:]), narrow
        assert " ".join(row.strip() for row in narrow[1:]) == long
        assert log.latest_in_view


async def test_the_log_keeps_the_last_max_lines_lines():
    async with log_panel() as (app, pilot, log):
        for n in range(0, MAX_LINES + 40, 7):
            log.add([f"line {m}" for m in range(n, n + 7)])
        await quiet(pilot)
        total = len(range(0, MAX_LINES + 40, 7)) * 7
        assert log.entries == [f"line {m}" for m in range(total - MAX_LINES, total)]
        assert log.rows[-1] == f"line {total - 1}"
        # Scrolled all the way back, the oldest line kept is at the top.
        await wheel(pilot, log, MAX_LINES)
        assert log.rows[0] == f"line {total - MAX_LINES}"


async def test_names_are_text_never_markup():
    async with log_panel() as (app, pilot, log):
        log.add(["[b]Ann plays [/]Red 5", "[red]Bo[/red] draws"])
        await quiet(pilot)
        text = screen_text(app)
    assert "[b]Ann plays [/]Red 5" in text and "[red]Bo[/red] draws" in text


async def test_the_wheel_scrolls_back_and_the_next_line_brings_the_latest_back():
    async with log_panel([short(n) for n in range(30)]) as (app, pilot, log):
        latest = log.rows
        await wheel(pilot, log, 3)
        assert not log.latest_in_view and log.rows[0] == short(30 - PAGE - 6)
        assert log.border_subtitle == SCROLLED_BACK
        await wheel(pilot, log, -1)
        assert log.rows[0] == short(30 - PAGE - 4)
        # It goes no further forward than the latest lines.
        await wheel(pilot, log, -9)
        assert log.rows == latest and not log.border_subtitle
        await wheel(pilot, log, 3)
        log.add(["Bob calls UNO"])
        await quiet(pilot)
        assert log.latest_in_view and log.rows[-1] == "Bob calls UNO"
        assert not log.border_subtitle


async def test_show_latest_brings_the_latest_line_back_into_view():
    async with log_panel([short(n) for n in range(30)]) as (app, pilot, log):
        await wheel(pilot, log, 1)
        assert not log.latest_in_view
        log.show_latest()
        await quiet(pilot)
        assert log.latest_in_view and log.rows[-1] == short(29)


async def test_writing_starts_no_thread_and_no_worker():
    """textual's Log measured every write's width in a thread worker (about a tenth of
    a server's time); this log wraps to its width and measures nothing."""
    async with log_panel() as (app, pilot, log):
        started = []
        original = threading.Thread.start

        def counted(thread):
            started.append(thread)
            original(thread)

        threading.Thread.start = counted
        try:
            for n in range(40):
                log.add([short(n)])
                await quiet(pilot)
        finally:
            threading.Thread.start = original
        assert not started and not list(app.workers)


async def test_lines_written_before_the_log_is_laid_out_show_once_it_is():
    class EarlyApp(LogApp):
        def on_mount(self) -> None:
            self.query_one(GameLog).add(["Round 1", "Ann deals"])

    app = EarlyApp()
    async with app.run_test(size=(40, 14)) as pilot:
        await quiet(pilot)
        assert app.query_one(GameLog).rows == ("Round 1", "Ann deals")


async def test_after_a_jump_the_panel_starts_with_a_whole_line():
    long = "Ann plays Wild Draw Four and names Blue; Bob challenges and loses"
    async with log_panel() as (app, pilot, log):
        for n in range(40):
            log.add([long if n % 2 else short(n)])
            await quiet(pilot)
            assert not log.rows[0].startswith(INDENT), (n, log.rows)
            assert log.latest_in_view


async def test_a_panel_that_grows_shows_earlier_lines_not_blank_rows():
    """At 80x24 the log grows by three rows while a handoff hides the hand and shrinks
    back after it: grown, it kept its top and left the new rows blank under the latest
    line while earlier lines were there to show."""
    async with log_panel() as (app, pilot, log):
        for n in range(PAGE + 1):
            log.add([short(n)])
        await quiet(pilot)
        # The eleventh line jumped: the latest lines in the top half, room below.
        assert len(log.rows) < PAGE
        log.styles.height = 12 + 3
        await quiet(pilot)
        # (13 rows now: all eleven lines show.)
        assert log.rows == tuple(short(n) for n in range(PAGE + 1))
        log.styles.height = 12
        await quiet(pilot)
        assert log.rows == tuple(short(n) for n in range(1, PAGE + 1))


async def test_show_latest_fills_the_panel_up_to_the_latest_line():
    async with log_panel() as (app, pilot, log):
        for n in range(PAGE + 1):
            log.add([short(n)])
        await quiet(pilot)
        assert len(log.rows) < PAGE and log.latest_in_view
        log.show_latest()
        await quiet(pilot)
        assert log.rows == tuple(short(n) for n in range(1, PAGE + 1))
        # Scrolled back, then shown the latest: the same full panel.
        await wheel(pilot, log, 2)
        log.show_latest()
        await quiet(pilot)
        assert log.rows == tuple(short(n) for n in range(1, PAGE + 1))
