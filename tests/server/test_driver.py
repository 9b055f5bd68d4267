"""The server's driver parses what a terminal types without keeping any of it."""

from __future__ import annotations

import gc
import weakref

from uno_tui.server.driver import KeyParser


def test_the_key_parser_reads_extended_keys_and_keeps_nothing_after_it_is_gone():
    parser = KeyParser()
    first = list(parser.feed("\x1b[97;5u"))       # ctrl+a, kitty's keyboard protocol
    again = list(parser.feed("\x1b[97;5u"))
    assert [event.key for event in first] == ["ctrl+a"] == [event.key for event in again]
    assert first[0] is not again[0]               # parsed afresh: no cache holds them
    gone = weakref.ref(parser)
    del parser, first, again
    gc.collect()
    assert gone() is None
