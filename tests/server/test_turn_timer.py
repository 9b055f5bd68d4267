"""The turn timer: nobody stalls a table (serve --turn-seconds)."""

from __future__ import annotations

import asyncssh

from uno_tui.engine import Game

from .support import Client, log_entries, people, serving, wait_until


async def _seated(host):
    """ann opens a table for ann and bob; both sit down from the lobby."""
    ann = await Client(host, "ann").connect()
    bob = await Client(host, "bob").connect()
    host.create_table(people("ann", "bob"), ann.session)
    for client in (ann, bob):
        await wait_until(lambda: "Table 1" in client.text(), f"the lobby for {client.name}")
        client.keys("\r")
        await client.at_table()
    return ann, bob


async def test_the_timer_draws_for_a_slow_seat_then_a_computer_plays_it_until_a_key(tmp_path):
    async with serving(tmp_path, turn_seconds=0.6, pace=0.05) as host:
        ann, bob = await _seated(host)
        table = host.tables[0]
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7", "G8"], ["B1", "B2", "R9"]], top="Y3",
            draw=["B4", "B6", "B7", "B8"], current=0))
        # (Her 0.6 s countdown is read in the tests below, with a turn long enough to
        # read it on a loaded machine: here it may be gone before anyone looks.)
        await wait_until(lambda: any("ann's time ran out (0.6 s)" in line
                                     for line in log_entries(bob)), "the first timeout")
        assert len(table.ctl.game.hands[0]) >= 4           # she drew
        await wait_until(lambda: table.played_by_computer(0), "a computer for ann")
        # Only after her second timeout in a row (read in the log, not by the clock:
        # on a loaded machine the second may come before this test looks again).
        log = list(table.ctl.log)
        computer = next(i for i, line in enumerate(log) if "timed out 2 times in a row" in line)
        assert sum("ann's time ran out" in line for line in log[:computer]) == 2
        await wait_until(lambda: "press any key to play" in ann.text(), "ann told")
        ann.keys(" ")
        await wait_until(lambda: not table.played_by_computer(0), "ann's seat hers again")
        assert any("ann is back" in line for line in table.ctl.log)
        await ann.close()
        await bob.close()


async def test_the_creator_marks_an_absent_player_away(tmp_path):
    async with serving(tmp_path, turn_seconds=300) as host:
        ann, bob = await _seated(host)
        table = host.tables[0]
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7"], ["B1", "B2", "R9"]], top="Y3",
            draw=["B4", "B6", "B7", "B8"], current=1))
        await wait_until(lambda: "a: mark them away" in ann.text(), "ann offered it")
        assert "mark them away" not in bob.text()
        ann.keys("a")
        await wait_until(lambda: table.played_by_computer(1), "a computer for bob")
        assert any("bob is marked away" in line for line in table.ctl.log)
        await ann.close()
        await bob.close()


async def test_a_frozen_client_is_noticed_by_the_keepalives(tmp_path):
    """A client whose link goes silent (a kill -STOP'ped ssh, a cable pulled) is dropped
    after three unanswered keepalives; here a proxy between it and the server stops
    passing anything on."""
    import asyncio

    frozen = asyncio.Event()

    async def pipe(reader, writer):
        while data := await reader.read(65536):
            if frozen.is_set():
                await asyncio.sleep(3600)
            writer.write(data)

    async with serving(tmp_path, keepalive=0.3) as host:
        async def relay(reader, writer):
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", host.port)
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer),
                                 return_exceptions=True)

        proxy = await asyncio.start_server(relay, "127.0.0.1", 0)
        port = proxy.sockets[0].getsockname()[1]
        conn = await asyncssh.connect("127.0.0.1", port, username="ann", known_hosts=None,
                                      client_keys=None)
        await conn.create_process(term_type="xterm", term_size=(80, 24))
        await wait_until(lambda: host.sessions, "ann's session")
        frozen.set()
        await wait_until(lambda: not host.sessions, "the frozen link noticed", limit=10)
        conn.abort()
        proxy.close()
    assert "not responding to keepalive" in host.test_log.getvalue() or \
        "ended='connection lost'" in host.test_log.getvalue()


async def test_the_countdown_is_in_the_turn_prompt_at_every_width(tmp_path):
    """The prompt line shows the longest wording that fits: the countdown went with the
    shortest only, so a wide terminal's own turn showed none."""
    import re

    async with serving(tmp_path, turn_seconds=300) as host:
        ann = await Client(host, "ann").connect(size=(120, 40))
        host.create_table(people("ann", computers=1), ann.session)
        await wait_until(lambda: "Table 1" in ann.text(), "the lobby")
        ann.keys("\r")
        await ann.at_table()
        table = host.tables[0]
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7"], ["B1", "B2", "R9"]], top="R3",
            draw=["B4", "B6"], current=0))
        await wait_until(lambda: re.search(r"ann: .*Enter plays it, d draws · \d+ s left",
                                           ann.text()), "the countdown in her prompt")
        await ann.close()


