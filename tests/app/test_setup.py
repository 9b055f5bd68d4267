"""The setup screen: defaults on Enter, the variant from the command line, bad values."""

from __future__ import annotations

from textual.geometry import Region

from uno_tui.app.app import UnoApp
from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.screens.setup import SetupScreen, computer_levels
from uno_tui.app.screens.table import TableScreen
from uno_tui.app.widgets.checklist import CheckList
from uno_tui.app.widgets.choice import ChoiceRow
from uno_tui.app.widgets.seat_table import KindSwitch, NameInput, SeatTable
from uno_tui.bots import BOT_LEVELS
from uno_tui.config import PlayConfig, SeatSpec, default_bot_level

from .helpers import (click, make_app, make_controller, on_every_frame, press, quiet,
                      redrawn_regions, settle, shown)


#: Left presses from the default computer level back to "Person".
BOT_LEVELS_BEFORE_DEFAULT = list(computer_levels()).index(default_bot_level()) + 1


def setup_app(**config) -> UnoApp:
    return UnoApp(PlayConfig(**config), pace=0, steady=True)


async def test_enter_starts_with_one_person_and_three_computers():
    app = setup_app()
    async with app.run_test() as pilot:
        await quiet(pilot)
        assert isinstance(app.screen, SetupScreen)
        text = await shown(pilot)
        for words in ("Classic UNO", "Player 1", "Computer: " + default_bot_level(),
                      "500 points", "House rules", "Start the game"):
            assert words in text, words
        await press(pilot, "enter")
        await quiet(pilot)
        assert isinstance(app.screen, TableScreen)
        ctl = app.table.ctl
    assert ctl.names == ("Player 1", "CPU 1", "CPU 2", "CPU 3")
    assert [spec.level for spec in ctl.seats] == [None] + [default_bot_level()] * 3
    assert ctl.variant == "classic" and ctl.target == 500 and ctl.mode == "target"


async def test_the_command_line_choices_are_preselected():
    app = setup_app(variant="pokemon", rules=frozenset({"7-0"}), target=321, mode="lowest")
    async with app.run_test() as pilot:
        await quiet(pilot)
        screen = app.screen
        assert screen.query_one("#variant", ChoiceRow).value == "pokemon"
        assert screen.query_one("#rules", CheckList).selected == ["7-0"]
        assert screen.query_one("#target", ChoiceRow).value == 321
        await press(pilot, "ctrl+s")
        await quiet(pilot)
        ctl = app.table.ctl
    assert (ctl.variant, ctl.rules, ctl.target, ctl.mode) == ("pokemon", {"7-0"}, 321, "lowest")


async def test_choices_by_keys_names_typed_in_place():
    app = setup_app()
    async with app.run_test() as pilot:
        await quiet(pilot)
        await press(pilot, "tab", "right")            # Variant: Pokémon
        await press(pilot, "tab", "down")             # seats: the second one's name
        await press(pilot, *["backspace"] * 5, "B", "o", "b")
        await press(pilot, "tab", *["left"] * BOT_LEVELS_BEFORE_DEFAULT)    # its player
        await press(pilot, *["tab"] * 5, "right", "right")   # match: five rounds
        await press(pilot, "tab", "left")             # target: 400
        await press(pilot, "tab")                     # the language beside it: left alone
        await press(pilot, "tab", "tab", "down", "space")    # past the preset, rules: 7-0
        text = await shown(pilot)
        assert "Bob" in text and "◀ Person ▶" in text
        await press(pilot, "ctrl+s")
        await quiet(pilot)
        ctl = app.table.ctl
    assert ctl.variant == "pokemon" and ctl.mode == "five-rounds" and ctl.target == 400
    assert ctl.names == ("Player 1", "Bob", "CPU 2", "CPU 3")
    assert ctl.humans == (0, 1) and ctl.rules == {"7-0"}


async def test_bad_values_are_explained_and_change_nothing():
    app = setup_app()
    async with app.run_test() as pilot:
        await quiet(pilot)
        screen = app.screen
        names = screen.query(NameInput)
        names[1].focus()
        await press(pilot, *["backspace"] * 5, "p", "l", "a", "y", "e", "r", "space", "1")
        await press(pilot, "enter")
        assert "Can't start: seats 1 and 2 are both called 'player 1'." in await shown(pilot)
        assert app.screen is screen
        await press(pilot, *["backspace"] * 8)
        await press(pilot, "escape", "enter")
        assert "Can't start: seat 2 needs a name." in await shown(pilot)
        assert app.screen is screen


