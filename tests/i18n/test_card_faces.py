"""Every card face of every rule set in Japanese, at every card size: its name in whole
words, never cut inside one (「ポイントテ / イク」 on a Party card)."""

from __future__ import annotations

import pytest

from uno_tui.app.cardtext import color_name, kind_name
from uno_tui.app.widgets.card import COMPACT, HUGE, LARGE, card_text, corner_index
from uno_tui.engine import Kind
from uno_tui.engine.variants import VARIANTS
from uno_tui.i18n import translator

JA = translator("ja")

ALL_FACES = sorted({face for variant in VARIANTS.values()
                    for face, _ in variant.deck + variant.dark_deck}, key=str)

#: The words of each card name in Japanese, as a reader splits it (the middle dots
#: between them are left out of the comparison). Written out here, apart from the card module's rules, so
#: that a rule finding a wrong joint fails too; a new card must be added.
WORDS = {
    "ドロー1": ("ドロー1",), "ドロー2": ("ドロー2",), "フリップ": ("フリップ",),
    "ポイントテイク": ("ポイント", "テイク"), "リバース": ("リバース",),
    "スキップ": ("スキップ",), "ゲッコウガ": ("ゲッコウガ",), "カビゴン": ("カビゴン",),
    "ドローファイブ": ("ドロー", "ファイブ"), "全員スキップ": ("全員", "スキップ"),
    "ワイルド": ("ワイルド",), "ワイルドドローカラー": ("ワイルド", "ドロー", "カラー"),
    "ワイルドドロー4": ("ワイルド", "ドロー4"), "ワイルドドロー2": ("ワイルド", "ドロー2"),
    "ワイルド・ドラウンド・トゥギャザー": ("ワイルド", "ドラウンド", "トゥギャザー"),
    "ワイルドパイルアップ": ("ワイルド", "パイル", "アップ"),
}
#: The strokes of the big digits on large cards.
BIG_STROKES = set("┏━┓┃┗┛┣┫┻")


def name_lines(face, size) -> list[str]:
    """The lines of the card's name as drawn: the body's lines less the corner indices,
    the symbol and the big digits."""
    index = corner_index(face)
    lines = [line[1:-1].strip().strip("・") for line in card_text(face, size, tr=JA)[1:-1]]
    return [line for line in lines
            if line and line not in (index, index[1:]) and not set(line) <= BIG_STROKES | {" "}]


def words_of(face) -> tuple[str, ...]:
    if face.kind == Kind.NUMBER:
        return (JA.words(color_name(face.color)),)      # a number card's colour: 赤
    return WORDS[JA.words(kind_name(face.kind))]


#: Names of one word wider than the smallest card: broken inside rather than not shown.
TOO_WIDE_FOR_A_SMALL_CARD = {"ゲッコウガ"}


@pytest.mark.parametrize("size", [COMPACT, LARGE, HUGE], ids=["compact", "large", "huge"])
@pytest.mark.parametrize("face", ALL_FACES, ids=str)
def test_every_card_face_in_japanese_breaks_its_name_between_words(face, size):
    words = words_of(face)
    lines = name_lines(face, size)
    # Only leading words may give way (a wild's ワイルド: its corner says W).
    shown = "".join(lines)
    dropped = next(k for k in range(len(words) + 1) if "".join(words[k:]) == shown)
    assert dropped == 0 or words[0].startswith("ワイルド") or not lines, (face, lines)
    if "".join(words) in TOO_WIDE_FOR_A_SMALL_CARD and size == COMPACT:
        assert lines == ["ゲッコ", "ウガ"]
        return
    # Each line is whole words, one after another.
    rest = list(words[dropped:])
    for line in lines:
        taken = ""
        while rest and len(taken) < len(line):
            taken += rest.pop(0)
        assert taken == line, (face, size, lines)


def test_point_taken_reads_whole_words_on_a_small_and_a_large_card():
    face = next(face for face in ALL_FACES if face.kind == Kind.POINT_TAKEN)
    assert name_lines(face, COMPACT) == ["ポイント", "テイク"]
    assert name_lines(face, LARGE) == ["ポイント", "テイク"]
    assert name_lines(face, HUGE) == ["ポイントテイク"]
