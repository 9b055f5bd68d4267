"""People at one server table, each at their own terminal."""

from __future__ import annotations

import asyncio

from uno_tui.engine import Catch, Game

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
