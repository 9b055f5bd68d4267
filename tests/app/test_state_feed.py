"""The table's state reaches its widgets by a plain call from the screen's state feed,
not through a reactive on each widget: Textual's setter first went over all of a
widget's ~20 reactives, for every widget of the table at every state (at a server table,
on every terminal, most of them with nothing new to draw)."""

from __future__ import annotations

from textual.reactive import Reactive

from uno_tui.app.widgets.seats import SeatPanel

from .helpers import make_app, make_controller, settle


async def test_a_new_state_reaches_every_table_widget_without_a_reactive_of_its_own(
        monkeypatch):
    app = make_app(make_controller("Ann,cpu,cpu,cpu", seed=4))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.screen
        # (Every widget drawn from the table's state has a watch_state.)
        readers = [widget for widget in table.query("*")
                   if callable(getattr(widget, "watch_state", None))]
        # The seats, the piles, the statuses, the banner and the hand (with its title).
        assert len(readers) >= 10
        set_on_widgets: list[str] = []
        checked: list[object] = []
        initialize, check_watchers = Reactive._initialize_object, Reactive._check_watchers

        def noted_initialize(obj) -> None:
            if obj in readers:
                set_on_widgets.append(type(obj).__name__)
            initialize(obj)

        def noted_check(obj, name, old_value) -> None:
            if name == "state":
                checked.append(obj)
            check_watchers(obj, name, old_value)

        monkeypatch.setattr(Reactive, "_initialize_object", classmethod(
            lambda cls, obj: noted_initialize(obj)))
        monkeypatch.setattr(Reactive, "_check_watchers", classmethod(
            lambda cls, obj, name, old: noted_check(obj, name, old)))
        before = table.state
        table._serial += 1            # a new moment: a state unlike the last one
        table._refresh()
        after = table.state
        monkeypatch.undo()
        assert after is not before
        # Only the screen's own state is a reactive; every widget took the new one.
        assert set_on_widgets == [] and checked == [table]
        assert all(widget.state is after for widget in readers)
        # And what they show follows it (a seat's facts are read from it).
        panel = table.query(SeatPanel).first()
        assert panel.facts.name == after.names[panel.seat]


async def test_a_seat_panel_makes_its_lines_once_for_what_it_shows(monkeypatch):
    """The terminals at a server table share a process and draw the same seats: lines
    made for a seat's facts at a size are taken again (copies: a caller may cut them);
    new facts make new lines."""
    app = make_app(make_controller("Ann,cpu,cpu,cpu", seed=4))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        panel = app.screen.query(SeatPanel).first()
        made: list[object] = []
        make = SeatPanel._lines

        def noted(self, facts):
            made.append(facts)
            return make(self, facts)

        monkeypatch.setattr(SeatPanel, "_lines", noted)
        first = panel.lines()
        first[0].truncate(2)                 # the caller's copy only
        again = panel.lines()
        assert made == [] and again[0].cell_len > 2
        assert [line.plain for line in again] == [line.plain for line in make(panel, panel.facts)]
        panel.facts = panel.facts._replace(count=panel.facts.count + 5)
        changed = panel.lines()
        assert made == [panel.facts] and changed[1].plain != again[1].plain
