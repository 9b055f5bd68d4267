"""Issue 20's smaller defects at a server table, each as a stranger would meet it."""

from __future__ import annotations

import asyncio

from uno_tui.server.lobby import LobbyScreen, NameDialog

from uno_tui.app.widgets.hand import HandView

from .support import Client, log_entries, people, serving, table_screen, wait_until


async def _at_table(host, client: Client) -> None:
    await wait_until(lambda: isinstance(client.screen, LobbyScreen)
                     and "Table 1" in client.text(), f"{client.name}'s lobby")
    client.keys("\r")
    await client.at_table()


async def _ann_on_her_turn(host, *others: str, computers: int = 1):
    """ann (and seats for ``others``, which computers play until they come) at table
    1, which waits for her; the table and her client."""
    table = host.create_table(people("ann", *others, computers=computers))
    ann = await Client(host, "ann").connect()
    await _at_table(host, ann)
    await wait_until(lambda: table.ctl.game.decision.seat == 0
                     and "ann: " in ann.text(), "ann's turn prompt")
    return table, ann


async def test_each_line_of_the_log_shows_once_when_computers_play_as_one_sits_down(
        tmp_path):
    async with serving(tmp_path) as host:
        # The computers (and bob's seat, played by one until he comes) play on while
        # ann's screen is put up; then the table waits for her.
        table, ann = await _ann_on_her_turn(host, "bob")
        # Once the changes still queued at her screen are drawn (however long that
        # takes), each line once: a line shown twice stays twice.
        await wait_until(lambda: log_entries(ann) == list(table.ctl.log), "the log, each line once")
        await ann.close()


async def test_a_second_person_at_the_terminal_leaves_the_turn_prompt_in_place(tmp_path):
    async with serving(tmp_path) as host:
        table, ann = await _ann_on_her_turn(host, "bob")
        ann.keys("+")
        await wait_until(lambda: isinstance(ann.screen, NameDialog), "who else plays")
        await wait_until(lambda: ann.screen.focused is not None, "the name field")
        ann.keys("dave\r")
        await wait_until(lambda: "dave sits down at seat 2" in log_entries(ann), "dave seated")
        await wait_until(lambda: "ann: " in ann.text(), "the prompt back")
        assert "sits at seat" not in ann.text()
        await ann.close()


async def test_a_name_typed_as_the_dialog_opens_reaches_its_field(tmp_path):
    async with serving(tmp_path) as host:
        table = host.create_table(people("ann", "bob", computers=1))
        ann = await Client(host, "ann").connect()
        await _at_table(host, ann)
        await asyncio.sleep(0.3)
        ann.keys("+")
        await wait_until(lambda: isinstance(ann.screen, NameDialog), "who else plays")
        ann.keys("dave\r")           # at once: before the name field has the focus
        await wait_until(lambda: "dave sits down at seat 2" in log_entries(ann), "dave seated")
        assert table.ctl.names[1] == "dave"
        await ann.close()


async def test_a_person_back_at_a_kept_seat_finds_no_card_picked(tmp_path):
    async with serving(tmp_path) as host:
        table, ann = await _ann_on_her_turn(host)
        assert table_screen(ann).query_one(HandView).cursor >= 0     # a turn picks one
        ann.abort()
        await wait_until(lambda: "(away, seat kept " in table.describe(), "the seat kept")
        back = await Client(host, ann.comeback).connect()
        await back.at_table()
        await wait_until(lambda: "ann: " in back.text(), "her turn again")
        hand = table_screen(back).query_one(HandView)
        assert hand.unpicked and hand.cursor == -1
        back.keys("\r")                      # an Enter to see where she is plays nothing
        await wait_until(lambda: "Pick a card first" in back.text(), "the Enter answered")
        assert table.ctl.game.decision.seat == 0
        await back.close()


