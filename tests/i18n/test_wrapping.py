"""One line wrapper for every Japanese text the app wraps itself (`app/wrapping.py`):
the log, the prompt panel and the cards' names break lines by the same rules."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from uno_tui.app.widgets import card as cards
from uno_tui.app.widgets.log import INDENT, wrap_line
from uno_tui.app.wrapping import NO_LINE_END, NO_LINE_START, wrap
from uno_tui.engine import Face, Kind
from uno_tui.i18n import translator

from ..app.helpers import make_controller

JA = translator("ja")


def _problems(rows: list[str], width: int) -> list[str]:
    """What breaks the rules in ``rows``: too wide, a forbidden start or end, a last row
    of one lone wide character."""
    found = [f"{row!r} is wider than {width}" for row in rows if cell_len(row) > width]
    found += [f"{row!r} starts with {row.strip()[0]}" for row in rows[1:]
              if row.strip()[:1] in NO_LINE_START]
    found += [f"{row!r} ends with {row.strip()[-1]}" for row in rows[:-1]
              if row.strip()[-1:] in NO_LINE_END]
    last = rows[-1].strip()
    if len(rows) > 1 and len(last) == 1 and cell_len(last) == 2:
        found.append(f"{last!r} is alone on the last row")
    return found


def test_the_log_breaks_between_phrases_not_inside_words():
    # At 80x24 (the log's 23 cells) it broke "…を出 / した", "割り込ん / だ！".
    assert wrap_line("CPU 1が赤のスキップを出した", 23) == ["CPU 1が赤のスキップを", "  出した"]
    assert wrap_line("CPU 1が緑の6で割り込んだ！", 23) == ["CPU 1が緑の6で", "  割り込んだ！"]
    assert wrap_line("CPU 1がCPU 2と手札を交換した", 23) == ["CPU 1がCPU 2と手札を",
                                                       "  交換した"]
    # "めくっ / た" (and, before the lone-character rule, "めくっ / た" at 25).
    assert wrap("アンが山札から1枚をめくった", 25, INDENT) == ["アンが山札から1枚を", "  めくった"]
    # A seat's name and a colour's initial are not cut at their space ("CPU / 3").
    assert wrap_line("CPU 2の手札をCPU 3にだけ見せた", 23) == ["CPU 2の手札を",
                                                        "  CPU 3にだけ見せた"]
    assert wrap_line("色は赤 (R)、次に出すのはCPU 3", 17) == ["色は赤 (R)、次に", "  出すのはCPU 3"]


def test_a_short_aside_in_brackets_is_not_cut():
    # The colour question of a Wild Draw Two (UNO Flip) at 80x24 read
    # "…何色にしますか？（手札は" / "下）": は|下 is a phrase boundary, but not inside
    # an aside that fits a line.
    question = "ワイルドドロー2が出ました。何色にしますか？（手札は下）"
    assert wrap(question, 52) == ["ワイルドドロー2が出ました。何色にしますか？", "（手札は下）"]
    assert wrap(question, 23)[-1] == "（手札は下）"
    assert wrap("アンが「ウノ」と言った", 17) == ["アンが「ウノ」と", "言った"]
    # An aside wider than the line breaks between its phrases, as any text does.
    wide = "ミニパイルを作る（そのカードの色が場の色になる）。"
    assert all(cell_len(row) <= 23 for row in wrap(wide, 23))
    assert "".join(wrap(wide, 23)) == wide


def test_a_sentence_does_not_end_on_a_row_of_one_lone_character():
    # Without the rule: "次の色は" / "青"; the phrase before comes down, whole.
    assert wrap("次の色は青", 8, INDENT) == ["次の", "  色は青"]
    assert wrap("ボブが上がってラウンドに勝った", 28, INDENT) == ["ボブが上がってラウンドに",
                                                           "  勝った"]
    assert wrap("すべてが裏返った：ダークサイドで続行", 18, INDENT) == [
        "すべてが裏返った：", "  ダークサイドで", "  続行"]


def test_the_log_never_ends_a_row_with_an_opening_bracket():
    # The log's own wrapper ended the row with "（" and began the next with "1枚）".
    assert wrap_line("CPU 1がミニパイルを引き取った（1枚）", 31) == [
        "CPU 1がミニパイルを引き取った", "  （1枚）"]


def test_the_log_never_starts_a_row_with_a_closing_bracket_or_a_small_kana():
    # It began rows with "）。" and "ィール": it carried one piece back, not enough.
    assert wrap_line("ワイルドパイルアップ：1枚をミニパイルにめくった（赤の9）。色は赤 (R)、"
                     "次に出すのはCPU 1", 29) == ["ワイルドパイルアップ：1枚を",
                                             "  ミニパイルにめくった",
                                             "  （赤の9）。色は赤 (R)、次に",
                                             "  出すのはCPU 1"]
    assert wrap_line("すべてが裏返った：ダークサイドで続行、いちばん上はティールのフリップ",
                     28)[1:] == ["  ダークサイドで続行、", "  いちばん上はティールの",
                                 "  フリップ"]
    # A word longer than the row breaks inside, by the same rules: not before ッ.
    assert wrap_line("（ワイルドパイルアップ、赤の2）", 23) == ["（ワイルドパイルアッ",
                                                     "  プ、赤の2）"]
    assert wrap("ワイルドパイルアップ", 9) == ["ワイルド", "パイル", "アップ"]
    # A name longer than the row breaks after a middle dot, between its words: it read
    # "ワイルド・ドラウ / ンド・トゥギャザーを".
    assert wrap_line("CPU 1がワイルド・ドラウンド・トゥギャザーを出した", 36) == [
        "CPU 1がワイルド・ドラウンド・", "  トゥギャザーを出した"]


def test_english_log_rows_are_wrapped_as_before():
    import textwrap

    line = "Wild Pile Up: 3 cards turned onto a mini-pile (Wild, Wild Draw Four, Yellow 9)"
    for width in range(20, 61):
        assert wrap_line(line, width) == textwrap.wrap(line, width, subsequent_indent=INDENT)
    assert wrap_line("", 30) == [""]


@pytest.mark.parametrize("variant, rules", [("classic", ("7-0", "jump-in", "stacking")),
                                            ("pokemon", ()), ("flip", ()), ("party", ())])
def test_every_log_line_of_a_random_game_in_japanese_keeps_the_rules_at_every_width(
        variant, rules):
    controller = make_controller("cpu,cpu,cpu", seed=7, variant=variant, rules=rules, ids=False)
    for _ in range(300):          # bounded: a few hundred actions, most of the events
        if controller.game.is_over:
            break
        controller.bot_step()
    lines = {JA.words(line) for line in controller.log}
    assert any(cell_len(line) != len(line) for line in lines)
    for line in lines:
        for width in range(20, 61):
            rows = wrap_line(line, width)
            assert not _problems(rows, width), (width, rows)
            assert "".join(row.strip() for row in rows).replace(" ", "") == \
                line.replace(" ", ""), (width, rows)


def _cut_words(rows: list[str]) -> list[str]:
    """The row breaks in ``rows`` that cut a word from its ending or its particle: a row
    that starts with hiragana after one that ends with anything but a stop or a space
    ("…を出 / した", "めくっ / た")."""
    return [f"{before!r} / {after!r}" for before, after in zip(rows, rows[1:])
            if "\u3041" <= after.strip()[:1] <= "\u309f" and before[-1:] not in "、。：！？ "]


@pytest.mark.parametrize("variant, rules", [("classic", ("7-0", "jump-in", "stacking")),
                                            ("pokemon", ()), ("flip", ()), ("party", ())])
def test_the_log_of_every_rule_set_breaks_between_phrases_at_every_size(variant, rules):
    # 23, 36 and 52 cells: the log's width at 80x24, 120x40 and 200x60.
    controller = make_controller("cpu,cpu,cpu", seed=1, variant=variant, rules=rules, ids=False)
    for _ in range(300):
        if controller.game.is_over:
            break
        controller.bot_step()
    lines = {JA.words(line) for line in controller.log}
    cut = {width: [cut for line in lines for cut in _cut_words(wrap_line(line, width))]
           for width in (23, 36, 52)}
    assert cut == {23: [], 36: [], 52: []}


def test_card_names_in_japanese_break_with_the_same_rules():
    # card.py's wide names go through wrapping.wrap (they used the log's copy, which
    # broke them the same way: every card face in Japanese is drawn as before).
    name_lines = cards.card_name_lines
    assert name_lines(Face.parse("W+4"), 9, 2, JA) == ("ワイルド", "ドロー4")
    assert name_lines(Face.parse("WPU"), 11, 3, JA) == ("ワイルド", "パイル", "アップ")
    assert name_lines(Face.parse("OSE"), 9, 2, JA) == ("全員", "スキップ")


def test_a_japanese_card_name_breaks_between_its_words():
    # At 80x24 Flip's Wild Draw Color read "ドローカ / ラー" (a word cut in two).
    name_lines = cards.card_name_lines
    assert name_lines(Face(None, Kind.WILD_DRAW_COLOR), 8, 2, JA) == ("ドロー", "カラー")
    assert name_lines(Face(None, Kind.WILD_DRAW_COLOR), 11, 3, JA) == (
        "ワイルド", "ドロー", "カラー")


#: What Japanese sentences are made of: words in kanji, katakana and hiragana (small
#: kana inside them), particles, digits and Latin names, each maybe in brackets and
#: followed by a stop.
_WORDS = st.sampled_from(["山札", "赤", "全員", "割り込", "出", "引", "カード", "ワイルド・",
                          "ドロー4", "パイルアップ", "めくった", "を", "が", "の", "した",
                          "んだ", "ている", "に", "は", "と", "1", "12", "CPU 3", "Ann",
                          " ", "赤 (R)"])
_PIECES = st.builds("".join, st.tuples(st.sampled_from(["", "", "（", "「"]), _WORDS,
                                       st.sampled_from(["", "", "）", "」"]),
                                       st.sampled_from(["", "", "", "、", "。", "：", "！"])))


@settings(max_examples=300, deadline=None)
@given(words=st.lists(_PIECES, min_size=1, max_size=40), width=st.integers(12, 60))
def test_any_japanese_text_is_kept_whole_within_the_width_and_by_the_rules(words, width):
    text = "".join(words)
    # No wide character: textwrap's (English) wrapping. A space after an opening mark or
    # before a closing one is no text's (and a line may break at any space).
    assume(cell_len(text) != len(text))
    assume(not any(text[i] == " " and (text[i - 1] in NO_LINE_END
                                       or text[i + 1] in NO_LINE_START)
                   for i in range(1, len(text) - 1)))
    rows = wrap_line(text, width)
    assert "".join(rows).replace(" ", "") == text.replace(" ", ""), rows
    assert [row for row in rows if cell_len(row) > width] == [], rows
    assert [row for row in rows[1:] if row.strip()[:1] in NO_LINE_START] == [], rows
    assert [row for row in rows[:-1] if row.strip()[-1:] in NO_LINE_END] == [], rows
