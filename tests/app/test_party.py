"""UNO Party! through the UI: Point Taken's secret ballot, Wild Pile Up, Wild Drawn
Together's link, speed play at a shared keyboard, and whole rounds by keys and clicks."""

from __future__ import annotations

from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.screens.table import TableScreen

from .helpers import (
    PublicCards, answer_by_clicks, answer_by_keys, asked, assert_no_leak,
    assert_seats_hide_what_they_must, check_every_frame, click_option,
    make_app, make_controller, panel, press, rigged, settle, shown, take_keyboard,
)
from .test_rounds import play_round


async def test_point_taken_each_person_votes_behind_their_handoff_and_votes_show_together():
    ctl = rigged("Ann,Bob,cpu", variant="party",
                 hands=[["RPT", "R2", "R3"], ["G1", "G2", "G3"], ["B1", "B2"]], top="R5")
    async with make_app(ctl).run_test() as pilot:
        await take_keyboard(pilot, "Ann")
        await press(pilot, "1", "enter")             # Point Taken
        await settle(pilot)
        assert asked(pilot.app) == "point"
        text = await shown(pilot)
        assert "Ann: point at whom?" in text and "Ann played Point Taken" in text
        assert [o.label for o in panel(pilot.app).question.options] == [
            "Bob (3 cards)", "CPU 1 (2 cards)"]
        await press(pilot, "2")                      # Ann points at Bob, seat 2
        await take_keyboard(pilot, "Bob")            # Bob votes at his own handoff
        assert asked(pilot.app) == "point"
        text = await shown(pilot)
        # Votes come in any order (engine, issue 11): the computer voted as soon as Ann had.
        assert "(2 so far)" in text
        assert "pointed at" not in text and not any("pointed at" in l for l in ctl.log)
        # Seat order, as on Ann's ballot (it was turn order from Bob: CPU 1, then Ann).
        assert [o.label for o in panel(pilot.app).question.options] == [
            "Ann (2 cards)", "CPU 1 (2 cards)"]
        assert await click_option(pilot, 0)          # Bob points at Ann, by a click
        await settle(pilot)
    log = ctl.log
    assert "Ann has voted" in log and "Bob has voted" in log
    first_reveal = min(i for i, l in enumerate(log) if "pointed at" in l)
    assert first_reveal > max(i for i, l in enumerate(log) if l.endswith("has voted"))
    assert "Ann pointed at Bob" in log and "Bob pointed at Ann" in log


def _wild_pile_up_on_bob():
    """Ann holds a Wild Pile Up; Bob, next, holds two Green 1s and a Green 3 (the pile
    turns up a Wild and a Green 7)."""
    return rigged("Ann,Bob", variant="party",
                  hands=[["WPU", "R2", "R3"], ["G1", "Y2", "G3", "G1"]], top="R5",
                  draw=["W", "G7"])


async def _pile_up_reaches_bob(pilot) -> None:
    """Ann plays her Wild Pile Up and the keyboard goes to Bob."""
    await take_keyboard(pilot, "Ann")
    await press(pilot, "1", "enter")
    await take_keyboard(pilot, "Bob")


async def test_wild_pile_up_plays_a_card_of_the_piles_colour_with_the_pile_in_view():
    ctl = _wild_pile_up_on_bob()
    async with make_app(ctl).run_test() as pilot:
        await _pile_up_reaches_bob(pilot)
        assert asked(pilot.app) == "pile_up"
        # Bob's two Green 1s play alike: one option stands for both.
        text = await shown(pilot)
        assert "Mini-pile (Green, 2 cards): Green 7, Wild" in text or \
            "Mini-pile (Green, 2 cards): Wild, Green 7" in text
        labels = [o.label for o in panel(pilot.app).question.options]
        assert labels == ["Play Green 1 on it", "Play Green 3 on it"]
        await press(pilot, "2")
        await settle(pilot)
    assert "Bob plays Green 3 on the mini-pile" in ctl.log


