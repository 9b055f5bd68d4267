"""UNO Flip's banner moment: a flip (the moment signature: ``app.frontends.Moment``)."""

from __future__ import annotations

from ....engine import EventKind
from ....i18n import N_, Phrase

__all__ = ["MOMENTS"]

#: The side now in play.
_FLIPS = {
    "light": N_("FLIP! Everything turns over: the LIGHT side is in play"),
    "dark": N_("FLIP! Everything turns over: the DARK side is in play"),
}


def _flip(event, name, target) -> str:
    message = _FLIPS.get(event.detail)
    if message is None:
        return Phrase("FLIP! Everything turns over: the {side} side is in play",
                      side=event.detail.upper())
    return Phrase(message)


MOMENTS = {EventKind.FLIP: _flip}
