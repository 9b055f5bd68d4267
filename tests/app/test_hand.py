"""The hand at the bottom: the hint when cards are off screen, a drawn card brought into
view, and the sort toggle (issue 23)."""

from __future__ import annotations

from uno_tui.app.widgets.hand import ChipGrid, HandView

from .helpers import asked, make_app, press, rigged, settle, shown, take_keyboard

TWELVE = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "G1", "G2", "R9", "G4", "R2"]


def _rows_in_view(hand: HandView) -> range:
    """The indexes of the cards whose row is on screen."""
    grid = hand.query_one(ChipGrid)
    height, columns = grid.card_size.height, grid.columns()
    first_row = round(hand.scroll_y) // height
    rows = max(1, hand.size.height // height)
    return range(first_row * columns, (first_row + rows) * columns)


async def test_the_page_hint_shows_at_once_with_the_playable_cards_off_screen():
    """Issue 23: after the handoff the turn showed cards 1-7, all "no", and the hint came
    only after an arrow key: a player drew while a playable card sat off screen."""
    ctl = rigged("Ann,Bob", hands=[TWELVE, ["Y1", "Y2"]], top="R5")
    async with make_app(ctl).run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, "Ann")
        text = await shown(pilot)
        assert "cards 1-7 of 12 · 2 more can be played · ←→ show the rest" in text, text


async def test_a_drawn_card_comes_into_view():
    ctl = rigged("Ann,Bob", hands=[TWELVE[:7], ["Y1", "Y2"]], top="R5", draw=["Y9"])
    async with make_app(ctl).run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, "Ann")
        await press(pilot, "d")                  # Yellow 9: it can't be played
        await settle(pilot)
        assert asked(pilot.app) == "notice"
        text = await shown(pilot)
        assert "Remember it" in text
        hand = pilot.app.table.query_one(HandView)
        assert 7 in _rows_in_view(hand), text
        assert "cards 8-8 of 8" in text or "card 8 of 8" in text


async def test_s_sorts_the_hand_by_colour_and_each_person_keeps_their_choice():
    ctl = rigged("Ann,Bob", hands=[["G2", "R7", "W", "B1", "R3"], ["Y5", "B2", "Y1"]],
                 top="R5", draw=["G9", "G8"], ids=False)
    async with make_app(ctl).run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, "Ann")
        assert "s Sort" in await shown(pilot)
        await press(pilot, "s")
        table = pilot.app.table
        grid = table.query_one(ChipGrid)
        assert [c.face.label for c in grid.cards] == [
            "Red 3", "Red 7", "Green 2", "Blue 1", "Wild"]
        text = await shown(pilot)
        assert "Ann's hand (5 cards, sorted)" in text and "s As dealt" in text
        await press(pilot, "1", "enter")         # Red 3, the first card as sorted
        await take_keyboard(pilot, "Bob")
        assert [c.face.label for c in grid.cards] == ["Yellow 5", "Blue 2", "Yellow 1"]
        await press(pilot, "d")                  # Green 9, which can't be played
        await settle(pilot)
        await press(pilot, "enter")
        await take_keyboard(pilot, "Ann")        # Ann's choice is kept for her
        assert [c.face.label for c in grid.cards] == ["Red 7", "Green 2", "Blue 1", "Wild"]
    assert "Ann plays Red 3" in ctl.log


EIGHTEEN = [f"{color}{number}" for color in "RGB" for number in range(1, 7)]


async def test_a_long_hand_is_fanned_along_the_bottom_at_200x60():
    """Issue 23: at 200x60 a long hand took rows of cards side by side (and scrolled);
    fanned, eighteen cards lie in one row, each showing its key and corner index."""
    from .helpers import screen_text

    ctl = rigged("Ann,cpu", hands=[EIGHTEEN, ["Y1", "Y2"]], top="R5")
    async with make_app(ctl).run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        hand = pilot.app.table.query_one(HandView)
        grid = hand.query_one(ChipGrid)
        assert grid.columns() == 18
        assert hand.size.height == grid.card_size.height          # one row, no scrolling
        text = screen_text(pilot.app)
        row = next(line for line in text.split("\n") if "R1" in line and "B6" in line)
        for card in EIGHTEEN:
            assert card in row, (card, row)
        assert "show the rest" not in text
        # A click on what shows of a card plays that card.
        from .helpers import click
        assert await click(pilot, ChipGrid, offset=grid.chip_offset(1))
        await settle(pilot)
        assert "Ann plays Red 2" in screen_text(pilot.app)