async def test_a_card_played_on_the_shown_mini_pile_lays_nothing_out():
    """Issue 20: every change of the mini-pile (a card on it, whose turn on it) laid out
    the whole screen on every terminal at the table; its size never changes while it
    shows, so only showing or hiding it lays out now."""
    from uno_tui.rulesets.party.frontend.widgets import MiniPile

    ctl = _wild_pile_up_on_bob()
    async with make_app(ctl).run_test() as pilot:
        await _pile_up_reaches_bob(pilot)
        piles = [pile for pile in pilot.app.table.query(MiniPile) if pile.display]
        assert piles and all(pile.facts.count == 2 for pile in piles)
        laid_out: list[MiniPile] = []
        for pile in piles:
            def noted(*regions, _pile=pile, _refresh=pile.refresh, **kwargs):
                if kwargs.get("layout"):
                    laid_out.append(_pile)
                return _refresh(*regions, **kwargs)
            pile.refresh = noted
        await press(pilot, "2")                   # Green 3 on it: Ann's turn on the pile
        await settle(pilot)
        assert "Bob plays Green 3 on the mini-pile" in ctl.log
        assert all(pile.display and pile.facts.count == 3 for pile in piles)
        assert laid_out == []
        await take_keyboard(pilot, "Ann")
        assert "Mini-pile: 3" in await shown(pilot)


async def test_wild_pile_up_without_a_card_takes_the_pile():
    ctl = rigged("Ann,Bob", variant="party",
                 hands=[["WPU", "R2", "R3"], ["Y1", "Y2", "B3"]], top="R5",
                 draw=["W", "G7"])
    async with make_app(ctl).run_test() as pilot:
        await take_keyboard(pilot, "Ann")
        await press(pilot, "1", "enter")
        await take_keyboard(pilot, "Bob")
        question = panel(pilot.app).question
        assert "Bob has no Green card or wild" in question.message
        assert [o.label for o in question.options] == ["Take the pile (2 cards)"]
        assert "Mini-pile (Green, 2 cards)" in await shown(pilot)     # the pile in view
        await press(pilot, "t")
        await settle(pilot)
    assert "Bob takes the mini-pile (2 cards)" in ctl.log
    assert len(ctl.game.hands[1]) == 5


async def test_wild_drawn_together_picks_a_colour_then_two_named_players():
    ctl = rigged("Ann,cpu,cpu,cpu", variant="party",
                 hands=[["WDT", "R2", "R3"], ["G1", "G2"], ["B1", "B2"], ["Y1", "Y2"]], top="R5")
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")                   # the Wild Drawn Together, picked first
        await settle(pilot)
        assert asked(pilot.app) == "color"
        await press(pilot, "r")
        await settle(pilot)
        assert asked(pilot.app) == "link"
        text = await shown(pilot)
        assert "Ann: link whom? (first of two players)" in text
        assert "Link players" not in text
        assert [o.label for o in panel(pilot.app).question.options] == [
            "Ann", "CPU 1", "CPU 2", "CPU 3"]
        await press(pilot, "2")                       # CPU 1, seat 2
        await settle(pilot)
        text = await shown(pilot)
        assert "Ann: link CPU 1 with whom?" in text
        # Each seat keeps its number through the decision (issue 23: the second list
        # renumbered, "3 CPU 2 4 CPU 3", and 4 linked CPU 3 instead of CPU 2).
        assert "3 CPU 2" in text and "4 CPU 3" in text and "1 Ann" in text
        assert [o.label for o in panel(pilot.app).question.options] == ["Ann", "CPU 2", "CPU 3"]
        await press(pilot, "escape")                  # back to the first player
        await settle(pilot)
        assert "first of two players" in await shown(pilot)
        await press(pilot, "3")                       # CPU 2
        await settle(pilot)
        assert await click_option(pilot, 2)           # ... with CPU 3, by a click
        await settle(pilot)
    assert "CPU 2 and CPU 3 are linked: when one draws, so does the other" in ctl.log


