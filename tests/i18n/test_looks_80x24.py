"""How the Japanese screens look at 80x24: no ambiguous-width character in a title
(a terminal drawing one two cells wide shifts the line), no line of the lobby's
greeting that starts with 、 or 。 (kinsoku), no warning sign alone on its line, and
the replay's dealer mark apart from the name."""

from __future__ import annotations

import asyncio
import unicodedata

import asyncssh
import pytest

from uno_tui.app.wrapping import NO_LINE_START
from uno_tui.server.lobby import LobbyScreen

from ..app.helpers import screen_text
from ..server.support import serving, wait_until


def ambiguous(text: str) -> list[str]:
    """The characters of ``text`` whose width East Asian terminals may draw as two."""
    return [c for c in text if unicodedata.east_asian_width(c) == "A"]


async def _lobby(host, env: dict[str, str], name: str = "アン", size=(80, 24)):
    conn = await asyncssh.connect("127.0.0.1", host.port, username=name, known_hosts=None,
                                  client_keys=None, password=None)
    await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None,
                              env=env)
    session = None

    def started() -> bool:
        nonlocal session
        session = next(iter(host.sessions), None)
        return (session is not None and session.app is not None
                and isinstance(session.app.screen, LobbyScreen))

    await wait_until(started, "the lobby")
    return conn, session.app


#: A name whose width made Textual's own wrapping start the greeting's second line with
#: ー at 80 columns (and its third with 。 for a few letters more).
LONG_NAME = "bartholomewxyz"


async def test_the_lobby_at_80x24_in_japanese_keeps_its_lines_and_title_whole(tmp_path):
    async with serving(tmp_path) as host:
        conn, app = await _lobby(host, {"LANG": "ja_JP.UTF-8"}, LONG_NAME)
        await wait_until(lambda: "ようこそ" in screen_text(app), "the greeting")
        await asyncio.sleep(0.2)
        rows = screen_text(app).splitlines()
        conn.close()
        await conn.wait_closed()
    assert ambiguous(rows[0]) == [], rows[0]
    assert "ロビー" in rows[0] and "uno-tui｜ロビー" in rows[0], rows[0]
    greeting = [row.strip() for row in rows[1:8] if row.strip()]
    assert any("ようこそ" in row for row in greeting), rows
    starts = [row for row in greeting if row[0] in NO_LINE_START]
    assert starts == [], greeting


