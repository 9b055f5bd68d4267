"""Nothing lost on the server: every table is saved after each change and offered again
after a restart (or a crash), and people sit back down where they were."""

from __future__ import annotations

import asyncio
import json
import re
import sys
import threading


from uno_tui.saves.journal import Journal
from uno_tui.engine import Game, Play, action_from_json
from uno_tui.saves import MatchStore, parse_save
from uno_tui.server.host import SAVES_FOLDER
from uno_tui.server.table import seat_keys_path

from .support import (
    Client, hand_cards, log_entries, people, serving, shows_hand, ssh_terminal, table_screen,
    wait_until,
)


def _store(tmp_path) -> MatchStore:
    return MatchStore(tmp_path / SAVES_FOLDER)


def _saved(tmp_path):
    """The one unfinished table saved under ``tmp_path``."""
    store = _store(tmp_path)
    (summary,) = store.unfinished()
    return store.load(summary.path)


async def _sit(host, name: str) -> Client:
    client = await Client(host, name).connect()
    await wait_until(lambda: "Table 1" in client.text(), f"the lobby for {name}")
    client.keys("\r")
    await client.at_table()
    return client


async def test_each_action_is_saved_without_the_table_waiting_for_the_disk(tmp_path,
                                                                            monkeypatch):
    # The writer thread is held at the disk until we let it go: the play must still
    # reach both terminals, so the loop does not wait for the save.
    disk = threading.Event()
    write = Journal.write

    def held_write(journal, data):
        disk.wait(30)
        write(journal, data)

    async with serving(tmp_path) as host:
        table = host.create_table(people("ann", "bob"))
        ann, bob = await _sit(host, "ann"), await _sit(host, "bob")
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7"], ["B1", "B2"]], top="R3", current=0))
        disk.set()
        assert await asyncio.to_thread(table.flush_save, 30)
        monkeypatch.setattr(Journal, "write", held_write)
        disk.clear()
        screen = table_screen(ann)
        await wait_until(lambda: screen.awaiting_turn and shows_hand(ann, "R5", "G7"),
                         "ann's turn")
        red5 = next(i for i, c in enumerate(hand_cards(ann)) if c.face.code == "R5")
        card = hand_cards(ann)[red5].id
        ann.keys(f"{red5 + 1}\r")
        await wait_until(lambda: any("ann plays Red 5" in line for line in log_entries(bob)),
                         "bob sees the play while the disk is held")
        assert not table.flush_save(0)          # the save is still waiting for the disk
        disk.set()
        assert await asyncio.to_thread(table.flush_save, 30)
        record = _saved(tmp_path)
        assert record.match == table.ctl.match.to_json()
        assert action_from_json(record.rounds[-1].actions[0]) == Play(0, card)
        assert record.restore().game.hands == table.ctl.game.hands
        await ann.close()
        await bob.close()


async def test_a_restarted_server_offers_the_table_and_people_sit_back_down(tmp_path):
    async with serving(tmp_path, hold=60.0) as host:
        table = host.create_table(people("ann", "bob", computers=1))
        ann, bob = await _sit(host, "ann"), await _sit(host, "bob")
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7", "G8"], ["B1", "B2", "R9"], ["Y1", "Y2", "Y3"]],
            top="R3", current=0))
        screen = table_screen(ann)
        await wait_until(lambda: screen.awaiting_turn and shows_hand(ann, "R5", "G7", "G8"),
                         "ann's turn")
        red5 = next(i for i, c in enumerate(hand_cards(ann)) if c.face.code == "R5")
        ann.keys(f"{red5 + 1}\r")
        await wait_until(lambda: table.ctl.game.decision.seat == 1, "bob's turn")
        before = table.ctl.match.to_json()
        bob_hand = list(table.ctl.game.hands[1])
        bob_comeback = bob.comeback
        ann.abort()
        bob.abort()
        first_log = host.test_log
    # The server is gone; a new one on the same data directory.
    async with serving(tmp_path, hold=60.0) as host:
        # (Once seen under load: no table offered. The logs say what each server did.)
        assert len(host.tables) == 1, first_log.getvalue() + host.test_log.getvalue()
        (table,) = host.tables
        assert table.interrupted and table.ctl.match.to_json() == before
        eve = await Client(host, "eve").connect()
        # Their seats are theirs: the lobby does not list a table eve could not join.
        await wait_until(lambda: "No tables yet" in eve.text(), "eve's empty lobby")
        assert table.interrupted
        # Typing her name takes nothing: the seats' identities were kept beside the save.
        impostor = await Client(host, "ann").connect()
        await wait_until(lambda: "No tables yet" in impostor.text(), "the impostor's lobby")
        assert table.seats_of(impostor.session) == () and host.kept_seat("ann", None) is None
        await impostor.close()
        back = await Client(host, bob_comeback).connect()
        await back.at_table()                  # straight back to his seat, no lobby
        assert table.seats_of(back.session) == (1,) and not table.interrupted
        assert not table.played_by_computer(1)
        await wait_until(lambda: {c.id for c in hand_cards(back)} == set(bob_hand),
                         "bob's hand as it was")
        await wait_until(lambda: "Round 1 resumed from the save" in log_entries(back),
                         "bob told it is the saved round")
        assert any("the seat of ann waits 60 s" in line for line in log_entries(back))
        assert not table.played_by_computer(0)   # ann's seat waits for her
        await eve.close()
        await back.close()


