"""The leak scan itself: it must see a foreign card's id, whole or cut short."""

from __future__ import annotations

from uno_tui.server.table import ServerTable

from .support import CardWatch, people


def _watch() -> CardWatch:
    watch = CardWatch(ServerTable(1, people("ann", "bob")))
    watch.public, watch.held = {86}, {0: {96}, 1: {45}}
    return watch


def test_the_scan_finds_a_foreign_id_whole_and_lets_the_own_and_public_ones_pass():
    watch = _watch()
    assert watch.leaks(b"Blue 6#86 Blue Reverse#96 ", (0,)) == set()
    assert watch.leaks(b"Blue Reverse#96 Red 5#45 ", (0,)) == {45}


def test_an_id_cut_by_an_escape_counts_unless_a_card_they_may_see_begins_so():
    watch = _watch()
    # "#86" redrawn as "#96" by sending the changed cells only: "#9", a cursor move.
    assert watch.leaks(b"#9\x1b[5;7H", (0,)) == set()
    assert watch.leaks(b"#4\x1b[5;7H", (0,)) == {4}
    assert watch.leaks(b"#4\x1b[5;7H", (1,)) == set()
