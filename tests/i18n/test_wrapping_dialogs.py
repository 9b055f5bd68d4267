"""Text that Textual would wrap itself (dialogs, the handoff, the setup's problem line)
is broken by the Japanese line-breaking rules (`app/widgets/prose.py`): Textual breaks
only at spaces and folds a sentence without any at the last cell, before a 。 too."""

from __future__ import annotations

import io

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from uno_tui.app.app import UnoApp
from uno_tui.app.prompts.question import Option
from uno_tui.app.screens.dialog import Dialog
from uno_tui.app.wrapping import NO_LINE_START, break_text
from uno_tui.config import PlayConfig

from ..app.helpers import quiet, screen_text

#: 31 kanji then 。: the dialog's 62 cells hold 31, and Textual began the next line with 。.
FOLDED = "一二三四五六七八九十" * 3 + "壱。" + "次の文です。"


def _dialog_lines(app) -> list[str]:
    """The rows inside the dialog's frame, without the frame."""
    rows = [row.split("█")[1] for row in screen_text(app).splitlines() if row.count("█") >= 2]
    return [row.strip() for row in rows]


async def test_a_dialogs_japanese_message_never_starts_a_line_with_a_stop():
    app = UnoApp(PlayConfig(), pace=0, steady=True, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        app.push_screen(Dialog("題", FOLDED, [Option("はい", True)]))
        await quiet(pilot)
        lines = [line for line in _dialog_lines(app) if line]
        message = [line for line in lines if line[:1] in "一十壱。次"]
        assert message == ["一二三四五六七八九十" * 3, "壱。次の文です。"], lines
        assert not any(line[:1] in NO_LINE_START for line in lines), lines


async def test_an_english_dialog_is_wrapped_by_textual_as_before():
    message = "Bartholomew-Jones played a Wild Draw Four; the colour before it was Red. " * 2
    app = UnoApp(PlayConfig(), pace=0, steady=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        app.push_screen(Dialog("Title", message, [Option("Yes", True)]))
        await quiet(pilot)
        lines = _dialog_lines(app)
    assert lines[3:6] == ["Bartholomew-Jones played a Wild Draw Four; the colour before",
                          "it was Red. Bartholomew-Jones played a Wild Draw Four; the",
                          "colour before it was Red."], lines
    assert break_text(Text(message), 62) is None


def test_breaking_keeps_the_styles_and_every_character():
    text = Text("アンが" + FOLDED)
    text.stylize("bold", 0, 2)
    broken = break_text(text, 20)
    lines = broken.plain.split("\n")
    assert "".join(lines) == text.plain
    assert all(cell_len(line) <= 20 for line in lines)
    assert not any(line[:1] in NO_LINE_START for line in lines[1:])
    assert broken.spans[0].start == 0 and broken.spans[0].end == 2
    assert break_text(Text("一行目\n\n三行目"), 20).plain == "一行目\n\n三行目"


@pytest.mark.parametrize("variant", ["classic", "pokemon", "flip", "party"])
async def test_no_line_of_a_japanese_help_page_starts_with_a_stop_or_a_small_kana(variant):
    from uno_tui.app.screens.help import HelpScreen

    from ..app.helpers import make_controller, press, settle

    app = UnoApp(pace=0, steady=True, lang="ja",
                 controller=make_controller("アン,cpu", seed=3, variant=variant))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        page = app.screen.query_one(".help-page")
        width = page.content_size.width
        # The whole page as drawn at the help's width (most of it is scrolled away).
        console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
        console.print(page.content)
    lines = console.export_text().splitlines()
    assert len(lines) > 40
    starts = [line for line in lines if line.strip()[:1] in NO_LINE_START]
    assert not starts, starts


def test_a_line_that_fits_keeps_its_spaces():
    # The match result's standings line up their points with runs of spaces.
    standings = Text("最終得点：\nBob                120\nアン                10")
    assert break_text(standings, 60).plain == standings.plain
