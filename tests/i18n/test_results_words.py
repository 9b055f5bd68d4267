"""Round and match results, the challenged hand and the score line in Japanese; the
English ones as they always read."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from rich.console import Console

from uno_tui.app.controller import RoundSummary
from uno_tui.app.screens.match_result import MatchResultDialog, match_title
from uno_tui.app.screens.reveal import RevealScreen
from uno_tui.app.cardtext import short_label
from uno_tui.app.screens.round_result import RoundResultScreen, round_table, round_title
from uno_tui.app.narration import Narrator
from uno_tui.engine import Event, EventKind, Face
from uno_tui.i18n import translator

from ..app.helpers import make_app, make_controller, screen_text

JA = translator("ja")


def summary(**changes) -> RoundSummary:
    fields = dict(number=2, winner=1, names=("アン", "Bob", "Cy"),
                  hands=((Face.parse("R5"), Face.parse("W+4")), (), (Face.parse("GS"),)),
                  hand_points=(55, 0, 20), gained=(0, 75, 0), totals=(10, 120, 30),
                  match_over=True, match_winners=(1,), mode="target", target=100)
    fields.update(changes)
    return RoundSummary(**fields)


def plain(renderable, width=60) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_round_in_japanese_and_in_english():
    assert round_title(summary(), JA) == "第2ラウンド：Bobが上がって75点"
    assert round_title(summary()) == "Round 2: Bob goes out and scores 75"
    assert round_title(summary(winner=None), JA) == "第2ラウンドは勝者なしで終わった"
    assert round_title(summary(mode="lowest"), JA) == "第2ラウンド：Bobが上がり"
    table = plain(round_table(summary(), JA))
    for words in ("プレイヤー", "残りのカード", "点数", "合計", "R 5", "ワイルド+4", "G スキップ",
                  "上がり"):
        assert words in table, (words, table)
    assert "Cards left" in plain(round_table(summary())) and "R 5 Wild+4" in plain(
        round_table(summary()))


def test_the_match_in_japanese_and_a_shared_win():
    assert match_title(summary(), JA) == "Bobが勝負に勝った！"
    assert match_title(summary(match_winners=(0, 2)), JA) == "アンとCyが勝利を分け合った！"
    assert match_title(summary(match_winners=(0, 2))) == "アン and Cy share the win!"
    assert match_title(summary(match_winners=())) == "The match ends with no winner"


async def test_the_result_screens_read_in_the_apps_language():
    controller = make_controller("アン,cpu", ids=False)
    app = make_app(controller)
    app.tr = JA
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(RoundResultScreen(summary()))
        await pilot.pause()
        text = screen_text(app)
        assert "第2ラウンド：Bobが上がって75点" in text and "Enterで勝負の結果へ。" in text
        app.pop_screen()
        await app.push_screen(MatchResultDialog(summary(), app.tr))
        await pilot.pause()
        text = screen_text(app)
        assert "最終得点：" in text and "同じメンバーでもう一度" in text
        # The standings line up in cells: a two-cell name is padded to the same column.
        ends = [cell_len(row[:row.index(total) + len(total)])
                for row in text.splitlines() for name, total in
                (("Bob ", " 120"), ("Cy ", " 30"), ("アン ", " 10")) if name in row and total in row]
        assert len(ends) == 3 and len(set(ends)) == 1, text
        app.pop_screen()
        verdict = Narrator(("アン", "Bob"), Face.parse).line(
            Event(EventKind.CHALLENGE, 1, target=0, detail="guilty"))
        await app.push_screen(RevealScreen("Bob", "アン", [Face.parse("R5")], verdict))
        await pilot.pause()
        text = screen_text(app)
        assert "アンの手札（Bobだけに）" in text and "R 5" in text
        assert "Bobがアンにチャレンジして成功：ごまかしだった" in text


#: Eleven cards left, as a round at 80x24 left アン's: wider than the column, in either language.
ELEVEN = tuple(Face.parse(code) for code in "BR Y+2 G3 G5 W+4 Y7 YS W B9 Y6 R9".split())


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_long_hand_left_wraps_between_cards_never_inside_one(lang):
    """At 80x24 the round's table broke 「Y スキップ」 at its space: "Y …" ended a row
    (Textual's cut of Rich's "Y" / "スキップ"), English's "Y Skip" the same way."""
    tr = translator(lang)
    labels = [tr.words(short_label(face)) for face in ELEVEN]
    app = make_app(make_controller("アン,cpu", ids=False), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(RoundResultScreen(summary(hands=(ELEVEN, (), (Face.parse("GS"),)))))
        await pilot.pause()
        text = screen_text(app)
    rows = [re.split(r"\s{2,}", row.strip("█ ").removeprefix("アン").strip())[0]
            for row in text.splitlines() if "█" in row]
    assert "…" not in text, text
    # Every label whole on a row (the rows joined, a label cut in two would read whole).
    assert [label for label in labels if not any(label in row for row in rows)] == [], rows
