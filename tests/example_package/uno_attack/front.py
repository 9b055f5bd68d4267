"""UNO Attack!'s front end: how its cards read and draw, and its rules page."""

from __future__ import annotations

from uno_tui.app.frontends import FrontEnd

from . import DISCARD_ALL, DISCARDED_ALL, WILD_HIT


def _discarded(event, name, target, cards) -> str:
    return f"{name} discards all: {cards(event.cards)}"


HELP = """# UNO Attack!

Classic UNO with two cards of the UNO Attack! box.

- **Wild Hit**: name a colour; a die is rolled and the next player draws 1 to 6 cards
  and loses the turn.
- **Discard All**: play it and every other card of its colour in your hand goes with it.
"""

FRONT_END = FrontEnd(
    short_labels={WILD_HIT: "Hit", DISCARD_ALL: "All"},
    symbols={WILD_HIT: "⚄", DISCARD_ALL: "⇊"},
    tellers={DISCARDED_ALL: _discarded},
    help=HELP,
)
