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

    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_handoff(snap_compare, size):
    app = make_app(rigged("Ann,Bob", hands=[["R1", "B2"], ["G1", "G2"]], top="R3"))

    assert snap_compare(app, terminal_size=size, run_before=settle)


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


@pytest.mark.parametrize("size", [*SIZES, (200, 60)], ids=["80x24", "120x40", "200x60"])
def test_round_result(snap_compare, size):
    """At 200x60 the round's table keeps to 120 columns, each row read along at a glance."""
    app = make_app(rigged("Ann,cpu,cpu", hands=[["R1"], ["G1", "G+2", "W"], ["Y7", "BS"]],
                          top="R3", mode="target"))

    async def run_before(pilot):
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


# ------------------------------------------------------ UNO Flip and UNO Party!

def staged(variant: str, players: str, *, hands, top: str, moves=(), **position):
    """A table of ``variant`` at an exact position, then ``moves`` applied as they are
    (functions of the game giving an action), before the app starts. Computers play
    with :class:`FirstBot`, so every run draws the same screen."""
    from uno_tui.engine import Game

    from .helpers import FirstBot

    controller = make_controller(players, variant=variant, ids=False, mode="target")
    controller.use_position(Game.from_position(variant, hands=hands, top=top, **position))
    for seat in list(controller.bots):
        controller.bots[seat] = FirstBot(seat)
    for move in moves:
        controller.apply(move(controller.game))
    return controller


def card_of(seat: int, code: str):
    """The id of the first card in ``seat``'s hand whose face reads ``code``."""
    def find(game):
        return next(c for c in game.hands[seat] if game.face(c).code == code)
    return find


FLIP_HANDS = [["R5/P3", "B2/TSE", "G7/O+5", "YF/U9"],
              ["R1/T4", "B9/PF", "G+1/O1"],
              ["Y3/U2", "BS/P7", "R2/T8", "G4/O6", "B7/U+5"]]


@pytest.mark.parametrize("side", [0, 1], ids=["light", "dark"])
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_flip_table(snap_compare, size, side):
    """The side in play, the draw pile's back, and the other hands' backs."""
    top = "R3/P1" if side == 0 else "B1/P3"
    app = make_app(staged("flip", "Ann,cpu,cpu", hands=FLIP_HANDS, top=top, side=side,
                          draw=["Y1/T2", "G2/U3"]))

    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES + [(150, 40)], ids=["80x24", "120x40", "150x40"])
def test_party_mini_pile(snap_compare, size):
    """CPU 3 piles up: a mini-pile lies on the table and Ann must play on it or take it
    (at 150x40 the seats sit round, the mini-pile under the direction tracker)."""
    from uno_tui.engine import Play

    ctl = staged(
        "party", "Ann,cpu,cpu,cpu",
        hands=[["R5", "B2", "G7", "Y1"], ["R1", "B1"], ["G1", "G2"], ["WPU", "Y5"]],
        top="R3", current=3, draw=["B7", "B8"],
        moves=[lambda g: Play(3, card_of(3, "WPU")(g))])
    app = make_app(ctl)

    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_party_link(snap_compare, size):
    """CPU 3 links Ann and CPU 1: the link cards lie on both their seats."""
    from uno_tui.engine import ChooseColor, LinkPlayers, Play

    ctl = staged("party", "Ann,cpu,cpu,cpu",
                 hands=[["R5", "B2", "G7", "Y1"], ["R1", "B1"], ["G1", "G2"], ["WDT", "Y5"]],
                 top="R3", current=3,
                 moves=[lambda g: Play(3, card_of(3, "WDT")(g)),
                        lambda g: ChooseColor(3, "red"),
                        lambda g: LinkPlayers(3, 0, 1)])
    app = make_app(ctl)

    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_party_ballot_reveal(snap_compare, size):
    """The votes of a Point Taken, revealed together: who pointed at whom, who draws."""
    from uno_tui.engine import Play, PointAt

    ctl = staged("party", "Ann,cpu,cpu,cpu",
                 hands=[["R5", "B2", "G7", "Y1"], ["R1", "B1"], ["G1", "G2"], ["RPT", "Y5"]],
                 top="R3", current=3,
                 moves=[lambda g: Play(3, card_of(3, "RPT")(g)),
                        lambda g: PointAt(3, 1), lambda g: PointAt(0, 1),
                        lambda g: PointAt(1, 2), lambda g: PointAt(2, 1)])
    app = make_app(ctl)

    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_party_sixteen_seats(snap_compare, size):
    """Sixteen seats keep their name, count, points and dealer mark."""
    app = make_app(make_controller("Ann," + ",".join(["cpu"] * 15), variant="party", seed=5,
                                   ids=False, mode="target"))

    assert snap_compare(app, terminal_size=size, run_before=settle)


#: The three size steps of the table (compact, large and huge cards), and 150x40, where
#: the seats go round the piles with large cards.
STEPS = [(80, 24), (120, 40), (150, 40), (200, 60)]
#: A seeded table per rule set, one person against computers, at that person's turn.
RULE_SET_TABLES = {
    "classic": ("Ann,cpu,cpu,cpu", 27),
    "pokemon": ("Ann,cpu,cpu,cpu", 4),
    "flip": ("Ann,cpu,cpu,cpu", 5),
    "party": ("Ann,cpu,cpu,cpu,cpu,cpu", 11),
}


@pytest.mark.parametrize("variant", sorted(RULE_SET_TABLES))
@pytest.mark.parametrize("size", STEPS, ids=["80x24", "120x40", "150x40", "200x60"])
def test_every_rule_set_at_each_size(snap_compare, size, variant):
    players, seed = RULE_SET_TABLES[variant]
    app = make_app(make_controller(players, seed=seed, variant=variant, mode="target",
                                   ids=False))

    assert snap_compare(app, terminal_size=size, run_before=settle)
