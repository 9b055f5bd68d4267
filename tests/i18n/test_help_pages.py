"""The rules and keys pages in Japanese: one for every page in English, built alike,
in the rule sheets' own words, and shown by an app whose players read Japanese."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from uno_tui.app import frontends
from uno_tui.app.app import UnoApp
from uno_tui.app.screens.help import HelpScreen, keys_markdown, rules_markdown
from uno_tui.engine import HOUSE_RULES, VARIANTS
from uno_tui.i18n import translator

from ..app.helpers import make_controller, press, settle, shown

HELP = resources.files("uno_tui.app").joinpath("help")
#: The app's own pages, and each built-in rule set's rules page (its front end's folder).
FOLDERS = {"app": HELP, **{name: frontends.front_end(name).help_folder for name in VARIANTS}}
PAGES = sorted((where, path.name) for where, folder in FOLDERS.items()
               for path in folder.iterdir() if path.name.endswith(".md"))
JA = translator("ja")
#: The seeds' names of each variant's own cards (shared/JAPANESE.md).
CARD_NAMES = {
    "classic": ["ワイルドドロー4", "ドロー2", "スキップ", "リバース", "ワイルド", "チャレンジ"],
    "pokemon": ["カビゴン", "ゲッコウガ", "ワイルドドロー4"],
    "flip": ["フリップ", "ライトサイド", "ダークサイド", "ドロー1", "ドローファイブ", "全員スキップ",
             "ワイルドドロー2", "ワイルドドローカラー", "ピンク", "ティール", "オレンジ", "紫"],
    "party": ["スピードプレイ", "ポイントテイク", "ワイルドパイルアップ", "ミニパイル",
              "ワイルド・ドラウンド・トゥギャザー", "リンクカード"],
}


def _shape(page: str) -> tuple[int, int]:
    """Its headings and its entries (a table's rows, a list's items): what a translation
    keeps. The Japanese pages list what the English ones put in tables: a sentence with
    no spaces can't wrap in a table's cell, which cuts it with an ellipsis."""
    lines = page.splitlines()
    headings = sum(1 for line in lines if re.match(r"#+ ", line))
    rows = [line for line in lines if line.startswith("|")]
    separators = sum(1 for row in rows if set(row) <= set("|- "))
    # Each table has one separator, under its heading row.
    table_entries = len(rows) - 2 * separators
    return headings, table_entries + sum(1 for line in lines if line.startswith("- "))


@pytest.mark.parametrize("where, name", PAGES, ids=[f"{w}/{n}" for w, n in PAGES])
def test_every_english_page_has_a_japanese_one_built_alike(where, name):
    folder = FOLDERS[where]
    japanese = folder.joinpath("ja", name)
    assert japanese.is_file(), f"{where}: {name} has no Japanese page ja/{name}"
    page = japanese.read_text(encoding="utf-8")
    assert _shape(page) == _shape(folder.joinpath(name).read_text(encoding="utf-8"))
    # A line break inside a paragraph reads as a space: a Japanese paragraph is one line.
    assert not re.search(r"[^\x00-\x7f]\n[^\x00-\x7f#|\-\n]", page)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_japanese_rules_use_the_rule_sheets_names(variant):
    page = rules_markdown(variant, tr=JA)
    assert "## 手番" in page and "UNO！" in page
    for name in CARD_NAMES[variant]:
        assert name in page, (variant, name)
    # No English sentence: only the letters a player presses or reads on a card.
    assert not re.search(r"[A-Za-z]{4,}", page.replace("UNO", "").replace("Bob", "")), page


#: What each rules page must say as its seed says it, where a page once said otherwise
#: or nothing (read against ../shared/seeds/ line by line).
SEED_FACTS = {
    # 000: a caught bluff's player draws 4, and the colour named stays.
    # 224 cards in the box, the direction tracker and the two link cards among them.
    "party": ["出した人が4枚引き、カードと指定した色はそのままで、チャレンジした人の番になる",
              "ディレクショントラッカーカード1枚とリンクカード2枚は山札に入れません",
              "その人の番は終わる",
              "リンクはその2人に移る", "数字カードが出るまでめくり直します"],
    # 002: Snorlax's cards are put on the pile (場に出して), nothing more.
    # A Snorlax's victim left with one card calls UNO too (as soon as a player holds one
    # card, however they got there).
    "pokemon": ["捨て札の山に出し（効果はない）", "6枚引いて1回休み",
                "カビゴンで手札が1枚になった人も「**UNO**」と宣言します"],
    # 001: the game always starts on the light side.
    "flip": ["いつもライトサイドから始まる", "フリップかワイルドドロー2なら山札に戻して"],
    "classic": [],
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_japanese_rules_say_what_the_seeds_say(variant):
    page = rules_markdown(variant, tr=JA)
    assert [fact for fact in SEED_FACTS[variant] if fact not in page] == []
    # It said both the bluffer and the wrong challenger take "the heavier penalty".
    assert "ごまかしがばれたら出した人がペナルティを受け、チャレンジが外れたら" in page
    assert "が、より重いペナルティ" not in page


#: The same, on the English pages: Party's said a Wild Draw Four was "as in classic UNO"
#: (whose caught bluff goes back to the hand), and Party's and Flip's said nothing of the
#: first card; Flip's, nothing of what a challenge costs.
SEED_FACTS_ENGLISH = {
    "party": ["its player draws 4, the card and its colour stay, and the challenger plays",
              "and their turn ends", "a new one moves the link",
              "A first card that is an action card or a wild has no effect"],
    "flip": ["The first card is dealt with as in classic UNO",
             "always starts on the light side, so a first Flip or\nWild Draw Two goes back",
             "the challenger draws 4, or until the colour shows and 2 more"],
    "pokemon": [],
    "classic": [],
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_english_rules_say_what_the_seeds_say(variant):
    page = rules_markdown(variant)
    assert [fact for fact in SEED_FACTS_ENGLISH[variant] if fact not in page] == []
    assert "Wild Draw Four | as in classic UNO |" not in page


def test_the_house_rules_are_told_in_japanese_under_a_japanese_heading():
    page = rules_markdown("classic", choosing=True, tr=JA)
    assert "## 選べるハウスルール" in page
    for rule, text in HOUSE_RULES.items():
        assert f"- **{rule}**: {JA(text)}" in page and JA(text) != text


def test_a_house_rule_with_its_number_is_told_in_japanese():
    # catch-window:5's line was made in English ("…, for 5 seconds at most") and shown
    # so on the Japanese page and the setup screen's list.
    page = rules_markdown("classic", ["catch-window:5"], tr=JA)
    [line] = [line for line in page.splitlines() if "catch-window:5" in line]
    assert line.endswith("。ただし最長5秒"), line
    assert not re.search(r"[A-Za-z]{4,}", line.replace("catch-window", "")), line
    assert rules_markdown("classic", ["catch-window:5"]).endswith(
        "(draws don't close the window), for 5 seconds at most")


def test_english_stays_english():
    assert "## The turn" in rules_markdown("classic")
    assert "| u |" in keys_markdown() and "キー" not in keys_markdown()


async def test_an_app_in_japanese_shows_its_help_and_footer_in_japanese():
    app = UnoApp(pace=0, steady=True, lang="ja",
                 controller=make_controller("Ann,cpu", seed=3, variant="flip"))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        text = await shown(pilot)
        assert "引く" in text          # the table's footer: "d Draw"
        await press(pilot, "question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = await shown(pilot)
        assert "UNOフリップ" in text and "ダークサイド" in text and "閉じる" in text
        await press(pilot, "k")
        assert "UNOを言い忘れた人を指摘する" in await shown(pilot)


async def test_two_apps_of_one_process_read_two_languages():
    english = UnoApp(pace=0, steady=True, controller=make_controller("Ann,cpu", seed=3))
    japanese = UnoApp(pace=0, steady=True, lang="ja", controller=make_controller("Ann,cpu", seed=3))
    async with english.run_test(size=(100, 40)) as one, japanese.run_test(size=(100, 40)) as two:
        await settle(one)
        await settle(two)
        assert "Draw" in await shown(one) and "引く" not in await shown(one)
        assert "引く" in await shown(two)


SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_japanese_help_snapshot(snap_compare, size):
    app = UnoApp(pace=0, steady=True, lang="ja",
                 controller=make_controller("Ann,cpu", seed=3, variant="party", ids=False))

    async def run_before(pilot):
        await settle(pilot)
        await press(pilot, "question_mark")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
