"""Deflect's front end: the log line of a draw sent on."""

from __future__ import annotations

from ....app.frontends import FrontEnd
from ....engine import EventKind
from ....i18n import Phrase

__all__ = ["FRONT_END"]


def _deflect(event, name, target, cards):
    return Phrase("{name} deflects the draw of {count} on to {target}", name=name,
                  target=target, count=event.count)


FRONT_END = FrontEnd(tellers={EventKind.DEFLECT: _deflect})
