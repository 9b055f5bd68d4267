"""The first screen's widgets are styled once before its first frame: Textual's resume
restyled the whole screen just styled as it mounted, and each name field of the setup
screen was styled for each class Textual's Input gave itself before it was even mounted
(183 style applications before the setup screen's first frame, 64 widgets)."""

from __future__ import annotations

import collections

import pytest
from textual.css.stylesheet import Stylesheet
from textual.widgets import Button

from uno_tui.app.app import UnoApp
from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.screens.setup import SetupScreen
from uno_tui.config import PlayConfig

from .helpers import make_app, make_controller


@pytest.fixture
def styled(monkeypatch):
    """How many times each node was styled."""
    counts: collections.Counter = collections.Counter()
    apply = Stylesheet.apply

    def counted(self, node, *args, **kwargs):
        counts[node] += 1
        return apply(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counted)
    return counts


def _twice(counts, *, but=()) -> dict[str, int]:
    return {f"{type(node).__name__}#{node.id}": count for node, count in counts.items()
            if count > 1 and not isinstance(node, but)}


async def test_the_setup_screen_is_styled_once_before_its_first_frame(styled):
    app = UnoApp(PlayConfig(), pace=0, steady=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert len(styled) > 50          # every widget of the screen was styled
        assert _twice(styled) == {}


async def test_the_handoff_of_a_hot_seat_start_is_styled_once(styled):
    app = make_app(make_controller("Ann,Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        # (Textual's Button styles itself for its variant and its flat look.)
        assert _twice(styled, but=(Button,)) == {}


async def test_a_large_table_is_given_its_size_before_its_widgets_are_styled(styled):
    # From 120x40 the table's size classes (-large, -huge) came once every widget was
    # styled, and restyled them all (176 style applications before the first frame at
    # 200x60, 51 at 80x24). The seats are still arranged once they are mounted.
    from uno_tui.app.prompts import PromptPanel
    from uno_tui.app.widgets.table_area import TableArea

    app = make_app(make_controller("Ann,cpu,cpu,cpu"))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        table = app.screen
        assert table.has_class("-large", "-huge")
        area = table.query_one(TableArea)
        panel = table.query_one(PromptPanel)
        # (The screen's own classes are given it before it has widgets; the prompt
        # panel opens as it is asked something.)
        outside = {node: count for node, count in styled.items()
                   if area not in node.ancestors_with_self and node not in (table, panel)}
        assert len(outside) > 10
        assert _twice(outside) == {}


async def test_a_round_table_is_composed_round(styled):
    # At 200x60 four seats sit around the piles: the table area and the seats were given
    # the round table's class once mounted and styled, which restyled the whole area
    # before the first frame (each of its 19 widgets styled twice or more).
    from uno_tui.app.widgets.table_area import TableArea

    app = make_app(make_controller("Ann,cpu,cpu,cpu"))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        area = app.screen.query_one(TableArea)
        assert area.is_round and area.has_class("-round")
        # (Ann's seat is marked hers as the table's first state comes, a change of its own.)
        inside = {node: count for node, count in styled.items()
                  if area in node.ancestors_with_self and not node.has_class("-viewer")}
        assert len(inside) > 15
        assert _twice(inside) == {}
