"""SVG snapshots of the table's screens in Japanese at 80x24 and 120x40: a turn of every
rule set, the handoff and UNO Party!'s ballot (the help is in ``test_help_pages.py``, the
setup screen in ``test_language_switch.py``). The players have Japanese names, two cells a
character, so the seats, the hand's title and the prompts are laid out in cells.

Update with ``--snapshot-update``, then look at every changed SVG as a picture (with
fonts-noto-cjk: ``rsvg-convert -w 1400 X.svg -o X.png``).
"""

from __future__ import annotations

import pytest

from ..app.helpers import make_app, make_controller, press, rigged, settle
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



async def test_the_tables_prompts_and_widgets_speak_japanese():
    """A Wild Draw Four answered at a shared keyboard: the handoff, the prompt line,
    the seats, the colour question and the answer's options, in Japanese."""
    from ..app.helpers import screen_text

    ctl = rigged("アン,ボブ", hands=[["W+4", "R5", "G7"], ["B1", "B2", "B3"]], top="R3")
    app = make_app(ctl, lang="ja")
    seen = []
    async with app.run_test(size=(120, 40)) as pilot:
        for key in ("enter", "1", "enter", "b", "enter"):  # handoff, W+4, play, blue, handoff
            await settle(pilot)
            seen.append(screen_text(app))
            await press(pilot, key)
        await settle(pilot)
        seen.append(screen_text(app))
    handoff, turn, _, colour, _, answer = seen
    assert "アンに渡してください" in handoff and "私はアン：自分の手札を見る" in handoff
    assert "Enterで出す、dで引く" in turn and "アンの手札（3枚）" in turn and "0点" in turn
    assert "アン：色を指定" in colour and "番号か文字、←→とEnter、またはクリック" in colour
    assert "受ける：4枚を引く" in answer and "チャレンジ：アンの手札を見る" in answer
    for english in ("Pass to", "Enter plays", "pts", "name a colour", "Accept: draw",
                    "Challenge: see"):
        assert not any(english in screen for screen in seen), english
