"""Catch-window's front end: the log line of a window the table's clock closed
(``catch-window:N``)."""

from __future__ import annotations

from ....app.frontends import FrontEnd
from ....engine import EventKind
from ....i18n import Phrase

__all__ = ["FRONT_END"]


def _window_closed(event, name, target, cards):
    return Phrase("Time is up: {name}'s missed UNO can no longer be caught", name=name)


FRONT_END = FrontEnd(tellers={EventKind.UNO_WINDOW_CLOSED: _window_closed})
