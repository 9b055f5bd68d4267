"""UNO Party!'s banner moments: a link made and ended, a mini-pile turned and taken (the
moment signature: ``app.frontends.Moment``). A revealed Point Taken ballot is the
table's own headline (``app.moments``: the table screen shows its seats' votes too)."""

from __future__ import annotations

from ....app.cardtext import color_word
from ....engine import EventKind
from ....i18n import Phrase

__all__ = ["MOMENTS"]

_E = EventKind


def _link(event, name, target) -> str:
    return Phrase("Linked: {name} and {target} draw together", name=name, target=target)


def _unlink(event, name, target) -> str:
    return Phrase("The link between {name} and {target} ends", name=name, target=target)


def _pile_up(event, name, target) -> str:
    if not event.color:
        return Phrase("Pile up! A new mini-pile: {target} plays on it or takes it",
                      target=target)
    return Phrase("Pile up! A {color} mini-pile: {target} plays on it or takes it",
                  color=color_word(event.color), target=target)


def _pile_taken(event, name, target) -> str:
    return Phrase.plural("{name} takes the mini-pile (1 card)",
                         "{name} takes the mini-pile ({count} cards)", event.count,
                         name=name)


MOMENTS = {_E.LINK: _link, _E.UNLINK: _unlink, _E.PILE_UP: _pile_up,
           _E.PILE_TAKEN: _pile_taken}