async def test_seats_by_mouse_and_keys():
    app = setup_app()
    async with app.run_test() as pilot:
        await quiet(pilot)
        screen = app.screen
        table = screen.query_one(SeatTable)
        # A click on a seat's player goes person -> each computer level -> person.
        for expected in [*computer_levels(), None]:
            assert await click(pilot, screen.query(KindSwitch)[0], offset=(3, 0))
            assert table.seats[0].level == expected
        # The links under the seats add and remove seats.
        assert await click(pilot, "#add-seat")
        assert [seat.name for seat in table.seats][-1] == "CPU 4"
        await press(pilot, "plus", "plus")
        assert len(table.seats) == 7
        assert await click(pilot, screen.query(NameInput)[5])      # seat 6's name
        await press(pilot, "end", "minus")     # in a name, "-" is typed
        assert table.seats[5].name == "CPU 5-"
        await press(pilot, "backspace", "escape", *["minus"] * 5)
        assert len(table.seats) == 2
        await press(pilot, "minus")
        assert "A game needs at least 2 seats." in await shown(pilot)
        await press(pilot, "enter")
        await quiet(pilot)
        ctl = app.table.ctl
    assert ctl.names == ("Player 1", "CPU 1")


async def test_variant_mode_and_rules_by_mouse():
    app = setup_app()
    async with app.run_test() as pilot:
        await quiet(pilot)
        screen = app.screen
        variant = screen.query_one("#variant", ChoiceRow)
        assert await click(pilot, variant, offset=(30, 0))         # "( ) Pokémon UNO"
        assert variant.value == "pokemon"
        rules = screen.query_one("#rules", CheckList)
        assert await click(pilot, rules, offset=(5, 1))            # the 2nd rule: 7-0
        assert rules.selected == ["7-0"]
        assert await click(pilot, "#start")
        await quiet(pilot)
        ctl = app.table.ctl
    assert ctl.variant == "pokemon" and ctl.rules == {"7-0"}


async def test_the_picked_computer_seat_says_what_its_level_plays_like():
    from uno_tui.bots import LEVEL_DESCRIPTIONS

    app = setup_app()
    async with app.run_test() as pilot:
        await quiet(pilot)
        await press(pilot, "tab", "tab", "down")          # seats: CPU 1, the default level
        text = await shown(pilot)
        level = default_bot_level()
        assert f"Computer {level}: {LEVEL_DESCRIPTIONS[level]}" in text
        await press(pilot, "tab", "right")                # its player: the next level up
        text = await shown(pilot)
        after = computer_levels()[computer_levels().index(level) + 1]
        assert f"Computer {after}: {LEVEL_DESCRIPTIONS[after]}" in text
        await press(pilot, "up")                          # Player 1, a person
        assert "Tab moves between the fields" in await shown(pilot)


async def test_the_hint_line_follows_the_field_in_use_and_tells_a_house_rule_whole():
    # At 80x24 the list cuts each rule's line ("stacking: a Draw Two may answer a…"),
    # and the hint went on describing the last computer seat picked, whatever the field.
    from uno_tui.engine import HOUSE_RULES

    app = setup_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        hint = app.screen.query_one("#setup-error")
        await press(pilot, "tab", "tab", "down")          # seats: CPU 1, a computer
        assert str(hint.content).startswith("Computer ")
        rules = app.screen.query_one("#rules", CheckList)
        while app.screen.focused is not rules:
            await press(pilot, "tab")
            if app.screen.focused is not rules and not isinstance(
                    app.screen.focused, (NameInput, KindSwitch)):
                assert "Tab moves between the fields" in str(hint.content), app.screen.focused
        await quiet(pilot)
        assert str(hint.content) == f"stacking: {HOUSE_RULES['stacking']}"
        await press(pilot, "down", "right")               # 7-0, then its neighbour
        await quiet(pilot)
        assert str(hint.content) == f"multi-play: {HOUSE_RULES['multi-play']}"
        text = await shown(pilot)
        assert HOUSE_RULES["multi-play"].split()[-1] in text   # its last word, uncut
        await press(pilot, "tab")                         # on to the start link
        assert "Tab moves between the fields" in str(hint.content)


