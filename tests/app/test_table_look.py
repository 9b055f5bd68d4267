"""The table's widgets on screen: names as text, Flip backs, the Party ballot, the banner."""

from __future__ import annotations

from uno_tui.app.widgets import banner as banner_module, direction as direction_module
from uno_tui.app.widgets.banner import MomentBanner
from uno_tui.app.widgets.direction import DirectionTracker
from uno_tui.rulesets.flip.frontend.widgets import FlipSide
from uno_tui.rulesets.party.frontend.widgets import BallotBox, MiniPile
from uno_tui.app.widgets.seats import SeatPanel
from uno_tui.engine import Game, Play, PointAt

from uno_tui.app.controller import TableController
from uno_tui.config import SeatSpec

from .helpers import (FirstBot, make_app, make_controller, press, rigged, screen_text, settle,
                      timers_look_late, wait_for)


def staged(variant: str, players: str, **position):
    controller = make_controller(players, variant=variant, ids=False)
    controller.use_position(Game.from_position(variant, **position))
    for seat in list(controller.bots):
        controller.bots[seat] = FirstBot(seat)
    return controller


async def test_names_are_text_never_markup():
    """``[/]`` used to stop the app ("auto closing tag"), ``[b]`` made a name bold."""
    ctl = TableController("classic", (SeatSpec("[/]"), SeatSpec("[b]Bo", "random"),
                                      SeatSpec("[i]", "random")), seed=3, show_ids=False)
    app = make_app(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        panels = {p.seat: p.render() for p in app.table.query(SeatPanel)}
    assert "[/]'s hand" in text and "[b]Bo" in text and "[i]" in text
    assert panels[0].plain.lstrip("▶ ").startswith("[/]")
    assert panels[1].plain.lstrip("▶ ").startswith("[b]Bo")
    # Read as markup, "[b]" would have vanished into a style and "[/]" stopped the app.
    assert app.return_code in (None, 0)


async def test_a_flip_table_shows_the_other_hands_backs_never_their_faces():
    """CPU 1 holds Red 1 / Teal 4 and Blue 9 / Pink Flip: on the light side everyone
    sees the teal and pink backs; Ann never sees CPU 1's red or blue faces."""
    ctl = staged("flip", "Ann,cpu", hands=[["R5/P3", "B2/T6"], ["R1/T4", "B9/PF"]],
                 top="G3/O1", draw=["Y1/T2"])
    app = make_app(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = next(p for p in app.table.query(SeatPanel) if p.seat == 1).render().plain
        side = app.table.query_one(FlipSide).render().plain
        draw_pile = screen_text(app)
    assert "T4" in panel and "P⇅" in panel
    assert "R1" not in panel and "B9" not in panel
    assert "LIGHT side" in side
    # In words, where the chips are: they are the others' cards seen from the dark side.
    assert "others' cards: DARK side" in draw_pile
    assert "Teal" in draw_pile        # the draw pile shows its top card's back (Teal 2)


async def test_a_ballot_shows_how_many_votes_are_in_never_whose_then_the_reveal():
    ctl = staged("party", "Ann,Bob,cpu", hands=[["R5", "B2"], ["R1", "B1"], ["RPT", "Y5", "G1"]],
                 top="R3", current=2)
    card = next(c for c in ctl.game.hands[2] if ctl.game.face(c).code == "RPT")
    ctl.apply(Play(2, card))
    ctl.apply(PointAt(2, 1))
    app = make_app(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        box = table.query_one(BallotBox).render().plain
        assert box == "☞ Votes in: 1 of 3"
        # Nobody's panel tells a vote before all are in.
        assert not any("☞" in p.render().plain for p in table.query(SeatPanel))
        ctl.apply(PointAt(0, 1))
        ctl.apply(PointAt(1, 2))
        table._refresh()
        await settle(pilot)
        panels = {p.seat: p.render().plain for p in table.query(SeatPanel)}
        banner = table.query_one(MomentBanner).headline
    assert "☞ Bob" in panels[2] and "☞ Bob" in panels[0] and "☞ CPU 1" in panels[1]
    assert "draws 2" in panels[1]
    assert "Point Taken: CPU 1 → Bob, Ann → Bob, Bob → CPU 1" in banner


#: Ann plays a Red Reverse first; two computers follow.
REVERSE_FIRST = dict(hands=[["RR", "B2"], ["R1", "B1", "Y7"], ["G1", "G2", "Y8"]], top="R3")


async def test_a_reverse_turns_the_tracker_and_the_banner_says_so():
    ctl = staged("classic", "Ann,cpu,cpu", **REVERSE_FIRST)
    app = make_app(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tracker = app.table.query_one(DirectionTracker)
        assert "clockwise" in tracker.render().plain and not tracker.has_class("-turned")
        await press(pilot, "1", "enter")
        await settle(pilot)
        assert "anticlockwise" in tracker.render().plain
        assert tracker.has_class("-turned")
        assert "Reverse!" in app.table.query_one(MomentBanner).headline


async def test_the_highlight_and_the_moment_go_even_when_the_machine_is_too_crowded(monkeypatch):
    # Textual's one-shot timers never fire when their moment has passed by their first
    # look at the clock: the tracker's highlight and the banner would stay up for good.
    monkeypatch.setattr(direction_module, "TURNED_FOR", 0.001)
    monkeypatch.setattr(banner_module, "SHOWN_AT_MOST", 0.001)
    ctl = staged("classic", "Ann,cpu,cpu", **REVERSE_FIRST)
    app = make_app(ctl)
    with timers_look_late():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            tracker = app.table.query_one(DirectionTracker)
            banner = app.table.query_one(MomentBanner)
            await press(pilot, "1", "enter")
            await wait_for(pilot, lambda: "anticlockwise" in tracker.render().plain
                           and not tracker.has_class("-turned") and not banner.headline,
                           "the highlight and the moment to go")


def headlines_seen(monkeypatch) -> list[str]:
    """Every headline the banner shows from now on, in order."""
    seen: list[str] = []
    shown = MomentBanner.watch_headline

    def watched(banner, headline: str) -> None:
        seen.append(headline)
        shown(banner, headline)

    monkeypatch.setattr(MomentBanner, "watch_headline", watched)
    return seen


async def test_a_moment_goes_away_with_the_next_action(monkeypatch):
    monkeypatch.setattr(banner_module, "SHOWN_AT_LEAST", 0.0)
    seen = headlines_seen(monkeypatch)
    ctl = staged("classic", "Ann,cpu,cpu", **REVERSE_FIRST)
    app = make_app(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "1", "enter")
        await settle(pilot)
        # "Reverse!" went up with Ann's card and came down with the computers' moves.
        assert any("Reverse!" in headline for headline in seen), seen
        assert app.table.query_one(MomentBanner).headline == ""
        assert any("reverses" in line for line in ctl.log)


async def test_a_moment_goes_away_after_a_few_seconds_when_nothing_else_happens(monkeypatch):
    monkeypatch.setattr(banner_module, "SHOWN_AT_MOST", 0.05)
    seen = headlines_seen(monkeypatch)
    ctl = staged("classic", "Ann,cpu", hands=[["B2", "B5"], ["R1", "G1"]], top="R3",
                 current=1)
    app = make_app(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        banner = app.table.query_one(MomentBanner)
        # The computer's UNO was announced; then Ann is asked and nothing happens.
        await wait_for(pilot, lambda: banner.headline == "", "the banner to go away")
        assert any("CPU 1 calls UNO" in headline for headline in seen), seen
        assert app.table.awaiting_turn


async def test_a_mini_pile_shows_its_card_colour_and_who_plays_next():
    ctl = staged("party", "Ann,cpu,cpu", hands=[["R5", "B2"], ["R1", "B1"], ["WPU", "Y5"]],
                 top="R3", current=2, draw=["B7", "B8"])
    card = next(c for c in ctl.game.hands[2] if ctl.game.face(c).code == "WPU")
    ctl.apply(Play(2, card))
    app = make_app(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        pile = app.table.query_one(MiniPile)
        text = pile.render().plain
        assert pile.display
    view = ctl.game.view(0)
    top = view.extras["mini_pile"][-1].face
    assert f"Mini-pile: {len(view.extras['mini_pile'])}" in text
    assert top.label.split()[-1] in text
    # Who plays on it, in words: no second "next:" beside the direction tracker's.
    assert "│ Ann\n" in text and text.endswith("plays on it") and "next:" not in text


async def test_the_leak_scan_catches_an_active_face_on_a_seat():
    """The scan every whole-round test runs on every frame can fail: a seat that showed
    an opponent's face of the side in play would be caught."""
    import pytest

    from .helpers import assert_seats_hide_what_they_must

    ctl = staged("flip", "Ann,cpu", hands=[["R5/P3", "B2/T6"], ["R1/T4", "B9/PF"]],
                 top="G3/O1", draw=["Y1/T2"])
    app = make_app(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        assert_seats_hide_what_they_must(table)
        panel = next(p for p in table.query(SeatPanel) if p.seat == 1)
        active = ctl.game.face(ctl.game.hands[1][0])          # Red 1, in play
        panel.facts = panel.facts._replace(backs=(active,))
        with pytest.raises(AssertionError, match="side in play"):
            assert_seats_hide_what_they_must(table)


async def test_sixteen_two_line_seats_tell_whom_each_pointed_at():
    """At 120x40 sixteen seats get two lines each, no status line: the reveal goes beside
    the count (it used to be drawn on a third line the panels never had)."""
    colors = "RBGY"
    hands = ([["R5", "B2"]]
             + [[colors[i % 4] + str(1 + i // 4), colors[(i + 1) % 4] + str(5 + i // 4)]
                for i in range(14)]
             + [["RPT", "Y9", "G9"]])
    ctl = staged("party", "Ann," + ",".join(["cpu"] * 15), hands=hands, top="R3", current=15)
    card = next(c for c in ctl.game.hands[15] if ctl.game.face(c).code == "RPT")
    ctl.apply(Play(15, card))
    for seat in (15, *range(15)):
        ctl.apply(PointAt(seat, (seat + 1) % 16))       # each at the next seat
    app = make_app(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        panels = {p.seat: (p.size.height, p.render().plain) for p in app.table.query(SeatPanel)}
    names = ctl.names
    for seat, (height, text) in panels.items():
        assert height == 2, (seat, height)
        title, backs = text.split("\n")
        assert names[seat] in title
        # The whole name of whom it pointed at, and how many it draws (one vote each).
        assert f"☞ {names[(seat + 1) % 16]} " in backs and "draws 1" in backs, text
        assert backs.lstrip(" ▮").startswith("3 "), text      # the count stays


async def test_the_discard_pile_names_no_colour_while_one_is_being_named():
    from uno_tui.app.widgets.discard import DiscardPile

    # Blue was in play: under a wild whose colour is still to come, "Blue (B)" read as
    # if blue had been named.
    app = make_app(rigged("Ann,cpu", hands=[["W", "R5"], ["G1", "G2"]], top="B3"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")      # Ann plays her wild; the colour prompt opens
        await settle(pilot)
        pile = "\n".join(line.plain for line in app.screen.query_one(DiscardPile).lines())
        assert "colour: ?" in pile and "Blue" not in pile, pile
        await press(pilot, "g")
        await settle(pilot)
        pile = "\n".join(line.plain for line in app.screen.query_one(DiscardPile).lines())
        assert "colour: ?" not in pile, pile     # green, or the computer's card on it