async def test_the_seats_owners_reach_the_disk_however_late_the_save_file_is_made(
        tmp_path, monkeypatch):
    """Whom each seat belongs to is written beside the save once the save's writer
    thread has made its file, however late: it waited a second for it, on the loop,
    and then gave up (on a loaded machine), and after a restart anyone typing a name
    took that person's seat."""
    made = threading.Event()
    create = Journal.create.__func__

    def held_create(cls, path, data):
        made.wait(30)
        return create(cls, path, data)

    monkeypatch.setattr(Journal, "create", classmethod(held_create))
    async with serving(tmp_path) as host:
        table = host.create_table(people("ann", computers=1))   # its file: not yet
        ann = await _sit(host, "ann")
        assert table.recorder.record.path is None
        made.set()
        await wait_until(lambda: table.recorder.record.path is not None, "the save's file")
        keys = seat_keys_path(table.recorder.record.path)
        await wait_until(keys.exists, "the seats' owners beside the save", limit=10)
        assert json.loads(keys.read_text()) == [ann.seat_key, None]
        await ann.close()


async def test_a_table_everyone_left_is_closed_and_its_save_removed(tmp_path):
    async with serving(tmp_path) as host:
        host.create_table(people("ann", computers=1))
        ann = await _sit(host, "ann")
        assert len(_store(tmp_path).unfinished()) == 1
        ann.keys("\x03")
        await wait_until(lambda: "Leave the table?" in ann.text(), "the confirm")
        ann.keys("y")
        await wait_until(lambda: not host.tables, "the table closed")
        await wait_until(lambda: not _store(tmp_path).unfinished(), "its save removed")
        await ann.close()


async def test_a_table_whose_last_person_dropped_waits_for_them(tmp_path):
    async with serving(tmp_path, hold=0.2) as host:
        table = host.create_table(people("ann", computers=1))
        ann = await _sit(host, "ann")
        ann.abort()
        await wait_until(lambda: table.interrupted, "the table interrupted")
        assert host.tables == (table,)
        version = table.version
        await asyncio.sleep(0.3)
        assert table.version == version         # nobody plays on meanwhile
        back = await Client(host, ann.comeback).connect()
        await back.at_table()
        assert table.seats_of(back.session) == (0,) and not table.interrupted
        await back.close()