async def test_the_match_result_closes_when_the_table_deals_the_next_match(tmp_path):
    from uno_tui.app.screens.match_result import MatchResultDialog
    from uno_tui.app.screens.round_result import RoundResultScreen
    from uno_tui.engine import Game

    # The dialog stays up for the round pause only: long enough that a loaded machine's
    # test still sees it before the next match is dealt (1 s was not, at load 8).
    async with serving(tmp_path, round_pause=4.0) as host:
        table = host.create_table(people("ann", computers=1))
        ann = await Client(host, "ann").connect()
        await _at_table(host, ann)
        table.use_position(Game.from_position(
            "classic", hands=[["R5"], ["B1", "B2"]], top="R3", draw=["G4", "G6", "G7"],
            current=0))
        await wait_until(lambda: "ann: " in ann.text(), "ann's turn")
        ann.keys("1\r")                                   # her last card: the match ends
        await wait_until(lambda: isinstance(ann.screen, RoundResultScreen), "the result")
        ann.keys("\r")
        await wait_until(lambda: isinstance(ann.screen, MatchResultDialog), "the match's")
        deal = table.deal
        await wait_until(lambda: table.deal > deal, "the next match dealt")
        await wait_until(lambda: not isinstance(ann.screen, (MatchResultDialog,
                                                             RoundResultScreen)),
                         "the result closed")
        await asyncio.sleep(0.3)
        assert not isinstance(ann.screen, (MatchResultDialog, RoundResultScreen))
        await ann.close()


async def test_a_spectator_sees_the_other_side_of_every_flip_hand_as_players_do(tmp_path):
    from uno_tui.app.widgets.seats import seat_facts

    async with serving(tmp_path) as host:
        table = host.create_table(people("ann", computers=2, variant="flip"))
        ann = await Client(host, "ann").connect()
        eve = await Client(host, "eve").connect()
        await _at_table(host, ann)
        await wait_until(lambda: "Table 1" in eve.text(), "eve's lobby")
        eve.keys("w")
        await eve.at_table()
        await wait_until(lambda: table.ctl.game.decision.seat == 0, "ann's turn")
        screen = table_screen(eve)

        def backs_as_players_see_them() -> list[tuple[object, object]]:
            game = table.ctl.game
            with eve.app._context():
                state = screen.table_state()
            # What a player not at that seat sees on its cards' backs, the spectator too.
            return [(seat_facts(state, seat).backs, game.view((seat + 1) % 3).seats[seat].backs)
                    for seat in range(3)]

        # Eve's terminal hears the deal and the computers' last plays a moment after the
        # table has them (on a loaded machine both hands were still empty at first): wait
        # for her state to catch up, then compare.
        try:
            await wait_until(lambda: all(shown == seen and shown
                                         for shown, seen in backs_as_players_see_them()),
                             "eve's backs to match the players'")
        except AssertionError:
            for shown, seen in backs_as_players_see_them():
                assert shown == seen and shown
            raise
        await eve.close()
        await ann.close()


async def test_q_on_the_new_table_screen_goes_back_to_the_lobby(tmp_path):
    """Only Ctrl+C did; the footer shows the way (every server screen has one)."""
    from uno_tui.app.screens.setup import SetupScreen

    async with serving(tmp_path) as host:
        ann = await Client(host, "ann").connect(size=(80, 24))
        await wait_until(lambda: isinstance(ann.screen, LobbyScreen), "the lobby")
        ann.keys("n")
        await wait_until(lambda: isinstance(ann.screen, SetupScreen)
                         and "q Lobby" in ann.text(), "the new table's screen, q shown")
        ann.keys("q")
        await wait_until(lambda: isinstance(ann.screen, LobbyScreen), "back in the lobby")
        assert len(ann.app.screen_stack) == 1
        assert not host.tables
        # At a table q leaves it for the lobby (it said "Quit").
        ann.keys("p")
        await ann.at_table()
        await wait_until(lambda: "q Leave" in ann.text(), "q Leave in the table's footer")
        assert "q Quit" not in ann.text()
        await ann.close()
