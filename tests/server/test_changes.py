"""How a terminal takes the table's changes: several that come together are drawn once."""

from __future__ import annotations

from uno_tui.engine import Game
from uno_tui.server.table import TableChange

from .support import Client, log_entries, people, serving, table_screen, wait_until


def test_merged_changes_keep_every_line_in_order():
    merged = TableChange.merged([TableChange(("a",)), TableChange(("b", "c")),
                                 TableChange(("d",))])
    assert merged == TableChange(("a", "b", "c", "d"))


def test_merged_changes_start_again_at_the_last_fresh_deal():
    merged = TableChange.merged([TableChange(("old",)), TableChange(("deal 2",), fresh=True),
                                 TableChange(("next",))])
    assert merged.lines == ("deal 2", "next") and merged.fresh


def test_merged_changes_carry_the_latest_answer():
    refused = TableChange((), "not your turn", answered=True)
    applied = TableChange(("ann plays Red 5",), answered=True)
    assert TableChange.merged([refused, applied]) == TableChange(("ann plays Red 5",),
                                                                 answered=True)
    assert TableChange.merged([applied, refused]).refusal == "not your turn"
    assert not TableChange.merged([TableChange(("x",))]).answered


async def test_changes_that_come_together_are_drawn_once(tmp_path):
    async with serving(tmp_path) as host:
        table = host.create_table(people("ann", computers=1))
        ann = await Client(host, "ann").connect()
        await wait_until(lambda: "Table 1" in ann.text(), "the lobby")
        ann.keys("\r")
        screen = await ann.at_table()
        # Ann to play: the computer waits for her, so only our changes reach the screen.
        table.use_position(Game.from_position(
            "classic", hands=[["R5", "G7"], ["B1", "B2"]], top="R3", current=0))
        await wait_until(lambda: screen.awaiting_turn and not screen._changes, "ann's turn")
        redraws = []
        redraw = screen._refresh

        def counted() -> None:
            redraws.append(1)
            redraw()

        screen._refresh = counted
        for line in ("one", "two", "three"):       # three changes before the screen runs
            screen.take_change(TableChange((line,)))
        await wait_until(lambda: log_entries(ann)[-3:] == ["one", "two", "three"],
                         "the three lines in the log")
        assert len(redraws) == 1
        assert table_screen(ann) is screen
        await ann.close()
