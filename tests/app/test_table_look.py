"""The table's widgets on screen: names as text, Flip backs, the Party ballot, the banner."""

from __future__ import annotations

import pytest

from uno_tui.app.widgets import banner as banner_module, direction as direction_module
from uno_tui.app.widgets.banner import MomentBanner
from uno_tui.app.widgets.direction import DirectionTracker
from uno_tui.rulesets.flip.frontend.widgets import FlipSide
from uno_tui.rulesets.party.frontend.widgets import BallotBox, MiniPile
from uno_tui.app.widgets.seats import SeatPanel
from uno_tui.engine import Game, Play, PointAt

from uno_tui.app.controller import TableController
from uno_tui.config import SeatSpec

from .helpers import (FirstBot, asked, drive_the_clock, make_app, make_controller, press,
                      rigged, screen_text, settle, take_keyboard, timers_look_late, wait_for)


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
        # Ann takes the keyboard: the table shows (laid out only as it shows).
        await press(pilot, "enter")
        await settle(pilot)
        table = app.table
        assert app.screen is table
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


async def test_a_reverse_turns_the_tracker_and_the_banner_says_so(monkeypatch):
    clock = drive_the_clock(monkeypatch)     # the highlight lasts 2 s of this clock
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
        clock.advance(direction_module.TURNED_FOR)
        await settle(pilot)
        assert not tracker.has_class("-turned")
        assert "anticlockwise" in tracker.render().plain


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