async def test_after_a_reverse_both_link_pickers_keep_seat_order_and_numbers():
    # Play runs backwards (Ann, CPU 3, CPU 2...): the lists still read by seat, the
    # second as the first minus the one picked (it listed "4 CPU 3  3 CPU 2  1 Ann").
    ctl = rigged("Ann,cpu,cpu,cpu", variant="party", direction=-1,
                 hands=[["WDT", "R2", "R3"], ["G1", "G2"], ["B1", "B2"], ["Y1", "Y2"]], top="R5")
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter", "r")
        await settle(pilot)
        assert asked(pilot.app) == "link"
        options = panel(pilot.app).question.options
        assert [(o.number, o.label) for o in options] == [
            (1, "Ann"), (2, "CPU 1"), (3, "CPU 2"), (4, "CPU 3")]
        await press(pilot, "2")                       # CPU 1
        await settle(pilot)
        options = panel(pilot.app).question.options
        assert [(o.number, o.label) for o in options] == [(1, "Ann"), (3, "CPU 2"), (4, "CPU 3")]
        assert "1 Ann" in await shown(pilot)
        await press(pilot, "4")                       # CPU 3, by its seat's number
        await settle(pilot)
    assert "CPU 1 and CPU 3 are linked: when one draws, so does the other" in ctl.log


async def test_after_a_reverse_the_ballot_lists_players_in_seat_order():
    ctl = rigged("Ann,cpu,cpu,cpu", variant="party", direction=-1,
                 hands=[["RPT", "R2", "R3"], ["G1", "G2"], ["B1", "B2", "B3"], ["Y1"]], top="R5")
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert asked(pilot.app) == "point"
        assert [(o.number, o.label) for o in panel(pilot.app).question.options] == [
            (2, "CPU 1 (2 cards)"), (3, "CPU 2 (3 cards)"), (4, "CPU 3 (1 card)")]


async def test_a_long_list_is_found_by_typing_at_sixteen_seats():
    players = ",".join(["Ann"] + ["cpu"] * 15)
    hands = [["WDT", "R2"]] + [[f"{'GBY'[i % 3]}{i // 3 + 1}"] for i in range(15)]
    ctl = rigged(players, variant="party", hands=hands, top="R5")
    async with make_app(ctl).run_test() as pilot:
        await settle(pilot)
        await press(pilot, "enter", "r")
        await settle(pilot)
        box = panel(pilot.app)
        assert len(box.question.options) == 16 and len(box.visible) == 9
        assert "page 1/2" in await shown(pilot)
        await press(pilot, "pagedown")
        assert [box.question.options[i].label for i in box.visible] == [
            "CPU 9", "CPU 10", "CPU 11", "CPU 12", "CPU 13", "CPU 14", "CPU 15"]
        # Page 2 goes on with the seats' numbers (it restarted at 1).
        assert "10 CPU 9" in await shown(pilot)
        await press(pilot, "c", "p", "u", "space", "1", "2")   # typed, digits included
        assert [box.question.options[i].label for i in box.visible] == ["CPU 12"]
        await press(pilot, "enter")
        await settle(pilot)
        assert "link CPU 12 with whom?" in await shown(pilot)
        await press(pilot, "a", "n", "n", "enter")
        await settle(pilot)
    assert "Ann and CPU 12 are linked: when one draws, so does the other" in ctl.log


