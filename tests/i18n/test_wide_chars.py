"""Wide characters laid out in cells: wrapped with Japanese line-breaking rules, cut
between characters, and kept whole in a widget drawn over others."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import App
from textual.containers import Horizontal
from textual.widgets import Static

from uno_tui.app import compositor
from uno_tui.app.widgets.prompt import fit_words
from uno_tui.app.wrapping import NO_LINE_END, NO_LINE_START, crop_cells, wrap

from ..app.helpers import screen_text

SENTENCE = ("アンがボブにワイルドドロー4を出しました（その前の色は赤）。はったり？"
            "チャレンジ：はったりならアンが4枚引き、違えばボブが6枚引きます。")


def test_japanese_wraps_in_cells_and_no_line_starts_or_ends_with_a_forbidden_mark():
    for width in range(8, 41):
        lines = wrap(SENTENCE, width)
        assert "".join(lines) == SENTENCE, width          # nothing lost, nothing added
        for line in lines:
            assert cell_len(line) <= width, (width, line)
        for line in lines[1:]:
            assert line[0] not in NO_LINE_START, (width, lines)
        for line in lines[:-1]:
            assert line[-1] not in NO_LINE_END, (width, lines)


def test_a_mark_that_may_not_start_a_line_takes_the_character_before_it_along():
    # At 10 cells "ました（" would end a line with "（" and the next start with "。".
    # (and "次" goes down to "へ": a sentence does not end on one lone character).
    assert wrap("出しました（赤）。次へ", 10) == ["出しました", "（赤）。", "次へ"]
    assert wrap("あいうえお。かき", 10) == ["あいうえ", "お。かき"]


def test_english_wraps_as_textwrap_does():
    import textwrap

    text = "Bartholomew-Jones played Wild Draw Four on Ann (the colour was Red (R))."
    for width in (10, 17, 30):
        assert wrap(text, width) == textwrap.wrap(text, width)
        assert wrap(text, width, "  ") == textwrap.wrap(text, width, subsequent_indent="  ")


def test_names_and_wordings_are_cut_between_characters():
    assert crop_cells("アンドレア", 5) == "アン"
    assert fit_words(["アンの番です：カードを選ぶ"], 16) == "アンの番です：…"
    assert fit_words(["Ann: pick a card, Enter plays it"], 20) == "Ann: pick a card,…"


def test_a_japanese_wording_too_wide_is_cut_between_phrases_not_at_its_one_space():
    # A refusal in UNO Flip at 80x24 read "✗…": cut at the space after "✗".
    refusal = "✗ オレンジの全員スキップはピンクのワイルドドローカラーに合いません（場の色はピンク）。"
    assert fit_words([refusal], 77) == "✗ オレンジの全員スキップはピンクのワイルドドローカラーに合いません…"
    assert fit_words(["アンの番です：カードを選ぶ"], 12) == "アンの…"


class _Overlay(App[None]):
    """A line of kanji drawn over two widgets whose common edge is at an odd cell."""

    CSS = """
    Screen { layers: below above; }
    Horizontal { layer: below; }
    #left { width: 7; } #right { width: 1fr; }
    #over { layer: above; offset: 0 0; width: 40; height: 1; background: $panel; }
    """

    def compose(self):
        with Horizontal():
            yield Static("left", id="left")
            yield Static("right", id="right")
        yield Static("一二三四五六七八九十", id="over")


async def test_a_kanji_over_another_widgets_edge_is_drawn_whole():
    compositor.install()
    app = _Overlay()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        assert "一二三四五六七八九十" in screen_text(app).splitlines()[0]


async def test_ambiguous_symbols_by_a_frame_are_drawn_one_cell_wide_in_japanese():
    from uno_tui.app.glyphs import NARROW

    from ..app.helpers import make_app, rigged, settle

    seen = {}
    for lang in ("en", "ja"):
        ctl = rigged("Ann,cpu", variant="party", hands=[["RPT", "WDT", "WPU"], ["G1", "G2"]],
                     top="R5")
        app = make_app(ctl, lang=lang)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            seen[lang] = screen_text(app)
    # English keeps its symbols: the seat's marker, Point Taken, the link, the pile-up.
    assert all(symbol in seen["en"] for symbol in "▶☞∞▤")
    assert not any(symbol in seen["ja"] for symbol in NARROW)
    assert all(symbol in seen["ja"] for symbol in "►☛&≣")



async def test_the_setup_and_a_cut_name_draw_no_ambiguous_symbol_in_japanese():
    from uno_tui.app.app import UnoApp
    from uno_tui.config import PlayConfig

    from ..app.helpers import make_app, quiet, rigged, settle

    seen = {}
    for lang in ("en", "ja"):
        app = UnoApp(PlayConfig(), pace=0, steady=True, lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await quiet(pilot)
            seen[lang] = screen_text(app)
    # The choice rows and seat kinds between arrows; the house rules' cut descriptions.
    assert all(symbol in seen["en"] for symbol in "◀▶…")
    assert not any(symbol in seen["ja"] for symbol in "◀▶…")
    assert all(symbol in seen["ja"] for symbol in "◄►⋯")
    # A name cut on its seat, beside the next seat's column.
    ctl = rigged("アンドレア・バルトロメオ,cpu", hands=[["R1", "R2"], ["G1", "G2"]], top="R5")
    app = make_app(ctl, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    # (The score's padding gives way first: "アンドレア・バ⋯    0点" before 55f49fe.)
    assert "► アンドレア・バルト⋯ 0点" in text, text
    assert "…" not in text


def test_a_wide_line_within_one_cut_is_drawn_not_refused():
    """A widget's line with a kanji whose region holds one cut and no other (nothing to
    keep whole) is left as Textual leaves it: the compositor fix raised IndexError there
    (seen scanning a server table's screens)."""
    from rich.segment import Segment
    from textual.geometry import Region
    from textual.strip import Strip

    from uno_tui.app.compositor import _render_chops

    class OneLine:
        cuts = [[0, 10, 20]]

        def _get_renders(self, crop):
            region = Region(10, 0, 4, 1)          # from the cut at 10, ending at 14
            yield region, region, [Strip([Segment("漢字")], 4)]

    # Textual's own algorithm: Strip.divide([]) gives no piece, so no cut is claimed.
    assert _render_chops(OneLine(), Region(0, 0, 20, 1), lambda y: True) == [
        {0: None, 10: None}]
