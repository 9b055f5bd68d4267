"""``serve --open``: guests, identity by key or token (not by name), play now, one
action per request (a double Enter opens one table), no ghost tables."""

from __future__ import annotations

import asyncssh

from uno_tui.app.screens.setup import SetupScreen
from uno_tui.server.client import ClientTableScreen
from uno_tui.server.lobby import LobbyScreen, NameDialog
from uno_tui.server.identity import split_login

from .support import Client, people, serving, table_screen, wait_until


def test_a_login_with_a_token_is_split_and_any_other_is_a_name():
    assert split_login("ann+k7q2x9mp") == ("ann", "k7q2x9mp")
    assert split_login("ann+short") == ("ann+short", None)
    assert split_login("a+b+k7q2x9mp") == ("a+b", "k7q2x9mp")


async def test_open_mode_lets_in_a_client_without_key_or_password_as_a_guest(tmp_path):
    async with serving(tmp_path, open=True) as host:
        root = await Client(host, "root").connect()
        await wait_until(lambda: isinstance(root.screen, LobbyScreen), "the lobby")
        assert root.app.player_name == "Guest1"
        await wait_until(lambda: "Welcome, Guest1" in root.text(), "the guest welcomed")
        assert f"Log in as Guest1+{root.session.identity.token}" in root.text()
        ann = await Client(host, "ann").connect()       # a name of one's own is kept
        assert ann.app.player_name == "ann"
        await root.close()
        await ann.close()


async def test_open_mode_takes_an_offered_key_as_the_identity(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with serving(tmp_path, open=True) as host:
        conn = await asyncssh.connect("127.0.0.1", host.port, username="ann",
                                      known_hosts=None, client_keys=[key], agent_path=None)
        await conn.create_process(term_type="xterm", term_size=(80, 24))
        await wait_until(lambda: host.sessions, "ann's session")
        (session,) = host.sessions
        assert session.key == key.get_fingerprint()
        conn.close()
        await conn.wait_closed()
    assert f"method=publickey key={key.get_fingerprint()}" in host.test_log.getvalue()


async def test_nobody_takes_a_dropped_seat_by_typing_its_name(tmp_path):
    async with serving(tmp_path, hold=60.0) as host:
        table = host.create_table(people("ann", "bob"))
        ann = await Client(host, "ann").connect()
        host.sit_now(ann.session, table.number)
        ann.abort()
        await wait_until(lambda: "(away, seat kept " in table.describe(), "ann's seat kept")
        impostor = await Client(host, "ann").connect()
        await wait_until(lambda: isinstance(impostor.screen, LobbyScreen), "the lobby, not her seat")
        assert table.seats_of(impostor.session) == ()
        impostor.keys("\r")
        await wait_until(lambda: "ann already has a seat at this table" in impostor.text(),
                         "the impostor refused")
        assert table.seats_of(impostor.session) == ()
        back = await Client(host, ann.comeback).connect()          # her token: her seat
        await back.at_table()
        assert table.seats_of(back.session) == (0,)
        await impostor.close()
        await back.close()


async def test_play_now_seats_visitors_together_in_one_key(tmp_path):
    async with serving(tmp_path, open=True) as host:
        first = await Client(host, "ann").connect()
        second = await Client(host, "bob").connect()
        for client in (first, second):
            await wait_until(lambda: isinstance(client.screen, LobbyScreen), "the lobby")
        first.keys("p")
        await first.at_table()
        second.keys("p")
        await second.at_table()
        (table,) = host.tables
        assert table.seats_of(first.session) == (0,) and len(table.seats_of(second.session)) == 1
        assert table.people_seated() == 2
        await first.close()
        await second.close()


async def test_a_double_enter_on_the_new_table_screen_opens_one_table(tmp_path):
    async with serving(tmp_path) as host:
        ann = await Client(host, "ann").connect()
        await wait_until(lambda: isinstance(ann.screen, LobbyScreen), "the lobby")
        ann.keys("n")
        await wait_until(lambda: isinstance(ann.screen, SetupScreen), "the setup screen")
        ann.keys("\r\r\r")
        await ann.at_table()
        await wait_until(lambda: ann.app.seating is False, "the request answered")
        assert len(host.tables) == 1
        (table,) = host.tables
        assert table.seats_of(ann.session) == (0,)
        await ann.close()


async def test_a_double_enter_in_the_lobby_sits_down_once(tmp_path):
    async with serving(tmp_path) as host:
        table = host.create_table(people("ann", "bob", computers=1))
        ann = await Client(host, "ann").connect()
        await wait_until(lambda: isinstance(ann.screen, LobbyScreen), "the lobby")
        ann.keys("\r\r")
        await ann.at_table()
        await wait_until(lambda: not ann.app.seating, "the request answered")
        assert table.seats_of(ann.session) == (0,)
        assert sum(isinstance(s, ClientTableScreen) for s in ann.app.screen_stack) == 1
        assert table.ctl.log.count("ann sits down at seat 1") == 1
        await ann.close()


async def test_leaving_leaves_no_ghost_table_and_a_drop_closes_it_after_the_hold(tmp_path):
    async with serving(tmp_path, hold=0.3) as host:
        ann = await Client(host, "ann").connect()
        await wait_until(lambda: isinstance(ann.screen, LobbyScreen), "the lobby")
        ann.keys("p")
        await ann.at_table()
        first = host.tables[0]
        ann.keys("\x03")
        await wait_until(lambda: "Leave the table?" in ann.text(), "the confirm")
        ann.keys("y")
        await wait_until(lambda: isinstance(ann.screen, LobbyScreen), "back in the lobby")
        await wait_until(lambda: not host.tables, "the table closed")
        assert first.closed
        ann.keys("p")
        await ann.at_table()
        ann.abort()                       # the last person drops: the seat waits, then
        await wait_until(lambda: host.tables and host.tables[0].interrupted, "interrupted")
        assert not host.lobby_tables      # the lobby lists no table nobody can join
        bob = await Client(host, "bob").connect()
        await wait_until(lambda: "No tables yet" in bob.text(), "bob's empty lobby")
        await bob.close()


async def test_a_visitor_renames_themself_in_the_lobby(tmp_path):
    async with serving(tmp_path, open=True) as host:
        guest = await Client(host, "root").connect()
        await wait_until(lambda: isinstance(guest.screen, LobbyScreen), "the lobby")
        guest.keys("r")
        await wait_until(lambda: isinstance(guest.screen, NameDialog)
                         and guest.app.focused is not None, "the name dialog")
        guest.keys("Zoë\r")
        try:
            await wait_until(lambda: "You are Zoë from now on" in guest.text(), "renamed")
        except AssertionError:
            print(guest.text()); raise
        assert guest.session.name == "Zoë"
        guest.keys("p")
        await guest.at_table()
        assert table_screen(guest).ctl.names[0] == "Zoë"
        await guest.close()
    assert "rename addr=127.0.0.1:" in host.test_log.getvalue()


async def test_an_emoji_login_gets_in_under_its_name(tmp_path):
    """asyncssh's SASLprep knows Unicode 3.2 only: an emoji was an "Unassigned
    character" and the connection was dropped before our code ran."""
    async with serving(tmp_path, open=True) as host:
        fan = await Client(host, "ann🎉").connect()
        await wait_until(lambda: isinstance(fan.screen, LobbyScreen), "the lobby")
        assert fan.app.player_name == "ann🎉"
        await wait_until(lambda: "Welcome, ann🎉" in fan.text(), "welcomed by name")
        await fan.close()
    assert "auth ok addr=127.0.0.1:" in host.test_log.getvalue()

