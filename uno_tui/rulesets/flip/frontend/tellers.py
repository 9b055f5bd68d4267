"""UNO Flip's log lines (the teller signature: ``app.frontends.Teller``), as phrases
read in each viewer's language (see ``app/narration.py``)."""

from __future__ import annotations

from ....i18n import N_, Phrase

__all__ = ["flip"]

#: The side now in play: one whole sentence each (word order differs by language).
_FLIPS = {
    "light": N_("Everything turns over: the light side is in play, {top} on top"),
    "dark": N_("Everything turns over: the dark side is in play, {top} on top"),
}


def flip(event, name, target, cards):
    top = cards(event.cards)
    message = _FLIPS.get(event.detail)
    if message is None:
        return Phrase("Everything turns over: the {side} side is in play, {top} on top",
                      side=event.detail, top=top)
    return Phrase(message, top=top)