def sixteen_seat_ballot(target_of):
    """A 16-seat UNO Party! table just after a Point Taken ballot: CPU 15 played it and
    each seat pointed at ``target_of(seat)``."""
    colors = "RBGY"
    hands = ([["R5", "B2"]]
             + [[colors[i % 4] + str(1 + i // 4), colors[(i + 1) % 4] + str(5 + i // 4)]
                for i in range(14)]
             + [["RPT", "Y9", "G9"]])
    ctl = staged("party", "Ann," + ",".join(["cpu"] * 15), hands=hands, top="R3", current=15)
    card = next(c for c in ctl.game.hands[15] if ctl.game.face(c).code == "RPT")
    ctl.apply(Play(15, card))
    for seat in (15, *range(15)):
        ctl.apply(PointAt(seat, target_of(seat)))
    return ctl


async def test_sixteen_two_line_seats_tell_whom_each_pointed_at():
    """At 120x40 sixteen seats get two lines each, no status line: the reveal goes beside
    the count (it used to be drawn on a third line the panels never had)."""
    ctl = sixteen_seat_ballot(lambda seat: (seat + 1) % 16)       # each at the next seat
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
        assert backs.rstrip().endswith(f"☞ {names[(seat + 1) % 16]}"), text
        assert "draws 1" in backs, text
        assert backs.lstrip(" ▮").startswith("3 "), text      # the count stays
        assert "▮ 3" in backs, text          # and its card-back bar (issue 23: it went)


async def test_sixteen_one_line_seats_at_80x24_say_how_many_each_draws():
    """Issue 23: at 80x24 a seat drawing after a ballot showed only "☞"."""
    ctl = sixteen_seat_ballot(lambda seat: 1 if seat != 1 else 2)     # everyone at CPU 1
    app = make_app(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panels = {p.seat: p.render().plain for p in app.table.query(SeatPanel)}
    assert "☞+5" in panels[1], panels[1]          # 15 votes: at most 5 cards
    assert "☞+1" in panels[2], panels[2]
    assert "☞" not in panels[3], panels[3]


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


async def test_flip_the_seat_whose_turn_it_is_shows_its_backs_while_hands_are_hidden():
    """Issue 23: while every hand was hidden (a computer playing), the seat whose turn it
    was showed a generic "UNO" fan: the table was drawn from that seat's view, which
    leaves out its own backs. Everyone at a real table sees them."""
    ctl = staged("flip", "Ann,Bob,cpu", hands=[["R5/P3", "B2/T6"], ["G4/U2"],
                                                ["R1/T4", "B9/PF", "Y2/O5"]],
                 top="G3/O1", draw=["Y1/T2"], current=2)
    app = make_app(ctl, pace=60)                   # CPU 1 thinks for a minute
    async with app.run_test(size=(120, 40)) as pilot:
        from .helpers import quiet
        await quiet(pilot)
        table = app.table
        assert table.viewer is None                # two people: every hand hidden
        panel = next(p for p in table.query(SeatPanel) if p.seat == 2).render().plain
    assert "T4" in panel and "P⇅" in panel and "O5" in panel, panel
    assert "UNO│" not in panel and "R1" not in panel


async def test_flip_your_own_seat_says_its_other_side_faces_away():
    """A player never sees the other side of their own cards: the seat of the hand on
    screen says so, rather than drawing a classic deck's "UNO" fan."""
    ctl = staged("flip", "Ann,cpu", hands=[["R5/P3", "B2/T6"], ["R1/T4", "B9/PF"]],
                 top="G3/O1", draw=["Y1/T2"])
    async with make_app(ctl).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        panel = next(p for p in pilot.app.table.query(SeatPanel) if p.seat == 0).render().plain
    assert "other side faces away" in panel and "UNO│" not in panel
    assert "P3" not in panel and "T6" not in panel


async def test_flip_a_long_row_of_backs_at_80x24_ends_in_how_many_more_never_a_cut_chip():
    """Issue 23: at 80x24 a long row of backs was cut ("T⊘⊘ T3 O⊘⊘ O⇅ O9 …")."""
    from uno_tui.app.widgets.card import corner_index

    many = ["R1/T4", "B9/PF", "G2/O8", "Y3/U6", "R4/T5", "B5/P6", "G6/O7", "Y7/U8",
            "R8/T9", "B1/P2", "G7/O3", "Y9/U1", "R2/T3", "B3/P4"]
    ctl = staged("flip", "Ann,cpu,cpu,cpu", hands=[["R5/P3", "B2/T6"], many, ["G1/O2"],
                                                   ["Y4/U5"]], top="G3/O1", draw=["Y1/T2"])
    async with make_app(ctl).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = next(p for p in pilot.app.table.query(SeatPanel) if p.seat == 1)
        lines = panel.render().plain.split("\n")
        width = panel.size.width
        backs = pilot.app.table.ctl.view(0).seats[1].backs
    row = next(line for line in lines if " 14" in line)
    assert "…" not in row, row
    chips = row.split()
    more = next(chip for chip in chips if chip.startswith("+"))
    shown = chips[:chips.index(more)]
    assert shown == [corner_index(face) for face in backs[:len(shown)]], row
    assert int(more[1:]) == len(backs) - len(shown), row
    assert len(row) <= width


import pytest  # noqa: E402


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=["80x24", "120x40", "200x60"])
async def test_the_ballot_shows_each_players_cards_and_leaves_the_seats_in_view(size):
    """Issue 23: the Point Taken ballot showed no card counts and covered the seats (at
    16 seats and 80x24 all of them): people voted blind."""
    from uno_tui.app.prompts import PromptPanel

    pool = [c + str(k) for k in range(1, 10) for c in "RGBY"] * 3
    hands = [["RPT", "B2", "G7"]] + [[pool.pop() for _ in range(2 + seat % 4)]
                                     for seat in range(1, 16)]
    ctl = rigged(",".join(["Ann"] + ["cpu"] * 15), variant="party", hands=hands, top="R3")
    app = make_app(ctl)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "1", "enter")              # Ann plays Point Taken: her vote
        await settle(pilot)
        table = app.table
        panel = table.query_one(PromptPanel)
        assert panel.is_open and "point at whom?" in screen_text(app)
        for seat in table.query(SeatPanel):
            assert not seat.region.overlaps(panel.region), (seat.seat, seat.region, panel.region)
        labels = [option.label for option in panel.question.options]
    counts = [2 + seat % 4 for seat in range(1, 16)]
    assert labels == [f"CPU {seat} ({count} cards)" for seat, count in enumerate(counts, 1)]


@pytest.mark.parametrize("size,rules_line", [
    ((80, 24), "House rules: 3 (see ?)"),
    ((120, 40), "House rules: stacking, 7-0, jump-in")], ids=["80x24", "120x40"])
async def test_the_house_rules_in_play_and_a_running_stack_show_by_the_piles(size, rules_line):
    """Issue 23: the house rules in play and a running stack's total were not on the
    table."""
    from uno_tui.app.widgets.house_rules import HouseRulesLine
    from .helpers import take_keyboard

    ctl = rigged("Ann,Bob,cpu", hands=[["R+2", "B3", "G4"], ["G+2", "Y5", "Y6"],
                                       ["B+2", "B1", "B2"]],
                 top="B5", rules=("stacking", "7-0", "jump-in"), current=2)
    async with make_app(ctl).run_test(size=size) as pilot:
        await take_keyboard(pilot, "Ann")          # CPU 1 played Blue Draw Two on Ann
        line = pilot.app.table.query_one(HouseRulesLine)
        text = screen_text(pilot.app)
        assert line.region.height == 2
        assert rules_line in text and "stacking: +2 on Ann" in text, text
        await press(pilot, "2")                    # Ann stacks her Red Draw Two on it
        await take_keyboard(pilot, "Bob")
        assert "stacking: +4 on Bob" in screen_text(pilot.app)


async def test_no_house_rules_no_line():
    from uno_tui.app.widgets.house_rules import HouseRulesLine

    ctl = rigged("Ann,cpu", hands=[["R1", "B3"], ["G1", "G2"]], top="R5")
    async with make_app(ctl).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not pilot.app.table.query_one(HouseRulesLine).display
        assert "House rules" not in screen_text(pilot.app)



async def test_while_someone_answers_a_draw_card_the_tracker_names_them_not_the_next():
    # Bob's Red Draw Two on Ann, who may stack: the tracker said "next: CPU 1" beside
    # the piles, as if CPU 1 were the one asked.
    for size in ((80, 24), (120, 40)):
        ctl = rigged("Ann,cpu,cpu,Bob", rules=("stacking",), current=3, top="R5",
                     hands=[["R1", "B2", "R+2"], ["G1", "G2"], ["B1", "B2"], ["R+2", "Y2", "Y3"]])
        app = make_app(ctl)
        async with app.run_test(size=size) as pilot:
            await take_keyboard(pilot, "Bob")
            tracker = app.table.query_one(DirectionTracker)
            assert "next: Ann" in tracker.render().plain      # Bob's turn: who is next
            await press(pilot, "1", "enter")
            await take_keyboard(pilot, "Ann")
            assert asked(app) == "respond"
            text = tracker.render().plain
            assert "now: Ann" in text and "to answer the draw card" in text, (size, text)
            assert "next" not in text
            await press(pilot, "a")                          # Ann draws 2; CPU 1 plays
            await settle(pilot)
            assert "now:" not in tracker.render().plain


async def test_anticlockwise_the_tracker_keeps_the_deciders_name_whole_at_80x24():
    # It read "↺ anticlockwise · now: A…" at 80x24.
    ctl = rigged("Ann,cpu,cpu,Bob", rules=("stacking",), current=1, direction=-1, top="R5",
                 hands=[["R1", "B2", "R+2"], ["R+2", "Y2", "Y3"], ["B1", "B2"], ["G1", "G2"]])
    app = make_app(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, "Ann")
        assert asked(app) == "respond"
        text = app.table.query_one(DirectionTracker).render().plain
        assert "anticlockwise" in text and "now: Ann" in text and "…" not in text, text


def _ballot_revealed_at_four(lang: str = "en") -> "UnoApp":
    """CPU 3's Point Taken revealed: CPU 1 draws 3 (from CPU 3, Ann and CPU 2), CPU 2 draws
    1; the whole ballot is wider than the banner at 80 columns, in either language."""
    ctl = staged("party", "Ann,cpu,cpu,cpu",
                 hands=[["R5", "B2", "G7", "Y1"], ["R1", "B1"], ["G1", "G2"], ["RPT", "Y5", "G9"]],
                 top="R3", current=3)
    for move in (lambda g: Play(3, next(c for c in g.hands[3] if g.face(c).code == "RPT")),
                 lambda g: PointAt(3, 1), lambda g: PointAt(0, 1), lambda g: PointAt(1, 2),
                 lambda g: PointAt(2, 1)):
        ctl.apply(move(ctl.game))
    return make_app(ctl, lang=lang)


@pytest.mark.parametrize("lang, whole, draws", [
    ("en", "Point Taken: CPU 3 → CPU 1, Ann → CPU 1, CPU 1 → CPU 2, CPU 2 → CPU 1, "
           "CPU 1 draws 3, CPU 2 draws 1", "Point Taken: CPU 1 draws 3, CPU 2 draws 1"),
    ("ja", "ポイントテイク：CPU 3 → CPU 1、Ann → CPU 1、CPU 1 → CPU 2、CPU 2 → CPU 1、"
           "CPU 1は3枚、CPU 2は1枚", "ポイントテイク：CPU 1は3枚、CPU 2は1枚"),
])
async def test_a_ballot_too_wide_for_the_banner_says_whole_who_draws(lang, whole, draws):
    """Issue 23 item 8: at 80 columns the banner cut the revealed ballot mid-list, with no
    mark ("…, CPU 2 → CPU 1, CPU 1 draws 3, CPU"). Now it says who draws, whole (who
    pointed at whom is on the seats and in the log); with room, the whole ballot."""
    for size, expected in (((80, 24), draws), ((120, 40), whole)):
        app = _ballot_revealed_at_four(lang)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            banner = app.table.query_one(MomentBanner)
            row = screen_text(app).splitlines()[banner.region.y]
        assert banner.headline == whole
        assert row.strip() == expected, (size, row)


def test_the_banner_shows_whole_moments_newest_first_in_the_longest_form_that_fits():
    ballot = ("Point Taken: A → B, B → A, A draws 1, B draws 1",
              "Point Taken: A draws 1, B draws 1", "Point Taken: 2 players draw (see the log)")
    uno = ("Bob calls UNO!",)
    assert banner_module.fitted([ballot, uno], 80) == ballot[0] + " · " + uno[0]
    assert banner_module.fitted([ballot, uno], 60) == ballot[0]
    assert banner_module.fitted([ballot, uno], 40) == ballot[1]
    assert banner_module.fitted([ballot], 20) == ballot[2]       # (cut by the banner)
    assert banner_module.fitted([uno, ballot], 50) == uno[0] + " · " + ballot[1]


def test_a_ballot_with_many_draws_is_counted_in_a_short_form():
    from uno_tui.app.moments import headline_forms
    from uno_tui.engine import Event, EventKind

    names = [f"Player {n}" for n in range(16)]
    events = [Event(EventKind.POINT, n, target=(n + 1) % 16) for n in range(16)]
    events += [Event(EventKind.POINTED, n, count=1) for n in range(16)]
    (forms,) = headline_forms(events, names)
    assert forms[-1] == "Point Taken: 16 players draw (see the log)"
    assert banner_module.fitted([forms], 78) == forms[-1]
