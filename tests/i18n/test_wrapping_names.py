"""Names are measured in cells (a kanji takes two): 16 letters or 8 kanji wherever a
name is taken, so every place that draws one has the room it was laid out for."""

from __future__ import annotations

import argparse

import pytest
from rich.cells import cell_len

from uno_tui import cli
from uno_tui.app.app import UnoApp
from uno_tui.app.widgets.seat_table import NameInput, SeatTable
from uno_tui.config import MAX_NAME, PlayConfig, SeatSpec, fit_name, name_problem
from uno_tui.i18n import translator
from uno_tui.server.identity import player_name
from uno_tui.server.table import ServerTable, TableError

from ..app.helpers import make_app, press, quiet, rigged, screen_text, settle, shown

JA = translator("ja")
EN = translator("en")
EIGHT = "一二三四五六七八"               # 16 cells: the widest name there may be
SIXTEEN = EIGHT + "九十壱弐参四五六"      # 16 characters but 32 cells


def test_a_name_is_measured_in_cells():
    assert name_problem("B" * 16) is None and name_problem(EIGHT) is None
    message, fields = name_problem(EIGHT + "九")
    assert JA(message, name="X", **fields) == "名前 X が長すぎます：半角16文字、漢字やかななら8文字まで"
    assert EN(message, name="X", **fields) == (
        "the name X is too long: at most 16 letters, or 8 wide characters (kanji, kana)")
    # A name in letters is refused in the words it always was.
    message, fields = name_problem("B" * 17)
    assert EN(message, name="X", **fields) == "the name X is longer than 16 characters"
    assert fit_name(SIXTEEN) == EIGHT and fit_name("アン ") == "アン"


def test_the_command_line_refuses_a_name_wider_than_16_cells(capsys):
    assert cli._seat(EIGHT, JA) == SeatSpec(EIGHT)
    with pytest.raises(argparse.ArgumentTypeError):
        cli._seat(SIXTEEN, JA)
    assert cli.main(["--lang", "ja", "--players", f"{SIXTEEN},cpu"]) == 2
    err = capsys.readouterr().err
    assert "が長すぎます：半角16文字、漢字やかななら8文字まで" in err, err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_the_server_takes_names_in_cells():
    # An SSH login name is cut to 16 cells (it was cut to 16 characters: 32 cells).
    assert player_name(SIXTEEN) == EIGHT
    assert player_name("Bartholomew-Jones-Smith") == "Bartholomew-Jone"

    class Visitor:
        name, key = SIXTEEN, None

        def table_changed(self, change) -> None:
            pass

    table = ServerTable(1, PlayConfig(seats=(SeatSpec("ann"), SeatSpec("bob"))))
    with pytest.raises(TableError) as refused:
        table.sit(Visitor(), 0)
    assert "長すぎます" in refused.value.words(JA)
    visitor = Visitor()
    visitor.name = EIGHT
    assert table.sit(visitor, 0) == 0


async def test_the_setup_takes_no_more_than_16_cells_and_says_why():
    app = UnoApp(PlayConfig(), pace=0, steady=True, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        name = app.screen.query_one(SeatTable).query(NameInput).first()
        name.focus()
        name.clear()
        for character in SIXTEEN:          # as an IME gives them: one after another
            name.insert_text_at_cursor(character)
        await quiet(pilot)
        assert name.value == EIGHT
        assert "名前は半角16文字、漢字やかななら8文字までです" in await shown(pilot)


async def test_the_setup_refuses_a_wider_name_set_without_typing():
    app = UnoApp(PlayConfig(), pace=0, steady=True, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        app.screen.query_one(SeatTable).query(NameInput).first().value = SIXTEEN
        await quiet(pilot)
        await press(pilot, "ctrl+s")
        assert "席1の名前が長すぎます：半角16文字、漢字やかななら8文字まで" in await shown(pilot)
        assert app.table is None


@pytest.mark.parametrize("name", [EIGHT, SIXTEEN])
async def test_the_widest_name_keeps_the_table_in_shape_at_80x24(name):
    # EIGHT is the widest the game takes now; SIXTEEN can still come from an old save.
    ctl = rigged(f"{name},cpu", hands=[["R1", "R2", "B3"], ["G1", "G2"]], top="R5")
    app = make_app(ctl, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rows = screen_text(app).splitlines()
    assert all(cell_len(row) <= 80 for row in rows)
    title = next(row for row in rows if "の手札" in row)
    assert title.startswith("╭─ ") and title.rstrip().endswith("╮"), title
    assert f"{EIGHT}" in title
    prompt = next(row for row in rows if "カードを選ぶ" in row or "Enterで出す" in row)
    assert prompt.strip().startswith(name[:4]), prompt


async def test_the_lobby_asks_again_for_a_name_wider_than_16_cells():
    from textual.widgets import Input, Static

    from uno_tui.server.lobby import NameDialog

    app = UnoApp(PlayConfig(), pace=0, steady=True, lang="ja")
    answers = []
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        app.push_screen(NameDialog("名前は？"), answers.append)
        await quiet(pilot)
        app.screen.query_one("#name", Input).value = EIGHT + "九"
        await press(pilot, "enter")
        hint = app.screen.query_one("#name-hint", Static)
        assert "漢字やかななら8文字まで" in str(hint.render())
        assert answers == []
        app.screen.query_one("#name", Input).value = EIGHT
        await press(pilot, "enter")
        await quiet(pilot)
    assert answers == [EIGHT]
