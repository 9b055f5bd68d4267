"""SVG snapshots of the main screens at 80x24 and 120x40 (pytest-textual-snapshot).

Update them with ``pytest tests/app/test_snapshots.py --snapshot-update`` after a
deliberate change of the look, and check the new SVGs by eye.
"""

from __future__ import annotations

import pytest

from uno_tui.app.app import UnoApp
from uno_tui.config import PlayConfig

from .helpers import make_app, make_controller, press, quiet, rigged, settle

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_setup(snap_compare, size):
    app = UnoApp(PlayConfig(), pace=0, steady=True)

    async def run_before(pilot):
        await quiet(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_table(snap_compare, size):
    app = make_app(make_controller("Ann,cpu,cpu,cpu", seed=27, mode="target", ids=False))

    async def run_before(pilot):
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_handoff(snap_compare, size):
    app = make_app(rigged("Ann,Bob", hands=[["R1", "B2"], ["G1", "G2"]], top="R3"))

    async def run_before(pilot):
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_colour_choice(snap_compare, size):
    app = make_app(rigged("Ann,cpu", hands=[["W", "R5", "B2", "YS", "G+2"],
                                            ["G1", "G2", "G3"]], top="B3"))

    async def run_before(pilot):
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_challenge(snap_compare, size):
    app = make_app(rigged("Ann,Bob", hands=[["W+4", "R5", "G7"], ["B1", "B2", "B3"]],
                          top="R3"))

    async def run_before(pilot):
        for key in ("enter", "1", "enter", "b", "enter"):  # handoff, pick W+4, play, blue, handoff
            await settle(pilot)
            await press(pilot, key)
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_round_result(snap_compare, size):
    app = make_app(rigged("Ann,cpu,cpu", hands=[["R1"], ["G1", "G+2", "W"], ["Y7", "BS"]],
                          top="R3", mode="target"))

    async def run_before(pilot):
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
