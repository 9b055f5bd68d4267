"""The table's house-rules line in Japanese: the rules by their Japanese names where they
fit, else how many, and never a message cut in the middle."""

from __future__ import annotations

from rich.cells import cell_len

from uno_tui.app.widgets.house_rules import HouseRulesLine

from ..app.helpers import make_app, make_controller, settle


async def _line(size, rules):
    app = make_app(make_controller("アン,cpu,cpu", rules=rules), lang="ja")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        widget = app.table.query_one(HouseRulesLine)
        return str(widget.render()).splitlines()[0], widget.size.width


async def test_at_120x40_the_rules_read_by_their_japanese_names():
    line, width = await _line((120, 40), ("stacking", "jump-in"))
    assert line == "ハウスルール：重ね、割り込み"


async def test_at_80x24_a_count_that_fits_and_nothing_cut():
    line, width = await _line((80, 24), ("stacking", "jump-in"))
    assert line in ("ハウスルール：2個（?で表示）", "ハウスルール：2個"), line
    assert cell_len(line) <= width, f"{line!r} is cut at {width} cells"