async def test_the_save_mark_at_80x24_in_japanese_keeps_its_warning_sign_with_its_words(
        tmp_path, monkeypatch):
    from uno_tui.app.app import UnoApp
    from uno_tui.saves import MatchStore

    from ..app.helpers import wait_for
    from ..saves.test_honest_state import CONFIG, full_disk

    full_disk(monkeypatch)
    app = UnoApp(CONFIG, pace=0, steady=True, store=MatchStore(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "⚠" in screen_text(app), "the mark")
        await pilot.pause(0.1)
        rows = screen_text(app).splitlines()
        app.exit()
    [first] = [row for row in rows if "⚠" in row]
    # Textual folded the sentence (no spaces in it) onto the next row, the sign alone.
    assert first.strip() != "⚠" and "保存" in first, rows
    assert not [row for row in rows if row.strip()[:1] in NO_LINE_START and row.strip()]


async def test_the_colour_question_at_80x24_in_japanese_says_it_in_one_row():
    # "ワイルドが出ました。何色にしますか？手札は下にあります。" was 56 cells, the panel's line
    # 51: the question took a row more than the English one, and closing it repainted
    # the seats' row as well (1.54x English bytes, prompt_bytes.py's "prompt alone").
    from ..app.helpers import make_app, press, rigged, settle

    app = make_app(rigged("アン,cpu", hands=[["W", "R5"], ["G1", "G2"]], top="B3"), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")           # play the Wild: the colour question
        await settle(pilot)
        rows = screen_text(app).splitlines()
    [asked] = [row for row in rows if "何色にしますか" in row]
    assert "ワイルドが出ました" in asked and asked.rstrip(" │").endswith("（手札は下）"), rows


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_sixteen_seats_in_japanese_keep_every_name_whole(size):
    """At 80x24 the one-line seats of a 16-seat table read "C  7▮  0  ⋯": the dealer's
    badge ' ディーラー' (ten cells, kept free on every row) left the names one cell. The
    one-line badge is 親 (Mattel Japan's word, one character); a panel's title drops
    its score's padding before it cuts the name (at 120x40 "CPU 15" read "CPU …")."""
    from uno_tui.app.widgets.seats import SeatPanel

    from ..app.helpers import make_app, make_controller, settle

    app = make_app(make_controller("アン," + ",".join(["cpu"] * 15), variant="party", seed=5,
                                   ids=False, mode="target"), lang="ja")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        panels = list(app.table.query(SeatPanel))
        seats = {panel.facts.name: panel.render().plain for panel in panels}
        dealer = next(panel for panel in panels if panel.facts.dealer)
        title = dealer._title(dealer.facts._replace(name="CPU 15", score=120),
                              dealer.size.width).plain
    assert len(seats) == 16
    assert [name for name, text in seats.items() if name not in text] == [], seats
    assert not any("…" in text or "⋯" in text for text in seats.values()), seats
    assert "CPU 15" in title and "ディーラー" in title, title


@pytest.mark.parametrize("color, label", [("orange", "オレンジ (O)"), ("teal", "ティール (T)")])
async def test_the_colour_in_play_under_the_pile_is_whole_in_japanese(color, label):
    """UNO Flip's dark colours under the discard pile at 80x24 read 「オレンジ (⋯」: the
    label with its margins is 14 cells, the compact pile 12."""
    from uno_tui.app.widgets.discard import DiscardPile, PileCard
    from uno_tui.engine import Face

    from ..app.helpers import make_app, rigged, settle

    app = make_app(rigged("アン,cpu", variant="flip", hands=[["R5/P3"], ["G1/T2"]],
                          top="G3/O1"), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        pile = app.table.query_one(DiscardPile)
        pile.pile = PileCard(Face.parse("W"), None, "", color, False)
        await settle(pilot)
        text = screen_text(app)
    assert label in text and "(⋯" not in text, text


@pytest.mark.parametrize("lang, name, stakes", [
    ("en", "Ann", "colour shows and 2 cards more."), ("ja", "アン", "カードとさらに2枚を引きます。")])
async def test_a_challenge_question_too_long_for_its_rows_says_its_stakes_whole(lang, name, stakes):
    """UNO Flip's Wild Draw Color at 80x24: the question was cut before what a wrong
    challenge costs (「違えばアンが指定した色が出るまでの⋯」, "...and 2…"). With too few
    rows it now says the colour before and the stakes (the title names the card)."""
    from uno_tui.engine import ChooseColor, Game, Play

    from ..app.helpers import FirstBot, make_app, make_controller, settle

    ctl = make_controller(f"{name},cpu", variant="flip", ids=False)
    ctl.use_position(Game.from_position("flip", hands=[["R5/P3", "G2/T6"],
                                                       ["B7/W+C", "Y1/U2", "Y2/U3"]],
                                        top="R3/P1", side=1, current=1))
    ctl.bots[1] = FirstBot(1)
    game = ctl.game
    ctl.apply(Play(1, next(c for c in game.hands[1] if game.face(c).code == "W+C")))
    ctl.apply(ChooseColor(1, "teal"))
    app = make_app(ctl, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rows = [row[:53].rstrip(" │") for row in screen_text(app).splitlines()]
    assert any(row.endswith(stakes) for row in rows), rows
    assert not any(row.endswith(("…", "⋯")) for row in rows[:6]), rows


@pytest.mark.parametrize("lang, name, colour", [("en", "Ann", "the colour in play is Green."),
                                                ("ja", "アン", "（場の色は緑）。")])
async def test_a_refusal_too_long_for_the_prompt_line_keeps_the_colour_in_play(lang, name,
                                                                             colour):
    """At 80x24 a refusal of Party's cut before the colour in play, in both languages
    (「✗ 青のリバースはワイルド・ドラウンド・トゥギャザーに合いません⋯」, "...(the colour
    in…"). A refusal too long for the line says it shorter, the colour in play kept."""
    from uno_tui.app.widgets.prompt import PromptBar

    from ..app.helpers import make_app, press, rigged, settle, shown

    ctl = rigged(f"{name},cpu", variant="party", hands=[["BR", "R2", "Y7"], ["G1", "G2"]],
                 top="WDT", color="green")
    app = make_app(ctl, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = (ctl.game.decision, list(ctl.game.hands[0]), list(ctl.log))
        await press(pilot, "1", "enter")
        await settle(pilot)
        await shown(pilot)
        line = app.table.query_one(PromptBar).render().plain
    assert line.startswith("✗") and colour in line, line
    assert (ctl.game.decision, list(ctl.game.hands[0]), list(ctl.log)) == before
