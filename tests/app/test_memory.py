"""A long all-computer match keeps no more widgets alive than the first rounds did."""

from __future__ import annotations

from uno_tui.app.app import UnoApp
from uno_tui.app.screens.round_result import RoundResultScreen
from uno_tui.config import PlayConfig, SeatSpec

from .helpers import live_objects, wait_for

WATCHED = ("KeysFooter", "FooterKey", "StylesCache", "RoundResultScreen")


async def test_rounds_at_full_speed_leave_no_widgets_behind():
    seats = tuple(SeatSpec(f"CPU {n}", "easy") for n in range(1, 4))
    app = UnoApp(PlayConfig(seats=seats, target=10**4, seed=2), pace=0, steady=True)
    counts = []
    async with app.run_test(size=(80, 24)) as pilot:
        for number in range(1, 9):
            await wait_for(pilot, lambda: isinstance(app.screen, RoundResultScreen)
                           and app.screen.summary.number == number, f"the end of round {number}")
            # Let the result screen finish showing: a count taken in the middle of it holds
            # the closing screen's widgets too.
            await pilot.pause()
            await pilot.pause()
            counts.append(live_objects(*WATCHED))
            await pilot.press("enter")
    # What is alive at a round's end moves with what the footer shows at that moment, so
    # the later rounds' highest count is held against the early rounds' highest.
    def most(name: str, rounds: list[dict]) -> int:
        return max(count.get(name, 0) for count in rounds)

    early, late = counts[1:4], counts[-3:]
    # Textual's footer used to keep every key it ever showed, and its style-cache LRU
    # every closed dialog's widgets: both grew round by round. The footer is one widget
    # per screen now, with no widget per key.
    assert most("KeysFooter", late) <= most("KeysFooter", early), counts
    assert most("FooterKey", late) == 0, counts
    assert most("StylesCache", late) <= most("StylesCache", early) + 10, counts
    assert most("RoundResultScreen", late) <= 2, counts   # the one on screen (and one closing)
