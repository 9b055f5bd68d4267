"""The setup screen's language switch: every word changes at once, what was set up stays,
and the choice is there again at the next launch."""

from __future__ import annotations

import json

import pytest
from rich.cells import cell_len

from uno_tui.app.app import UnoApp
from uno_tui.app.screens.setup import SetupScreen
from uno_tui.app.widgets.choice import ChoiceRow
from uno_tui.app.widgets.footer import KeysFooter
from uno_tui.app.widgets.checklist import CheckList
from uno_tui.app.widgets.seat_table import KindSwitch, SeatTable
from uno_tui.cli import _game_language
from uno_tui.config import PlayConfig
from uno_tui.i18n import translator
from uno_tui.preferences import FILE_NAME, Preferences

from ..app.helpers import press, quiet, shown

JA = translator("ja")


def setup_app(tmp_path, lang: str = "en") -> UnoApp:
    return UnoApp(PlayConfig(), pace=0, steady=True, lang=lang,
                  preferences=Preferences(tmp_path))


def footer_words(app) -> list[str]:
    return [item.description for item in app.screen.query_one(KeysFooter).items]


async def test_l_switches_the_footer_and_the_setup_at_once_and_keeps_what_was_set_up(tmp_path):
    app = setup_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        english = await shown(pilot)
        assert "New game" in english and "Start" in footer_words(app)
        await press(pilot, "tab", "right")                 # Variant: Pokémon
        await press(pilot, "tab", *["backspace"] * 8, "A", "n", "n")   # seat 1: Ann
        await press(pilot, "escape", "l")
        await quiet(pilot)
        assert app.language == "ja" and app.tr is JA
        text = await shown(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert JA("New game") in text and JA("House rules") in text and "New game" not in text
        assert JA("Start") in footer_words(app) and "Start" not in footer_words(app)
        # What was set up is the same after the switch.
        assert app.screen.query_one("#variant", ChoiceRow).value == "pokemon"
        assert app.screen.query_one(SeatTable).rows[0].name == "Ann"
        await press(pilot, "l")                            # and back to English
        await quiet(pilot)
        assert app.language == "en"
        assert "New game" in await shown(pilot) and "Start" in footer_words(app)
        assert app.screen.query_one(SeatTable).rows[0].name == "Ann"


async def test_the_setup_names_its_person_and_presets_in_the_language_shown(tmp_path):
    # The Japanese setup showed "Player 1" and the presets "Classic", "Party", "Crazy".
    app = setup_app(tmp_path, "ja")
    async with app.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        text = await shown(pilot)
        assert "プレイヤー1" in text and "Player 1" not in text
        assert "クラシック" in text and "パーティー" in text and "クレイジー" in text
        assert "Classic" not in text and "Crazy" not in text
        assert app.screen.query_one(SeatTable).rows[0].name == "プレイヤー1"
        await press(pilot, "l")                     # English: the name no one typed follows
        await quiet(pilot)
        assert app.screen.query_one(SeatTable).rows[0].name == "Player 1"
        await press(pilot, "l")
        await quiet(pilot)
        assert app.screen.query_one(SeatTable).rows[0].name == "プレイヤー1"


async def test_the_field_in_use_keeps_the_focus_through_a_switch(tmp_path):
    app = setup_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        table = app.screen.query_one(SeatTable)
        app.screen.set_focus(table.seat_rows[2].query_one(KindSwitch))
        app.screen.query_one("#rules", CheckList).cursor = 4
        app.switch_language("ja")
        await quiet(pilot)
        table = app.screen.query_one(SeatTable)
        assert app.screen.focused is table.seat_rows[2].query_one(KindSwitch)
        assert app.screen.query_one("#rules", CheckList).cursor == 4
        await press(pilot, "left")                         # the third seat's player moves
        await quiet(pilot)
        assert table.rows[2].level != app.screen.config.seats[2].level


async def test_the_language_field_switches_too(tmp_path):
    app = setup_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        app.screen.query_one("#language", ChoiceRow).focus()
        await press(pilot, "right")
        await quiet(pilot)
        assert app.language == "ja"
        assert JA("New game") in await shown(pilot)
        # The field keeps the focus through the switch, so Left goes straight back.
        assert app.screen.focused is app.screen.query_one("#language")
        await press(pilot, "left")
        await quiet(pilot)
        assert app.language == "en"


async def test_the_choice_survives_a_restart(tmp_path):
    app = setup_app(tmp_path)
    async with app.run_test() as pilot:
        await quiet(pilot)
        await press(pilot, "l")
        await quiet(pilot)
    saved = json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))
    assert saved == {"language": "ja"}
    # The next launch: no --lang, an English locale, the player's choice wins.
    lang = _game_language(None, Preferences(tmp_path))
    assert lang == "ja"
    again = setup_app(tmp_path, lang)
    async with again.run_test() as pilot:
        await quiet(pilot)
        assert JA("New game") in await shown(pilot)
        assert JA("Start") in footer_words(again)
    # --lang still wins over the remembered choice.
    assert _game_language("en", Preferences(tmp_path)) == "en"


