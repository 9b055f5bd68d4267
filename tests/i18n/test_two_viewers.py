"""One server table, two terminals, two languages: the table's one log (made once, by
one narrator, in the host) reads in each terminal's own language."""

from __future__ import annotations

import re

from uno_tui.app.widgets.log import GameLog
from uno_tui.engine import Game, Play
from uno_tui.i18n import Phrase
from uno_tui.server.table import Submission
from uno_tui.server.lobby import LobbyScreen

from ..server.support import (
    Client, hand_cards, log_entries, people, shows_hand, serving, table_screen, wait_until,
)


def _log_rows(client: Client) -> tuple[str, ...]:
    screen = table_screen(client)
    if screen is None:
        return ()
    with client.app._context():
        return screen.query_one(GameLog).rows


def _words(client: Client) -> list[str]:
    """The log's entries as ``client``'s terminal words them."""
    return [client.app.tr.words(entry) for entry in log_entries(client)]


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
        await wait_until(lambda: shows_hand(ann, "R5", "G7", "B9"), "ann's three cards")
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



async def test_each_terminal_reads_the_tables_refusals_in_its_own_language(tmp_path, monkeypatch):
    """A refusal travels from the host as a phrase naming people (never translated) and
    each terminal words it: ann's in Japanese, bob's exactly the English of before."""
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    async with serving(tmp_path) as host:
        table = host.create_table(people("ann", "bob"))
        ann = await _seated(host, "ann", {"LANG": "ja_JP.UTF-8"})
        bob = await _seated(host, "bob", {"LANG": "en_GB.UTF-8"})
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7", "B9"], ["B1", "B2", "B3"]], top="R3", current=0))
        await wait_until(lambda: table_screen(ann).awaiting_turn, "ann's turn")
        await wait_until(lambda: shows_hand(ann, "R5", "G7", "B9"), "ann's three cards")
        game = table.ctl.game
        red5, green7 = (next(c.id for c in hand_cards(ann) if c.face.code == code)
                        for code in ("R5", "G7"))
        blue1 = game.hands[1][0]

        async def refused(client: Client, submission: Submission | None, expected: str):
            table_screen(client).message = ""
            if submission is not None:
                table.submit(client.session, submission)
            await wait_until(lambda: table_screen(client).message, f"{client.name}'s refusal")
            assert table_screen(client).message == expected

        # ann's own keys: a card that does not match.
        green7_key = next(i for i, c in enumerate(hand_cards(ann)) if c.id == green7) + 1
        table_screen(ann).message = ""
        ann.keys(f"{green7_key}\r")
        await refused(ann, None, "✗ 緑の7は赤の3に合いません（場の色は赤）。\n"
                                 "✗ 緑の7は出せません（場の色は赤）。\n✗ 場の色は赤です。")
        # Moves a terminal sends that the table refuses, naming a person.
        await refused(ann, Submission((Play(1, blue1),)), "✗ bobの席はあなたの席ではありません。")
        await refused(ann, Submission((Play(0, blue1),)), "✗ annはそのカードを持っていません。")
        await refused(bob, Submission((Play(1, blue1),)),
                      "✗ the game is waiting for ann to play a card or draw.")
        await refused(bob, Submission((Play(0, red5),)), "✗ the seat of ann is not yours.")
        table.submit(ann.session, Submission((Play(0, red5),)))
        await wait_until(lambda: table.ctl.game.decision.seat == 1, "bob's turn")
        await refused(ann, Submission((Play(0, green7),)), "✗ bobを待っています：カードを出すか引く。")
        await refused(bob, Submission((Play(1, green7),)), "✗ bob does not hold that card.")
        # The reasons no key of this position gives: the same English as before.
        catch = ("seat {seat} can't be caught: only a player down to one card who has not "
                 "called UNO can be caught, before the next player acts")
        for engine_reason, english, japanese in (
                (Phrase("seat {seat} has already voted", seat=1), "bob has already voted",
                 "bobはもう投票しました"),
                (Phrase("pick two players from seat 0 to seat {last}", last=1),
                 "pick two players from ann to bob", "ann から bob までの2人を選んでください"),
                (Phrase(catch, seat=0), catch.replace("seat {seat}", "ann"), "annは指摘できません：指摘"
                 "できるのは、手札が1枚になってUNOと言っていない人だけで、次の人が動く前までです")):
            named = table.in_names(engine_reason)
            assert (str(named), ann.app.tr.words(named)) == (english, japanese)
        await ann.close()
        await bob.close()


async def test_a_render_worker_words_the_refusal_in_its_terminals_language(tmp_path, monkeypatch):
    """The refusal crosses to the worker pickled, still a phrase: each worker's terminal
    reads it in its own language."""
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    async with serving(tmp_path, workers=2, pace=30.0) as host:
        table = host.create_table(people("ann", "bob"))
        clients = []
        for name, lang, lobby in (("ann", "ja_JP.UTF-8", "テーブル1"),
                                  ("bob", "en_GB.UTF-8", "Table 1")):
            client = await Client(host, name).connect(env={"LANG": lang})
            await client.until(lobby.encode())
            client.keys("\r")
            await wait_until(lambda: client.session.table is not None
                             and client.session.table.seats_of(client.session),
                             f"{name} seated")
            clients.append(client)
        ann, bob = clients
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7"], ["B1", "B2"]], top="R3", current=0))
        game = table.ctl.game
        table.submit(ann.session, Submission((Play(0, game.hands[1][0]),)))
        await ann.until("annはそのカードを持っていません".encode())
        table.submit(bob.session, Submission((Play(0, game.hands[0][0]),)))
        await bob.until(b"the seat of ann is not yours")
        assert "席".encode() not in bob.received
        await ann.close()
        await bob.close()

async def test_the_tables_seat_news_reads_in_each_terminals_language(tmp_path):
    async with serving(tmp_path) as host:
        host.create_table(people("ann", "bob"))
        ann = await _seated(host, "ann", {"LANG": "ja_JP.UTF-8"})
        bob = await _seated(host, "bob", {"LANG": "en_GB.UTF-8"})
        await wait_until(lambda: "bobが2番の席に着きました" in _words(ann),
                         "bob's arrival in ann's log, in Japanese")
        await wait_until(lambda: "bob sits down at seat 2" in _words(bob),
                         "bob's arrival in bob's log, in English")
        await ann.close()
        await bob.close()