def _layouts_asked_by_the_hand(grid: ChipGrid) -> list[str]:
    """Note every layout the hand's grid or one of its card slots asks for from now on
    (a style that moves or resizes a widget calls its ``refresh(layout=True)``)."""
    asked_for: list[str] = []
    for widget in (grid, *grid._slots):
        def noted(*regions, _refresh=widget.refresh, _name=repr(widget), **kwargs):
            if kwargs.get("layout"):
                asked_for.append(_name)
            return _refresh(*regions, **kwargs)
        widget.refresh = noted
    return asked_for


async def test_a_card_played_or_drawn_moves_no_card_slot():
    """Issue 20: a card leaving the hand moved the emptied slot below the rows, which made
    Textual lay out the whole screen on every terminal at the table (8 ms of an update).
    The emptied slot now keeps its place and draws nothing; the card drawn later fills it
    where it is."""
    from .helpers import screen_text

    ctl = rigged("Ann,cpu", hands=[["R1", "G2", "R3", "B4", "Y5"], ["Y7", "Y8", "B6"]],
                 top="R5", draw=["G9", "B8", "G7"], ids=True)
    async with make_app(ctl).run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        grid = pilot.app.table.query_one(ChipGrid)
        assert len(grid.cards) == 5
        places = [slot.styles.offset for slot in grid._slots]
        asked_for = _layouts_asked_by_the_hand(grid)
        played = grid.cards[0].id
        await press(pilot, "1", "enter")        # Red 1; the computer draws and passes
        await settle(pilot)
        assert ctl.log[0].startswith("Ann plays Red 1")
        assert [card.face.label for card in grid.cards] == [
            "Green 2", "Red 3", "Blue 4", "Yellow 5"]
        # Each slot shows the card now at its index; the fifth is empty and blank.
        assert [slot.facts.card_id for slot in grid._slots[:4]] == [
            card.id for card in grid.cards]
        emptied = grid._slots[4]
        assert emptied.facts is None
        assert all(not emptied.render_line(y).text.strip()
                   for y in range(emptied.size.height))
        hand_text = screen_text(pilot.app).split("Ann's hand")[1]
        assert f"#{played}" not in hand_text.split("\n", 1)[1]
        await press(pilot, "d")                  # Ann draws Blue 8
        await settle(pilot)
        assert len(grid.cards) == 5 and grid._slots[4].facts.face.label == "Blue 8"
        assert [slot.styles.offset for slot in grid._slots] == places
        assert asked_for == []


def test_the_card_strips_kept_between_redraws_are_bounded():
    """A render worker kept the strips of the last 2,048 cards drawn, with all Textual
    derived from them: about 20 MB per worker after two minutes (with card ids shown,
    every card of the deck is a card of its own). At most 512 cards' now."""
    import gc

    from rich.style import Style
    from textual.strip import Strip

    from uno_tui.app.widgets import hand
    from uno_tui.app.widgets.card import card_lines
    from uno_tui.engine import Face, Kind

    def strips_alive() -> int:
        gc.collect()
        return sum(type(thing) is Strip for thing in gc.get_objects())

    hand._card_strips.cache_clear()
    before = strips_alive()
    for card_id in range(3000):
        lines = card_lines(Face("R", Kind.NUMBER, card_id % 10), card_id=card_id)
        hand._card_strips(lines, Style())
    assert strips_alive() - before <= 512 * len(lines)
    hand._card_strips.cache_clear()
