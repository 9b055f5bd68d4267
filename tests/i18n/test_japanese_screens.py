"""SVG snapshots of the table's screens in Japanese at 80x24 and 120x40: a turn of every
rule set, the handoff, UNO Party!'s ballot and the setup screen (the help is in
``test_help_pages.py``). The players have Japanese names, two cells a character, so the
seats, the hand's title and the prompts are laid out in cells.

Update with ``--snapshot-update``, then look at every changed SVG as a picture (with
fonts-noto-cjk: ``rsvg-convert -w 1400 X.svg -o X.png``).
"""

from __future__ import annotations

import pytest

from uno_tui.app.app import UnoApp
from uno_tui.config import PlayConfig

from ..app.helpers import make_app, make_controller, press, quiet, rigged, settle
from ..app.test_snapshots import RULE_SET_TABLES as ENGLISH_TABLES

SIZES = [(80, 24), (120, 40)]
IDS = ["80x24", "120x40"]

#: The English snapshots' seeded table per rule set (one person against computers, at
#: that person's turn), the person named アン.
RULE_SET_TABLES = {variant: (players.replace("Ann", "アン"), seed)
                   for variant, (players, seed) in ENGLISH_TABLES.items()}


@pytest.mark.parametrize("variant", sorted(RULE_SET_TABLES))
@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_turn_of_every_rule_set_in_japanese(snap_compare, size, variant):
    players, seed = RULE_SET_TABLES[variant]
    app = make_app(make_controller(players, seed=seed, variant=variant, mode="target",
                                   ids=False), lang="ja")

    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_handoff_in_japanese(snap_compare, size):
    app = make_app(rigged("アン,ボブ", hands=[["R1", "B2"], ["G1", "G2"]], top="R3"), lang="ja")

    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_partys_ballot_in_japanese(snap_compare, size):
    """アン plays Point Taken and is asked, first, whom to point at."""
    ctl = rigged("アン,ボブ,cpu,cpu", variant="party",
                 hands=[["RPT", "R2", "R3"], ["G1", "G2", "G3"], ["B1", "B2"], ["Y1", "Y2"]],
                 top="R5")
    app = make_app(ctl, lang="ja")

    async def run_before(pilot):
        for key in ("enter", "1", "enter"):     # the handoff, pick Point Taken, play it
            await settle(pilot)
            await press(pilot, key)
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_setup_screen_in_japanese(snap_compare, size):
    app = UnoApp(PlayConfig(), pace=0, steady=True, lang="ja")

    assert snap_compare(app, terminal_size=size, run_before=quiet)
