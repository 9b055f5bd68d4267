"""Pokémon UNO's log lines (the teller signature: ``app.frontends.Teller``), as phrases
read in each viewer's language (see ``app/narration.py``)."""

from __future__ import annotations

from ....i18n import Phrase

__all__ = ["discard_color"]


def discard_color(event, name, target, cards):
    return Phrase("{name} discards {cards}", name=name, cards=cards(event.cards))