async def test_another_variant_brings_its_match_mode_unless_one_was_chosen():
    app = setup_app()
    async with app.run_test() as pilot:
        await quiet(pilot)
        screen = app.screen
        mode = screen.query_one("#mode", ChoiceRow)
        await press(pilot, "tab", "right", "right", "right")      # Variant: UNO Party!
        assert mode.value == "single"                            # Party: one round
        await press(pilot, "left")                                # Flip: back to its default
        assert mode.value == "target"
        mode.focus()
        await press(pilot, "right", "right", "right")             # the player picks "lowest"
        assert mode.value == "lowest"
        screen.query_one("#variant", ChoiceRow).focus()
        await press(pilot, "right")                               # Party again
        assert mode.value == "lowest"                             # the choice stays


async def test_names_are_text_never_markup_at_the_table():
    # As `--players '[/],[b]Ann,cpu'` gives them: the app used to stop with
    # "auto closing tag ('[/]') has nothing to close".
    ctl = make_controller("[/],[b]Ann,cpu", seed=3)
    app = make_app(ctl)
    async with app.run_test() as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        text = await shown(pilot)
        assert "Pass to [/]" in text and "I am [/]: show my cards" in text
        await press(pilot, "enter")
        await settle(pilot)
        text = await shown(pilot)
        assert "[/]'s hand" in text and "[b]Ann" in text
        assert app.is_running


async def test_keys_typed_fast_after_backspace_all_count():
    """In a real terminal Backspace then letters come in one read, before Textual had run
    the Backspace's binding: "CPU 1", Backspace, x, y gave "CPU 1x" (issue 23). Here the
    keys are queued at once, as the terminal gives them."""
    from textual import events

    app = setup_app()
    async with app.run_test() as pilot:
        await quiet(pilot)
        app.screen.query(NameInput)[1].focus()
        await quiet(pilot)
        for key, character in (("backspace", "\x7f"), ("x", "x"), ("y", "y"),
                               ("down", None), ("d", "d"), ("tab", "\t"), ("right", None)):
            app.post_message(events.Key(key, character))
        await quiet(pilot)
        seats = app.screen.query_one(SeatTable).seats
    assert [seat.name for seat in seats][1:3] == ["CPU xy", "CPU 2d"]
    levels = computer_levels()
    assert seats[2].level == levels[levels.index(default_bot_level()) + 1]


async def test_computer_levels_go_weakest_first_and_the_testing_one_last_marked_so():
    assert computer_levels() == ("easy", "normal", "hard", "random")
    app = setup_app()
    async with app.run_test() as pilot:
        await quiet(pilot)
        app.screen.query(KindSwitch)[0].focus()          # Player 1, a person
        await press(pilot, "right")
        assert "◀ Computer: easy ▶" in await shown(pilot)
        await press(pilot, "left", "left")
        assert "◀ Computer: random (for testing) ▶" in await shown(pilot)


async def test_the_focused_field_is_ringed_in_every_theme():
    """Focus was a one-step grey change: the focused field's background must stand out
    from the screen's in every theme."""
    app = setup_app()
    async with app.run_test() as pilot:
        for theme in sorted(app.available_themes):
            app.theme = theme
            for field in (app.screen.query(NameInput)[0], app.screen.query_one("#rules"),
                          app.screen.query(KindSwitch)[0]):
                field.focus()
                await quiet(pilot)
                ring = field.styles.border_left
                assert ring[0] != "" and ring[0] != "none", (theme, field)
                focused = field.rich_style.bgcolor
                screen = app.screen.rich_style.bgcolor
                r1, g1, b1 = focused.get_truecolor()
                r2, g2, b2 = screen.get_truecolor()
                assert abs(r1 - r2) + abs(g1 - g2) + abs(b1 - b2) >= 60, (theme, field)


async def test_the_focused_field_stays_in_view_after_a_resize():
    app = setup_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await quiet(pilot)
        rules = app.screen.query_one("#rules")
        rules.focus()
        await quiet(pilot)
        await pilot.resize_terminal(80, 24)
        await quiet(pilot)
        await quiet(pilot)
        scroll = app.screen.query_one("#setup")
        visible = scroll.content_region
        assert rules.region.overlaps(visible) and visible.contains_region(
            rules.region.intersection(visible)), (rules.region, visible)
        assert rules.region.y + rules.region.height <= visible.bottom