def test_a_missing_or_broken_preferences_file_is_no_choice(tmp_path, monkeypatch):
    for env in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(env, raising=False)
    preferences = Preferences(tmp_path)
    assert preferences.language is None and _game_language(None, preferences) == "en"
    for text in ("{not json", "[]", '{"language": "klingon"}', '{"language": 7}'):
        (tmp_path / FILE_NAME).write_text(text, encoding="utf-8")
        assert preferences.language is None, text
    # Other keys a later version keeps are left alone.
    (tmp_path / FILE_NAME).write_text('{"language": "en", "theme": "dark"}', encoding="utf-8")
    assert preferences.remember_language("ja") is None
    assert json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8")) == {
        "language": "ja", "theme": "dark"}


async def test_a_folder_that_cannot_be_written_keeps_the_switch_for_this_run(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    app = UnoApp(PlayConfig(), pace=0, steady=True, preferences=Preferences(blocked / "data"))
    async with app.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        await press(pilot, "l")
        await quiet(pilot)
        assert app.language == "ja"
        assert JA("New game") in await shown(pilot)
        notices = [n.message for n in app._notifications]
        assert any(JA("The language could not be kept for next time: {problem}.",
                      problem="")[:10] in message for message in notices), notices


SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_japanese_setup_snapshot(snap_compare, size):
    app = UnoApp(PlayConfig(), pace=0, steady=True, lang="ja")

    async def run_before(pilot):
        await quiet(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_every_japanese_setup_label_fits_whole_at_80x24():
    app = UnoApp(PlayConfig(), pace=0, steady=True, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        text = await shown(pilot)
        lines = text.splitlines()
        # Side by side the rule sets' names would not fit: the row shows the chosen one
        # (between one-cell arrows: ◀ ▶ are ambiguous-width, see app/glyphs.py).
        assert f"◄ {JA('Classic UNO')} ►" in text
        for words in (JA("New game"), JA("+ Add seat"), JA("- Remove seat"),
                      JA("Start the game (Enter)"), JA("House rules"), JA("To the target"),
                      JA("Lowest wins"), JA("{points} points", points=500), "◄ 日本語 ►",
                      JA("Computer: {level}", level=JA("normal")), JA("Person"),
                      JA("Tab moves between the fields; ? explains the rules and every "
                         "house rule.")):
            assert words in text, words
        # The house rules are cut with an ellipsis between characters, in cells.
        rules = [line for line in lines if line.lstrip().startswith("[ ]")]
        assert len(rules) == 6 and all(cell_len(line) <= 80 for line in rules)
        assert all(line.count("[ ]") == 2 for line in rules)
        columns = {cell_len(line[:line.index("[ ]", 4)]) for line in rules}
        assert len(columns) == 1, columns          # the second column lines up


async def test_every_footer_in_the_stack_follows_a_switch(tmp_path):
    # The help screen over the setup screen: neither rebuilds its footer by itself.
    app = setup_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        await press(pilot, "question_mark")
        await quiet(pilot)
        assert "Close" in footer_words(app)
        app.switch_language("ja")
        await quiet(pilot)
        assert JA("Close") in footer_words(app) and "Close" not in footer_words(app)
        await press(pilot, "escape")
        await quiet(pilot)
        assert JA("Start") in footer_words(app)
