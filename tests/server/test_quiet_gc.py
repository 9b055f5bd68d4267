"""Full garbage collections wait for a quiet moment (no output to any terminal)."""

from __future__ import annotations

import gc

from uno_tui.server.quiet_gc import RARE_FULL, YOUNG, QuietCollector


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def collector(clock, output, collected):
    return QuietCollector(lambda: output[0], quiet=0.5, every=10.0, longest=60.0,
                          clock=clock, collect=lambda: collected.append(clock.now))


def test_a_collection_waits_for_quiet_and_comes_at_most_every_so_often():
    clock, output, collected = Clock(), [100.0], []
    quiet = collector(clock, output, collected)
    clock.now = 111.0
    output[0] = 110.8                    # something was sent 0.2 s ago: busy
    assert not quiet.look() and collected == []
    output[0] = 110.4                    # 0.6 s of quiet
    assert quiet.look() and collected == [111.0]
    clock.now = 115.0                    # quiet again, but the last one is recent
    assert not quiet.look() and collected == [111.0]
    clock.now = 121.5
    assert quiet.look() and collected == [111.0, 121.5]
    assert quiet.collections == 2


def test_a_server_never_quiet_still_collects_after_the_longest_wait():
    clock, output, collected = Clock(), [100.0], []
    quiet = collector(clock, output, collected)
    for now in (120.0, 140.0, 159.9):
        clock.now = output[0] = now      # output all the time
        assert not quiet.look()
    clock.now = output[0] = 160.0
    assert quiet.look() and collected == [160.0]


async def test_start_makes_pythons_own_full_collections_rare_and_stop_restores_them():
    before = gc.get_threshold()
    quiet = QuietCollector(lambda: 0.0)
    quiet.start()
    try:
        # Young collections wait for many more new objects too (a frame's worth).
        assert gc.get_threshold() == (max(before[0], YOUNG), before[1], RARE_FULL)
        assert gc.get_threshold()[0] > 700
        assert gc.get_freeze_count() > 0
    finally:
        quiet.stop()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


async def test_stop_collects_the_garbage_the_server_left_and_what_it_froze():
    # Left there, Python's next full collection (after the thresholds went back) found
    # the garbage of every server stopped since at once: in the suite, a later test's
    # loop stood still for seconds in the middle of what it timed.
    import weakref

    class Node:
        pass
    quiet = QuietCollector(lambda: 0.0)
    earlier = Node()
    earlier.itself = earlier
    frozen = weakref.ref(earlier)
    del earlier                      # garbage when the server starts: frozen with the rest
    enabled = gc.isenabled()
    gc.disable()                     # (so that nothing collects it before the freeze)
    quiet.start()
    if enabled:
        gc.enable()
    try:
        node = Node()
        node.itself = node
        left = weakref.ref(node)
        gc.collect(1)                # it lived a while: into the oldest generation
        del node                     # garbage only a full collection frees
        assert left() is not None
        assert frozen() is not None
    finally:
        quiet.stop()
    assert left() is None and frozen() is None
