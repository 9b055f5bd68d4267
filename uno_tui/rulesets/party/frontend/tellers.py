"""UNO Party!'s log lines (the teller signature: ``app.frontends.Teller``).

Each line is a phrase (``uno_tui.i18n.Phrase``): made once, read in each viewer's
language (see ``app/narration.py``).
"""

from __future__ import annotations

from ....app.cardtext import color_label
from ....engine import EventKind
from ....i18n import Phrase

__all__ = ["TELLERS"]

_E = EventKind


def _wrong_speed_play(event, name, target, cards):
    return Phrase("{name}'s speed play of {cards} does not match: it goes back", name=name,
                  cards=cards(event.cards))


def _ballot(event, name, target, cards):
    return Phrase("{name} has voted", name=name)


def _point(event, name, target, cards):
    return Phrase("{name} pointed at {target}", name=name, target=target)


def _pointed(event, name, target, cards):
    # The draw that follows says how many cards (at most 5).
    return Phrase.plural("{name} gets 1 vote", "{name} gets {count} votes", event.count,
                         name=name)


def _pile_up(event, name, target, cards):
    return Phrase.plural(
        "Wild Pile Up: {count} card turned onto a mini-pile ({cards}); {color} is in "
        "play, {target} is next on it",
        "Wild Pile Up: {count} cards turned onto a mini-pile ({cards}); {color} is in "
        "play, {target} is next on it",
        len(event.cards), cards=cards(event.cards), color=color_label(event.color),
        target=target)


def _pile_on(event, name, target, cards):
    return Phrase("{name} plays {cards} on the mini-pile", name=name,
                  cards=cards(event.cards))


def _pile_taken(event, name, target, cards):
    return Phrase.plural("{name} takes the mini-pile ({count} card)",
                         "{name} takes the mini-pile ({count} cards)", event.count, name=name)


def _link(event, name, target, cards):
    return Phrase("{name} and {target} are linked: when one draws, so does the other",
                  name=name, target=target)


def _unlink(event, name, target, cards):
    return Phrase("The link between {name} and {target} ends", name=name, target=target)


def _linked_draw(event, name, target, cards):
    return Phrase.plural("{name} draws a card too, linked to {target}",
                         "{name} draws {count} cards too, linked to {target}", event.count,
                         name=name, target=target)


TELLERS = {
    _E.WRONG_SPEED_PLAY: _wrong_speed_play,
    _E.BALLOT: _ballot,
    _E.POINT: _point,
    _E.POINTED: _pointed,
    _E.PILE_UP: _pile_up,
    _E.PILE_ON: _pile_on,
    _E.PILE_TAKEN: _pile_taken,
    _E.LINK: _link,
    _E.UNLINK: _unlink,
    _E.LINKED_DRAW: _linked_draw,
}
