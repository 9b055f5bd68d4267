"""People at one server table, each at their own terminal."""

from __future__ import annotations

import asyncio

from uno_tui.engine import Game, Play
from uno_tui.server.table import Submission

from .support import (
    CardWatch, Client, hand_cards, people, play_a_step, serving, table_screen, wait_until,
)


async def _seated(host, *names, size=(100, 32)):
    clients = []
    for name in names:
        client = await Client(host, name).connect(size=size)
        await wait_until(lambda: "Table 1" in client.text(), f"the lobby for {name}")
        client.keys("\r")
        await client.at_table()
        clients.append(client)
    return clients


async def test_two_clients_see_their_own_hands_and_each_others_moves(tmp_path):
    async with serving(tmp_path) as host:
        table = host.create_table(people("ann", "bob", computers=1))
        watch = CardWatch(table)
        ann, bob = await _seated(host, "ann", "bob")
        assert table.seats_of(ann.session) == (0,) and table.seats_of(bob.session) == (1,)
        game = table.ctl.game
        await wait_until(lambda: game.decision.seat in (0, 1) or game.is_over, "a person's turn")
        hands = [set(game.hands[0]), set(game.hands[1])]
        await wait_until(lambda: {c.id for c in hand_cards(ann)} == hands[0],
                         "ann's hand on ann's screen")
        await wait_until(lambda: {c.id for c in hand_cards(bob)} == hands[1],
                         "bob's hand on bob's screen")
        # Whoever is to play plays; the other sees it in the log.
        mover, other = (ann, bob) if game.decision.seat == 0 else (bob, ann)
        await wait_until(lambda: play_a_step(mover), f"{mover.name} may act")
        name = mover.name
        await wait_until(lambda: any(line.startswith(name + " ") for line in table.ctl.log[-3:]),
                         "the move applied")
        line = next(line for line in reversed(table.ctl.log) if line.startswith(name + " "))
        await wait_until(lambda: line in other.text(), f"{other.name} sees {line!r}")
        for client, seat in ((ann, 0), (bob, 1)):
            assert not watch.leaks(bytes(client.received), (seat,))
            assert watch.own(bytes(client.received), seat), "the scan must see the own hand"
        await ann.close()
        await bob.close()


async def test_a_third_terminal_catches_a_forgotten_uno_while_the_window_is_open(tmp_path):
    async with serving(tmp_path) as host:
        table = host.create_table(people("ann", "bob", "cy"))
        ann, bob, cy = await _seated(host, "ann", "bob", "cy")
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]],
            top="R3", current=0))
        ann_screen = table_screen(ann)
        await wait_until(lambda: ann_screen.awaiting_turn, "ann's turn")
        await wait_until(lambda: len(hand_cards(ann)) == 2, "ann's two cards")
        red5 = next(i for i, c in enumerate(hand_cards(ann))
                    if c.face.code == "R5")
        ann.keys(f"{red5 + 1}\r")          # plays Red 5 without calling UNO
        await wait_until(lambda: table.ctl.game.uno_window == 0, "ann down to one card")
        await wait_until(lambda: "Catch! ann forgot UNO (c)" in cy.text(), "cy's catch offer")
        cy.keys("c")
        await wait_until(lambda: any("cy catches ann" in line for line in table.ctl.log),
                         "the catch")
        assert len(table.ctl.game.hands[0]) == 3
        await wait_until(lambda: any("cy catches ann" in line for line in
                                     [bob.text()]), "bob sees the catch")
        for client in (ann, bob, cy):
            await client.close()


async def test_a_dropped_player_is_replaced_by_a_computer_and_takes_the_seat_back(tmp_path):
    async with serving(tmp_path, hold=0.3) as host:
        table = host.create_table(people("ann", "bob"))
        ann, bob = await _seated(host, "ann", "bob", size=(160, 40))
        assert not table.played_by_computer(1)
        bob.abort()
        await wait_until(lambda: bob.session is None, "bob's session to end")
        assert "(away, seat kept)" in table.describe()
        assert not table.played_by_computer(1)
        await wait_until(lambda: table.played_by_computer(1), "a computer for bob")
        await wait_until(lambda: "bob did not come back; a computer plays the seat" in ann.text(),
                         "ann told")
        back = await Client(host, "bob").connect()
        await back.at_table()              # straight back to the table, no lobby
        assert table.seats_of(back.session) == (1,)
        assert not table.played_by_computer(1)
        assert "ended='connection lost'" in host.test_log.getvalue()
        await back.close()
        await ann.close()


async def test_ctrl_c_at_the_table_leaves_it_after_a_confirm_and_the_server_goes_on(tmp_path):
    async with serving(tmp_path) as host:
        table = host.create_table(people("ann", "bob"))
        ann, bob = await _seated(host, "ann", "bob")
        ann.keys("\x03")
        await wait_until(lambda: "Leave the table?" in ann.text(), "the confirm")
        ann.keys("n")
        await wait_until(lambda: "Leave the table?" not in ann.text(), "the confirm closed")
        assert table.seats_of(ann.session) == (0,)
        ann.keys("\x03")
        await wait_until(lambda: "Leave the table?" in ann.text(), "the confirm again")
        ann.keys("y")
        await wait_until(lambda: "Welcome, ann" in ann.text(), "ann back in the lobby")
        assert table.seats_of(ann.session) == () and table.played_by_computer(0)
        assert "free seat" in ann.text()
        assert bob.app.is_running and table_screen(bob) is not None
        await ann.close()
        await bob.close()


async def test_a_stale_action_gets_the_engines_refusal_and_changes_nothing(tmp_path):
    async with serving(tmp_path) as host:
        table = host.create_table(people("ann", "bob"))
        ann, bob = await _seated(host, "ann", "bob")
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "R6", "G7"], ["B1", "B2", "B3"]], top="R3", current=0))
        game = table.ctl.game
        red5, red6 = (game.hands[0][i] for i in range(2))
        # Two plays sent before the table applied either: the second comes too late.
        table.submit(ann.session, Submission((Play(0, red5),)))
        table.submit(ann.session, Submission((Play(0, red6),)))
        await wait_until(lambda: table_screen(ann).message, "the refusal")
        reason = table.ctl.explain(Play(0, red6))
        assert table_screen(ann).message == f"✗ {reason}."
        assert table.ctl.game.hands[0].count(red6) == 1
        assert table_screen(ann).message.startswith("✗ ")
        await ann.close()
        await bob.close()
