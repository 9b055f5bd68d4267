"""``catch-window:N`` on a server table: the table's clock closes a missed UNO's window
N seconds after it opened, for every terminal (the same clock as the hot-seat table's,
``app/window_clock.py``), and a render worker's mirror closes it too."""

from __future__ import annotations

from uno_tui.app.controller import TableController
from uno_tui.config import SeatSpec
from uno_tui.engine import CloseUnoWindow, Game, Play
from uno_tui.server.replica import TableFeed

from .support import hand_cards, people, shows_hand, serving, table_screen, wait_until
from .test_replica import _Follower
from .test_table import _seated


async def test_the_server_tables_clock_closes_a_missed_unos_window_for_every_terminal(tmp_path):
    async with serving(tmp_path) as host:
        table = host.create_table(people("ann", "bob", "cy", rules=("catch-window:2",)))
        ann, bob, cy = await _seated(host, "ann", "bob", "cy")
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]],
            top="R3", current=0, rules=("catch-window:2",)))
        closings = []
        close = table.ctl.close_uno_window

        def watched_close(game, opened):
            closings.append((game.uno_window, close(game, opened)))
            return closings[-1][1]

        table.ctl.close_uno_window = watched_close
        ann_screen = table_screen(ann)
        await wait_until(lambda: ann_screen.awaiting_turn, "ann's turn")
        await wait_until(lambda: shows_hand(ann, "R5", "G7"), "ann's two cards")
        red5 = next(i for i, c in enumerate(hand_cards(ann)) if c.face.code == "R5")
        ann.keys(f"{red5 + 1}\r")          # plays Red 5 without calling UNO
        await wait_until(lambda: any("ann plays Red 5" in line for line in table.ctl.log),
                         "ann's play")
        # Nobody plays a card (bob, to play, waits): only the clock can close the window.
        await wait_until(lambda: closings, "the clock ran out")
        # ann's window was open, and it closed, with its log line for every terminal
        assert closings == [(0, ["Time is up: ann's missed UNO can no longer be caught"])]
        game = table.ctl.game
        assert game.uno_window is None and game.decision.seat == 1 and len(game.discard) == 2
        for client in (ann, bob, cy):
            await wait_until(lambda: "Catch!" not in client.text(), f"no catch for {client.name}")
        assert not any("catches" in line for line in table.ctl.log)
        for client in (ann, bob, cy):
            await client.close()


def test_a_render_workers_mirror_closes_the_window_the_hosts_clock_closed():
    feed = TableFeed()
    ctl = TableController("classic", (SeatSpec("ann"), SeatSpec("bob"), SeatSpec("cy")),
                          mode="single", rules=("catch-window:5",), seed=3, recorder=feed)
    game = Game.from_position("classic", hands=[["R5", "G7"], ["B1", "B2"], ["Y1", "Y2"]],
                              top="R3", rules=("catch-window:5",))
    ctl.use_position(game)
    follower = _Follower(feed)
    follower.sync(ctl)
    ctl.apply(Play(0, game.hands[0][0]))
    follower.sync(ctl)
    assert follower.mirror.ctl.game.uno_window == 0
    opened, seconds = game.uno_window_clock
    assert seconds == 5
    assert ctl.close_uno_window(game, opened)
    assert feed.steps[-1] == CloseUnoWindow(0)       # an action, as every step
    follower.sync(ctl)
    assert follower.mirror.ctl.game.uno_window is None
    # What the mirror's seats may do is the host's again: no catch left.
    assert follower.mirror.ctl.game.legal_actions(2) == game.legal_actions(2)
