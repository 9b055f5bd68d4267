"""Pokémon UNO's front end: Snorlax and Greninja in a hand and on a card face, the log
line of Snorlax's shedding, and its rules page (``help.md``, ``ja/help.md``)."""

from __future__ import annotations

from ....app.frontends import FrontEnd, PackageFolder
from ....engine import EventKind, Kind
from ....i18n import N_
from .tellers import discard_color

__all__ = ["FRONT_END"]

FRONT_END = FrontEnd(
    short_labels={Kind.SNORLAX: N_("Snorlax"), Kind.GRENINJA: N_("Greninja")},
    symbols={Kind.SNORLAX: "Zz", Kind.GRENINJA: "≋"},
    tellers={EventKind.DISCARD_COLOR: discard_color},
    help_folder=PackageFolder(__name__),
)
