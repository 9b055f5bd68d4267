"""The stylesheets parsed at one launch are read back at the next, not parsed again
(~3% of the instructions to a table's first frame), and style the screens alike."""

from __future__ import annotations

import pickle

from uno_tui.app.app import UnoApp
from uno_tui.app.parsed_styles import ParsedStyles

from .helpers import make_controller, settle


async def _table_screenshot(parsed_styles: ParsedStyles) -> str:
    """The table of one seed at 80x24, styled with ``parsed_styles``, as an SVG."""
    controller = make_controller("Ann,cpu,cpu", seed=7, ids=False)
    app = UnoApp(pace=0.0, steady=True, controller=controller, parsed_styles=parsed_styles)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        return app.export_screenshot()


async def test_a_second_launch_parses_no_stylesheet_and_looks_the_same(tmp_path):
    path = tmp_path / "cache" / "parsed-styles.pickle"
    first = ParsedStyles(path)
    parsed = await _table_screenshot(first)
    first.save()
    assert first.parsed > 0 and path.is_file()

    second = ParsedStyles(path)
    read_back = await _table_screenshot(second)
    assert second.parsed == 0
    assert read_back == parsed
    # Nothing new was parsed: the file is left as it was.
    second.save()
    assert ParsedStyles(path).parsed == 0


async def test_a_file_of_another_version_or_unreadable_only_means_parsing(tmp_path):
    path = tmp_path / "parsed-styles.pickle"
    first = ParsedStyles(path)
    shown = await _table_screenshot(first)
    first.save()
    versions, pickled = pickle.loads(path.read_bytes())

    path.write_bytes(pickle.dumps((("another Textual",), pickled)))
    other = ParsedStyles(path)
    assert await _table_screenshot(other) == shown and other.parsed == first.parsed

    path.write_bytes(b"not a pickle")
    broken = ParsedStyles(path)
    assert await _table_screenshot(broken) == shown and broken.parsed == first.parsed
    broken.save()
    assert ParsedStyles(path)._pickled.keys() == pickled.keys()


def test_a_folder_that_cannot_be_written_only_means_parsing_again(tmp_path):
    (tmp_path / "file").write_text("a file where the folder would be")
    styles = ParsedStyles(tmp_path / "file" / "parsed-styles.pickle")
    styles.parsed = 1
    styles.save()       # no exception: the next launch parses again
    assert list(tmp_path.iterdir()) == [tmp_path / "file"]
