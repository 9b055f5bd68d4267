"""Pokémon UNO's log lines (the teller signature: ``app.frontends.Teller``)."""

from __future__ import annotations

__all__ = ["discard_color"]


def discard_color(event, name, target, cards):
    return f"{name} discards {cards(event.cards)}"
