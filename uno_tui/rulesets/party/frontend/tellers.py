"""UNO Party!'s log lines (the teller signature: ``app.frontends.Teller``)."""

from __future__ import annotations

from ....app.cardtext import color_label
from ....engine import EventKind

__all__ = ["TELLERS"]

_E = EventKind


def _wrong_speed_play(event, name, target, cards):
    return f"{name}'s speed play of {cards(event.cards)} does not match: it goes back"


def _ballot(event, name, target, cards):
    return f"{name} has voted"


def _point(event, name, target, cards):
    return f"{name} pointed at {target}"


def _pointed(event, name, target, cards):
    votes = "1 vote" if event.count == 1 else f"{event.count} votes"
    # The draw that follows says how many cards (at most 5).
    return f"{name} gets {votes}"


def _pile_up(event, name, target, cards):
    count = len(event.cards)
    return (f"Wild Pile Up: {count} card{'s' if count != 1 else ''} turned onto a mini-pile "
            f"({cards(event.cards)}); {color_label(event.color)} is in play, "
            f"{target} is next on it")


def _pile_on(event, name, target, cards):
    return f"{name} plays {cards(event.cards)} on the mini-pile"


def _pile_taken(event, name, target, cards):
    return f"{name} takes the mini-pile ({event.count} card{'s' if event.count != 1 else ''})"


def _link(event, name, target, cards):
    return f"{name} and {target} are linked: when one draws, so does the other"


def _unlink(event, name, target, cards):
    return f"The link between {name} and {target} ends"


def _linked_draw(event, name, target, cards):
    drawn = "a card" if event.count == 1 else f"{event.count} cards"
    return f"{name} draws {drawn} too, linked to {target}"


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
