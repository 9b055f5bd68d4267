"""UNO Flip's log lines (the teller signature: ``app.frontends.Teller``)."""

from __future__ import annotations

__all__ = ["flip"]


def flip(event, name, target, cards):
    top = cards(event.cards)
    return f"Everything turns over: the {event.detail} side is in play, {top} on top"