async def test_the_others_read_the_turn_s_countdown_and_a_kept_seat_s(tmp_path):
    import re

    async with serving(tmp_path, turn_seconds=300, hold=300) as host:
        ann, bob = await _seated(host)
        table = host.tables[0]
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7"], ["B1", "B2", "R9"]], top="Y3",
            draw=["B4", "B6"], current=0))
        await wait_until(lambda: re.search(r"Waiting for ann · \d+ s left", bob.text()),
                         "bob reads ann's countdown")
        ann.abort()
        await wait_until(lambda: re.search(
            r"Waiting for ann, who lost the link: seat kept \d+ s · \d+ s left", bob.text()),
            "bob reads how long her seat is kept, and her turn's seconds")
        await bob.close()


async def test_a_dropped_seat_counts_down_and_its_turn_timer_plays_it(tmp_path):
    """Ann drops on her turn: her seat is kept (the hold), bob reads how long, and the
    turn timer goes on running for her seat, so the table waits no longer than it
    would for a slow player; a computer plays it after two timeouts."""
    import re

    async with serving(tmp_path, turn_seconds=0.8, hold=120, pace=0.05) as host:
        ann, bob = await _seated(host)
        table = host.tables[0]
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7", "G8"], ["B1", "B2", "R9"]], top="Y3",
            draw=["B4", "B6", "B7", "B8", "B9", "G1"], current=0))
        ann.abort()
        await wait_until(lambda: 0 in table.held_seats(), "ann's seat kept")
        await wait_until(lambda: any("ann's time ran out" in line for line in table.ctl.log),
                         "the turn timer ran out on the kept seat")
        assert len(table.ctl.game.hands[0]) >= 4           # she drew
        assert 0 in table.held_seats()                      # still kept for her
        await wait_until(lambda: table.played_by_computer(0), "a computer for ann's seat")
        assert any("until they come back" in line for line in table.ctl.log)
        await wait_until(lambda: re.search(r"ann lost the link: seat kept \d+ s",
                                           bob.text()), "the hold still shows, aside")
        await bob.close()


async def test_the_creator_ends_a_kept_seat_s_wait_with_a(tmp_path):
    async with serving(tmp_path, turn_seconds=300, hold=120) as host:
        ann, bob = await _seated(host)
        table = host.tables[0]
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7"], ["B1", "B2", "R9"]], top="Y3",
            draw=["B4", "B6", "B7", "B8"], current=1))
        await wait_until(lambda: "Waiting for bob" in ann.text(), "bob's turn")
        bob.abort()
        await wait_until(lambda: "who lost the link" in ann.text()
                         and "a: mark them away" in ann.text(), "ann offered it")
        ann.keys("a")
        await wait_until(lambda: table.played_by_computer(1), "a computer for bob")
        assert not table.held_seats()
        assert any("bob is marked away" in line for line in table.ctl.log)
        await ann.close()


async def test_a_timeout_that_draws_a_playable_card_keeps_it_at_once(tmp_path):
    """The draw asked the slow seat again (keep or play it) and the table waited a
    second turn's time for someone who was not there (seen with a frozen ssh)."""
    async with serving(tmp_path, turn_seconds=2.0, pace=0.05) as host:
        ann, bob = await _seated(host)
        table = host.tables[0]
        table.use_position(Game.from_position(
            "classic", hands=[["G7", "G8"], ["B1", "B2", "R9"]], top="Y3",
            draw=["Y5", "Y6", "B7", "B8"], current=0))
        await wait_until(lambda: any("ann's time ran out" in line for line in table.ctl.log),
                         "ann's timeout", limit=30)
        game = table.ctl.game
        assert len(game.hands[0]) == 3 and game.decision.seat == 1     # kept; bob's turn
        await ann.close()
        await bob.close()


async def test_a_colour_question_closes_when_the_turn_timer_names_the_colour(tmp_path):
    """Ann plays a Wild and her colour question is open when her turn runs out: the
    timer names a colour for her and bob's turn comes, so her question is about a
    decision that is gone. It stayed open over SSH while the table waited for bob
    (and its answer could only be refused)."""
    from uno_tui.engine import DecisionKind

    from .support import hand_cards, table_screen

    async with serving(tmp_path, turn_seconds=300, pace=0.05) as host:
        ann, bob = await _seated(host)
        table = host.tables[0]
        table.use_position(Game.from_position(
            "classic", hands=[["W", "R5", "G7"], ["B1", "B2", "R9"]], top="Y3",
            draw=["B4", "B6", "B7", "B8"], current=0))
        await wait_until(lambda: table_screen(ann).awaiting_turn, "ann's turn")
        await wait_until(lambda: len(hand_cards(ann)) == 3, "ann's three cards")
        wild = next(n for n, c in enumerate(hand_cards(ann), 1) if c.face.code == "W")
        ann.keys(f"{wild}\r")
        await wait_until(lambda: table_screen(ann).asking
                         and table_screen(ann).asked_kind == DecisionKind.COLOR,
                         "ann's colour question")
        # Her turn runs out now (the timer's own callback, not a wait on the clock).
        table._turn_over(table._turn_armed)
        await wait_until(lambda: table.ctl.game.decision.seat == 1, "bob's turn")
        await wait_until(lambda: not table_screen(ann).asking, "ann's question closed")
        await wait_until(lambda: table_screen(ann).asked_kind == "", "ann's prompt over")
        await wait_until(lambda: "Waiting for bob" in ann.text(), "ann waits for bob")
        await ann.close()
        await bob.close()
