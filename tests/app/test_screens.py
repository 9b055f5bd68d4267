"""Round and match results, quitting, help, small terminals, errors, slow computers."""

from __future__ import annotations

import os

from uno_tui.app.screens.confirm import ConfirmDialog
from uno_tui.app.screens.error_dialog import ErrorDialog
from uno_tui.app.screens.help import HelpScreen
from uno_tui.app.screens.match_result import MatchResultDialog
from uno_tui.app.screens.round_result import RoundResultScreen
from uno_tui.app.screens.table import TableScreen
from uno_tui.app.screens.too_small import TooSmallScreen

from .helpers import (
    FirstBot, GatedBot, make_app, make_controller, press, quiet, resize, rigged, settle, shown,
    wait_for,
)

LAST_CARD = dict(hands=[["R1"], ["G1", "G+2", "W"]], top="R3")


async def test_round_result_lists_every_hand_then_the_match_result_offers_a_new_match():
    ctl = rigged("Ann,cpu", **LAST_CARD)
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, RoundResultScreen)
        text = await shown(pilot)
        assert "Round 1: Ann goes out and scores 71" in text
        for cell in ("G 1", "G +2", "Wild", "71", "+71", "Press Enter for the match result"):
            assert cell in text, cell
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, MatchResultDialog)
        text = await shown(pilot)
        assert "Ann wins the match!" in text and "Play again with the same players" in text
        await press(pilot, "a")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TableScreen)
        assert ctl.match.round_number == 1 and ctl.match.scores == [0, 0]
        assert ctl.game.view(0).seats[0].card_count + len(ctl.game.view(0).discard) >= 7
        assert "Ann's hand" in await shown(pilot)


async def test_a_match_to_a_target_deals_the_next_round():
    ctl = rigged("Ann,cpu", **LAST_CARD, mode="target")
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert "Press Enter to deal round 2" in await shown(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TableScreen)
        assert "Round 2" in await shown(pilot)
    assert ctl.match.scores == [71, 0]
    assert "Round 2" in ctl.log


async def test_match_result_quits_with_status_0():
    ctl = rigged("Ann,cpu", **LAST_CARD)
    app = make_app(ctl)
    async with app.run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        await press(pilot, "q")
        await quiet(pilot)
    assert app.return_code == 0