async def test_a_server_killed_mid_round_comes_back_with_its_last_save(tmp_path):
    said: list[str] = []

    async def start():
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "uno_tui", "serve", "--port", "0", "--data-dir",
            str(tmp_path), stderr=asyncio.subprocess.PIPE)
        while True:
            line = (await asyncio.wait_for(server.stderr.readline(), 30)).decode()
            said.append(line)
            found = re.search(r"serving on 127\.0\.0\.1:(\d+)", line)
            if found:
                return server, int(found.group(1))

    saves = tmp_path / SAVES_FOLDER / "saves"

    def actions_saved() -> int:
        files = list(saves.glob("*.json"))
        if not files:
            return 0
        try:       # a journal: a line cut short is dropped, any whole line is read
            return len(parse_save(files[0].read_bytes()).rounds[-1].actions)
        except ValueError:
            raise AssertionError("a save file was read that can't be loaded")

    server, port = await start()
    try:
        conn, process, until = await ssh_terminal(port)
        await until(b"New table")
        process.stdin.write(b"n")
        await until(b"Start the game")
        process.stdin.write(b"\r")            # ann and three computers
        await until(b"ann's hand")
        # The deal may open on ann's turn, and then nothing is played until she acts: a
        # draw is an action whoever's turn it is (out of turn it is refused and changes
        # nothing, and the computers play on). Her hand can show a moment before her turn
        # takes keys (the table's first frame), so she presses d until a move is saved.
        for _ in range(30):
            process.stdin.write(b"d")
            try:
                await wait_until(lambda: actions_saved() >= 1, "a saved action", limit=2)
                break
            except AssertionError:
                continue
        await wait_until(lambda: actions_saved() >= 1, "a saved action", limit=10)
        server.kill()                         # kill -9: no goodbye, no last save
        await server.wait()
        conn.abort()
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()
    saved = _saved(tmp_path)
    # Whom her seat belongs to was kept beside the save: her connection's token, with
    # which she logs back in (her name alone would take nothing).
    (keys,) = saves.glob("*.json.seats")
    token = json.loads(keys.read_text())[0].removeprefix("token:")
    server, port = await start()
    try:
        conn, process, until = await ssh_terminal(port, f"ann+{token}")
        await until(b"ann's hand")            # straight back to her seat
        await until(b"resumed from")
        conn.close()
        server.send_signal(2)
        assert await asyncio.wait_for(server.wait(), 30) == 0
        restored = [line for line in said if "table 1 restored from" in line]
        assert len(restored) == 1 and "waiting for ann" in restored[0], said
        again = _saved(tmp_path)
        # Played on from the save: the rounds so far are the saved ones, then more.
        assert again.rounds[0].actions[:len(saved.rounds[0].actions)] \
            == saved.rounds[0].actions
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()


async def test_the_next_match_s_seats_stay_theirs_after_a_restart(tmp_path):
    """A new match is saved in a file of its own: whom its seats belong to went only
    beside the first match's save, so after a restart typing "ann" took her seat; and
    a seat no person ever had was waited for ("CPU 2 lost the link")."""
    async with serving(tmp_path, hold=60.0) as host:
        table = host.create_table(people("ann", "bob"))     # bob never comes
        ann = await _sit(host, "ann")
        table.use_position(Game.from_position(
            "classic", hands=[["R5"], ["B1", "B2"]], top="R3", current=0))
        await wait_until(lambda: shows_hand(ann, "R5"), "ann's last card")
        ann.keys("1\r")
        await wait_until(lambda: table.summary is not None and table.summary.match_over,
                         "the match over")
        table.ready(ann.session)                              # the next match is dealt
        await wait_until(lambda: table.summary is None, "the next match")
        assert await asyncio.to_thread(table.flush_save, 30)
        ann.abort()
    assert len(list(tmp_path.rglob("*.seats"))) == 1            # none left of the last match
    async with serving(tmp_path, hold=60.0) as host:
        (table,) = host.tables
        impostor = await Client(host, "ann").connect()
        await wait_until(lambda: "No tables yet" in impostor.text(), "the impostor's lobby")
        assert host.kept_seat("ann", None) is None and table.seats_of(impostor.session) == ()
        # Bob's seat is free (nobody is waited for there); ann's is kept for her.
        assert table.awaited and table.free_seats() == (1,)
        assert "ann (away)" in table.describe() and "free seat" in table.describe()
        await impostor.close()


async def test_a_position_set_up_after_the_first_deal_was_scored_saves_a_round_in_play(
        tmp_path):
    """The table's first deal plays out (computers, no pause) and is scored before a
    position is set up: the save then holds the position as the round in play, not the
    replaced round's score (which no restart, and no render worker, could restore)."""
    async with serving(tmp_path, pace=0.0) as host:
        table = host.create_table(people("ann", computers=1, mode="target", target=500))
        await wait_until(lambda: table.summary is not None, "the first deal played out")
        assert table.ctl.match.round_scored
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7"], ["B1", "B2"]], top="R3", current=0))
        match = table.ctl.match
        assert not match.round_scored and match.results == [] and match.scores == [0, 0]
        # The computers play the position on meanwhile (and may finish it): whatever
        # the save holds now restores, as round 1 of the match.
        assert await asyncio.to_thread(table.flush_save, 30)
        restored = _saved(tmp_path).restore()
        assert restored.round_number == 1 and len(restored.results) <= 1
