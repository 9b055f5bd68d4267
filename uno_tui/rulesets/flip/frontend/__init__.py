"""UNO Flip's front end: its cards in a hand and on a card face, the log line and the
headline of a flip, the widget telling which side is in play, and its rules page
(``help.md``, ``ja/help.md``)."""

from __future__ import annotations

from ....app.frontends import FrontEnd, PackageFolder
from ....engine import EventKind, Kind
from ....i18n import N_
from .moments import MOMENTS
from .tellers import flip
from .widgets import FlipSide

__all__ = ["FRONT_END"]

FRONT_END = FrontEnd(
    short_labels={
        Kind.DRAW_ONE: "+1",
        Kind.DRAW_FIVE: "+5",
        Kind.SKIP_EVERYONE: N_("Skip All"),
        Kind.FLIP: N_("Flip"),
        Kind.WILD_DRAW_TWO: N_("Wild+2"),
        Kind.WILD_DRAW_COLOR: N_("Wild+Color"),
    },
    symbols={
        Kind.DRAW_ONE: "+1",
        Kind.DRAW_FIVE: "+5",
        Kind.SKIP_EVERYONE: "⊘⊘",
        Kind.FLIP: "⇅",
        Kind.WILD_DRAW_TWO: "+2",
        Kind.WILD_DRAW_COLOR: "+?",
    },
    tellers={EventKind.FLIP: flip},
    moments=MOMENTS,
    widgets=(FlipSide,),
    help_folder=PackageFolder(__name__),
)
