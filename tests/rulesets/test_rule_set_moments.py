"""A rule set's banner moments come with its front end (``FrontEnd.moments``), as its
log lines do: Flip's flip, Party's links and mini-piles; the shared headlines
(``app/moments.py``) name none of their events."""

from __future__ import annotations

from pathlib import Path

import uno_tui
from uno_tui.app import frontends
from uno_tui.app.moments import headline
from uno_tui.engine import Event, EventKind

from .test_house_rule_front_ends import _names_in

NAMES = ("Ann", "Bob")


def test_flip_and_party_bring_their_moments():
    assert set(frontends.front_end("flip").moments) == {EventKind.FLIP}
    assert set(frontends.front_end("party").moments) == {
        EventKind.LINK, EventKind.UNLINK, EventKind.PILE_UP, EventKind.PILE_TAKEN}
    # The headlines as they always read.
    assert headline(Event(EventKind.FLIP, 0, detail="dark"), NAMES) == \
        "FLIP! Everything turns over: the DARK side is in play"
    assert headline(Event(EventKind.LINK, 0, target=1), NAMES) == \
        "Linked: Ann and Bob draw together"
    assert headline(Event(EventKind.PILE_UP, 0, target=1, color="blue"), NAMES) == \
        "Pile up! A blue mini-pile: Bob plays on it or takes it"
    assert headline(Event(EventKind.PILE_TAKEN, 1, count=3), NAMES) == \
        "Bob takes the mini-pile (3 cards)"


def test_the_shared_headlines_name_no_rule_sets_event():
    moments = Path(uno_tui.__file__).parent / "app" / "moments.py"
    assert _names_in(moments) & {"FLIP", "LINK", "UNLINK", "PILE_UP", "PILE_TAKEN"} == set()
