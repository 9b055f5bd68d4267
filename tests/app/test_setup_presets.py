"""The setup screen's preset row: a preset ticks its house rules (those that apply to the
variant), ticking by hand shows "custom", and the game starts with what is ticked."""

from __future__ import annotations

from uno_tui.app.app import UnoApp
from uno_tui.app.screens.setup import CUSTOM, preset_of
from uno_tui.app.widgets.checklist import CheckList
from uno_tui.app.widgets.choice import ChoiceRow
from uno_tui.config import PlayConfig

from .helpers import press, quiet, shown

PARTY = {"stacking", "7-0", "jump-in"}


def setup_app(**config) -> UnoApp:
    return UnoApp(PlayConfig(**config), pace=0, steady=True)


def test_the_preset_of_ticked_rules_is_exact_per_variant():
    assert preset_of("classic", ()) == "classic"
    assert preset_of("classic", PARTY) == "party"
    assert preset_of("classic", PARTY - {"7-0"}) == CUSTOM
    # Flip has no 7-0: Party there is stacking and jump-in.
    assert preset_of("flip", PARTY - {"7-0"}) == "party"


async def test_choosing_party_ticks_its_rules_and_the_game_starts_with_them():
    app = setup_app()
    async with app.run_test() as pilot:
        await quiet(pilot)
        screen = app.screen
        preset = screen.query_one("#preset", ChoiceRow)
        assert preset.value == "classic"
        preset.focus()
        await press(pilot, "right")
        await quiet(pilot)
        assert preset.value == "party"
        assert set(screen.query_one("#rules", CheckList).selected) == PARTY
        await press(pilot, "ctrl+s")
        await quiet(pilot)
        ctl = app.table.ctl
    assert ctl.rules == PARTY


async def test_ticking_by_hand_shows_custom_and_a_preset_again_when_it_matches_one():
    app = setup_app()
    async with app.run_test() as pilot:
        await quiet(pilot)
        screen = app.screen
        preset = screen.query_one("#preset", ChoiceRow)
        rules = screen.query_one("#rules", CheckList)
        rules.focus()
        await press(pilot, "down", "space")                  # 7-0
        await quiet(pilot)
        assert rules.selected == ["7-0"] and preset.value == CUSTOM
        assert "(•) custom" in await shown(pilot)
        for name in ("stacking", "jump-in"):
            rules.toggle(name)
        await quiet(pilot)
        assert preset.value == "party"
        # Choosing "custom" changes no tick.
        preset.focus()
        await press(pilot, "right", "right")                 # Crazy, then custom
        await quiet(pilot)
        assert preset.value == CUSTOM
        assert "catch-window" in rules.selected and "7-0" in rules.selected


async def test_a_preset_follows_the_variant_and_hand_ticks_stay():
    app = setup_app(rules=frozenset(PARTY))
    async with app.run_test() as pilot:
        await quiet(pilot)
        screen = app.screen
        preset = screen.query_one("#preset", ChoiceRow)
        rules = screen.query_one("#rules", CheckList)
        assert preset.value == "party"            # the command line's rules are Party's
        variant = screen.query_one("#variant", ChoiceRow)
        variant.index = [value for _, value in variant.options].index("flip")
        await quiet(pilot)
        assert set(rules.selected) == PARTY - {"7-0"} and preset.value == "party"
        rules.toggle("no-bluffing")
        await quiet(pilot)
        assert preset.value == CUSTOM
        variant.index = [value for _, value in variant.options].index("classic")
        await quiet(pilot)
        assert set(rules.selected) == PARTY - {"7-0"} | {"no-bluffing"}
        assert preset.value == CUSTOM


async def test_a_rule_given_with_its_number_is_kept_and_started_with():
    app = setup_app(rules=frozenset({"catch-window:5"}))
    async with app.run_test() as pilot:
        await quiet(pilot)
        rules = app.screen.query_one("#rules", CheckList)
        assert rules.selected == ["catch-window:5"]
        assert "catch-window:5" in await shown(pilot)
        await press(pilot, "ctrl+s")
        await quiet(pilot)
        ctl = app.table.ctl
    assert ctl.rules == {"catch-window:5"} and ctl.game.window_seconds == 5


async def test_a_preset_ticks_a_rule_listed_with_its_number():
    app = setup_app(rules=frozenset({"catch-window:5"}))
    async with app.run_test() as pilot:
        await quiet(pilot)
        preset = app.screen.query_one("#preset", ChoiceRow)
        preset.focus()
        await press(pilot, "left")                  # from custom to Crazy
        await quiet(pilot)
        rules = app.screen.query_one("#rules", CheckList)
        assert preset.value == "crazy" and "catch-window:5" in rules.selected
