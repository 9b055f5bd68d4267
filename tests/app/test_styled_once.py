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
