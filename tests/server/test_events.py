"""server.log: one line per event, and crash reports in the server's own data folder."""

from __future__ import annotations

import asyncio

from uno_tui.server.events import RepeatFolder, event_line
from uno_tui.server.lobby import LobbyScreen
from uno_tui.server.session import CRASH_MESSAGE

from .support import WAIT_LIMIT, Client, people, serving, wait_until


def test_an_event_line_quotes_what_a_client_chose_and_escapes_control_characters():
    line = event_line("auth failed", addr="1.2.3.4:5", user="ann\x1b[2J\nfake line", key=None,
                      attempt=3)
    assert line == ("auth failed addr=1.2.3.4:5 user='ann\\x1b[2J\\nfake line' key=- "
                    "attempt=3")
    assert "\n" not in line and "\x1b" not in line


def test_a_line_repeated_within_the_interval_is_counted_then_written_once():
    folder = RepeatFolder(10.0)
    assert folder.note("full", 0.0) == 0                  # the first is written
    assert [folder.note("full", t) for t in (1.0, 2.0, 9.9)] == [None, None, None]
    assert folder.note("other", 5.0) == 0                 # each reason on its own
    assert folder.due(12.0) == [("full", 3)]              # the three left out, once
    assert folder.note("full", 12.5) == 0
    assert folder.note("full", 13.0) is None
    assert folder.note("full", 23.0) == 1                 # or with the next line
    assert folder.note("full", 24.0) is None
    folder.take_back("full")                              # written on its own after all
    assert folder.due(40.0) == []


async def test_a_flood_of_refused_connections_is_a_few_lines_with_their_count(tmp_path):
    async with serving(tmp_path) as host:
        held = [await asyncio.open_connection("127.0.0.1", host.port) for _ in range(10)]
        for _ in range(40):
            reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
            assert await asyncio.wait_for(reader.read(100), WAIT_LIMIT) == b""   # refused
            writer.close()
        for _, writer in held:
            writer.close()
    log = (tmp_path / "server.log").read_text()
    limits = [line for line in log.splitlines() if " limit " in line]
    assert len(limits) == 2, limits        # the first, then the 39 others in one line
    assert "repeated=39 why='too many connections from 127.0.0.1" in limits[1]


async def test_a_flood_of_connections_from_one_address_is_a_few_lines_and_a_login_all_its(
        tmp_path):
    """Connections that come and go without logging in are one connect line and one
    disconnect line per address and reason within the interval, then one line with the
    count; a login from the same address still has its own connect line."""
    async with serving(tmp_path) as host:
        for _ in range(30):
            reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
            assert (await asyncio.wait_for(reader.readline(), WAIT_LIMIT)).startswith(b"SSH-2.0-")
            writer.close()
            await writer.wait_closed()
        await wait_until(lambda: host.gate.connections == 0, "the flood counted down")
        ann = await Client(host, "ann").connect()
        ann_port = ann.conn.get_extra_info("sockname")[1]
        await ann.close()
    lines = (tmp_path / "server.log").read_text().splitlines()
    connects = [line for line in lines if " connect " in line]
    disconnects = [line for line in lines if " disconnect " in line]
    assert len(connects) == 3, connects      # the first, ann's, and the 29 others in one
    assert f"connect addr=127.0.0.1:{ann_port} ago=" in connects[1]
    assert "connect repeated=29 addr=127.0.0.1" in connects[2]
    assert len(disconnects) == 2, disconnects
    assert "disconnect repeated=29 addr=127.0.0.1 why=" in disconnects[1]
    for event in (f"auth ok addr=127.0.0.1:{ann_port}", f"session start addr=127.0.0.1:{ann_port}",
                  f"session end addr=127.0.0.1:{ann_port}"):
        assert sum(event in line for line in lines) == 1, event


async def test_connect_auth_session_and_table_events_are_each_one_line(tmp_path):
    async with serving(tmp_path) as host:
        ann = await Client(host, "ann").connect()
        table = host.create_table(people("ann", computers=1), ann.session)
        host.sit_now(ann.session, table.number)
        host.leave(ann.session)
        await wait_until(lambda: not host.tables, "the table closed")
        await ann.close()
    log = (tmp_path / "server.log").read_text()
    for event in ("connect addr=127.0.0.1:", "auth ok addr=127.0.0.1:",
                  "session start addr=127.0.0.1:", "table opened table=1 variant=classic",
                  "table closed table=1 why='nobody is left' saved=",
                  "session end addr=127.0.0.1:"):
        assert event in log, event
    assert (tmp_path / "server" / "closed").is_dir()      # the closed table's save, kept


async def test_a_crash_is_reported_in_the_data_folder_logged_and_the_server_goes_on(
        tmp_path, monkeypatch):
    def broken(self):
        raise RuntimeError("a bug in the lobby")

    monkeypatch.setattr(LobbyScreen, "action_watch", broken)
    async with serving(tmp_path) as host:
        ann = await Client(host, "ann").connect()
        bob = await Client(host, "bob").connect()
        await wait_until(lambda: isinstance(ann.screen, LobbyScreen), "ann's lobby")
        ann.keys("w")
        await ann.until(CRASH_MESSAGE.encode())
        reports = list((tmp_path / "crashes").glob("crash-*.txt"))
        assert len(reports) == 1 and "a bug in the lobby" in reports[0].read_text()
        assert bob.app.is_running
        await bob.close()
    log = host.test_log.getvalue()
    assert f"report={reports[0]}" in log and "crash addr=127.0.0.1:" in log
    assert "uno-tui stopped after an internal error" not in log   # not on the console
    assert "ended='crash: " in log