async def test_the_twelve_house_rules_in_two_columns_by_keys():
    """Down goes down the first column, Right to the one beside it in the second."""
    app = setup_app()
    async with app.run_test() as pilot:
        await quiet(pilot)
        rules = app.screen.query_one("#rules", CheckList)
        rules.focus()
        await press(pilot, "down", "right", "space")     # 7-0's neighbour: multi-play
        assert rules.selected == ["multi-play"]
        await press(pilot, "right", "left", "space")     # no second column past it: 7-0
        assert rules.selected == ["7-0", "multi-play"]
        text = await shown(pilot)
        assert "catch-window" in text and "Start the game" in text


async def test_a_key_on_the_setup_screen_draws_again_only_what_it_changes():
    # Each focus change (Tab, Up/Down, "+") drew the whole screen again, the title
    # and the footer's far end included; a "+" asked for the hint line three times.
    app = UnoApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        hint = app.screen.query_one("#setup-error")
        updates = []
        update = hint.update
        hint.update = lambda *args, **kwargs: (updates.append(args), update(*args, **kwargs))
        redrawn = redrawn_regions(app)
        await press(pilot, "tab", "tab", "down")
        await quiet(pilot)
        title = app.screen.query_one("TitleBar").region
        assert redrawn and not any(region.overlaps(title) for region in redrawn), redrawn
        await press(pilot, "plus", "plus")
        await quiet(pilot)
        assert len(app.screen.query_one(SeatTable).rows) == 6
        assert len(updates) <= 1, updates       # once, when the hint names a computer


async def test_the_first_frame_after_plus_shows_the_new_seat_with_its_cursor():
    # The new row showed first, its name got the focus (the cursor) a frame later; and
    # at 80x24 the rows added go below the fold: each must be scrolled into view.
    app = UnoApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        table = app.screen.query_one(SeatTable)
        for count in range(5, 9):
            frames: list[bool] = []
            on_every_frame(app, lambda app: frames.append(
                app.screen.focused is table.seat_rows[-1].query_one(NameInput)))
            await press(pilot, "plus")
            await quiet(pilot)
            assert len(table.rows) == count
            assert frames and frames[0], frames
            name = table.seat_rows[-1].query_one(NameInput)
            assert app.screen.query_one("#setup").region.contains_region(name.region)


async def test_plus_shows_the_spare_seat_in_its_place_and_moves_nothing_below_it():
    """A spare row is mounted ahead as the seat "+" adds, invisible over the links' line
    below the seats: the first frame after "+" draws that line (and the hint and the
    footer's keys, which follow the focus, and the field the focus left), not the fields
    below the seats, which moved down a line and were all drawn again first."""
    app = UnoApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        screen = app.screen
        table = screen.query_one(SeatTable)
        for count in range(5, 7):
            below = {name: screen.query_one(name).region for name in ("#mode", "#target-line")}
            mounted = len(table.query("SeatRow"))
            links = screen.query_one(".seat-links").region
            allowed = [Region(0, links.y, screen.size.width, 1),
                       screen.query_one("#setup-error").region,
                       screen.query_one("KeysFooter").region]
            if screen.focused is not None:
                allowed.append(screen.focused.region)      # its focus ring goes
            frames: list[list] = []
            compositor = screen._compositor
            render_update = compositor.render_update

            def noted(*args, **kwargs):
                frames.append(list(compositor._dirty_regions))
                return render_update(*args, **kwargs)

            compositor.render_update = noted
            firsts: list[tuple] = []
            on_every_frame(app, lambda app: firsts.append(
                (len(table.query("SeatRow")), {name: screen.query_one(name).region
                                               for name in below})) if not firsts else None)
            await press(pilot, "plus")
            await quiet(pilot)
            compositor.render_update = render_update
            assert len(table.rows) == count
            assert table.seat_rows[-1].seat == SeatSpec(f"CPU {count - 1}", default_bot_level())
            # The first frame: nothing mounted, nothing below the seats moved...
            assert firsts[0] == (mounted, below), firsts[0]
            # ...and only the new seat's line, the hint, the footer and the field the
            # focus left were drawn.
            assert frames and all(any(place.contains_region(region) for place in allowed)
                                  for region in frames[0]), (count, frames[0], allowed)
        # Once it is out the new seat is one of the rows, the links below it.
        assert screen.query_one(".seat-links").region.y == table.seat_rows[-1].region.y + 1