async def test_speed_play_is_claimed_then_gated_to_the_claimer():
    ctl = rigged("Ann,Bob,Cid", variant="party",
                 hands=[["G2", "B2"], ["R5", "G3"], ["Y1", "Y2"]], top="R5", ids=True)
    public = PublicCards(ctl)
    async with make_app(ctl).run_test() as pilot:
        await take_keyboard(pilot, "Ann")
        assert "j Speed play" in await shown(pilot)
        await press(pilot, "j")
        await settle(pilot)
        assert asked(pilot.app) == "claim"
        assert [o.label for o in panel(pilot.app).question.options] == ["I am Bob", "I am Cid"]
        assert pilot.app.table.viewer is None         # Ann's hand hides at once
        assert "Hands are hidden while someone plays out of turn." in await shown(pilot)
        assert "2 I am Bob" in await shown(pilot)     # each keeps their seat's number
        await press(pilot, "3")                       # Cid holds no Red 5: said after the gate
        await settle(pilot)
        assert isinstance(pilot.app.screen, HandoffScreen)
        assert_no_leak(pilot.app, public)
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TableScreen) and asked(pilot.app) == "notice"
        assert "Cid holds no card identical to Red 5" in await shown(pilot)
        assert_no_leak(pilot.app, public)
        await press(pilot, "enter")
        await take_keyboard(pilot, "Ann")             # Cid had it: it goes back to Ann
        assert pilot.app.table.viewer == 0
        await press(pilot, "j", "2")                  # Bob claims
        await settle(pilot)
        assert isinstance(pilot.app.screen, HandoffScreen)
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TableScreen) and asked(pilot.app) == "claim"
        assert "Bob: speed play on Red 5" in await shown(pilot)
        assert_no_leak(pilot.app, public)
        await press(pilot, "1")
        await settle(pilot)
    # Party's own words for it, the card in the same line.
    assert any(line.startswith("Bob makes a speed play with Red 5#") for line in ctl.log)
    assert not any("jumps in" in line for line in ctl.log)


async def test_two_people_and_computers_play_a_party_round_by_keys():
    ctl = make_controller("Ann,Bob,cpu,cpu", variant="party", seed=2)
    public = PublicCards(ctl)
    async with make_app(ctl).run_test(size=(80, 24)) as pilot:
        seen = await play_round(pilot, answer_by_keys, public)
    assert {"handoff", "play"} <= set(seen)


async def test_a_party_round_by_clicks_at_120x40():
    ctl = make_controller("Ann,cpu,cpu", variant="party", seed=6)
    public = PublicCards(ctl)
    async with make_app(ctl).run_test(size=(120, 40)) as pilot:
        seen = await play_round(pilot, answer_by_clicks, public)
    assert "play" in seen


async def test_two_people_play_a_flip_round_by_keys():
    ctl = make_controller("Ann,Bob,cpu", variant="flip", seed=3)
    public = PublicCards(ctl)
    async with make_app(ctl).run_test(size=(80, 24)) as pilot:
        seen = await play_round(pilot, answer_by_keys, public)
    assert any("Everything turns over" in line for line in ctl.log)
    assert {"handoff", "play"} <= set(seen)


async def test_a_new_vote_shows_none_of_the_last_ballots_marks():
    """Issue 23: during a second Point Taken vote the seats still showed the first
    ballot's "☞ Ann draws 1" marks, as if they were this vote's."""
    ctl = rigged("Ann,Bob,cpu", variant="party",
                 hands=[["RPT", "R2", "R3"], ["RPT", "G2", "G3"], ["B1", "B2", "B3"]],
                 top="R5")
    app = make_app(ctl)
    async with app.run_test() as pilot:
        failures = check_every_frame(app, lambda app: assert_seats_hide_what_they_must(app.table))
        await take_keyboard(pilot, "Ann")
        await press(pilot, "1", "enter", "2")        # Point Taken; Ann points at Bob
        await take_keyboard(pilot, "Bob")
        await press(pilot, "3")                      # Bob points at CPU 1: the reveal
        await settle(pilot)                          # Bob's turn, his keyboard still
        assert app.table.awaiting_turn and app.table.viewer == 1
        await press(pilot, "1", "enter")             # his own Point Taken
        await settle(pilot)
        assert asked(app) == "point"
        assert "☞ Bob" not in await shown(pilot)
    assert ctl.log.count("Ann pointed at Bob") == 1
    assert not failures, failures[0]