async def test_match_result_back_to_setup():
    from uno_tui.app.screens.setup import SetupScreen

    ctl = rigged("Ann,cpu", **LAST_CARD)
    app = make_app(ctl)
    async with app.run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        await press(pilot, "s")
        await quiet(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert not any(isinstance(screen, TableScreen) for screen in app.screen_stack)


async def test_quitting_mid_game_asks_first():
    ctl = make_controller("Ann,cpu", seed=3)
    app = make_app(ctl)
    async with app.run_test() as pilot:
        await settle(pilot)
        await press(pilot, "q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "Quit the game?" in await shown(pilot)
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.is_running
        await press(pilot, "ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await press(pilot, "y")
        await quiet(pilot)
    assert app.return_code == 0


async def test_below_80x24_the_app_says_so_and_comes_back():
    ctl = make_controller("Ann,cpu", seed=3)
    app = make_app(ctl)
    async with app.run_test(size=(79, 30)) as pilot:
        await quiet(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        text = await shown(pilot)
        assert "too small" in text and "79x30" in text and "80x24" in text
        await resize(pilot, 100, 23)
        assert "100x23" in await shown(pilot)
        await resize(pilot, 80, 24)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.table.awaiting_turn
        assert "Ann's hand" in await shown(pilot)


async def test_help_shows_the_rules_of_the_variant_and_the_keys():
    ctl = make_controller("Ann,cpu", seed=3, variant="pokemon", rules=("stacking",))
    async with make_app(ctl).run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "question_mark")
        await settle(pilot)
        assert isinstance(pilot.app.screen, HelpScreen)
        text = await shown(pilot)
        assert "Pokémon UNO" in text and "Snorlax" in text
        # The text takes the focus, so the keys scroll it.
        rules = pilot.app.screen.query_one("#rules-text")
        assert rules.max_scroll_y > 0 and rules.scroll_y == 0
        await press(pilot, "pagedown")
        await wait_for(pilot, lambda: rules.scroll_y > 0, "the rules to scroll")
        await press(pilot, "k")
        text = await shown(pilot)
        assert "catch a player who forgot to call UNO" in text
        await press(pilot, "escape")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TableScreen)


def test_rules_pages_exist_for_every_variant_and_list_active_house_rules():
    from uno_tui.app.screens.help import keys_markdown, rules_markdown
    from uno_tui.engine import HOUSE_RULES, VARIANTS

    for variant in VARIANTS:
        page = rules_markdown(variant)
        assert "UNO!" in page and "## The turn" in page, variant
    page = rules_markdown("classic", ["7-0"])
    assert "## House rules in this game" in page and "**7-0**" in page
    assert "**stacking**" not in page
    # From the setup screen, where they are chosen: every house rule, whole.
    page = rules_markdown("classic", choosing=True)
    assert "## House rules to choose from" in page
    assert all(f"- **{rule}**: {text}" in page for rule, text in HOUSE_RULES.items())
    assert "| u |" in keys_markdown()


class ExplodingBot(FirstBot):
    def choose(self, view, actions):
        raise RuntimeError("the bot's circuits melted")


async def test_an_unexpected_error_is_told_in_words_not_a_traceback():
    ctl = rigged("Ann,cpu", hands=[["R1", "R2"], ["G1", "G2"]], top="R3", current=1)
    ctl.bots[1] = ExplodingBot(1)
    app = make_app(ctl)
    async with app.run_test() as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ErrorDialog)
        text = await shown(pilot)
        assert "Something went wrong" in text
        assert "The game can't go on: the bot's circuits melted" in text
        await press(pilot, "q")
        await quiet(pilot)
    assert app.return_code == 1


async def test_the_screen_answers_keys_while_a_computer_thinks():
    ctl = rigged("Ann,cpu", hands=[["R1", "R2", "R4"], ["G1", "G2", "R9"]], top="R3",
                 current=1)
    bot = ctl.bots[1] = GatedBot(1)
    app = make_app(ctl, pace=0.01)
    async with app.run_test() as pilot:
        try:
            await wait_for(pilot, bot.thinking.is_set, "the computer to start thinking")
            assert app.table.bot_busy
            await press(pilot, "question_mark")
            assert isinstance(app.screen, HelpScreen)
            # The computer makes up its mind while help is open: its move waits.
            bot.release()
            await app.workers.wait_for_complete()
            await quiet(pilot)
            assert isinstance(app.screen, HelpScreen)
            assert not ctl.log
            await press(pilot, "escape")
            await settle(pilot)
        finally:
            bot.release()
    assert ctl.log == ["CPU 1 plays Red 9"]


async def test_the_pace_key_switches_between_fast_and_normal():
    ctl = make_controller("Ann,cpu", seed=3)
    async with make_app(ctl, pace=0.6).run_test() as pilot:
        table = pilot.app.table
        await quiet(pilot)
        assert "f Fast" in await shown(pilot)
        await press(pilot, "f")
        assert table.fast
        assert "f Normal pace" in await shown(pilot)
        await press(pilot, "f")
        assert not table.fast


async def test_cards_read_without_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    ctl = rigged("Ann,cpu", hands=[["B1", "R2", "W+4", "YS"], ["G1"]], top="R3")
    app = make_app(ctl)
    async with app.run_test() as pilot:
        await settle(pilot)
        assert app.no_color
        text = await shown(pilot)
    # Each card carries its colour's initial in its corner and its name in words; the
    # unplayable ones are marked in their border.
    for label in ("1╌╌╌╌╌╌╌B┐", "2═══════R╕", "3───────W╮", "4╌╌╌╌╌╌╌Y┐", "Blue", "Red",
                  "Wild Draw", "Four", "Skip", "no┘", "Discard 1"):
        assert label in text, label


def test_a_crash_shows_one_line_and_keeps_the_traceback_in_a_file(capsys, monkeypatch):
    from uno_tui.app.screens.table import TableScreen as Table

    def broken(self):
        raise RuntimeError("the draw pile fell off the table")

    monkeypatch.setattr(Table, "action_draw", broken)
    monkeypatch.setattr(Table, "check_action", lambda self, action, parameters: True)
    ctl = rigged("Ann,cpu", hands=[["B1", "B2"], ["G1"]], top="R3")
    app = make_app(ctl)

    async def auto_pilot(pilot):
        await settle(pilot)
        await pilot.press("d")

    app.run(headless=True, size=(80, 24), auto_pilot=auto_pilot)
    err = capsys.readouterr().err
    assert app.return_code == 1
    assert "Traceback" not in err
    assert "uno-tui stopped after an internal error: the draw pile fell off the table" in err
    path = err.split("The details are in ")[1].split()[0]
    # In the data directory (the test's own XDG_DATA_HOME), not the temp folder.
    assert path.startswith(os.environ["XDG_DATA_HOME"]) and "/uno-tui/crashes/" in path
    with open(path, encoding="utf-8") as report:
        details = report.read()
    os.remove(path)
    assert "Traceback" in details and "RuntimeError" in details and '"variant": "classic"' in details


def test_two_crashes_in_one_second_each_keep_their_report(tmp_path, monkeypatch):
    # A server writes a crash report for each session and table that fails; the name
    # is stamped to the second, and the second report of a second was not written.
    import datetime as real
    from uno_tui.app import app as app_module

    class OneSecond(real.datetime):
        @classmethod
        def now(cls, tz=None):
            return real.datetime(2026, 12, 3, 14, 0, 0, tzinfo=tz)
    monkeypatch.setattr(app_module, "datetime", OneSecond)
    paths = [app_module.write_crash_report(RuntimeError(f"crash {n}"), folder=tmp_path)
             for n in (1, 2, 3)]
    assert None not in paths and len(set(paths)) == 3
    for n, path in enumerate(paths, 1):
        with open(path, encoding="utf-8") as report:
            assert f"crash {n}" in report.read()


async def test_ten_seats_fit_in_two_columns_at_80x24():
    ctl = make_controller("Ann," + ",".join(["cpu"] * 9), seed=4)
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        panels = seat_panel_texts(pilot.app)
    assert len(panels) == 10
    for name, panel in zip(["Ann"] + [f"CPU {n}" for n in range(1, 10)], panels):
        assert name in panel, (name, panel)


async def test_sixteen_seats_keep_points_and_the_dealer_mark_at_80x24():
    ctl = make_controller("Ann," + ",".join(["cpu"] * 15), seed=5, variant="party")
    async with make_app(ctl).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panels = seat_panel_texts(pilot.app)
    dealer = ctl.game.view(0).dealer
    for seat, panel in enumerate(panels):
        name = ctl.names[seat]
        assert panel.startswith(("▶", " ")) and name[:5] in panel, panel
        assert panel.rstrip().endswith(("0", "D")), panel           # the points
        assert panel.rstrip().endswith("D") == (seat == dealer), panel
        assert f"{ctl.game.view(0).seats[seat].card_count:>3}▮" in panel, panel


def seat_panel_texts(app) -> list[str]:
    """What each seat's panel shows, as plain text, in seat order."""
    from uno_tui.app.widgets.seats import SeatPanel

    panels = sorted(app.table.query(SeatPanel), key=lambda panel: panel.seat)
    for panel in panels:
        assert panel.region.height > 0 and panel.region.width > 0, "a seat is not on screen"
    return [panel.render().plain for panel in panels]