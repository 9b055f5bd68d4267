"""The app plays a rule set from outside the engine: its own decision kind gets the
generic list prompt (the app has no dedicated prompt for it)."""

from __future__ import annotations

import pytest

from uno_tui.engine import ChooseColor, Game, Play

from ..engine import outside_ruleset as swap
from .helpers import FirstBot, asked, make_app, make_controller, panel, press, settle, shown


@pytest.fixture(autouse=True)
def swap_registered():
    with swap.registered():
        yield



async def test_an_outside_rule_sets_decision_gets_the_generic_list_prompt():
    ctl = make_controller("Ann,cpu", variant="swap")
    game = Game.from_position("swap", hands=[["WSH", "R1", "G2"], ["B1", "B2"]], top="R3",
                              draw=["Y5", "Y6"])
    ctl.use_position(game)
    ctl.bots[1] = FirstBot(1, True)
    wild = next(c for c in game.hands[0] if game.face(c).kind == swap.WILD_SWAP_HANDS)
    ctl.apply(Play(0, wild))
    ctl.apply(ChooseColor(0, "green"))
    assert game.decision == (swap.PICK_SWAP, 0)
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        assert asked(pilot.app) == swap.PICK_SWAP
        assert [o.label for o in panel(pilot.app).question.options] == ["Swap with CPU 1"]
        # The question in the rule set's own words (its DecisionRule's verb).
        assert "pick whom to swap hands with" in await shown(pilot)
        await press(pilot, "1")
        await settle(pilot)
    assert sorted(game.face(c).code for c in game.hands[0]) == ["B1", "B2"]
    assert game.swaps == 1
    assert any("hands swapped" in line for line in ctl.log)
