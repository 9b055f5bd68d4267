"""The table's layout: the seats use the room, the piles sit by the hand, a question lies
over the seats (never over the piles or the hand), and a change redraws only what looks
different."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st
from rich.cells import cell_len
from rich.text import Text

from uno_tui.app.prompts import PromptPanel
from uno_tui.app.widgets.bound import changed_span
from uno_tui.app.widgets.seats import SeatPanel
from uno_tui.app.widgets.table_area import TableArea

from .helpers import make_app, make_controller, painted_rows, press, rigged, screen_text, settle

SIZES = [(80, 24), (120, 40)]
#: The three size steps.
STEPS = [(80, 24), (120, 40), (200, 60)]


def inside(inner, outer) -> bool:
    return outer.contains_region(inner)


@pytest.mark.parametrize("size", STEPS + [(150, 40)], ids=["80x24", "120x40", "200x60", "150x40"])
@pytest.mark.parametrize("players,variant", [(2, "classic"), (3, "classic"), (5, "classic"),
                                             (8, "classic"), (10, "classic"), (16, "party")])
async def test_every_seat_fits_above_the_piles(size, players, variant):
    ctl = make_controller(",".join(["Ann"] + ["cpu"] * (players - 1)), variant=variant,
                          seed=5, ids=False)
    async with make_app(ctl).run_test(size=size) as pilot:
        await settle(pilot)
        table = pilot.app.table
        area = table.query_one("#seat-area").region
        middle = table.query_one("#middle").region
        panels = list(table.query(SeatPanel))
        assert len(panels) == players
        for panel in panels:
            assert panel.region.height >= 1 and inside(panel.region, area), panel.region
            assert ctl.names[panel.seat][:5] in panel.render().plain
            assert not panel.region.overlaps(middle), (panel.seat, panel.region, middle)
            assert not any(panel.region.overlaps(other.region)
                           for other in panels if other is not panel), panel.region
        if not table.query_one(TableArea).is_round:
            assert area.bottom <= middle.y
        for pile in ("#discard", "#draw-pile"):
            assert inside(table.query_one(pile).region, middle)
        assert inside(middle, table.query_one("#table").region)


@pytest.mark.parametrize("variant", ["classic", "party"])
@pytest.mark.parametrize("size", [(150, 40), (160, 45), (170, 52), (200, 60)],
                         ids=["150x40", "160x45", "170x52", "200x60"])
async def test_from_150x40_the_players_sit_around_the_piles(size, variant):
    """Issue 23: at 200x60 the seats stood in one row above the piles. Now the next
    player sits on the left, the ones after along the top, the last on the right, and
    the hand's owner below the piles, whoever holds the keyboard; from about 150x40 on
    (it needed 200x60: two 26-cell seat columns beside the 56-cell log), the seats and
    the log narrower between the steps. UNO Party! too: its mini-pile, counted as a
    third pile, kept its seats in rows up to 170x52."""
    ctl = make_controller("Ann,Bob,cpu,cpu,cpu", variant=variant, seed=5, ids=False)
    async with make_app(ctl).run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "enter")            # the first handoff
        await settle(pilot)
        table = pilot.app.table
        assert table.query_one(TableArea).is_round
        middle = table.query_one("#middle").region
        viewer = table.viewer
        assert viewer is not None

        def seat_at(step):
            return next(p.region for p in table.query(SeatPanel)
                        if p.seat == (viewer + step) % 5)

        assert seat_at(0).y >= middle.bottom                       # below the piles
        assert seat_at(1).right <= middle.x                        # on the left
        assert seat_at(2).bottom <= middle.y or seat_at(2).right <= middle.x
        assert seat_at(3).bottom <= middle.y or seat_at(3).x >= middle.right
        assert seat_at(4).x >= middle.right                        # on the right
        # The first and the last stand beside the piles, not above them.
        assert seat_at(1).y < middle.bottom and seat_at(1).bottom > middle.y
        assert seat_at(4).y < middle.bottom and seat_at(4).bottom > middle.y


@pytest.mark.parametrize("size", [(120, 40), (150, 40), (200, 60)],
                         ids=["120x40", "150x40", "200x60"])
async def test_the_party_mini_pile_and_the_tracker_show_at_every_table(size):
    """CPU 3 piles up: the mini-pile shows beside the piles while the seats stand in rows,
    and at a round table (no room for it in the piles' row) in compact cards under the
    direction tracker, both whole, neither over a seat."""
    from uno_tui.engine import Game, Play
    from uno_tui.app.widgets.direction import DirectionTracker
    from uno_tui.rulesets.party.frontend.widgets import MiniPile

    from .helpers import FirstBot

    ctl = make_controller("Ann,cpu,cpu,cpu", variant="party", ids=False)
    ctl.use_position(Game.from_position(
        "party", hands=[["R5", "B2", "G7", "Y1"], ["R1", "B1"], ["G1", "G2"], ["WPU", "Y5"]],
        top="R3", current=3, draw=["B7", "B8"]))
    for seat in list(ctl.bots):
        ctl.bots[seat] = FirstBot(seat)
    pile_up = next(c for c in ctl.game.hands[3] if ctl.game.face(c).code == "WPU")
    ctl.apply(Play(3, pile_up))
    async with make_app(ctl).run_test(size=size) as pilot:
        await settle(pilot)
        table = pilot.app.table
        round_table = table.query_one(TableArea).is_round
        assert round_table == (size != (120, 40))
        shown = [pile for pile in table.query(MiniPile)
                 if pile.region.area and pile.parent.display]
        assert len(shown) == 1, [pile.region for pile in table.query(MiniPile)]
        pile = shown[0]
        tracker = table.query_one(DirectionTracker).region
        status = table.query_one("#status").region
        middle = table.query_one("#middle").region
        assert inside(pile.region, middle)
        assert pile.region.height == pile.size_class.height
        assert tracker.height == 3 and inside(tracker, status)
        if round_table:
            assert inside(pile.region, status) and pile.region.y >= tracker.bottom
        for panel in table.query(SeatPanel):
            assert not panel.region.overlaps(pile.region), panel.seat
        text = screen_text(pilot.app)
    assert "Mini-pile: 1" in text and "plays on it" in text
    assert "clockwise" in text and "now:" in text


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (140, 40)], ids=["80x24", "120x40", "140x40"])
async def test_below_the_round_tables_room_the_seats_stand_in_rows(size):
    ctl = make_controller("Ann,Bob,cpu,cpu,cpu", seed=5, ids=False)
    async with make_app(ctl).run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        table = pilot.app.table
        assert not table.query_one(TableArea).is_round
        middle = table.query_one("#middle").region
        assert all(panel.region.bottom <= middle.y for panel in table.query(SeatPanel))


async def test_at_120x40_four_seats_show_their_backs_as_fans_of_cards():
    ctl = make_controller("Ann,cpu,cpu,cpu", seed=27, ids=False)
    async with make_app(ctl).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = pilot.app.table
        for panel in table.query(SeatPanel):
            text = panel.render().plain
            count = ctl.game.view(0).seats[panel.seat].card_count
            assert "╭" + "┬" * (count - 1) + "───╮" in text, text
            assert f"UNO│ {count}" in text, text
        # The rows of seats take more than the three lines they had at 80x24.
        assert all(panel.region.height >= 5 for panel in table.query(SeatPanel))


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
async def test_the_colour_prompt_lies_over_the_seats_with_piles_and_hand_in_view(size):
    app = make_app(rigged("Ann,cpu", hands=[["W", "R5", "B2", "YS", "G+2"], ["G1", "G2", "G3"]],
                          top="B3"))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        table = app.table
        panel = table.query_one(PromptPanel).region
        assert panel.height > 3, panel
        assert inside(panel, table.query_one("#seat-area").region), panel
        for kept in ("#middle", "#hand", "#hand-title", "#log", "#prompt", "#banner"):
            assert not panel.overlaps(table.query_one(kept).region), kept
        text = screen_text(app)
    assert "name a colour" in text and "Ann's hand (4 cards)" in text and "Draw " in text


def test_changed_span_is_what_looks_different():
    assert changed_span(Text("CPU 1 is playing…"), Text("CPU 2 is playing…")) == (4, 5)
    assert changed_span(Text("same"), Text("same")) is None
    # A style alone is a difference; a shorter line rubs out the old end.
    assert changed_span(Text("Ann"), Text("Ann", style="bold")) == (0, 3)
    assert changed_span(Text("Ann draws"), Text("Ann")) == (3, 9)
    # A line that grows in its middle moves its end: the end is drawn again too. (A seat's
    # fan of backs, 4 cards then 6: only "┬┬" was sent, and the screen kept "┬┬─╮".)
    assert changed_span(Text("  ╭┬┬┬───╮"), Text("  ╭┬┬┬┬┬───╮")) == (6, 12)


def test_changed_span_tells_a_line_drawn_the_same_without_comparing_its_cells(monkeypatch):
    """A seat panel that changed compared each of its lines cell by cell (every cell's
    styles made into a tuple of strings), the lines that did not change too."""
    from uno_tui.app.widgets import bound

    compared = []
    cells = bound._cells
    monkeypatch.setattr(bound, "_cells", lambda line: compared.append(line) or cells(line))
    line = Text("▶ Ann  D 120")
    line.stylize("bold", 0, 5)
    same = line.copy()
    assert changed_span(line, same) is None
    assert compared == []
    # Styles laid on differently but looking the same are still the same.
    split = Text("▶ Ann  D 120")
    split.stylize("bold", 0, 2)
    split.stylize("bold", 2, 5)
    assert changed_span(line, split) is None
    assert changed_span(line, Text("▶ Ann  D 121")) is not None


def _screen_cells(chars: list[tuple[str, bool]], width: int) -> list[tuple[str, bool]]:
    """The cells a line of (character, bold) puts on screen, padded with blanks to
    ``width``: a wide character fills its first cell, its second is a continuation."""
    cells = []
    for char, bold in chars:
        cells.append((char, bold))
        cells.extend([("", bold)] * (cell_len(char) - 1))
    return cells + [(" ", False)] * (width - len(cells))


_CHARS = st.lists(st.tuples(st.sampled_from("ab─┬╮ 7😀界"), st.booleans()), max_size=12)


@given(old=_CHARS, new=_CHARS)
def test_drawing_only_the_changed_span_over_the_old_line_gives_the_new_line(old, new):
    def text(chars):
        line = Text()
        for char, bold in chars:
            line.append(char, style="bold" if bold else "")
        return line
    width = 30
    screen = _screen_cells(old, width)
    span = changed_span(text(old), text(new))
    if span is not None:
        start, end = span
        screen[start:end] = _screen_cells(new, width)[start:end]
    assert screen == _screen_cells(new, width)


async def test_a_computer_move_redraws_a_few_cells_of_the_seats_not_their_panels():
    ctl = make_controller("Ann,cpu,cpu,cpu", seed=27, ids=False)
    async with make_app(ctl, pace=0.05).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = pilot.app.table
        panels = {panel.seat: panel for panel in table.query(SeatPanel)}
        frames = painted_rows(pilot.app)
        regions = []
        original = SeatPanel.refresh

        def recorded(panel, *areas, **kwargs):
            regions.append((panel.seat, areas))
            return original(panel, *areas, **kwargs)

        SeatPanel.refresh = recorded
        try:
            await press(pilot, "d")                        # Ann draws; the computers play
            await settle(pilot)
        finally:
            SeatPanel.refresh = original
        assert frames and regions
        # Every change of a seat names the cells that changed, never the whole panel.
        assert all(areas for _, areas in regions), regions
        for seat, areas in regions:
            size = panels[seat].size
            assert sum(area.area for area in areas) < size.width * size.height / 2


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
async def test_a_huge_hand_keeps_its_count_in_view_on_every_panel_form(size):
    big = [f"{color}{n}" for color in "RGBY" for n in range(1, 9)]      # 32 cards
    ctl = rigged("Ann,cpu,cpu,cpu", hands=[["R1", "G2"], big, ["B3"], ["Y4"]], top="R3")
    async with make_app(ctl).run_test(size=size) as pilot:
        await settle(pilot)
        panel = next(p for p in pilot.app.table.query(SeatPanel) if p.seat == 1)
        lines = panel.render().plain.split("\n")
        assert all(len(line) <= panel.size.width for line in lines), lines
        assert any(" 32" in line and "…" not in line for line in lines), lines


async def test_a_prompt_opening_brings_the_log_back_to_its_latest_line():
    from uno_tui.app.widgets.log import GameLog

    from .helpers import quiet, wheel

    # A speed play: Ann holds the card on top while the computer thinks (slowly), and
    # claims it; that prompt comes with no new line in the log.
    ctl = rigged("Ann,cpu", variant="party", hands=[["R5", "B2"], ["G1", "G2"]], top="R5",
                 current=1)
    app = make_app(ctl, pace=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        log = app.table.query_one(GameLog)
        log.add([f"An older line {n}" for n in range(40)])
        await wheel(pilot, log, 5)
        assert not log.latest_in_view
        await press(pilot, "j")
        assert app.table.query_one(PromptPanel).is_open, screen_text(app)
        assert log.latest_in_view and log.rows[-1] == "An older line 39"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_question_opening_paints_its_panel_once(size):
    """The panel is sized before the layout that shows it: growing from the closed
    panel's no height in a layout made Textual lay it out and paint it twice more."""
    ctl = rigged("Ann,cpu,cpu,cpu", hands=[["W", "R1", "G2"], ["B2", "B3"], ["B4", "B5"],
                                           ["B6", "B7"]], top="R3")
    async with make_app(ctl).run_test(size=size) as pilot:
        await settle(pilot)
        frames = painted_rows(pilot.app)
        await press(pilot, "enter")                # the Wild: "name a colour"
        await settle(pilot)
        table = pilot.app.table
        panel = table.query_one(PromptPanel)
        assert panel.is_open and "name a colour" in screen_text(pilot.app)
        rows = range(panel.region.y, panel.region.bottom)
        assert len(rows) >= 4
        # (A frame of the whole screen, which the test's own redraw can cause, is left out.)
        partial = [frame for frame in frames if len(frame) < size[1]]
        for row in rows:
            assert sum(row in frame for frame in partial) == 1, (row, partial)


@pytest.mark.parametrize("size,card,log", [((80, 24), (11, 4), 27), ((120, 40), (13, 8), 40),
                                           ((200, 60), (17, 11), 56)],
                         ids=["80x24", "120x40", "200x60"])
async def test_cards_and_log_grow_with_the_terminal(size, card, log):
    """Issue 23: at 200x60 the cards were the size they are at 120x40 and most of the
    screen was empty."""
    from uno_tui.app.widgets.discard import DiscardPile
    from uno_tui.app.widgets.hand import ChipGrid

    ctl = make_controller("Ann,cpu,cpu,cpu", seed=27, ids=False)
    async with make_app(ctl).run_test(size=size) as pilot:
        await settle(pilot)
        table = pilot.app.table
        assert tuple(table.query_one(ChipGrid).card_size) == card
        assert tuple(table.query_one(DiscardPile).size_class) == card
        assert table.query_one("#log").outer_size.width == log


async def test_at_80x24_the_log_fills_its_panel_when_a_question_opens():
    """The log had jumped half a page (its latest lines in the top half, room below);
    Ann's Wild asks for a colour: the question opens and the log shows the lines before
    the latest too, not six blank rows."""
    from uno_tui.app.widgets.log import GameLog

    app = make_app(rigged("Ann,cpu", hands=[["W", "R5", "B2"], ["G1", "G2", "G3"]], top="B3"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.table.query_one(GameLog)
        for n in range(log._page + 1):
            log.add([f"Earlier news {n}"])
        await settle(pilot)
        assert len(log.rows) < log._page              # the jump left room below
        await press(pilot, "1", "enter")
        await settle(pilot)
        assert app.table.query_one(PromptPanel).is_open
        assert len(log.rows) == log._page, log.rows
        assert log.rows[-1] == "Ann plays Wild" and log.latest_in_view


@pytest.mark.parametrize("size", [(150, 40), (200, 60)], ids=["150x40", "200x60"])
async def test_at_a_round_table_the_open_question_lies_below_the_piles_over_no_other_seat(size):
    """At a round table seats stand above the piles too: the question lay over them
    (Ann's colour for a Wild Drawn Together hid CPU 2 and CPU 3). Now it lies below the
    piles, between the seats at the sides, over Ann's own seat only; the question about
    the players that follows reaches down over the hand, still between the sides."""
    from uno_tui.app.widgets.hand import HandView

    from .helpers import asked

    ctl = rigged("Ann,cpu,cpu,cpu,cpu", variant="party",
                 hands=[["WDT", "R2", "R3"], ["G1", "G2"], ["B1", "B2"], ["Y1", "Y2"],
                        ["G4", "B4"]], top="R5")
    app = make_app(ctl)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = app.table
        assert table.query_one(TableArea).is_round

        def assert_no_other_seat_is_covered():
            panel = table.query_one(PromptPanel).region
            middle = table.query_one("#middle").region
            assert panel.height > 3 and panel.y >= middle.bottom, (panel, middle)
            for seat in table.query(SeatPanel):
                if seat.seat != table.viewer:
                    assert not panel.overlaps(seat.region), (seat.seat, seat.region, panel)
            return panel

        await press(pilot, "enter")                   # the Wild Drawn Together, picked first
        await settle(pilot)
        assert asked(app) == "color"
        colour = assert_no_other_seat_is_covered()
        assert not colour.overlaps(table.query_one(HandView).region)
        await press(pilot, "r")
        await settle(pilot)
        assert asked(app) == "link"
        assert_no_other_seat_is_covered()
        text = screen_text(app)
    assert "link whom?" in text and all(f"CPU {n}" in text for n in range(1, 5))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_question_closing_lays_the_screen_out_once(size):
    """The closed panel takes its no height before the layout that closes it: shrinking
    in that layout made Textual lay the whole screen out a second time in the next frame
    (at a server table, on the terminal of the person who answered, in front of the
    other terminals drawing the move)."""
    ctl = rigged("Ann,cpu,cpu,cpu", hands=[["W", "R1", "G2"], ["B2", "B3"], ["B4", "B5"],
                                           ["B6", "B7"]], top="R3")
    async with make_app(ctl).run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "enter")                # the Wild: "name a colour"
        await settle(pilot)
        table = pilot.app.table
        assert table.query_one(PromptPanel).is_open
        layouts = []
        arrange = type(table)._refresh_layout

        def counted(screen, *args, **kwargs):
            if not kwargs.get("scroll") and not (len(args) > 1 and args[1]):
                layouts.append(screen)
            return arrange(screen, *args, **kwargs)

        table._refresh_layout = counted.__get__(table)
        await press(pilot, "r")                    # Red: the panel closes
        await settle(pilot)
        assert not table.query_one(PromptPanel).is_open
        assert len(layouts) == 1, layouts
