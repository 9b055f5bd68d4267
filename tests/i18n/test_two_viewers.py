"""One server table, two terminals, two languages: the table's one log (made once, by
one narrator, in the host) reads in each terminal's own language."""

from __future__ import annotations

import re

from uno_tui.app.widgets.log import GameLog
from uno_tui.engine import Game
from uno_tui.server.lobby import LobbyScreen

from ..server.support import Client, hand_cards, people, serving, table_screen, wait_until


def _log_rows(client: Client) -> tuple[str, ...]:
    screen = table_screen(client)
    if screen is None:
        return ()
    with client.app._context():
        return screen.query_one(GameLog).rows


async def _seated(host, name: str, env: dict[str, str]) -> Client:
    client = await Client(host, name).connect(env=env)
    await wait_until(lambda: isinstance(client.app.screen, LobbyScreen), f"{name}'s lobby")
    client.keys("\r")                      # the lobby's first table: ours
    await client.at_table()
    return client


async def test_two_terminals_read_one_tables_log_each_in_its_language(tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")   # the server's own locale plays no part
    async with serving(tmp_path) as host:
        table = host.create_table(people("ann", "bob"))
        ann = await _seated(host, "ann", {"LANG": "ja_JP.UTF-8"})
        bob = await _seated(host, "bob", {"LANG": "en_GB.UTF-8"})
        assert (ann.app.tr.lang, bob.app.tr.lang) == ("ja", "en")
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7", "B9"], ["B1", "B2", "B3"]], top="R3", current=0))
        await wait_until(lambda: table_screen(ann).awaiting_turn, "ann's turn")
        await wait_until(lambda: len(hand_cards(ann)) == 3, "ann's three cards")
        red5 = next(i for i, c in enumerate(hand_cards(ann)) if c.face.code == "R5")
        ann.keys(f"{red5 + 1}\r")
        # (The server's tables show card ids: "Red 5#9".)
        played = re.compile(r"ann plays Red 5#\d+")
        await wait_until(lambda: any(played.fullmatch(line) for line in table.ctl.log),
                         "the play in the table's log")
        await wait_until(lambda: any(re.fullmatch(r"annが赤の5#\d+を出した", row)
                                     for row in _log_rows(ann)), "ann's log in Japanese")
        await wait_until(lambda: any(played.fullmatch(row) for row in _log_rows(bob)),
                         "bob's log in English")
        assert not any("plays" in row for row in _log_rows(ann))
        assert not any("を出した" in row for row in _log_rows(bob))
        await ann.close()
        await bob.close()
